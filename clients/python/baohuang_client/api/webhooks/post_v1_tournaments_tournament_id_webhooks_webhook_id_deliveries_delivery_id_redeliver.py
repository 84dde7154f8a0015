from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.redelivery import Redelivery
from ...types import Response


def _get_kwargs(
    tournament_id: int,
    webhook_id: int,
    delivery_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments/{tournament_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver".format(
            tournament_id=quote(str(tournament_id), safe=""),
            webhook_id=quote(str(webhook_id), safe=""),
            delivery_id=quote(str(delivery_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Redelivery:
    if response.status_code == 202:
        response_202 = Redelivery.from_dict(response.json())

        return response_202

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | Redelivery]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: int,
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Redelivery]:
    """Send a delivery again (the deliverer posts it on its next pass)

    Args:
        tournament_id (int):
        webhook_id (int):
        delivery_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Redelivery]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        webhook_id=webhook_id,
        delivery_id=delivery_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
) -> Problem | Redelivery | None:
    """Send a delivery again (the deliverer posts it on its next pass)

    Args:
        tournament_id (int):
        webhook_id (int):
        delivery_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Redelivery
    """

    return sync_detailed(
        tournament_id=tournament_id,
        webhook_id=webhook_id,
        delivery_id=delivery_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Redelivery]:
    """Send a delivery again (the deliverer posts it on its next pass)

    Args:
        tournament_id (int):
        webhook_id (int):
        delivery_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Redelivery]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        webhook_id=webhook_id,
        delivery_id=delivery_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
) -> Problem | Redelivery | None:
    """Send a delivery again (the deliverer posts it on its next pass)

    Args:
        tournament_id (int):
        webhook_id (int):
        delivery_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Redelivery
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            webhook_id=webhook_id,
            delivery_id=delivery_id,
            client=client,
        )
    ).parsed
