from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.member_detail import MemberDetail
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    organizer_id: int,
    member_id: int,
    *,
    evenings: int | Unset = 60,
    before: int | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["evenings"] = evenings

    json_before: int | None | Unset
    if isinstance(before, Unset):
        json_before = UNSET
    else:
        json_before = before
    params["before"] = json_before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/organizers/{organizer_id}/members/{member_id}".format(
            organizer_id=quote(str(organizer_id), safe=""),
            member_id=quote(str(member_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MemberDetail | Problem:
    if response.status_code == 200:
        response_200 = MemberDetail.from_dict(response.json())

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
) -> Response[MemberDetail | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
    evenings: int | Unset = 60,
    before: int | None | Unset = UNSET,
) -> Response[MemberDetail | Problem]:
    """A member: a page of evenings, rating with its history, results by role, partners and opponents

     The evenings come a page at a time, the latest first: `evenings_before` names the
    tournament to ask the earlier page before (`?before=`), and `evenings_total` how many
    there are in all; `rating_history` is the rating at the end of each evening of the page.

    Args:
        organizer_id (int):
        member_id (int):
        evenings (int | Unset):  Default: 60.
        before (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MemberDetail | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        member_id=member_id,
        evenings=evenings,
        before=before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
    evenings: int | Unset = 60,
    before: int | None | Unset = UNSET,
) -> MemberDetail | Problem | None:
    """A member: a page of evenings, rating with its history, results by role, partners and opponents

     The evenings come a page at a time, the latest first: `evenings_before` names the
    tournament to ask the earlier page before (`?before=`), and `evenings_total` how many
    there are in all; `rating_history` is the rating at the end of each evening of the page.

    Args:
        organizer_id (int):
        member_id (int):
        evenings (int | Unset):  Default: 60.
        before (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MemberDetail | Problem
    """

    return sync_detailed(
        organizer_id=organizer_id,
        member_id=member_id,
        client=client,
        evenings=evenings,
        before=before,
    ).parsed


async def asyncio_detailed(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
    evenings: int | Unset = 60,
    before: int | None | Unset = UNSET,
) -> Response[MemberDetail | Problem]:
    """A member: a page of evenings, rating with its history, results by role, partners and opponents

     The evenings come a page at a time, the latest first: `evenings_before` names the
    tournament to ask the earlier page before (`?before=`), and `evenings_total` how many
    there are in all; `rating_history` is the rating at the end of each evening of the page.

    Args:
        organizer_id (int):
        member_id (int):
        evenings (int | Unset):  Default: 60.
        before (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MemberDetail | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        member_id=member_id,
        evenings=evenings,
        before=before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
    evenings: int | Unset = 60,
    before: int | None | Unset = UNSET,
) -> MemberDetail | Problem | None:
    """A member: a page of evenings, rating with its history, results by role, partners and opponents

     The evenings come a page at a time, the latest first: `evenings_before` names the
    tournament to ask the earlier page before (`?before=`), and `evenings_total` how many
    there are in all; `rating_history` is the rating at the end of each evening of the page.

    Args:
        organizer_id (int):
        member_id (int):
        evenings (int | Unset):  Default: 60.
        before (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MemberDetail | Problem
    """

    return (
        await asyncio_detailed(
            organizer_id=organizer_id,
            member_id=member_id,
            client=client,
            evenings=evenings,
            before=before,
        )
    ).parsed
