from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.adjudication import Adjudication
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
        "url": "/v1/adjudications",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Adjudication | Problem:
    if response.status_code == 200:
        response_200 = Adjudication.from_dict(response.json())

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
) -> Response[Adjudication | Problem]:
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
) -> Response[Adjudication | Problem]:
    """Adjudicate a recorded game

     Answers 200 for every well-formed record: `verdict` says whether it is legal; the record is JSON or
    the game notation (`text/x-baohuang`, docs/notation.md), whose violations and problems also name
    their line and column; `Accept: text/x-baohuang` answers in the notation; an illegal or incomplete
    record names the offending call or play in `violation` with a JSON pointer and a snapshot of the
    game at that point. A body that is not a record at all (not JSON, wrong types, unknown card tokens,
    not five hands) is 422 with every problem listed.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Adjudication | Problem]
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
) -> Adjudication | Problem | None:
    """Adjudicate a recorded game

     Answers 200 for every well-formed record: `verdict` says whether it is legal; the record is JSON or
    the game notation (`text/x-baohuang`, docs/notation.md), whose violations and problems also name
    their line and column; `Accept: text/x-baohuang` answers in the notation; an illegal or incomplete
    record names the offending call or play in `violation` with a JSON pointer and a snapshot of the
    game at that point. A body that is not a record at all (not JSON, wrong types, unknown card tokens,
    not five hands) is 422 with every problem listed.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Adjudication | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Record,
) -> Response[Adjudication | Problem]:
    """Adjudicate a recorded game

     Answers 200 for every well-formed record: `verdict` says whether it is legal; the record is JSON or
    the game notation (`text/x-baohuang`, docs/notation.md), whose violations and problems also name
    their line and column; `Accept: text/x-baohuang` answers in the notation; an illegal or incomplete
    record names the offending call or play in `violation` with a JSON pointer and a snapshot of the
    game at that point. A body that is not a record at all (not JSON, wrong types, unknown card tokens,
    not five hands) is 422 with every problem listed.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Adjudication | Problem]
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
) -> Adjudication | Problem | None:
    """Adjudicate a recorded game

     Answers 200 for every well-formed record: `verdict` says whether it is legal; the record is JSON or
    the game notation (`text/x-baohuang`, docs/notation.md), whose violations and problems also name
    their line and column; `Accept: text/x-baohuang` answers in the notation; an illegal or incomplete
    record names the offending call or play in `violation` with a JSON pointer and a snapshot of the
    game at that point. A body that is not a record at all (not JSON, wrong types, unknown card tokens,
    not five hands) is 422 with every problem listed.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Adjudication | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
