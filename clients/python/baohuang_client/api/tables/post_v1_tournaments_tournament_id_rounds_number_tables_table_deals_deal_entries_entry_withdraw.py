from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.table_entry import TableEntry
from ...types import Response


def _get_kwargs(
    tournament_id: int,
    number: int,
    table: int,
    deal: int,
    entry: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments/{tournament_id}/rounds/{number}/tables/{table}/deals/{deal}/entries/{entry}/withdraw".format(
            tournament_id=quote(str(tournament_id), safe=""),
            number=quote(str(number), safe=""),
            table=quote(str(table), safe=""),
            deal=quote(str(deal), safe=""),
            entry=quote(str(entry), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TableEntry:
    if response.status_code == 200:
        response_200 = TableEntry.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | TableEntry]:
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
    deal: int,
    entry: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TableEntry]:
    """Withdraw a table's open entry, as the director

     A pending entry, or one version of a dispute (the other then waits for its confirmation
    again). Kept in the round's entries as withdrawn.

    Args:
        tournament_id (int):
        number (int):
        table (int):
        deal (int):
        entry (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TableEntry]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
        table=table,
        deal=deal,
        entry=entry,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    number: int,
    table: int,
    deal: int,
    entry: int,
    *,
    client: AuthenticatedClient,
) -> Problem | TableEntry | None:
    """Withdraw a table's open entry, as the director

     A pending entry, or one version of a dispute (the other then waits for its confirmation
    again). Kept in the round's entries as withdrawn.

    Args:
        tournament_id (int):
        number (int):
        table (int):
        deal (int):
        entry (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TableEntry
    """

    return sync_detailed(
        tournament_id=tournament_id,
        number=number,
        table=table,
        deal=deal,
        entry=entry,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    number: int,
    table: int,
    deal: int,
    entry: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TableEntry]:
    """Withdraw a table's open entry, as the director

     A pending entry, or one version of a dispute (the other then waits for its confirmation
    again). Kept in the round's entries as withdrawn.

    Args:
        tournament_id (int):
        number (int):
        table (int):
        deal (int):
        entry (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TableEntry]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
        table=table,
        deal=deal,
        entry=entry,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    number: int,
    table: int,
    deal: int,
    entry: int,
    *,
    client: AuthenticatedClient,
) -> Problem | TableEntry | None:
    """Withdraw a table's open entry, as the director

     A pending entry, or one version of a dispute (the other then waits for its confirmation
    again). Kept in the round's entries as withdrawn.

    Args:
        tournament_id (int):
        number (int):
        table (int):
        deal (int):
        entry (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TableEntry
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            number=number,
            table=table,
            deal=deal,
            entry=entry,
            client=client,
        )
    ).parsed
