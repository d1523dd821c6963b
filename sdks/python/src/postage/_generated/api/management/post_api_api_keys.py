from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_api_key_request import CreateApiKeyRequest
from ...models.created_api_key import CreatedApiKey
from ...models.plain_error import PlainError
from ...models.post_api_api_keys_response_403 import PostApiApiKeysResponse403
from ...models.post_api_api_keys_response_404 import PostApiApiKeysResponse404
from ...models.post_api_api_keys_response_500 import PostApiApiKeysResponse500
from ...models.post_api_api_keys_response_503 import PostApiApiKeysResponse503
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    *,
    body: CreateApiKeyRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/api-keys",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        CreatedApiKey,
        PlainError,
        PostApiApiKeysResponse403,
        PostApiApiKeysResponse404,
        PostApiApiKeysResponse500,
        PostApiApiKeysResponse503,
        ValidationError,
    ]
]:
    if response.status_code == 201:
        response_201 = CreatedApiKey.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiApiKeysResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiApiKeysResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = PostApiApiKeysResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PostApiApiKeysResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        CreatedApiKey,
        PlainError,
        PostApiApiKeysResponse403,
        PostApiApiKeysResponse404,
        PostApiApiKeysResponse500,
        PostApiApiKeysResponse503,
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
    body: CreateApiKeyRequest,
) -> Response[
    Union[
        CreatedApiKey,
        PlainError,
        PostApiApiKeysResponse403,
        PostApiApiKeysResponse404,
        PostApiApiKeysResponse500,
        PostApiApiKeysResponse503,
        ValidationError,
    ]
]:
    """Create a key; the secret is in this response only. A caller cannot create a key with more permission
    than its own.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[CreatedApiKey, PlainError, PostApiApiKeysResponse403, PostApiApiKeysResponse404, PostApiApiKeysResponse500, PostApiApiKeysResponse503, ValidationError]]
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
    client: AuthenticatedClient,
    body: CreateApiKeyRequest,
) -> Optional[
    Union[
        CreatedApiKey,
        PlainError,
        PostApiApiKeysResponse403,
        PostApiApiKeysResponse404,
        PostApiApiKeysResponse500,
        PostApiApiKeysResponse503,
        ValidationError,
    ]
]:
    """Create a key; the secret is in this response only. A caller cannot create a key with more permission
    than its own.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[CreatedApiKey, PlainError, PostApiApiKeysResponse403, PostApiApiKeysResponse404, PostApiApiKeysResponse500, PostApiApiKeysResponse503, ValidationError]
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyRequest,
) -> Response[
    Union[
        CreatedApiKey,
        PlainError,
        PostApiApiKeysResponse403,
        PostApiApiKeysResponse404,
        PostApiApiKeysResponse500,
        PostApiApiKeysResponse503,
        ValidationError,
    ]
]:
    """Create a key; the secret is in this response only. A caller cannot create a key with more permission
    than its own.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[CreatedApiKey, PlainError, PostApiApiKeysResponse403, PostApiApiKeysResponse404, PostApiApiKeysResponse500, PostApiApiKeysResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyRequest,
) -> Optional[
    Union[
        CreatedApiKey,
        PlainError,
        PostApiApiKeysResponse403,
        PostApiApiKeysResponse404,
        PostApiApiKeysResponse500,
        PostApiApiKeysResponse503,
        ValidationError,
    ]
]:
    """Create a key; the secret is in this response only. A caller cannot create a key with more permission
    than its own.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[CreatedApiKey, PlainError, PostApiApiKeysResponse403, PostApiApiKeysResponse404, PostApiApiKeysResponse500, PostApiApiKeysResponse503, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
