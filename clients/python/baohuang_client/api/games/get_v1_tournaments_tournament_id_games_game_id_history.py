from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.history import History
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    tournament_id: int,
    game_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{tournament_id}/games/{game_id}/history".format(
            tournament_id=quote(str(tournament_id), safe=""),
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> History | Problem:
    if response.status_code == 200:
        response_200 = History.from_dict(response.json())

        return response_200

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
) -> Response[History | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: int,
    game_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[History | Problem]:
    """Every version of a game: when and why it changed (and, to its organizer, with which key)

    Args:
        tournament_id (int):
        game_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[History | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    game_id: int,
    *,
    client: AuthenticatedClient,
) -> History | Problem | None:
    """Every version of a game: when and why it changed (and, to its organizer, with which key)

    Args:
        tournament_id (int):
        game_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        History | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    game_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[History | Problem]:
    """Every version of a game: when and why it changed (and, to its organizer, with which key)

    Args:
        tournament_id (int):
        game_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[History | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    game_id: int,
    *,
    client: AuthenticatedClient,
) -> History | Problem | None:
    """Every version of a game: when and why it changed (and, to its organizer, with which key)

    Args:
        tournament_id (int):
        game_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        History | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            game_id=game_id,
            client=client,
        )
    ).parsed
