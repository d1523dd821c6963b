from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_api_templates_response_403 import GetApiTemplatesResponse403
from ...models.get_api_templates_response_404 import GetApiTemplatesResponse404
from ...models.get_api_templates_response_500 import GetApiTemplatesResponse500
from ...models.get_api_templates_response_503 import GetApiTemplatesResponse503
from ...models.plain_error import PlainError
from ...models.template_list import TemplateList
from ...models.validation_error import ValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/templates",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        GetApiTemplatesResponse403,
        GetApiTemplatesResponse404,
        GetApiTemplatesResponse500,
        GetApiTemplatesResponse503,
        PlainError,
        TemplateList,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = TemplateList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetApiTemplatesResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetApiTemplatesResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = GetApiTemplatesResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = GetApiTemplatesResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        GetApiTemplatesResponse403,
        GetApiTemplatesResponse404,
        GetApiTemplatesResponse500,
        GetApiTemplatesResponse503,
        PlainError,
        TemplateList,
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
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> Response[
    Union[
        GetApiTemplatesResponse403,
        GetApiTemplatesResponse404,
        GetApiTemplatesResponse500,
        GetApiTemplatesResponse503,
        PlainError,
        TemplateList,
        ValidationError,
    ]
]:
    """The account’s templates, newest first (without their content).

     Any member of the account (every role), or a full_access API key.

    Args:
        limit (Union[Unset, int]):
        cursor (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[GetApiTemplatesResponse403, GetApiTemplatesResponse404, GetApiTemplatesResponse500, GetApiTemplatesResponse503, PlainError, TemplateList, ValidationError]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> Optional[
    Union[
        GetApiTemplatesResponse403,
        GetApiTemplatesResponse404,
        GetApiTemplatesResponse500,
        GetApiTemplatesResponse503,
        PlainError,
        TemplateList,
        ValidationError,
    ]
]:
    """The account’s templates, newest first (without their content).

     Any member of the account (every role), or a full_access API key.

    Args:
        limit (Union[Unset, int]):
        cursor (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[GetApiTemplatesResponse403, GetApiTemplatesResponse404, GetApiTemplatesResponse500, GetApiTemplatesResponse503, PlainError, TemplateList, ValidationError]
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> Response[
    Union[
        GetApiTemplatesResponse403,
        GetApiTemplatesResponse404,
        GetApiTemplatesResponse500,
        GetApiTemplatesResponse503,
        PlainError,
        TemplateList,
        ValidationError,
    ]
]:
    """The account’s templates, newest first (without their content).

     Any member of the account (every role), or a full_access API key.

    Args:
        limit (Union[Unset, int]):
        cursor (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[GetApiTemplatesResponse403, GetApiTemplatesResponse404, GetApiTemplatesResponse500, GetApiTemplatesResponse503, PlainError, TemplateList, ValidationError]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> Optional[
    Union[
        GetApiTemplatesResponse403,
        GetApiTemplatesResponse404,
        GetApiTemplatesResponse500,
        GetApiTemplatesResponse503,
        PlainError,
        TemplateList,
        ValidationError,
    ]
]:
    """The account’s templates, newest first (without their content).

     Any member of the account (every role), or a full_access API key.

    Args:
        limit (Union[Unset, int]):
        cursor (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[GetApiTemplatesResponse403, GetApiTemplatesResponse404, GetApiTemplatesResponse500, GetApiTemplatesResponse503, PlainError, TemplateList, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
