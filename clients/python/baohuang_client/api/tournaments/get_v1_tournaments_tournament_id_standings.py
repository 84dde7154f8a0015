from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.get_v1_tournaments_tournament_id_standings_format import (
    GetV1TournamentsTournamentIdStandingsFormat,
)
from ...models.get_v1_tournaments_tournament_id_standings_lang import (
    GetV1TournamentsTournamentIdStandingsLang,
)
from ...models.problem import Problem
from ...models.standings import Standings
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: int,
    *,
    format_: GetV1TournamentsTournamentIdStandingsFormat
    | Unset = GetV1TournamentsTournamentIdStandingsFormat.JSON,
    round_: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1TournamentsTournamentIdStandingsLang | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["round"] = round_

    params["excel"] = excel

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang.value

    params["lang"] = json_lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{tournament_id}/standings".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Standings:
    if response.status_code == 200:
        response_200 = Standings.from_dict(response.json())

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
) -> Response[Problem | Standings]:
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
    format_: GetV1TournamentsTournamentIdStandingsFormat
    | Unset = GetV1TournamentsTournamentIdStandingsFormat.JSON,
    round_: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1TournamentsTournamentIdStandingsLang | Unset = UNSET,
) -> Response[Problem | Standings]:
    """Standings: totals, games, average, wins/draws/losses, as emperor and as guard

     Computed in the database over the current version of every game that is not void.
    Ranked by total score, then wins, then fewer games; players equal on all three share a
    rank (1, 2, 2, 4) and are listed by name (Chinese names by their pinyin).

    Args:
        tournament_id (int):
        format_ (GetV1TournamentsTournamentIdStandingsFormat | Unset):  Default:
            GetV1TournamentsTournamentIdStandingsFormat.JSON.
        round_ (int | Unset):
        excel (bool | Unset):  Default: False.
        lang (GetV1TournamentsTournamentIdStandingsLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Standings]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        format_=format_,
        round_=round_,
        excel=excel,
        lang=lang,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    format_: GetV1TournamentsTournamentIdStandingsFormat
    | Unset = GetV1TournamentsTournamentIdStandingsFormat.JSON,
    round_: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1TournamentsTournamentIdStandingsLang | Unset = UNSET,
) -> Problem | Standings | None:
    """Standings: totals, games, average, wins/draws/losses, as emperor and as guard

     Computed in the database over the current version of every game that is not void.
    Ranked by total score, then wins, then fewer games; players equal on all three share a
    rank (1, 2, 2, 4) and are listed by name (Chinese names by their pinyin).

    Args:
        tournament_id (int):
        format_ (GetV1TournamentsTournamentIdStandingsFormat | Unset):  Default:
            GetV1TournamentsTournamentIdStandingsFormat.JSON.
        round_ (int | Unset):
        excel (bool | Unset):  Default: False.
        lang (GetV1TournamentsTournamentIdStandingsLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Standings
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        format_=format_,
        round_=round_,
        excel=excel,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    format_: GetV1TournamentsTournamentIdStandingsFormat
    | Unset = GetV1TournamentsTournamentIdStandingsFormat.JSON,
    round_: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1TournamentsTournamentIdStandingsLang | Unset = UNSET,
) -> Response[Problem | Standings]:
    """Standings: totals, games, average, wins/draws/losses, as emperor and as guard

     Computed in the database over the current version of every game that is not void.
    Ranked by total score, then wins, then fewer games; players equal on all three share a
    rank (1, 2, 2, 4) and are listed by name (Chinese names by their pinyin).

    Args:
        tournament_id (int):
        format_ (GetV1TournamentsTournamentIdStandingsFormat | Unset):  Default:
            GetV1TournamentsTournamentIdStandingsFormat.JSON.
        round_ (int | Unset):
        excel (bool | Unset):  Default: False.
        lang (GetV1TournamentsTournamentIdStandingsLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Standings]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        format_=format_,
        round_=round_,
        excel=excel,
        lang=lang,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    format_: GetV1TournamentsTournamentIdStandingsFormat
    | Unset = GetV1TournamentsTournamentIdStandingsFormat.JSON,
    round_: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1TournamentsTournamentIdStandingsLang | Unset = UNSET,
) -> Problem | Standings | None:
    """Standings: totals, games, average, wins/draws/losses, as emperor and as guard

     Computed in the database over the current version of every game that is not void.
    Ranked by total score, then wins, then fewer games; players equal on all three share a
    rank (1, 2, 2, 4) and are listed by name (Chinese names by their pinyin).

    Args:
        tournament_id (int):
        format_ (GetV1TournamentsTournamentIdStandingsFormat | Unset):  Default:
            GetV1TournamentsTournamentIdStandingsFormat.JSON.
        round_ (int | Unset):
        excel (bool | Unset):  Default: False.
        lang (GetV1TournamentsTournamentIdStandingsLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Standings
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            format_=format_,
            round_=round_,
            excel=excel,
            lang=lang,
        )
    ).parsed
