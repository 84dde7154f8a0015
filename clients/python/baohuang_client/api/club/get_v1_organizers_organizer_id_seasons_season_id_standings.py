from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.get_v1_organizers_organizer_id_seasons_season_id_standings_format import (
    GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat,
)
from ...models.get_v1_organizers_organizer_id_seasons_season_id_standings_lang import (
    GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang,
)
from ...models.problem import Problem
from ...models.season_standings import SeasonStandings
from ...types import UNSET, Response, Unset


def _get_kwargs(
    organizer_id: int,
    season_id: int,
    *,
    format_: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat
    | Unset = GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat.JSON,
    after: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["after"] = after

    params["excel"] = excel

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang.value

    params["lang"] = json_lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/organizers/{organizer_id}/seasons/{season_id}/standings".format(
            organizer_id=quote(str(organizer_id), safe=""),
            season_id=quote(str(season_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SeasonStandings:
    if response.status_code == 200:
        response_200 = SeasonStandings.from_dict(response.json())

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
) -> Response[Problem | SeasonStandings]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    organizer_id: int,
    season_id: int,
    *,
    client: AuthenticatedClient | Client,
    format_: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat
    | Unset = GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat.JSON,
    after: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang | Unset = UNSET,
) -> Response[Problem | SeasonStandings]:
    """A season's standings: each member's evenings added up (all, or their best N)

     Ranked as tournament standings: total, then wins, then fewer games; ties share a rank and
    are listed by name (pinyin). With `after`, the standings after that evening.

    Args:
        organizer_id (int):
        season_id (int):
        format_ (GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat | Unset):  Default:
            GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat.JSON.
        after (int | Unset):
        excel (bool | Unset):  Default: False.
        lang (GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeasonStandings]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        season_id=season_id,
        format_=format_,
        after=after,
        excel=excel,
        lang=lang,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    organizer_id: int,
    season_id: int,
    *,
    client: AuthenticatedClient | Client,
    format_: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat
    | Unset = GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat.JSON,
    after: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang | Unset = UNSET,
) -> Problem | SeasonStandings | None:
    """A season's standings: each member's evenings added up (all, or their best N)

     Ranked as tournament standings: total, then wins, then fewer games; ties share a rank and
    are listed by name (pinyin). With `after`, the standings after that evening.

    Args:
        organizer_id (int):
        season_id (int):
        format_ (GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat | Unset):  Default:
            GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat.JSON.
        after (int | Unset):
        excel (bool | Unset):  Default: False.
        lang (GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeasonStandings
    """

    return sync_detailed(
        organizer_id=organizer_id,
        season_id=season_id,
        client=client,
        format_=format_,
        after=after,
        excel=excel,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    organizer_id: int,
    season_id: int,
    *,
    client: AuthenticatedClient | Client,
    format_: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat
    | Unset = GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat.JSON,
    after: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang | Unset = UNSET,
) -> Response[Problem | SeasonStandings]:
    """A season's standings: each member's evenings added up (all, or their best N)

     Ranked as tournament standings: total, then wins, then fewer games; ties share a rank and
    are listed by name (pinyin). With `after`, the standings after that evening.

    Args:
        organizer_id (int):
        season_id (int):
        format_ (GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat | Unset):  Default:
            GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat.JSON.
        after (int | Unset):
        excel (bool | Unset):  Default: False.
        lang (GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeasonStandings]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        season_id=season_id,
        format_=format_,
        after=after,
        excel=excel,
        lang=lang,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organizer_id: int,
    season_id: int,
    *,
    client: AuthenticatedClient | Client,
    format_: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat
    | Unset = GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat.JSON,
    after: int | Unset = UNSET,
    excel: bool | Unset = False,
    lang: GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang | Unset = UNSET,
) -> Problem | SeasonStandings | None:
    """A season's standings: each member's evenings added up (all, or their best N)

     Ranked as tournament standings: total, then wins, then fewer games; ties share a rank and
    are listed by name (pinyin). With `after`, the standings after that evening.

    Args:
        organizer_id (int):
        season_id (int):
        format_ (GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat | Unset):  Default:
            GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsFormat.JSON.
        after (int | Unset):
        excel (bool | Unset):  Default: False.
        lang (GetV1OrganizersOrganizerIdSeasonsSeasonIdStandingsLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeasonStandings
    """

    return (
        await asyncio_detailed(
            organizer_id=organizer_id,
            season_id=season_id,
            client=client,
            format_=format_,
            after=after,
            excel=excel,
            lang=lang,
        )
    ).parsed
