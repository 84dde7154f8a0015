from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reopened_round import ReopenedRound
from ...types import Response


def _get_kwargs(
    tournament_id: int,
    number: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments/{tournament_id}/rounds/{number}/reopen".format(
            tournament_id=quote(str(tournament_id), safe=""),
            number=quote(str(number), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ReopenedRound:
    if response.status_code == 200:
        response_200 = ReopenedRound.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | ReopenedRound]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | ReopenedRound]:
    """Open a closed round again (closed too soon)

     The links its close ended work again and its tables go on entering. Only the last round
    of an open tournament: 409 `round_not_last` once a later round is seated. `left` names
    what is still to settle; webhooks get `round.reopened`. A round still open is answered
    as it is.

    Args:
        tournament_id (int):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReopenedRound]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Problem | ReopenedRound | None:
    """Open a closed round again (closed too soon)

     The links its close ended work again and its tables go on entering. Only the last round
    of an open tournament: 409 `round_not_last` once a later round is seated. `left` names
    what is still to settle; webhooks get `round.reopened`. A round still open is answered
    as it is.

    Args:
        tournament_id (int):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReopenedRound
    """

    return sync_detailed(
        tournament_id=tournament_id,
        number=number,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | ReopenedRound]:
    """Open a closed round again (closed too soon)

     The links its close ended work again and its tables go on entering. Only the last round
    of an open tournament: 409 `round_not_last` once a later round is seated. `left` names
    what is still to settle; webhooks get `round.reopened`. A round still open is answered
    as it is.

    Args:
        tournament_id (int):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReopenedRound]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        number=number,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Problem | ReopenedRound | None:
    """Open a closed round again (closed too soon)

     The links its close ended work again and its tables go on entering. Only the last round
    of an open tournament: 409 `round_not_last` once a later round is seated. `left` names
    what is still to settle; webhooks get `round.reopened`. A round still open is answered
    as it is.

    Args:
        tournament_id (int):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReopenedRound
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            number=number,
            client=client,
        )
    ).parsed
