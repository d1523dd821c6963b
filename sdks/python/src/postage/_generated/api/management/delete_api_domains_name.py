from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_api_domains_name_response_403 import (
    DeleteApiDomainsNameResponse403,
)
from ...models.delete_api_domains_name_response_404 import (
    DeleteApiDomainsNameResponse404,
)
from ...models.delete_api_domains_name_response_500 import (
    DeleteApiDomainsNameResponse500,
)
from ...models.delete_api_domains_name_response_503 import (
    DeleteApiDomainsNameResponse503,
)
from ...models.deleted import Deleted
from ...models.plain_error import PlainError
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    name: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/domains/{name}".format(
            name=name,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        DeleteApiDomainsNameResponse403,
        DeleteApiDomainsNameResponse404,
        DeleteApiDomainsNameResponse500,
        DeleteApiDomainsNameResponse503,
        Deleted,
        PlainError,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = Deleted.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = DeleteApiDomainsNameResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = DeleteApiDomainsNameResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = DeleteApiDomainsNameResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = DeleteApiDomainsNameResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        DeleteApiDomainsNameResponse403,
        DeleteApiDomainsNameResponse404,
        DeleteApiDomainsNameResponse500,
        DeleteApiDomainsNameResponse503,
        Deleted,
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
        DeleteApiDomainsNameResponse403,
        DeleteApiDomainsNameResponse404,
        DeleteApiDomainsNameResponse500,
        DeleteApiDomainsNameResponse503,
        Deleted,
        PlainError,
        ValidationError,
    ]
]:
    """Delete the domain (a released claim too) and its SES identity if it has one.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[DeleteApiDomainsNameResponse403, DeleteApiDomainsNameResponse404, DeleteApiDomainsNameResponse500, DeleteApiDomainsNameResponse503, Deleted, PlainError, ValidationError]]
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
        DeleteApiDomainsNameResponse403,
        DeleteApiDomainsNameResponse404,
        DeleteApiDomainsNameResponse500,
        DeleteApiDomainsNameResponse503,
        Deleted,
        PlainError,
        ValidationError,
    ]
]:
    """Delete the domain (a released claim too) and its SES identity if it has one.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[DeleteApiDomainsNameResponse403, DeleteApiDomainsNameResponse404, DeleteApiDomainsNameResponse500, DeleteApiDomainsNameResponse503, Deleted, PlainError, ValidationError]
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
        DeleteApiDomainsNameResponse403,
        DeleteApiDomainsNameResponse404,
        DeleteApiDomainsNameResponse500,
        DeleteApiDomainsNameResponse503,
        Deleted,
        PlainError,
        ValidationError,
    ]
]:
    """Delete the domain (a released claim too) and its SES identity if it has one.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[DeleteApiDomainsNameResponse403, DeleteApiDomainsNameResponse404, DeleteApiDomainsNameResponse500, DeleteApiDomainsNameResponse503, Deleted, PlainError, ValidationError]]
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
        DeleteApiDomainsNameResponse403,
        DeleteApiDomainsNameResponse404,
        DeleteApiDomainsNameResponse500,
        DeleteApiDomainsNameResponse503,
        Deleted,
        PlainError,
        ValidationError,
    ]
]:
    """Delete the domain (a released claim too) and its SES identity if it has one.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[DeleteApiDomainsNameResponse403, DeleteApiDomainsNameResponse404, DeleteApiDomainsNameResponse500, DeleteApiDomainsNameResponse503, Deleted, PlainError, ValidationError]
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
        )
    ).parsed
