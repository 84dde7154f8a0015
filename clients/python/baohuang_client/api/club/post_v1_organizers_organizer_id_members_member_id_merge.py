from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.merge import Merge
from ...models.merged import Merged
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    organizer_id: int,
    member_id: int,
    *,
    body: Merge,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/organizers/{organizer_id}/members/{member_id}/merge".format(
            organizer_id=quote(str(organizer_id), safe=""),
            member_id=quote(str(member_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Merged | Problem:
    if response.status_code == 200:
        response_200 = Merged.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Merged | Problem]:
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
    body: Merge,
) -> Response[Merged | Problem]:
    """Merge another member into this one

     Every player of the other member (and so every game of theirs) moves to this one; the other
    is kept, marked merged, and the audit trail says who did it and why. Two members who both
    played in one tournament cannot be merged (409): move one of the players first
    (`PATCH …/players/{id}` with `member_id`).

    Args:
        organizer_id (int):
        member_id (int):
        body (Merge):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Merged | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        member_id=member_id,
        body=body,
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
    body: Merge,
) -> Merged | Problem | None:
    """Merge another member into this one

     Every player of the other member (and so every game of theirs) moves to this one; the other
    is kept, marked merged, and the audit trail says who did it and why. Two members who both
    played in one tournament cannot be merged (409): move one of the players first
    (`PATCH …/players/{id}` with `member_id`).

    Args:
        organizer_id (int):
        member_id (int):
        body (Merge):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Merged | Problem
    """

    return sync_detailed(
        organizer_id=organizer_id,
        member_id=member_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
    body: Merge,
) -> Response[Merged | Problem]:
    """Merge another member into this one

     Every player of the other member (and so every game of theirs) moves to this one; the other
    is kept, marked merged, and the audit trail says who did it and why. Two members who both
    played in one tournament cannot be merged (409): move one of the players first
    (`PATCH …/players/{id}` with `member_id`).

    Args:
        organizer_id (int):
        member_id (int):
        body (Merge):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Merged | Problem]
    """

    kwargs = _get_kwargs(
        organizer_id=organizer_id,
        member_id=member_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organizer_id: int,
    member_id: int,
    *,
    client: AuthenticatedClient,
    body: Merge,
) -> Merged | Problem | None:
    """Merge another member into this one

     Every player of the other member (and so every game of theirs) moves to this one; the other
    is kept, marked merged, and the audit trail says who did it and why. Two members who both
    played in one tournament cannot be merged (409): move one of the players first
    (`PATCH …/players/{id}` with `member_id`).

    Args:
        organizer_id (int):
        member_id (int):
        body (Merge):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Merged | Problem
    """

    return (
        await asyncio_detailed(
            organizer_id=organizer_id,
            member_id=member_id,
            client=client,
            body=body,
        )
    ).parsed
