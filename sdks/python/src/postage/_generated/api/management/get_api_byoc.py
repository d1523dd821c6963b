from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.byoc import Byoc
from ...models.get_api_byoc_response_403 import GetApiByocResponse403
from ...models.get_api_byoc_response_404 import GetApiByocResponse404
from ...models.get_api_byoc_response_500 import GetApiByocResponse500
from ...models.get_api_byoc_response_503 import GetApiByocResponse503
from ...models.plain_error import PlainError
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs() -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/byoc",
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        Byoc,
        GetApiByocResponse403,
        GetApiByocResponse404,
        GetApiByocResponse500,
        GetApiByocResponse503,
        PlainError,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = Byoc.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetApiByocResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetApiByocResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = GetApiByocResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = GetApiByocResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        Byoc,
        GetApiByocResponse403,
        GetApiByocResponse404,
        GetApiByocResponse500,
        GetApiByocResponse503,
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
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        Byoc,
        GetApiByocResponse403,
        GetApiByocResponse404,
        GetApiByocResponse500,
        GetApiByocResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The BYOC configuration (role, region, ExternalId, validation state).

     Any member of the account (every role), or a full_access API key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[Byoc, GetApiByocResponse403, GetApiByocResponse404, GetApiByocResponse500, GetApiByocResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        Byoc,
        GetApiByocResponse403,
        GetApiByocResponse404,
        GetApiByocResponse500,
        GetApiByocResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The BYOC configuration (role, region, ExternalId, validation state).

     Any member of the account (every role), or a full_access API key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[Byoc, GetApiByocResponse403, GetApiByocResponse404, GetApiByocResponse500, GetApiByocResponse503, PlainError, ValidationError]
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        Byoc,
        GetApiByocResponse403,
        GetApiByocResponse404,
        GetApiByocResponse500,
        GetApiByocResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The BYOC configuration (role, region, ExternalId, validation state).

     Any member of the account (every role), or a full_access API key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[Byoc, GetApiByocResponse403, GetApiByocResponse404, GetApiByocResponse500, GetApiByocResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        Byoc,
        GetApiByocResponse403,
        GetApiByocResponse404,
        GetApiByocResponse500,
        GetApiByocResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The BYOC configuration (role, region, ExternalId, validation state).

     Any member of the account (every role), or a full_access API key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[Byoc, GetApiByocResponse403, GetApiByocResponse404, GetApiByocResponse500, GetApiByocResponse503, PlainError, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
