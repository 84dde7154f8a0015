from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.table import Table
from ...types import Response


def _get_kwargs(
    tournament_id: int,
    number: int,
    table: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{tournament_id}/rounds/{number}/tables/{table}".format(
            tournament_id=quote(str(tournament_id), safe=""),
            number=quote(str(number), safe=""),
            table=quote(str(table), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Table:
    if response.status_code == 200:
        response_200 = Table.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | Table]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: int,
    number: int,
    table: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Table]:
    """A table's page: its players by seat, each deal's state, the next deal to enter

     Only with the table's own token: another table, round or tournament is 404.

    Args:
        tournament_id (int):
        number (int):
        table (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Table]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
        table=table,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    number: int,
    table: int,
    *,
    client: AuthenticatedClient,
) -> Problem | Table | None:
    """A table's page: its players by seat, each deal's state, the next deal to enter

     Only with the table's own token: another table, round or tournament is 404.

    Args:
        tournament_id (int):
        number (int):
        table (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Table
    """

    return sync_detailed(
        tournament_id=tournament_id,
        number=number,
        table=table,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    number: int,
    table: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Table]:
    """A table's page: its players by seat, each deal's state, the next deal to enter

     Only with the table's own token: another table, round or tournament is 404.

    Args:
        tournament_id (int):
        number (int):
        table (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Table]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
        table=table,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    number: int,
    table: int,
    *,
    client: AuthenticatedClient,
) -> Problem | Table | None:
    """A table's page: its players by seat, each deal's state, the next deal to enter

     Only with the table's own token: another table, round or tournament is 404.

    Args:
        tournament_id (int):
        number (int):
        table (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Table
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            number=number,
            table=table,
            client=client,
        )
    ).parsed
