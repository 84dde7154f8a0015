from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.round_ import Round
from ...types import Response


def _get_kwargs(
    tournament_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments/{tournament_id}/rounds".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Round:
    if response.status_code == 201:
        response_201 = Round.from_dict(response.json())

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
) -> Response[Problem | Round]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Round]:
    """Seat the next round

     Tables of five from the players who have not withdrawn, as the tournament's `seating`
    says: balanced (each pair meeting as evenly as possible, neighbours varying, sitting out
    rotating) or swiss (by the standings, table 1 the top five). The players left over sit
    out (and score the tournament's `bye_points`). Games are then entered with `round` and
    `table` instead of their players.

    Args:
        tournament_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Round]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
) -> Problem | Round | None:
    """Seat the next round

     Tables of five from the players who have not withdrawn, as the tournament's `seating`
    says: balanced (each pair meeting as evenly as possible, neighbours varying, sitting out
    rotating) or swiss (by the standings, table 1 the top five). The players left over sit
    out (and score the tournament's `bye_points`). Games are then entered with `round` and
    `table` instead of their players.

    Args:
        tournament_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Round
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Round]:
    """Seat the next round

     Tables of five from the players who have not withdrawn, as the tournament's `seating`
    says: balanced (each pair meeting as evenly as possible, neighbours varying, sitting out
    rotating) or swiss (by the standings, table 1 the top five). The players left over sit
    out (and score the tournament's `bye_points`). Games are then entered with `round` and
    `table` instead of their players.

    Args:
        tournament_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Round]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
) -> Problem | Round | None:
    """Seat the next round

     Tables of five from the players who have not withdrawn, as the tournament's `seating`
    says: balanced (each pair meeting as evenly as possible, neighbours varying, sitting out
    rotating) or swiss (by the standings, table 1 the top five). The players left over sit
    out (and score the tournament's `bye_points`). Games are then entered with `round` and
    `table` instead of their players.

    Args:
        tournament_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Round
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
        )
    ).parsed
