from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.organizer_create import OrganizerCreate
from ...models.organizer_created import OrganizerCreated
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: OrganizerCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/organizers",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OrganizerCreated | Problem:
    if response.status_code == 201:
        response_201 = OrganizerCreated.from_dict(response.json())

        return response_201

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[OrganizerCreated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OrganizerCreate,
) -> Response[OrganizerCreated | Problem]:
    """Register an organizer

     Answers with the organizer and its first API key. The key's `secret` is shown this once
    and stored only as a hash: keep it. Only where the server allows open sign-up
    (`BAOHUANG_OPEN_SIGNUP=1`); elsewhere 403, and the operator creates organizers with
    `baohuang organizers create NAME`.

    Args:
        body (OrganizerCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrganizerCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: OrganizerCreate,
) -> OrganizerCreated | Problem | None:
    """Register an organizer

     Answers with the organizer and its first API key. The key's `secret` is shown this once
    and stored only as a hash: keep it. Only where the server allows open sign-up
    (`BAOHUANG_OPEN_SIGNUP=1`); elsewhere 403, and the operator creates organizers with
    `baohuang organizers create NAME`.

    Args:
        body (OrganizerCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrganizerCreated | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OrganizerCreate,
) -> Response[OrganizerCreated | Problem]:
    """Register an organizer

     Answers with the organizer and its first API key. The key's `secret` is shown this once
    and stored only as a hash: keep it. Only where the server allows open sign-up
    (`BAOHUANG_OPEN_SIGNUP=1`); elsewhere 403, and the operator creates organizers with
    `baohuang organizers create NAME`.

    Args:
        body (OrganizerCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrganizerCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: OrganizerCreate,
) -> OrganizerCreated | Problem | None:
    """Register an organizer

     Answers with the organizer and its first API key. The key's `secret` is shown this once
    and stored only as a hash: keep it. Only where the server allows open sign-up
    (`BAOHUANG_OPEN_SIGNUP=1`); elsewhere 403, and the operator creates organizers with
    `baohuang organizers create NAME`.

    Args:
        body (OrganizerCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrganizerCreated | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
