from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.plain_error import PlainError
from ...models.send_request import SendRequest
from ...models.send_response import SendResponse
from ...models.send_response_403 import SendResponse403
from ...models.send_response_409 import SendResponse409
from ...models.send_response_422 import SendResponse422
from ...models.send_response_429_type_0 import SendResponse429Type0
from ...models.send_response_500 import SendResponse500
from ...models.send_response_502 import SendResponse502
from ...models.send_response_503 import SendResponse503
from ...models.validation_error import ValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SendRequest,
    idempotency_key: Union[Unset, str] = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/send/",
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
        SendResponse,
        SendResponse403,
        SendResponse409,
        SendResponse422,
        SendResponse500,
        SendResponse502,
        SendResponse503,
        Union["PlainError", "SendResponse429Type0"],
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = SendResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = SendResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = SendResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = SendResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 429:

        def _parse_response_429(
            data: object,
        ) -> Union["PlainError", "SendResponse429Type0"]:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_429_type_0 = SendResponse429Type0.from_dict(data)

                return response_429_type_0
            except:  # noqa: E722
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_429_type_1 = PlainError.from_dict(data)

            return response_429_type_1

        response_429 = _parse_response_429(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = SendResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 502:
        response_502 = SendResponse502.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = SendResponse503.from_dict(response.json())

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
        SendResponse,
        SendResponse403,
        SendResponse409,
        SendResponse422,
        SendResponse500,
        SendResponse502,
        SendResponse503,
        Union["PlainError", "SendResponse429Type0"],
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
    body: SendRequest,
    idempotency_key: Union[Unset, str] = UNSET,
) -> Response[
    Union[
        PlainError,
        SendResponse,
        SendResponse403,
        SendResponse409,
        SendResponse422,
        SendResponse500,
        SendResponse502,
        SendResponse503,
        Union["PlainError", "SendResponse429Type0"],
        ValidationError,
    ]
]:
    """Queue one email

    Args:
        idempotency_key (Union[Unset, str]):
        body (SendRequest): One email. `from_email` (or its alias `from`) is required, and at
            least one of `message`, `html`, `attachments` or `template` must be non-empty; `template`
            excludes `subject`, `html` and `message`. Unknown fields are rejected. Rules a schema
            cannot state: on the test domain only its documented local parts exist (400 on `to`);
            attachments together at most 10485760 bytes once decoded (400); the `Idempotency-Key`
            header and `idempotency_key` must agree when both are sent (400); the sender must be on a
            verified domain of the account that the key may use (403).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, SendResponse, SendResponse403, SendResponse409, SendResponse422, SendResponse500, SendResponse502, SendResponse503, Union['PlainError', 'SendResponse429Type0'], ValidationError]]
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
    body: SendRequest,
    idempotency_key: Union[Unset, str] = UNSET,
) -> Optional[
    Union[
        PlainError,
        SendResponse,
        SendResponse403,
        SendResponse409,
        SendResponse422,
        SendResponse500,
        SendResponse502,
        SendResponse503,
        Union["PlainError", "SendResponse429Type0"],
        ValidationError,
    ]
]:
    """Queue one email

    Args:
        idempotency_key (Union[Unset, str]):
        body (SendRequest): One email. `from_email` (or its alias `from`) is required, and at
            least one of `message`, `html`, `attachments` or `template` must be non-empty; `template`
            excludes `subject`, `html` and `message`. Unknown fields are rejected. Rules a schema
            cannot state: on the test domain only its documented local parts exist (400 on `to`);
            attachments together at most 10485760 bytes once decoded (400); the `Idempotency-Key`
            header and `idempotency_key` must agree when both are sent (400); the sender must be on a
            verified domain of the account that the key may use (403).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, SendResponse, SendResponse403, SendResponse409, SendResponse422, SendResponse500, SendResponse502, SendResponse503, Union['PlainError', 'SendResponse429Type0'], ValidationError]
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: SendRequest,
    idempotency_key: Union[Unset, str] = UNSET,
) -> Response[
    Union[
        PlainError,
        SendResponse,
        SendResponse403,
        SendResponse409,
        SendResponse422,
        SendResponse500,
        SendResponse502,
        SendResponse503,
        Union["PlainError", "SendResponse429Type0"],
        ValidationError,
    ]
]:
    """Queue one email

    Args:
        idempotency_key (Union[Unset, str]):
        body (SendRequest): One email. `from_email` (or its alias `from`) is required, and at
            least one of `message`, `html`, `attachments` or `template` must be non-empty; `template`
            excludes `subject`, `html` and `message`. Unknown fields are rejected. Rules a schema
            cannot state: on the test domain only its documented local parts exist (400 on `to`);
            attachments together at most 10485760 bytes once decoded (400); the `Idempotency-Key`
            header and `idempotency_key` must agree when both are sent (400); the sender must be on a
            verified domain of the account that the key may use (403).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, SendResponse, SendResponse403, SendResponse409, SendResponse422, SendResponse500, SendResponse502, SendResponse503, Union['PlainError', 'SendResponse429Type0'], ValidationError]]
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
    body: SendRequest,
    idempotency_key: Union[Unset, str] = UNSET,
) -> Optional[
    Union[
        PlainError,
        SendResponse,
        SendResponse403,
        SendResponse409,
        SendResponse422,
        SendResponse500,
        SendResponse502,
        SendResponse503,
        Union["PlainError", "SendResponse429Type0"],
        ValidationError,
    ]
]:
    """Queue one email

    Args:
        idempotency_key (Union[Unset, str]):
        body (SendRequest): One email. `from_email` (or its alias `from`) is required, and at
            least one of `message`, `html`, `attachments` or `template` must be non-empty; `template`
            excludes `subject`, `html` and `message`. Unknown fields are rejected. Rules a schema
            cannot state: on the test domain only its documented local parts exist (400 on `to`);
            attachments together at most 10485760 bytes once decoded (400); the `Idempotency-Key`
            header and `idempotency_key` must agree when both are sent (400); the sender must be on a
            verified domain of the account that the key may use (403).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, SendResponse, SendResponse403, SendResponse409, SendResponse422, SendResponse500, SendResponse502, SendResponse503, Union['PlainError', 'SendResponse429Type0'], ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
