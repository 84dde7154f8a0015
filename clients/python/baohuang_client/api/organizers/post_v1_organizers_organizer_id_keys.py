from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.key_create import KeyCreate
from ...models.new_key import NewKey
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    organizer_id: int,
    *,
    body: KeyCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/organizers/{organizer_id}/keys".format(
            organizer_id=quote(str(organizer_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> NewKey | Problem:
    if response.status_code == 201:
        response_201 = NewKey.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[NewKey | Problem]:
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
    body: KeyCreate,
) -> Response[NewKey | Problem]:
    """Issue another key with its name and scopes (its secret is shown once)

     A key does only what its scopes allow: `read`, `enter`, `manage`, `keys` (docs/api.md,
    "Keys and scopes"); every scope by default, and at most those of the key that asks (403
    `missing_scope` otherwise), so that no key makes a stronger one.

    Args:
        organizer_id (int):
        body (KeyCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewKey | Problem]
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
    body: KeyCreate,
) -> NewKey | Problem | None:
    """Issue another key with its name and scopes (its secret is shown once)

     A key does only what its scopes allow: `read`, `enter`, `manage`, `keys` (docs/api.md,
    "Keys and scopes"); every scope by default, and at most those of the key that asks (403
    `missing_scope` otherwise), so that no key makes a stronger one.

    Args:
        organizer_id (int):
        body (KeyCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewKey | Problem
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
    body: KeyCreate,
) -> Response[NewKey | Problem]:
    """Issue another key with its name and scopes (its secret is shown once)

     A key does only what its scopes allow: `read`, `enter`, `manage`, `keys` (docs/api.md,
    "Keys and scopes"); every scope by default, and at most those of the key that asks (403
    `missing_scope` otherwise), so that no key makes a stronger one.

    Args:
        organizer_id (int):
        body (KeyCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewKey | Problem]
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
    body: KeyCreate,
) -> NewKey | Problem | None:
    """Issue another key with its name and scopes (its secret is shown once)

     A key does only what its scopes allow: `read`, `enter`, `manage`, `keys` (docs/api.md,
    "Keys and scopes"); every scope by default, and at most those of the key that asks (403
    `missing_scope` otherwise), so that no key makes a stronger one.

    Args:
        organizer_id (int):
        body (KeyCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewKey | Problem
    """

    return (
        await asyncio_detailed(
            organizer_id=organizer_id,
            client=client,
            body=body,
        )
    ).parsed
