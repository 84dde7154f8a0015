from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rating_history import RatingHistory
from ...types import UNSET, Response, Unset


def _get_kwargs(
    organizer_id: int,
    member_id: int,
    *,
    limit: int | Unset = 500,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/organizers/{organizer_id}/members/{member_id}/rating-history".format(
            organizer_id=quote(str(organizer_id), safe=""),
            member_id=quote(str(member_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RatingHistory:
    if response.status_code == 200:
        response_200 = RatingHistory.from_dict(response.json())

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
) -> Response[Problem | RatingHistory]:
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
    limit: int | Unset = 500,
    offset: int | Unset = 0,
) -> Response[Problem | RatingHistory]:
    """A member's rating after every rated game, in played order, a page at a time

    Args:
        organizer_id (int):
        member_id (int):
        limit (int | Unset):  Default: 500.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingHistory]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        member_id=member_id,
        limit=limit,
        offset=offset,
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
    limit: int | Unset = 500,
    offset: int | Unset = 0,
) -> Problem | RatingHistory | None:
    """A member's rating after every rated game, in played order, a page at a time

    Args:
        organizer_id (int):
        member_id (int):
        limit (int | Unset):  Default: 500.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingHistory
    """

    return sync_detailed(
        organizer_id=organizer_id,
        member_id=member_id,
        client=client,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 500,
    offset: int | Unset = 0,
) -> Response[Problem | RatingHistory]:
    """A member's rating after every rated game, in played order, a page at a time

    Args:
        organizer_id (int):
        member_id (int):
        limit (int | Unset):  Default: 500.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingHistory]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        member_id=member_id,
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 500,
    offset: int | Unset = 0,
) -> Problem | RatingHistory | None:
    """A member's rating after every rated game, in played order, a page at a time

    Args:
        organizer_id (int):
        member_id (int):
        limit (int | Unset):  Default: 500.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingHistory
    """

    return (
        await asyncio_detailed(
            organizer_id=organizer_id,
            member_id=member_id,
            client=client,
            limit=limit,
            offset=offset,
        )
    ).parsed
