from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_template_request import CreateTemplateRequest
from ...models.plain_error import PlainError
from ...models.post_api_templates_response_403 import PostApiTemplatesResponse403
from ...models.post_api_templates_response_404 import PostApiTemplatesResponse404
from ...models.post_api_templates_response_409 import PostApiTemplatesResponse409
from ...models.post_api_templates_response_500 import PostApiTemplatesResponse500
from ...models.post_api_templates_response_503 import PostApiTemplatesResponse503
from ...models.template import Template
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    *,
    body: CreateTemplateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/templates",
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
        PostApiTemplatesResponse403,
        PostApiTemplatesResponse404,
        PostApiTemplatesResponse409,
        PostApiTemplatesResponse500,
        PostApiTemplatesResponse503,
        Template,
        ValidationError,
    ]
]:
    if response.status_code == 201:
        response_201 = Template.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiTemplatesResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiTemplatesResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = PostApiTemplatesResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 500:
        response_500 = PostApiTemplatesResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PostApiTemplatesResponse503.from_dict(response.json())

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
        PostApiTemplatesResponse403,
        PostApiTemplatesResponse404,
        PostApiTemplatesResponse409,
        PostApiTemplatesResponse500,
        PostApiTemplatesResponse503,
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
    *,
    client: AuthenticatedClient,
    body: CreateTemplateRequest,
) -> Response[
    Union[
        PlainError,
        PostApiTemplatesResponse403,
        PostApiTemplatesResponse404,
        PostApiTemplatesResponse409,
        PostApiTemplatesResponse500,
        PostApiTemplatesResponse503,
        Template,
        ValidationError,
    ]
]:
    """Create a template; its content is the draft until published.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateTemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiTemplatesResponse403, PostApiTemplatesResponse404, PostApiTemplatesResponse409, PostApiTemplatesResponse500, PostApiTemplatesResponse503, Template, ValidationError]]
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
    body: CreateTemplateRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiTemplatesResponse403,
        PostApiTemplatesResponse404,
        PostApiTemplatesResponse409,
        PostApiTemplatesResponse500,
        PostApiTemplatesResponse503,
        Template,
        ValidationError,
    ]
]:
    """Create a template; its content is the draft until published.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateTemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiTemplatesResponse403, PostApiTemplatesResponse404, PostApiTemplatesResponse409, PostApiTemplatesResponse500, PostApiTemplatesResponse503, Template, ValidationError]
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateTemplateRequest,
) -> Response[
    Union[
        PlainError,
        PostApiTemplatesResponse403,
        PostApiTemplatesResponse404,
        PostApiTemplatesResponse409,
        PostApiTemplatesResponse500,
        PostApiTemplatesResponse503,
        Template,
        ValidationError,
    ]
]:
    """Create a template; its content is the draft until published.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateTemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiTemplatesResponse403, PostApiTemplatesResponse404, PostApiTemplatesResponse409, PostApiTemplatesResponse500, PostApiTemplatesResponse503, Template, ValidationError]]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateTemplateRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiTemplatesResponse403,
        PostApiTemplatesResponse404,
        PostApiTemplatesResponse409,
        PostApiTemplatesResponse500,
        PostApiTemplatesResponse503,
        Template,
        ValidationError,
    ]
]:
    """Create a template; its content is the draft until published.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateTemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiTemplatesResponse403, PostApiTemplatesResponse404, PostApiTemplatesResponse409, PostApiTemplatesResponse500, PostApiTemplatesResponse503, Template, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
