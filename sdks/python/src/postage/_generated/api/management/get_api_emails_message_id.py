from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.email_detail import EmailDetail
from ...models.get_api_emails_message_id_response_403 import (
    GetApiEmailsMessageIdResponse403,
)
from ...models.get_api_emails_message_id_response_404 import (
    GetApiEmailsMessageIdResponse404,
)
from ...models.get_api_emails_message_id_response_500 import (
    GetApiEmailsMessageIdResponse500,
)
from ...models.get_api_emails_message_id_response_503 import (
    GetApiEmailsMessageIdResponse503,
)
from ...models.plain_error import PlainError
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    message_id: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/emails/{message_id}".format(
            message_id=message_id,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        EmailDetail,
        GetApiEmailsMessageIdResponse403,
        GetApiEmailsMessageIdResponse404,
        GetApiEmailsMessageIdResponse500,
        GetApiEmailsMessageIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = EmailDetail.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetApiEmailsMessageIdResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetApiEmailsMessageIdResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = GetApiEmailsMessageIdResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = GetApiEmailsMessageIdResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        EmailDetail,
        GetApiEmailsMessageIdResponse403,
        GetApiEmailsMessageIdResponse404,
        GetApiEmailsMessageIdResponse500,
        GetApiEmailsMessageIdResponse503,
        PlainError,
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
    message_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        EmailDetail,
        GetApiEmailsMessageIdResponse403,
        GetApiEmailsMessageIdResponse404,
        GetApiEmailsMessageIdResponse500,
        GetApiEmailsMessageIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """One message: its log row, its timeline and its webhook deliveries.

     Any member of the account (every role), or a full_access API key.

    Args:
        message_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[EmailDetail, GetApiEmailsMessageIdResponse403, GetApiEmailsMessageIdResponse404, GetApiEmailsMessageIdResponse500, GetApiEmailsMessageIdResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs(
        message_id=message_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    message_id: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        EmailDetail,
        GetApiEmailsMessageIdResponse403,
        GetApiEmailsMessageIdResponse404,
        GetApiEmailsMessageIdResponse500,
        GetApiEmailsMessageIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """One message: its log row, its timeline and its webhook deliveries.

     Any member of the account (every role), or a full_access API key.

    Args:
        message_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[EmailDetail, GetApiEmailsMessageIdResponse403, GetApiEmailsMessageIdResponse404, GetApiEmailsMessageIdResponse500, GetApiEmailsMessageIdResponse503, PlainError, ValidationError]
    """

    return sync_detailed(
        message_id=message_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    message_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        EmailDetail,
        GetApiEmailsMessageIdResponse403,
        GetApiEmailsMessageIdResponse404,
        GetApiEmailsMessageIdResponse500,
        GetApiEmailsMessageIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """One message: its log row, its timeline and its webhook deliveries.

     Any member of the account (every role), or a full_access API key.

    Args:
        message_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[EmailDetail, GetApiEmailsMessageIdResponse403, GetApiEmailsMessageIdResponse404, GetApiEmailsMessageIdResponse500, GetApiEmailsMessageIdResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs(
        message_id=message_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    message_id: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        EmailDetail,
        GetApiEmailsMessageIdResponse403,
        GetApiEmailsMessageIdResponse404,
        GetApiEmailsMessageIdResponse500,
        GetApiEmailsMessageIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """One message: its log row, its timeline and its webhook deliveries.

     Any member of the account (every role), or a full_access API key.

    Args:
        message_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[EmailDetail, GetApiEmailsMessageIdResponse403, GetApiEmailsMessageIdResponse404, GetApiEmailsMessageIdResponse500, GetApiEmailsMessageIdResponse503, PlainError, ValidationError]
    """

    return (
        await asyncio_detailed(
            message_id=message_id,
            client=client,
        )
    ).parsed
