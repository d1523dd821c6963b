from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.byoc_request import ByocRequest
from ...models.byoc_saved import ByocSaved
from ...models.plain_error import PlainError
from ...models.put_api_byoc_response_403 import PutApiByocResponse403
from ...models.put_api_byoc_response_404 import PutApiByocResponse404
from ...models.put_api_byoc_response_500 import PutApiByocResponse500
from ...models.put_api_byoc_response_503 import PutApiByocResponse503
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    *,
    body: ByocRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/byoc",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        ByocSaved,
        PlainError,
        PutApiByocResponse403,
        PutApiByocResponse404,
        PutApiByocResponse500,
        PutApiByocResponse503,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = ByocSaved.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PutApiByocResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PutApiByocResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = PutApiByocResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PutApiByocResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        ByocSaved,
        PlainError,
        PutApiByocResponse403,
        PutApiByocResponse404,
        PutApiByocResponse500,
        PutApiByocResponse503,
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
    body: ByocRequest,
) -> Response[
    Union[
        ByocSaved,
        PlainError,
        PutApiByocResponse403,
        PutApiByocResponse404,
        PutApiByocResponse500,
        PutApiByocResponse503,
        ValidationError,
    ]
]:
    """Validate and save the role ARN and region; answers with the spec 5.3 failure reason when validation
    fails (the configuration is saved either way).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (ByocRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[ByocSaved, PlainError, PutApiByocResponse403, PutApiByocResponse404, PutApiByocResponse500, PutApiByocResponse503, ValidationError]]
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
    body: ByocRequest,
) -> Optional[
    Union[
        ByocSaved,
        PlainError,
        PutApiByocResponse403,
        PutApiByocResponse404,
        PutApiByocResponse500,
        PutApiByocResponse503,
        ValidationError,
    ]
]:
    """Validate and save the role ARN and region; answers with the spec 5.3 failure reason when validation
    fails (the configuration is saved either way).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (ByocRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[ByocSaved, PlainError, PutApiByocResponse403, PutApiByocResponse404, PutApiByocResponse500, PutApiByocResponse503, ValidationError]
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ByocRequest,
) -> Response[
    Union[
        ByocSaved,
        PlainError,
        PutApiByocResponse403,
        PutApiByocResponse404,
        PutApiByocResponse500,
        PutApiByocResponse503,
        ValidationError,
    ]
]:
    """Validate and save the role ARN and region; answers with the spec 5.3 failure reason when validation
    fails (the configuration is saved either way).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (ByocRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[ByocSaved, PlainError, PutApiByocResponse403, PutApiByocResponse404, PutApiByocResponse500, PutApiByocResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ByocRequest,
) -> Optional[
    Union[
        ByocSaved,
        PlainError,
        PutApiByocResponse403,
        PutApiByocResponse404,
        PutApiByocResponse500,
        PutApiByocResponse503,
        ValidationError,
    ]
]:
    """Validate and save the role ARN and region; answers with the spec 5.3 failure reason when validation
    fails (the configuration is saved either way).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (ByocRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[ByocSaved, PlainError, PutApiByocResponse403, PutApiByocResponse404, PutApiByocResponse500, PutApiByocResponse503, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
