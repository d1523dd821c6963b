from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.domain_list import DomainList
from ...models.get_api_domains_response_403 import GetApiDomainsResponse403
from ...models.get_api_domains_response_404 import GetApiDomainsResponse404
from ...models.get_api_domains_response_500 import GetApiDomainsResponse500
from ...models.get_api_domains_response_503 import GetApiDomainsResponse503
from ...models.plain_error import PlainError
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs() -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/domains",
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        DomainList,
        GetApiDomainsResponse403,
        GetApiDomainsResponse404,
        GetApiDomainsResponse500,
        GetApiDomainsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = DomainList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetApiDomainsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetApiDomainsResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = GetApiDomainsResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = GetApiDomainsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        DomainList,
        GetApiDomainsResponse403,
        GetApiDomainsResponse404,
        GetApiDomainsResponse500,
        GetApiDomainsResponse503,
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
        DomainList,
        GetApiDomainsResponse403,
        GetApiDomainsResponse404,
        GetApiDomainsResponse500,
        GetApiDomainsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The account’s sending domains with their DNS records and states.

     Any member of the account (every role), or a full_access API key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[DomainList, GetApiDomainsResponse403, GetApiDomainsResponse404, GetApiDomainsResponse500, GetApiDomainsResponse503, PlainError, ValidationError]]
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
        DomainList,
        GetApiDomainsResponse403,
        GetApiDomainsResponse404,
        GetApiDomainsResponse500,
        GetApiDomainsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The account’s sending domains with their DNS records and states.

     Any member of the account (every role), or a full_access API key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[DomainList, GetApiDomainsResponse403, GetApiDomainsResponse404, GetApiDomainsResponse500, GetApiDomainsResponse503, PlainError, ValidationError]
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        DomainList,
        GetApiDomainsResponse403,
        GetApiDomainsResponse404,
        GetApiDomainsResponse500,
        GetApiDomainsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The account’s sending domains with their DNS records and states.

     Any member of the account (every role), or a full_access API key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[DomainList, GetApiDomainsResponse403, GetApiDomainsResponse404, GetApiDomainsResponse500, GetApiDomainsResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        DomainList,
        GetApiDomainsResponse403,
        GetApiDomainsResponse404,
        GetApiDomainsResponse500,
        GetApiDomainsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The account’s sending domains with their DNS records and states.

     Any member of the account (every role), or a full_access API key.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[DomainList, GetApiDomainsResponse403, GetApiDomainsResponse404, GetApiDomainsResponse500, GetApiDomainsResponse503, PlainError, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
