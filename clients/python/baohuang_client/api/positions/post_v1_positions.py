from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.post_v1_positions_response_200 import PostV1PositionsResponse200
from ...models.problem import Problem
from ...models.record import Record
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Record,
    cursor: int | Unset = 0,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/positions",
        "params": params,
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
    cursor: int | Unset = 0,
) -> Response[PostV1PositionsResponse200 | Problem]:
    """The position after a record, and its legal moves

     The game so far (a record with or without the deal, or its notation) answered with the position: the
    phase, the seat to act, each seat's count of cards, who is out, the trick to beat, the calls made
    and the roles they settled, the calls open now, and the seat's legal moves — whether it may pass,
    and every set it may play, grouped by size, each once (BJ* and BJ are one card for what may be
    played), lowest first, 200 a page: `?cursor=` the previous answer's `legal.next_cursor` for the
    next. The plays are generated from the hand and the table by the rules of play, held equal to the
    referee's by tests; every call listed was checked with the call added to the record (with the deal
    by the referee's call rules on the deal read once, no play replayed; without it by adjudicating), at
    most 400 a position (calls left unchecked are named in `unknown`). Without the deal, what depends on
    hidden cards is listed in `unknown`, never guessed. A record that breaks a rule is `phase: illegal`
    with the `violation`; one that is not a record is 422.

    Args:
        cursor (int | Unset):  Default: 0.
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1PositionsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: Record,
    cursor: int | Unset = 0,
) -> PostV1PositionsResponse200 | Problem | None:
    """The position after a record, and its legal moves

     The game so far (a record with or without the deal, or its notation) answered with the position: the
    phase, the seat to act, each seat's count of cards, who is out, the trick to beat, the calls made
    and the roles they settled, the calls open now, and the seat's legal moves — whether it may pass,
    and every set it may play, grouped by size, each once (BJ* and BJ are one card for what may be
    played), lowest first, 200 a page: `?cursor=` the previous answer's `legal.next_cursor` for the
    next. The plays are generated from the hand and the table by the rules of play, held equal to the
    referee's by tests; every call listed was checked with the call added to the record (with the deal
    by the referee's call rules on the deal read once, no play replayed; without it by adjudicating), at
    most 400 a position (calls left unchecked are named in `unknown`). Without the deal, what depends on
    hidden cards is listed in `unknown`, never guessed. A record that breaks a rule is `phase: illegal`
    with the `violation`; one that is not a record is 422.

    Args:
        cursor (int | Unset):  Default: 0.
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
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Record,
    cursor: int | Unset = 0,
) -> Response[PostV1PositionsResponse200 | Problem]:
    """The position after a record, and its legal moves

     The game so far (a record with or without the deal, or its notation) answered with the position: the
    phase, the seat to act, each seat's count of cards, who is out, the trick to beat, the calls made
    and the roles they settled, the calls open now, and the seat's legal moves — whether it may pass,
    and every set it may play, grouped by size, each once (BJ* and BJ are one card for what may be
    played), lowest first, 200 a page: `?cursor=` the previous answer's `legal.next_cursor` for the
    next. The plays are generated from the hand and the table by the rules of play, held equal to the
    referee's by tests; every call listed was checked with the call added to the record (with the deal
    by the referee's call rules on the deal read once, no play replayed; without it by adjudicating), at
    most 400 a position (calls left unchecked are named in `unknown`). Without the deal, what depends on
    hidden cards is listed in `unknown`, never guessed. A record that breaks a rule is `phase: illegal`
    with the `violation`; one that is not a record is 422.

    Args:
        cursor (int | Unset):  Default: 0.
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1PositionsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Record,
    cursor: int | Unset = 0,
) -> PostV1PositionsResponse200 | Problem | None:
    """The position after a record, and its legal moves

     The game so far (a record with or without the deal, or its notation) answered with the position: the
    phase, the seat to act, each seat's count of cards, who is out, the trick to beat, the calls made
    and the roles they settled, the calls open now, and the seat's legal moves — whether it may pass,
    and every set it may play, grouped by size, each once (BJ* and BJ are one card for what may be
    played), lowest first, 200 a page: `?cursor=` the previous answer's `legal.next_cursor` for the
    next. The plays are generated from the hand and the table by the rules of play, held equal to the
    referee's by tests; every call listed was checked with the call added to the record (with the deal
    by the referee's call rules on the deal read once, no play replayed; without it by adjudicating), at
    most 400 a position (calls left unchecked are named in `unknown`). Without the deal, what depends on
    hidden cards is listed in `unknown`, never guessed. A record that breaks a rule is `phase: illegal`
    with the `violation`; one that is not a record is 422.

    Args:
        cursor (int | Unset):  Default: 0.
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
            cursor=cursor,
        )
    ).parsed
