from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.plain_error import PlainError
from ...models.send_batch_body import SendBatchBody
from ...models.send_batch_response import SendBatchResponse
from ...models.send_batch_response_409 import SendBatchResponse409
from ...models.send_batch_response_500 import SendBatchResponse500
from ...models.send_batch_response_503 import SendBatchResponse503
from ...models.validation_error import ValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SendBatchBody,
    idempotency_key: Union[Unset, str] = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/send/batch",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        PlainError,
        SendBatchResponse,
        SendBatchResponse409,
        SendBatchResponse500,
        SendBatchResponse503,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = SendBatchResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 409:
        response_409 = SendBatchResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = PlainError.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = SendBatchResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = SendBatchResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        PlainError,
        SendBatchResponse,
        SendBatchResponse409,
        SendBatchResponse500,
        SendBatchResponse503,
        ValidationError,
    ]
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: SendBatchBody,
    idempotency_key: Union[Unset, str] = UNSET,
) -> Response[
    Union[
        PlainError,
        SendBatchResponse,
        SendBatchResponse409,
        SendBatchResponse500,
        SendBatchResponse503,
        ValidationError,
    ]
]:
    """Queue up to 100 emails in one request

     Each email is a send request (`SendRequest`) handled exactly as if sent alone (every gate, its own
    count, log row and workflow), in order: with N sends left this month, the first N are accepted and
    the rest answer `usage_limit_exceeded`. An email's refusal, or its field errors, are answered in its
    own entry and never affect the others. The batch counts as one request against the per-key rate
    limit (60 a minute); the whole body is at most 15728640 bytes. With `Idempotency-Key` the whole
    answer is kept and replayed (a different batch with the key is a 409); each email may carry its own
    `idempotency_key`, which deduplicates it across requests.

    Args:
        idempotency_key (Union[Unset, str]):
        body (SendBatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, SendBatchResponse, SendBatchResponse409, SendBatchResponse500, SendBatchResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Union[AuthenticatedClient, Client],
    body: SendBatchBody,
    idempotency_key: Union[Unset, str] = UNSET,
) -> Optional[
    Union[
        PlainError,
        SendBatchResponse,
        SendBatchResponse409,
        SendBatchResponse500,
        SendBatchResponse503,
        ValidationError,
    ]
]:
    """Queue up to 100 emails in one request

     Each email is a send request (`SendRequest`) handled exactly as if sent alone (every gate, its own
    count, log row and workflow), in order: with N sends left this month, the first N are accepted and
    the rest answer `usage_limit_exceeded`. An email's refusal, or its field errors, are answered in its
    own entry and never affect the others. The batch counts as one request against the per-key rate
    limit (60 a minute); the whole body is at most 15728640 bytes. With `Idempotency-Key` the whole
    answer is kept and replayed (a different batch with the key is a 409); each email may carry its own
    `idempotency_key`, which deduplicates it across requests.

    Args:
        idempotency_key (Union[Unset, str]):
        body (SendBatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, SendBatchResponse, SendBatchResponse409, SendBatchResponse500, SendBatchResponse503, ValidationError]
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: SendBatchBody,
    idempotency_key: Union[Unset, str] = UNSET,
) -> Response[
    Union[
        PlainError,
        SendBatchResponse,
        SendBatchResponse409,
        SendBatchResponse500,
        SendBatchResponse503,
        ValidationError,
    ]
]:
    """Queue up to 100 emails in one request

     Each email is a send request (`SendRequest`) handled exactly as if sent alone (every gate, its own
    count, log row and workflow), in order: with N sends left this month, the first N are accepted and
    the rest answer `usage_limit_exceeded`. An email's refusal, or its field errors, are answered in its
    own entry and never affect the others. The batch counts as one request against the per-key rate
    limit (60 a minute); the whole body is at most 15728640 bytes. With `Idempotency-Key` the whole
    answer is kept and replayed (a different batch with the key is a 409); each email may carry its own
    `idempotency_key`, which deduplicates it across requests.

    Args:
        idempotency_key (Union[Unset, str]):
        body (SendBatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, SendBatchResponse, SendBatchResponse409, SendBatchResponse500, SendBatchResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    body: SendBatchBody,
    idempotency_key: Union[Unset, str] = UNSET,
) -> Optional[
    Union[
        PlainError,
        SendBatchResponse,
        SendBatchResponse409,
        SendBatchResponse500,
        SendBatchResponse503,
        ValidationError,
    ]
]:
    """Queue up to 100 emails in one request

     Each email is a send request (`SendRequest`) handled exactly as if sent alone (every gate, its own
    count, log row and workflow), in order: with N sends left this month, the first N are accepted and
    the rest answer `usage_limit_exceeded`. An email's refusal, or its field errors, are answered in its
    own entry and never affect the others. The batch counts as one request against the per-key rate
    limit (60 a minute); the whole body is at most 15728640 bytes. With `Idempotency-Key` the whole
    answer is kept and replayed (a different batch with the key is a 409); each email may carry its own
    `idempotency_key`, which deduplicates it across requests.

    Args:
        idempotency_key (Union[Unset, str]):
        body (SendBatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, SendBatchResponse, SendBatchResponse409, SendBatchResponse500, SendBatchResponse503, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
