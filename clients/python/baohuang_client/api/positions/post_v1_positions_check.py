from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.post_v1_positions_check_body import PostV1PositionsCheckBody
from ...models.post_v1_positions_check_response_200 import (
    PostV1PositionsCheckResponse200,
)
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: PostV1PositionsCheckBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/positions/check",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PostV1PositionsCheckResponse200 | Problem:
    if response.status_code == 200:
        response_200 = PostV1PositionsCheckResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PostV1PositionsCheckResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PostV1PositionsCheckBody,
) -> Response[PostV1PositionsCheckResponse200 | Problem]:
    """Check one next move

     Answers whether one call or play may be made after the record, exactly as adjudicating the record
    with the move added would: `legal` is true while that record is incomplete (or when the move ends
    the game, with its `outcome`; a call after which the crown still waits for a seat's answer is legal,
    `awaiting` naming that seat); otherwise `violation` is the one adjudication names (same code, seat,
    pointer and snapshot) and `at_move` says whether it is the move's own. Without the deal, what
    depends on hidden cards is judged as adjudication judges it, with its `notes`. A record or move that
    is not well formed is 422, its problems pointing into `/record` or `/move`; a call after the first
    play is `call_after_first_play`.

    Args:
        body (PostV1PositionsCheckBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1PositionsCheckResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: PostV1PositionsCheckBody,
) -> PostV1PositionsCheckResponse200 | Problem | None:
    """Check one next move

     Answers whether one call or play may be made after the record, exactly as adjudicating the record
    with the move added would: `legal` is true while that record is incomplete (or when the move ends
    the game, with its `outcome`; a call after which the crown still waits for a seat's answer is legal,
    `awaiting` naming that seat); otherwise `violation` is the one adjudication names (same code, seat,
    pointer and snapshot) and `at_move` says whether it is the move's own. Without the deal, what
    depends on hidden cards is judged as adjudication judges it, with its `notes`. A record or move that
    is not well formed is 422, its problems pointing into `/record` or `/move`; a call after the first
    play is `call_after_first_play`.

    Args:
        body (PostV1PositionsCheckBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1PositionsCheckResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PostV1PositionsCheckBody,
) -> Response[PostV1PositionsCheckResponse200 | Problem]:
    """Check one next move

     Answers whether one call or play may be made after the record, exactly as adjudicating the record
    with the move added would: `legal` is true while that record is incomplete (or when the move ends
    the game, with its `outcome`; a call after which the crown still waits for a seat's answer is legal,
    `awaiting` naming that seat); otherwise `violation` is the one adjudication names (same code, seat,
    pointer and snapshot) and `at_move` says whether it is the move's own. Without the deal, what
    depends on hidden cards is judged as adjudication judges it, with its `notes`. A record or move that
    is not well formed is 422, its problems pointing into `/record` or `/move`; a call after the first
    play is `call_after_first_play`.

    Args:
        body (PostV1PositionsCheckBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1PositionsCheckResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: PostV1PositionsCheckBody,
) -> PostV1PositionsCheckResponse200 | Problem | None:
    """Check one next move

     Answers whether one call or play may be made after the record, exactly as adjudicating the record
    with the move added would: `legal` is true while that record is incomplete (or when the move ends
    the game, with its `outcome`; a call after which the crown still waits for a seat's answer is legal,
    `awaiting` naming that seat); otherwise `violation` is the one adjudication names (same code, seat,
    pointer and snapshot) and `at_move` says whether it is the move's own. Without the deal, what
    depends on hidden cards is judged as adjudication judges it, with its `notes`. A record or move that
    is not well formed is 422, its problems pointing into `/record` or `/move`; a call after the first
    play is `call_after_first_play`.

    Args:
        body (PostV1PositionsCheckBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1PositionsCheckResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
