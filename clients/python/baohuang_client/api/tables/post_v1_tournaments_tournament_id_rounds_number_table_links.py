from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.links import Links
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    tournament_id: int,
    number: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments/{tournament_id}/rounds/{number}/table-links".format(
            tournament_id=quote(str(tournament_id), safe=""),
            number=quote(str(number), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Links | Problem:
    if response.status_code == 201:
        response_201 = Links.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Links | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Response[Links | Problem]:
    """Make the round's table links anew: the earlier ones end, and a sheet printed with them stops working

     One token per table, usable until the round or the tournament closes, the key that made
    them is revoked, or the tournament's `table_link_hours` pass. To print the sheet again,
    GET the current links: that ends nothing.

    Args:
        tournament_id (int):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Links | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Links | Problem | None:
    """Make the round's table links anew: the earlier ones end, and a sheet printed with them stops working

     One token per table, usable until the round or the tournament closes, the key that made
    them is revoked, or the tournament's `table_link_hours` pass. To print the sheet again,
    GET the current links: that ends nothing.

    Args:
        tournament_id (int):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Links | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        number=number,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Response[Links | Problem]:
    """Make the round's table links anew: the earlier ones end, and a sheet printed with them stops working

     One token per table, usable until the round or the tournament closes, the key that made
    them is revoked, or the tournament's `table_link_hours` pass. To print the sheet again,
    GET the current links: that ends nothing.

    Args:
        tournament_id (int):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Links | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Links | Problem | None:
    """Make the round's table links anew: the earlier ones end, and a sheet printed with them stops working

     One token per table, usable until the round or the tournament closes, the key that made
    them is revoked, or the tournament's `table_link_hours` pass. To print the sheet again,
    GET the current links: that ends nothing.

    Args:
        tournament_id (int):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Links | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            number=number,
            client=client,
        )
    ).parsed
