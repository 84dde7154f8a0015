from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.score_answer import ScoreAnswer
from ...models.score_sheet import ScoreSheet
from ...types import Response


def _get_kwargs(
    *,
    body: ScoreSheet,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/scores",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ScoreAnswer:
    if response.status_code == 200:
        response_200 = ScoreAnswer.from_dict(response.json())

        return response_200

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
) -> Response[Problem | ScoreAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ScoreSheet,
) -> Response[Problem | ScoreAnswer]:
    """Score a result sheet

     The sheet is an outcome without scores. Sheets that describe a game that could not
    have happened (a kick with no open declaration, a guard who is the emperor in a
    normal game, a finishing order that is not a permutation of the seats…) are 422.

    Args:
        body (ScoreSheet):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScoreAnswer]
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
    body: ScoreSheet,
) -> Problem | ScoreAnswer | None:
    """Score a result sheet

     The sheet is an outcome without scores. Sheets that describe a game that could not
    have happened (a kick with no open declaration, a guard who is the emperor in a
    normal game, a finishing order that is not a permutation of the seats…) are 422.

    Args:
        body (ScoreSheet):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScoreAnswer
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ScoreSheet,
) -> Response[Problem | ScoreAnswer]:
    """Score a result sheet

     The sheet is an outcome without scores. Sheets that describe a game that could not
    have happened (a kick with no open declaration, a guard who is the emperor in a
    normal game, a finishing order that is not a permutation of the seats…) are 422.

    Args:
        body (ScoreSheet):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScoreAnswer]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ScoreSheet,
) -> Problem | ScoreAnswer | None:
    """Score a result sheet

     The sheet is an outcome without scores. Sheets that describe a game that could not
    have happened (a kick with no open declaration, a guard who is the emperor in a
    normal game, a finishing order that is not a permutation of the seats…) are 422.

    Args:
        body (ScoreSheet):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScoreAnswer
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
