from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.game import Game
from ...models.game_submission import GameSubmission
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: int,
    *,
    body: GameSubmission,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments/{tournament_id}/games".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Game | Problem:
    if response.status_code == 201:
        response_201 = Game.from_dict(response.json())

        return response_201

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
) -> Response[Game | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    body: GameSubmission,
    idempotency_key: str | Unset = UNSET,
) -> Response[Game | Problem]:
    """Submit a game

     The record (or sheet) is adjudicated with the tournament's ruleset. A legal game is stored
    with its outcome, its scores and the submission byte for byte (201). An illegal or
    incomplete game is 422 with the adjudication, and nothing is stored. Without an
    Idempotency-Key, a game already stored in this tournament (the same deal, calls and plays,
    however written) is 409 naming it.

    Args:
        tournament_id (int):
        idempotency_key (str | Unset):
        body (GameSubmission):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    body: GameSubmission,
    idempotency_key: str | Unset = UNSET,
) -> Game | Problem | None:
    """Submit a game

     The record (or sheet) is adjudicated with the tournament's ruleset. A legal game is stored
    with its outcome, its scores and the submission byte for byte (201). An illegal or
    incomplete game is 422 with the adjudication, and nothing is stored. Without an
    Idempotency-Key, a game already stored in this tournament (the same deal, calls and plays,
    however written) is 409 naming it.

    Args:
        tournament_id (int):
        idempotency_key (str | Unset):
        body (GameSubmission):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    body: GameSubmission,
    idempotency_key: str | Unset = UNSET,
) -> Response[Game | Problem]:
    """Submit a game

     The record (or sheet) is adjudicated with the tournament's ruleset. A legal game is stored
    with its outcome, its scores and the submission byte for byte (201). An illegal or
    incomplete game is 422 with the adjudication, and nothing is stored. Without an
    Idempotency-Key, a game already stored in this tournament (the same deal, calls and plays,
    however written) is 409 naming it.

    Args:
        tournament_id (int):
        idempotency_key (str | Unset):
        body (GameSubmission):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    *,
    client: AuthenticatedClient,
    body: GameSubmission,
    idempotency_key: str | Unset = UNSET,
) -> Game | Problem | None:
    """Submit a game

     The record (or sheet) is adjudicated with the tournament's ruleset. A legal game is stored
    with its outcome, its scores and the submission byte for byte (201). An illegal or
    incomplete game is 422 with the adjudication, and nothing is stored. Without an
    Idempotency-Key, a game already stored in this tournament (the same deal, calls and plays,
    however written) is 409 naming it.

    Args:
        tournament_id (int):
        idempotency_key (str | Unset):
        body (GameSubmission):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
