from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.organizer import Organizer
from ...models.organizer_patch import OrganizerPatch
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    organizer_id: int,
    *,
    body: OrganizerPatch,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/organizers/{organizer_id}".format(
            organizer_id=quote(str(organizer_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Organizer | Problem:
    if response.status_code == 200:
        response_200 = Organizer.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[Organizer | Problem]:
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
    body: OrganizerPatch,
) -> Response[Organizer | Problem]:
    """Rename the club, or set its time zone

     The time zone (IANA, e.g. Asia/Shanghai) is the club's own time: a `played_at` written
    without a zone is read in it, and the pages, round sheets and exports show times in it —
    in every tournament that has no time zone of its own.

    Args:
        organizer_id (int):
        body (OrganizerPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Organizer | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    organizer_id: int,
    *,
    client: AuthenticatedClient,
    body: OrganizerPatch,
) -> Organizer | Problem | None:
    """Rename the club, or set its time zone

     The time zone (IANA, e.g. Asia/Shanghai) is the club's own time: a `played_at` written
    without a zone is read in it, and the pages, round sheets and exports show times in it —
    in every tournament that has no time zone of its own.

    Args:
        organizer_id (int):
        body (OrganizerPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Organizer | Problem
    """

    return sync_detailed(
        organizer_id=organizer_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    organizer_id: int,
    *,
    client: AuthenticatedClient,
    body: OrganizerPatch,
) -> Response[Organizer | Problem]:
    """Rename the club, or set its time zone

     The time zone (IANA, e.g. Asia/Shanghai) is the club's own time: a `played_at` written
    without a zone is read in it, and the pages, round sheets and exports show times in it —
    in every tournament that has no time zone of its own.

    Args:
        organizer_id (int):
        body (OrganizerPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Organizer | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organizer_id: int,
    *,
    client: AuthenticatedClient,
    body: OrganizerPatch,
) -> Organizer | Problem | None:
    """Rename the club, or set its time zone

     The time zone (IANA, e.g. Asia/Shanghai) is the club's own time: a `played_at` written
    without a zone is read in it, and the pages, round sheets and exports show times in it —
    in every tournament that has no time zone of its own.

    Args:
        organizer_id (int):
        body (OrganizerPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Organizer | Problem
    """

    return (
        await asyncio_detailed(
            organizer_id=organizer_id,
            client=client,
            body=body,
        )
    ).parsed
