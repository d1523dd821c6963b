from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_key import ApiKey
from ...models.delete_api_api_keys_id_response_403 import DeleteApiApiKeysIdResponse403
from ...models.delete_api_api_keys_id_response_404 import DeleteApiApiKeysIdResponse404
from ...models.delete_api_api_keys_id_response_500 import DeleteApiApiKeysIdResponse500
from ...models.delete_api_api_keys_id_response_503 import DeleteApiApiKeysIdResponse503
from ...models.plain_error import PlainError
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/api-keys/{id}".format(
            id=id,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        ApiKey,
        DeleteApiApiKeysIdResponse403,
        DeleteApiApiKeysIdResponse404,
        DeleteApiApiKeysIdResponse500,
        DeleteApiApiKeysIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = ApiKey.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = DeleteApiApiKeysIdResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = DeleteApiApiKeysIdResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = DeleteApiApiKeysIdResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = DeleteApiApiKeysIdResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        ApiKey,
        DeleteApiApiKeysIdResponse403,
        DeleteApiApiKeysIdResponse404,
        DeleteApiApiKeysIdResponse500,
        DeleteApiApiKeysIdResponse503,
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
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        ApiKey,
        DeleteApiApiKeysIdResponse403,
        DeleteApiApiKeysIdResponse404,
        DeleteApiApiKeysIdResponse500,
        DeleteApiApiKeysIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """Revoke a key (by id or `pk_` prefix); its next request gets 401.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[ApiKey, DeleteApiApiKeysIdResponse403, DeleteApiApiKeysIdResponse404, DeleteApiApiKeysIdResponse500, DeleteApiApiKeysIdResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        ApiKey,
        DeleteApiApiKeysIdResponse403,
        DeleteApiApiKeysIdResponse404,
        DeleteApiApiKeysIdResponse500,
        DeleteApiApiKeysIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """Revoke a key (by id or `pk_` prefix); its next request gets 401.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[ApiKey, DeleteApiApiKeysIdResponse403, DeleteApiApiKeysIdResponse404, DeleteApiApiKeysIdResponse500, DeleteApiApiKeysIdResponse503, PlainError, ValidationError]
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        ApiKey,
        DeleteApiApiKeysIdResponse403,
        DeleteApiApiKeysIdResponse404,
        DeleteApiApiKeysIdResponse500,
        DeleteApiApiKeysIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """Revoke a key (by id or `pk_` prefix); its next request gets 401.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[ApiKey, DeleteApiApiKeysIdResponse403, DeleteApiApiKeysIdResponse404, DeleteApiApiKeysIdResponse500, DeleteApiApiKeysIdResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        ApiKey,
        DeleteApiApiKeysIdResponse403,
        DeleteApiApiKeysIdResponse404,
        DeleteApiApiKeysIdResponse500,
        DeleteApiApiKeysIdResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """Revoke a key (by id or `pk_` prefix); its next request gets 401.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[ApiKey, DeleteApiApiKeysIdResponse403, DeleteApiApiKeysIdResponse404, DeleteApiApiKeysIdResponse500, DeleteApiApiKeysIdResponse503, PlainError, ValidationError]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
