from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.get_v1_organizers_organizer_id_members_sort import (
    GetV1OrganizersOrganizerIdMembersSort,
)
from ...models.member_list import MemberList
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    organizer_id: int,
    *,
    limit: int | Unset = 100,
    offset: int | Unset = 0,
    sort: GetV1OrganizersOrganizerIdMembersSort
    | Unset = GetV1OrganizersOrganizerIdMembersSort.NAME,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/organizers/{organizer_id}/members".format(
            organizer_id=quote(str(organizer_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MemberList | Problem:
    if response.status_code == 200:
        response_200 = MemberList.from_dict(response.json())

        return response_200

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
) -> Response[MemberList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    organizer_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 100,
    offset: int | Unset = 0,
    sort: GetV1OrganizersOrganizerIdMembersSort
    | Unset = GetV1OrganizersOrganizerIdMembersSort.NAME,
) -> Response[MemberList | Problem]:
    """The club's members, with their ratings now (pinyin order, or the strongest first), a page at a time

     `ratings` says whether the ratings have taken in every change to the club's games, and if
    not, since when they are being brought up to date.

    Args:
        organizer_id (int):
        limit (int | Unset):  Default: 100.
        offset (int | Unset):  Default: 0.
        sort (GetV1OrganizersOrganizerIdMembersSort | Unset):  Default:
            GetV1OrganizersOrganizerIdMembersSort.NAME.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MemberList | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        limit=limit,
        offset=offset,
        sort=sort,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    organizer_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 100,
    offset: int | Unset = 0,
    sort: GetV1OrganizersOrganizerIdMembersSort
    | Unset = GetV1OrganizersOrganizerIdMembersSort.NAME,
) -> MemberList | Problem | None:
    """The club's members, with their ratings now (pinyin order, or the strongest first), a page at a time

     `ratings` says whether the ratings have taken in every change to the club's games, and if
    not, since when they are being brought up to date.

    Args:
        organizer_id (int):
        limit (int | Unset):  Default: 100.
        offset (int | Unset):  Default: 0.
        sort (GetV1OrganizersOrganizerIdMembersSort | Unset):  Default:
            GetV1OrganizersOrganizerIdMembersSort.NAME.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MemberList | Problem
    """

    return sync_detailed(
        organizer_id=organizer_id,
        client=client,
        limit=limit,
        offset=offset,
        sort=sort,
    ).parsed


async def asyncio_detailed(
    organizer_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 100,
    offset: int | Unset = 0,
    sort: GetV1OrganizersOrganizerIdMembersSort
    | Unset = GetV1OrganizersOrganizerIdMembersSort.NAME,
) -> Response[MemberList | Problem]:
    """The club's members, with their ratings now (pinyin order, or the strongest first), a page at a time

     `ratings` says whether the ratings have taken in every change to the club's games, and if
    not, since when they are being brought up to date.

    Args:
        organizer_id (int):
        limit (int | Unset):  Default: 100.
        offset (int | Unset):  Default: 0.
        sort (GetV1OrganizersOrganizerIdMembersSort | Unset):  Default:
            GetV1OrganizersOrganizerIdMembersSort.NAME.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MemberList | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        limit=limit,
        offset=offset,
        sort=sort,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organizer_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 100,
    offset: int | Unset = 0,
    sort: GetV1OrganizersOrganizerIdMembersSort
    | Unset = GetV1OrganizersOrganizerIdMembersSort.NAME,
) -> MemberList | Problem | None:
    """The club's members, with their ratings now (pinyin order, or the strongest first), a page at a time

     `ratings` says whether the ratings have taken in every change to the club's games, and if
    not, since when they are being brought up to date.

    Args:
        organizer_id (int):
        limit (int | Unset):  Default: 100.
        offset (int | Unset):  Default: 0.
        sort (GetV1OrganizersOrganizerIdMembersSort | Unset):  Default:
            GetV1OrganizersOrganizerIdMembersSort.NAME.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MemberList | Problem
    """

    return (
        await asyncio_detailed(
            organizer_id=organizer_id,
            client=client,
            limit=limit,
            offset=offset,
            sort=sort,
        )
    ).parsed
