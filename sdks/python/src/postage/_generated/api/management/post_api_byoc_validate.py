from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.byoc_validation import ByocValidation
from ...models.plain_error import PlainError
from ...models.post_api_byoc_validate_response_403 import PostApiByocValidateResponse403
from ...models.post_api_byoc_validate_response_404 import PostApiByocValidateResponse404
from ...models.post_api_byoc_validate_response_409 import PostApiByocValidateResponse409
from ...models.post_api_byoc_validate_response_500 import PostApiByocValidateResponse500
from ...models.post_api_byoc_validate_response_503 import PostApiByocValidateResponse503
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs() -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/byoc/validate",
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        ByocValidation,
        PlainError,
        PostApiByocValidateResponse403,
        PostApiByocValidateResponse404,
        PostApiByocValidateResponse409,
        PostApiByocValidateResponse500,
        PostApiByocValidateResponse503,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = ByocValidation.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiByocValidateResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiByocValidateResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = PostApiByocValidateResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 500:
        response_500 = PostApiByocValidateResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PostApiByocValidateResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        ByocValidation,
        PlainError,
        PostApiByocValidateResponse403,
        PostApiByocValidateResponse404,
        PostApiByocValidateResponse409,
        PostApiByocValidateResponse500,
        PostApiByocValidateResponse503,
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
        ByocValidation,
        PlainError,
        PostApiByocValidateResponse403,
        PostApiByocValidateResponse404,
        PostApiByocValidateResponse409,
        PostApiByocValidateResponse500,
        PostApiByocValidateResponse503,
        ValidationError,
    ]
]:
    """Validate the saved configuration again.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[ByocValidation, PlainError, PostApiByocValidateResponse403, PostApiByocValidateResponse404, PostApiByocValidateResponse409, PostApiByocValidateResponse500, PostApiByocValidateResponse503, ValidationError]]
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
        ByocValidation,
        PlainError,
        PostApiByocValidateResponse403,
        PostApiByocValidateResponse404,
        PostApiByocValidateResponse409,
        PostApiByocValidateResponse500,
        PostApiByocValidateResponse503,
        ValidationError,
    ]
]:
    """Validate the saved configuration again.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[ByocValidation, PlainError, PostApiByocValidateResponse403, PostApiByocValidateResponse404, PostApiByocValidateResponse409, PostApiByocValidateResponse500, PostApiByocValidateResponse503, ValidationError]
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        ByocValidation,
        PlainError,
        PostApiByocValidateResponse403,
        PostApiByocValidateResponse404,
        PostApiByocValidateResponse409,
        PostApiByocValidateResponse500,
        PostApiByocValidateResponse503,
        ValidationError,
    ]
]:
    """Validate the saved configuration again.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[ByocValidation, PlainError, PostApiByocValidateResponse403, PostApiByocValidateResponse404, PostApiByocValidateResponse409, PostApiByocValidateResponse500, PostApiByocValidateResponse503, ValidationError]]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        ByocValidation,
        PlainError,
        PostApiByocValidateResponse403,
        PostApiByocValidateResponse404,
        PostApiByocValidateResponse409,
        PostApiByocValidateResponse500,
        PostApiByocValidateResponse503,
        ValidationError,
    ]
]:
    """Validate the saved configuration again.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[ByocValidation, PlainError, PostApiByocValidateResponse403, PostApiByocValidateResponse404, PostApiByocValidateResponse409, PostApiByocValidateResponse500, PostApiByocValidateResponse503, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
