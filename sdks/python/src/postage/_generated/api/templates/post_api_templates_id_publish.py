from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.plain_error import PlainError
from ...models.post_api_templates_id_publish_response_403 import (
    PostApiTemplatesIdPublishResponse403,
)
from ...models.post_api_templates_id_publish_response_404 import (
    PostApiTemplatesIdPublishResponse404,
)
from ...models.post_api_templates_id_publish_response_500 import (
    PostApiTemplatesIdPublishResponse500,
)
from ...models.post_api_templates_id_publish_response_503 import (
    PostApiTemplatesIdPublishResponse503,
)
from ...models.template import Template
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/templates/{id}/publish".format(
            id=id,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        PlainError,
        PostApiTemplatesIdPublishResponse403,
        PostApiTemplatesIdPublishResponse404,
        PostApiTemplatesIdPublishResponse500,
        PostApiTemplatesIdPublishResponse503,
        Template,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = Template.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiTemplatesIdPublishResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiTemplatesIdPublishResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = PostApiTemplatesIdPublishResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PostApiTemplatesIdPublishResponse503.from_dict(response.json())

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
        PostApiTemplatesIdPublishResponse403,
        PostApiTemplatesIdPublishResponse404,
        PostApiTemplatesIdPublishResponse500,
        PostApiTemplatesIdPublishResponse503,
        Template,
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
        PlainError,
        PostApiTemplatesIdPublishResponse403,
        PostApiTemplatesIdPublishResponse404,
        PostApiTemplatesIdPublishResponse500,
        PostApiTemplatesIdPublishResponse503,
        Template,
        ValidationError,
    ]
]:
    """Make the draft the published version that sends use (a draft equal to it publishes nothing new).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiTemplatesIdPublishResponse403, PostApiTemplatesIdPublishResponse404, PostApiTemplatesIdPublishResponse500, PostApiTemplatesIdPublishResponse503, Template, ValidationError]]
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
        PlainError,
        PostApiTemplatesIdPublishResponse403,
        PostApiTemplatesIdPublishResponse404,
        PostApiTemplatesIdPublishResponse500,
        PostApiTemplatesIdPublishResponse503,
        Template,
        ValidationError,
    ]
]:
    """Make the draft the published version that sends use (a draft equal to it publishes nothing new).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiTemplatesIdPublishResponse403, PostApiTemplatesIdPublishResponse404, PostApiTemplatesIdPublishResponse500, PostApiTemplatesIdPublishResponse503, Template, ValidationError]
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
        PlainError,
        PostApiTemplatesIdPublishResponse403,
        PostApiTemplatesIdPublishResponse404,
        PostApiTemplatesIdPublishResponse500,
        PostApiTemplatesIdPublishResponse503,
        Template,
        ValidationError,
    ]
]:
    """Make the draft the published version that sends use (a draft equal to it publishes nothing new).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiTemplatesIdPublishResponse403, PostApiTemplatesIdPublishResponse404, PostApiTemplatesIdPublishResponse500, PostApiTemplatesIdPublishResponse503, Template, ValidationError]]
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
        PlainError,
        PostApiTemplatesIdPublishResponse403,
        PostApiTemplatesIdPublishResponse404,
        PostApiTemplatesIdPublishResponse500,
        PostApiTemplatesIdPublishResponse503,
        Template,
        ValidationError,
    ]
]:
    """Make the draft the published version that sends use (a draft equal to it publishes nothing new).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiTemplatesIdPublishResponse403, PostApiTemplatesIdPublishResponse404, PostApiTemplatesIdPublishResponse500, PostApiTemplatesIdPublishResponse503, Template, ValidationError]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
