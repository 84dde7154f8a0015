from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.correction import Correction
from ...models.game import Game
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    tournament_id: int,
    game_id: int,
    *,
    body: Correction,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments/{tournament_id}/games/{game_id}/corrections".format(
            tournament_id=quote(str(tournament_id), safe=""),
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Game | Problem:
    if response.status_code == 201:
        response_201 = Game.from_dict(response.json())

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
) -> Response[Game | Problem]:
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
    body: Correction,
) -> Response[Game | Problem]:
    """Void a game or replace it with a corrected record or sheet, giving a reason

     Nothing is deleted: the old version stays in the history. A replacement is adjudicated
    like a new game; its players default to the game's current players.

    Args:
        tournament_id (int):
        game_id (int):
        body (Correction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        game_id=game_id,
        body=body,
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
    body: Correction,
) -> Game | Problem | None:
    """Void a game or replace it with a corrected record or sheet, giving a reason

     Nothing is deleted: the old version stays in the history. A replacement is adjudicated
    like a new game; its players default to the game's current players.

    Args:
        tournament_id (int):
        game_id (int):
        body (Correction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: Correction,
) -> Response[Game | Problem]:
    """Void a game or replace it with a corrected record or sheet, giving a reason

     Nothing is deleted: the old version stays in the history. A replacement is adjudicated
    like a new game; its players default to the game's current players.

    Args:
        tournament_id (int):
        game_id (int):
        body (Correction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: Correction,
) -> Game | Problem | None:
    """Void a game or replace it with a corrected record or sheet, giving a reason

     Nothing is deleted: the old version stays in the history. A replacement is adjudicated
    like a new game; its players default to the game's current players.

    Args:
        tournament_id (int):
        game_id (int):
        body (Correction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
