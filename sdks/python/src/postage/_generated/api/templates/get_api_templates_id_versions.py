from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_api_templates_id_versions_response_403 import (
    GetApiTemplatesIdVersionsResponse403,
)
from ...models.get_api_templates_id_versions_response_404 import (
    GetApiTemplatesIdVersionsResponse404,
)
from ...models.get_api_templates_id_versions_response_500 import (
    GetApiTemplatesIdVersionsResponse500,
)
from ...models.get_api_templates_id_versions_response_503 import (
    GetApiTemplatesIdVersionsResponse503,
)
from ...models.plain_error import PlainError
from ...models.template_version_list import TemplateVersionList
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/templates/{id}/versions".format(
            id=id,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        GetApiTemplatesIdVersionsResponse403,
        GetApiTemplatesIdVersionsResponse404,
        GetApiTemplatesIdVersionsResponse500,
        GetApiTemplatesIdVersionsResponse503,
        PlainError,
        TemplateVersionList,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = TemplateVersionList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetApiTemplatesIdVersionsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetApiTemplatesIdVersionsResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = GetApiTemplatesIdVersionsResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = GetApiTemplatesIdVersionsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        GetApiTemplatesIdVersionsResponse403,
        GetApiTemplatesIdVersionsResponse404,
        GetApiTemplatesIdVersionsResponse500,
        GetApiTemplatesIdVersionsResponse503,
        PlainError,
        TemplateVersionList,
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
        GetApiTemplatesIdVersionsResponse403,
        GetApiTemplatesIdVersionsResponse404,
        GetApiTemplatesIdVersionsResponse500,
        GetApiTemplatesIdVersionsResponse503,
        PlainError,
        TemplateVersionList,
        ValidationError,
    ]
]:
    """Every published version, newest first.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[GetApiTemplatesIdVersionsResponse403, GetApiTemplatesIdVersionsResponse404, GetApiTemplatesIdVersionsResponse500, GetApiTemplatesIdVersionsResponse503, PlainError, TemplateVersionList, ValidationError]]
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
        GetApiTemplatesIdVersionsResponse403,
        GetApiTemplatesIdVersionsResponse404,
        GetApiTemplatesIdVersionsResponse500,
        GetApiTemplatesIdVersionsResponse503,
        PlainError,
        TemplateVersionList,
        ValidationError,
    ]
]:
    """Every published version, newest first.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[GetApiTemplatesIdVersionsResponse403, GetApiTemplatesIdVersionsResponse404, GetApiTemplatesIdVersionsResponse500, GetApiTemplatesIdVersionsResponse503, PlainError, TemplateVersionList, ValidationError]
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
        GetApiTemplatesIdVersionsResponse403,
        GetApiTemplatesIdVersionsResponse404,
        GetApiTemplatesIdVersionsResponse500,
        GetApiTemplatesIdVersionsResponse503,
        PlainError,
        TemplateVersionList,
        ValidationError,
    ]
]:
    """Every published version, newest first.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[GetApiTemplatesIdVersionsResponse403, GetApiTemplatesIdVersionsResponse404, GetApiTemplatesIdVersionsResponse500, GetApiTemplatesIdVersionsResponse503, PlainError, TemplateVersionList, ValidationError]]
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
        GetApiTemplatesIdVersionsResponse403,
        GetApiTemplatesIdVersionsResponse404,
        GetApiTemplatesIdVersionsResponse500,
        GetApiTemplatesIdVersionsResponse503,
        PlainError,
        TemplateVersionList,
        ValidationError,
    ]
]:
    """Every published version, newest first.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[GetApiTemplatesIdVersionsResponse403, GetApiTemplatesIdVersionsResponse404, GetApiTemplatesIdVersionsResponse500, GetApiTemplatesIdVersionsResponse503, PlainError, TemplateVersionList, ValidationError]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
