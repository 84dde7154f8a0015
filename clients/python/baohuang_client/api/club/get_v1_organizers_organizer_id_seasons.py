from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.season_list import SeasonList
from ...types import Response


def _get_kwargs(
    organizer_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/organizers/{organizer_id}/seasons".format(
            organizer_id=quote(str(organizer_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SeasonList:
    if response.status_code == 200:
        response_200 = SeasonList.from_dict(response.json())

        return response_200

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | SeasonList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    organizer_id: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | SeasonList]:
    """The club's seasons

    Args:
        organizer_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeasonList]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    organizer_id: int,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | SeasonList | None:
    """The club's seasons

    Args:
        organizer_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeasonList
    """

    return sync_detailed(
        organizer_id=organizer_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    organizer_id: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | SeasonList]:
    """The club's seasons

    Args:
        organizer_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeasonList]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organizer_id: int,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | SeasonList | None:
    """The club's seasons

    Args:
        organizer_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeasonList
    """

    return (
        await asyncio_detailed(
            organizer_id=organizer_id,
            client=client,
        )
    ).parsed
