from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_suppression_request import CreateSuppressionRequest
from ...models.plain_error import PlainError
from ...models.post_api_suppressions_response_403 import PostApiSuppressionsResponse403
from ...models.post_api_suppressions_response_404 import PostApiSuppressionsResponse404
from ...models.post_api_suppressions_response_500 import PostApiSuppressionsResponse500
from ...models.post_api_suppressions_response_503 import PostApiSuppressionsResponse503
from ...models.suppression_added import SuppressionAdded
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    *,
    body: CreateSuppressionRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/suppressions",
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
        PostApiSuppressionsResponse403,
        PostApiSuppressionsResponse404,
        PostApiSuppressionsResponse500,
        PostApiSuppressionsResponse503,
        SuppressionAdded,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = SuppressionAdded.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = SuppressionAdded.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiSuppressionsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiSuppressionsResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = PostApiSuppressionsResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PostApiSuppressionsResponse503.from_dict(response.json())

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
        PostApiSuppressionsResponse403,
        PostApiSuppressionsResponse404,
        PostApiSuppressionsResponse500,
        PostApiSuppressionsResponse503,
        SuppressionAdded,
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
    body: CreateSuppressionRequest,
) -> Response[
    Union[
        PlainError,
        PostApiSuppressionsResponse403,
        PostApiSuppressionsResponse404,
        PostApiSuppressionsResponse500,
        PostApiSuppressionsResponse503,
        SuppressionAdded,
        ValidationError,
    ]
]:
    """Suppress an address by hand (reason `manual`).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateSuppressionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiSuppressionsResponse403, PostApiSuppressionsResponse404, PostApiSuppressionsResponse500, PostApiSuppressionsResponse503, SuppressionAdded, ValidationError]]
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
    body: CreateSuppressionRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiSuppressionsResponse403,
        PostApiSuppressionsResponse404,
        PostApiSuppressionsResponse500,
        PostApiSuppressionsResponse503,
        SuppressionAdded,
        ValidationError,
    ]
]:
    """Suppress an address by hand (reason `manual`).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateSuppressionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiSuppressionsResponse403, PostApiSuppressionsResponse404, PostApiSuppressionsResponse500, PostApiSuppressionsResponse503, SuppressionAdded, ValidationError]
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateSuppressionRequest,
) -> Response[
    Union[
        PlainError,
        PostApiSuppressionsResponse403,
        PostApiSuppressionsResponse404,
        PostApiSuppressionsResponse500,
        PostApiSuppressionsResponse503,
        SuppressionAdded,
        ValidationError,
    ]
]:
    """Suppress an address by hand (reason `manual`).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateSuppressionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiSuppressionsResponse403, PostApiSuppressionsResponse404, PostApiSuppressionsResponse500, PostApiSuppressionsResponse503, SuppressionAdded, ValidationError]]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateSuppressionRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiSuppressionsResponse403,
        PostApiSuppressionsResponse404,
        PostApiSuppressionsResponse500,
        PostApiSuppressionsResponse503,
        SuppressionAdded,
        ValidationError,
    ]
]:
    """Suppress an address by hand (reason `manual`).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateSuppressionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiSuppressionsResponse403, PostApiSuppressionsResponse404, PostApiSuppressionsResponse500, PostApiSuppressionsResponse503, SuppressionAdded, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
