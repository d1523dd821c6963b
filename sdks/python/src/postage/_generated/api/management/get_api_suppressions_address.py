from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_api_suppressions_address_response_403 import (
    GetApiSuppressionsAddressResponse403,
)
from ...models.get_api_suppressions_address_response_404 import (
    GetApiSuppressionsAddressResponse404,
)
from ...models.get_api_suppressions_address_response_500 import (
    GetApiSuppressionsAddressResponse500,
)
from ...models.get_api_suppressions_address_response_503 import (
    GetApiSuppressionsAddressResponse503,
)
from ...models.plain_error import PlainError
from ...models.suppression import Suppression
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    address: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/suppressions/{address}".format(
            address=address,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        GetApiSuppressionsAddressResponse403,
        GetApiSuppressionsAddressResponse404,
        GetApiSuppressionsAddressResponse500,
        GetApiSuppressionsAddressResponse503,
        PlainError,
        Suppression,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = Suppression.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetApiSuppressionsAddressResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetApiSuppressionsAddressResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = GetApiSuppressionsAddressResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = GetApiSuppressionsAddressResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        GetApiSuppressionsAddressResponse403,
        GetApiSuppressionsAddressResponse404,
        GetApiSuppressionsAddressResponse500,
        GetApiSuppressionsAddressResponse503,
        PlainError,
        Suppression,
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
    address: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        GetApiSuppressionsAddressResponse403,
        GetApiSuppressionsAddressResponse404,
        GetApiSuppressionsAddressResponse500,
        GetApiSuppressionsAddressResponse503,
        PlainError,
        Suppression,
        ValidationError,
    ]
]:
    """Whether an address is suppressed: its entry, or 404 when sends to it are not refused for
    suppression.

     Any member of the account (every role), or a full_access API key.

    Args:
        address (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[GetApiSuppressionsAddressResponse403, GetApiSuppressionsAddressResponse404, GetApiSuppressionsAddressResponse500, GetApiSuppressionsAddressResponse503, PlainError, Suppression, ValidationError]]
    """

    kwargs = _get_kwargs(
        address=address,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    address: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        GetApiSuppressionsAddressResponse403,
        GetApiSuppressionsAddressResponse404,
        GetApiSuppressionsAddressResponse500,
        GetApiSuppressionsAddressResponse503,
        PlainError,
        Suppression,
        ValidationError,
    ]
]:
    """Whether an address is suppressed: its entry, or 404 when sends to it are not refused for
    suppression.

     Any member of the account (every role), or a full_access API key.

    Args:
        address (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[GetApiSuppressionsAddressResponse403, GetApiSuppressionsAddressResponse404, GetApiSuppressionsAddressResponse500, GetApiSuppressionsAddressResponse503, PlainError, Suppression, ValidationError]
    """

    return sync_detailed(
        address=address,
        client=client,
    ).parsed


async def asyncio_detailed(
    address: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        GetApiSuppressionsAddressResponse403,
        GetApiSuppressionsAddressResponse404,
        GetApiSuppressionsAddressResponse500,
        GetApiSuppressionsAddressResponse503,
        PlainError,
        Suppression,
        ValidationError,
    ]
]:
    """Whether an address is suppressed: its entry, or 404 when sends to it are not refused for
    suppression.

     Any member of the account (every role), or a full_access API key.

    Args:
        address (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[GetApiSuppressionsAddressResponse403, GetApiSuppressionsAddressResponse404, GetApiSuppressionsAddressResponse500, GetApiSuppressionsAddressResponse503, PlainError, Suppression, ValidationError]]
    """

    kwargs = _get_kwargs(
        address=address,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    address: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        GetApiSuppressionsAddressResponse403,
        GetApiSuppressionsAddressResponse404,
        GetApiSuppressionsAddressResponse500,
        GetApiSuppressionsAddressResponse503,
        PlainError,
        Suppression,
        ValidationError,
    ]
]:
    """Whether an address is suppressed: its entry, or 404 when sends to it are not refused for
    suppression.

     Any member of the account (every role), or a full_access API key.

    Args:
        address (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[GetApiSuppressionsAddressResponse403, GetApiSuppressionsAddressResponse404, GetApiSuppressionsAddressResponse500, GetApiSuppressionsAddressResponse503, PlainError, Suppression, ValidationError]
    """

    return (
        await asyncio_detailed(
            address=address,
            client=client,
        )
    ).parsed
