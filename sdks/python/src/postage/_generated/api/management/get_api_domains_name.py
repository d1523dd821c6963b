from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.domain import Domain
from ...models.get_api_domains_name_response_403 import GetApiDomainsNameResponse403
from ...models.get_api_domains_name_response_404 import GetApiDomainsNameResponse404
from ...models.get_api_domains_name_response_500 import GetApiDomainsNameResponse500
from ...models.get_api_domains_name_response_503 import GetApiDomainsNameResponse503
from ...models.plain_error import PlainError
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    name: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/domains/{name}".format(
            name=name,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        Domain,
        GetApiDomainsNameResponse403,
        GetApiDomainsNameResponse404,
        GetApiDomainsNameResponse500,
        GetApiDomainsNameResponse503,
        PlainError,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = Domain.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetApiDomainsNameResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetApiDomainsNameResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = GetApiDomainsNameResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = GetApiDomainsNameResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        Domain,
        GetApiDomainsNameResponse403,
        GetApiDomainsNameResponse404,
        GetApiDomainsNameResponse500,
        GetApiDomainsNameResponse503,
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
    name: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        Domain,
        GetApiDomainsNameResponse403,
        GetApiDomainsNameResponse404,
        GetApiDomainsNameResponse500,
        GetApiDomainsNameResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """One domain and the state of each record.

     Any member of the account (every role), or a full_access API key.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[Domain, GetApiDomainsNameResponse403, GetApiDomainsNameResponse404, GetApiDomainsNameResponse500, GetApiDomainsNameResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        Domain,
        GetApiDomainsNameResponse403,
        GetApiDomainsNameResponse404,
        GetApiDomainsNameResponse500,
        GetApiDomainsNameResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """One domain and the state of each record.

     Any member of the account (every role), or a full_access API key.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[Domain, GetApiDomainsNameResponse403, GetApiDomainsNameResponse404, GetApiDomainsNameResponse500, GetApiDomainsNameResponse503, PlainError, ValidationError]
    """

    return sync_detailed(
        name=name,
        client=client,
    ).parsed


async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        Domain,
        GetApiDomainsNameResponse403,
        GetApiDomainsNameResponse404,
        GetApiDomainsNameResponse500,
        GetApiDomainsNameResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """One domain and the state of each record.

     Any member of the account (every role), or a full_access API key.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[Domain, GetApiDomainsNameResponse403, GetApiDomainsNameResponse404, GetApiDomainsNameResponse500, GetApiDomainsNameResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        Domain,
        GetApiDomainsNameResponse403,
        GetApiDomainsNameResponse404,
        GetApiDomainsNameResponse500,
        GetApiDomainsNameResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """One domain and the state of each record.

     Any member of the account (every role), or a full_access API key.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[Domain, GetApiDomainsNameResponse403, GetApiDomainsNameResponse404, GetApiDomainsNameResponse500, GetApiDomainsNameResponse503, PlainError, ValidationError]
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
        )
    ).parsed
