from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.post_v1_positions_response_200 import PostV1PositionsResponse200
from ...models.problem import Problem
from ...models.record import Record
from ...types import Response


def _get_kwargs(
    *,
    body: Record,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/positions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PostV1PositionsResponse200 | Problem:
    if response.status_code == 200:
        response_200 = PostV1PositionsResponse200.from_dict(response.json())

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
) -> Response[PostV1PositionsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Record,
) -> Response[PostV1PositionsResponse200 | Problem]:
    """The position after a record, and its legal moves

     The game so far (a record with or without the deal, or its notation) answered with the position: the
    phase, the seat to act, each seat's count of cards, who is out, the trick to beat, the calls made
    and the roles they settled, the calls open now, and the seat's legal moves — whether it may pass,
    and its legal plays grouped by size (the first 8 of each, and how many in all). Every call and play
    listed was checked by the referee (the record with that move added, adjudicated), so the list is
    exactly the referee's; at most 400 moves are checked a position, and a group cut short says so
    (`complete`: false). Without the deal, what depends on hidden cards is listed in `unknown`, never
    guessed. A record that breaks a rule is `phase: illegal` with the `violation`; one that is not a
    record is 422.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1PositionsResponse200 | Problem]
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
    body: Record,
) -> PostV1PositionsResponse200 | Problem | None:
    """The position after a record, and its legal moves

     The game so far (a record with or without the deal, or its notation) answered with the position: the
    phase, the seat to act, each seat's count of cards, who is out, the trick to beat, the calls made
    and the roles they settled, the calls open now, and the seat's legal moves — whether it may pass,
    and its legal plays grouped by size (the first 8 of each, and how many in all). Every call and play
    listed was checked by the referee (the record with that move added, adjudicated), so the list is
    exactly the referee's; at most 400 moves are checked a position, and a group cut short says so
    (`complete`: false). Without the deal, what depends on hidden cards is listed in `unknown`, never
    guessed. A record that breaks a rule is `phase: illegal` with the `violation`; one that is not a
    record is 422.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1PositionsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Record,
) -> Response[PostV1PositionsResponse200 | Problem]:
    """The position after a record, and its legal moves

     The game so far (a record with or without the deal, or its notation) answered with the position: the
    phase, the seat to act, each seat's count of cards, who is out, the trick to beat, the calls made
    and the roles they settled, the calls open now, and the seat's legal moves — whether it may pass,
    and its legal plays grouped by size (the first 8 of each, and how many in all). Every call and play
    listed was checked by the referee (the record with that move added, adjudicated), so the list is
    exactly the referee's; at most 400 moves are checked a position, and a group cut short says so
    (`complete`: false). Without the deal, what depends on hidden cards is listed in `unknown`, never
    guessed. A record that breaks a rule is `phase: illegal` with the `violation`; one that is not a
    record is 422.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1PositionsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Record,
) -> PostV1PositionsResponse200 | Problem | None:
    """The position after a record, and its legal moves

     The game so far (a record with or without the deal, or its notation) answered with the position: the
    phase, the seat to act, each seat's count of cards, who is out, the trick to beat, the calls made
    and the roles they settled, the calls open now, and the seat's legal moves — whether it may pass,
    and its legal plays grouped by size (the first 8 of each, and how many in all). Every call and play
    listed was checked by the referee (the record with that move added, adjudicated), so the list is
    exactly the referee's; at most 400 moves are checked a position, and a group cut short says so
    (`complete`: false). Without the deal, what depends on hidden cards is listed in `unknown`, never
    guessed. A record that breaks a rule is `phase: illegal` with the `violation`; one that is not a
    record is 422.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1PositionsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
