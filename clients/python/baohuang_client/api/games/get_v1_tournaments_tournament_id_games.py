import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.game_page import GamePage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: int,
    *,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    player: int | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    include_void: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params["player"] = player

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["include_void"] = include_void

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{tournament_id}/games".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GamePage | Problem:
    if response.status_code == 200:
        response_200 = GamePage.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[GamePage | Problem]:
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
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    player: int | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    include_void: bool | Unset = False,
) -> Response[GamePage | Problem]:
    """List games, oldest first; filter by player and by date

    Args:
        tournament_id (int):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        player (int | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        include_void (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        limit=limit,
        offset=offset,
        player=player,
        since=since,
        until=until,
        include_void=include_void,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    player: int | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    include_void: bool | Unset = False,
) -> GamePage | Problem | None:
    """List games, oldest first; filter by player and by date

    Args:
        tournament_id (int):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        player (int | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        include_void (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        limit=limit,
        offset=offset,
        player=player,
        since=since,
        until=until,
        include_void=include_void,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    player: int | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    include_void: bool | Unset = False,
) -> Response[GamePage | Problem]:
    """List games, oldest first; filter by player and by date

    Args:
        tournament_id (int):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        player (int | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        include_void (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        limit=limit,
        offset=offset,
        player=player,
        since=since,
        until=until,
        include_void=include_void,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    player: int | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    include_void: bool | Unset = False,
) -> GamePage | Problem | None:
    """List games, oldest first; filter by player and by date

    Args:
        tournament_id (int):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        player (int | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        include_void (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            limit=limit,
            offset=offset,
            player=player,
            since=since,
            until=until,
            include_void=include_void,
        )
    ).parsed
