from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.member_detail import MemberDetail
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    organizer_id: int,
    member_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/organizers/{organizer_id}/members/{member_id}".format(
            organizer_id=quote(str(organizer_id), safe=""),
            member_id=quote(str(member_id), safe=""),
        ),
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
) -> Response[MemberDetail | Problem]:
    """A member: evenings, rating with its history, results by role, partners and opponents

    Args:
        organizer_id (int):
        member_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MemberDetail | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        member_id=member_id,
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
) -> MemberDetail | Problem | None:
    """A member: evenings, rating with its history, results by role, partners and opponents

    Args:
        organizer_id (int):
        member_id (int):

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
    ).parsed


async def asyncio_detailed(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[MemberDetail | Problem]:
    """A member: evenings, rating with its history, results by role, partners and opponents

    Args:
        organizer_id (int):
        member_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MemberDetail | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        member_id=member_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
) -> MemberDetail | Problem | None:
    """A member: evenings, rating with its history, results by role, partners and opponents

    Args:
        organizer_id (int):
        member_id (int):

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
        )
    ).parsed
