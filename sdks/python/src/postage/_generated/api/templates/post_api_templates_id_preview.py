from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.plain_error import PlainError
from ...models.post_api_templates_id_preview_response_403 import (
    PostApiTemplatesIdPreviewResponse403,
)
from ...models.post_api_templates_id_preview_response_404 import (
    PostApiTemplatesIdPreviewResponse404,
)
from ...models.post_api_templates_id_preview_response_500 import (
    PostApiTemplatesIdPreviewResponse500,
)
from ...models.post_api_templates_id_preview_response_503 import (
    PostApiTemplatesIdPreviewResponse503,
)
from ...models.preview_template_request import PreviewTemplateRequest
from ...models.template_preview import TemplatePreview
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: PreviewTemplateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/templates/{id}/preview".format(
            id=id,
        ),
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
        PostApiTemplatesIdPreviewResponse403,
        PostApiTemplatesIdPreviewResponse404,
        PostApiTemplatesIdPreviewResponse500,
        PostApiTemplatesIdPreviewResponse503,
        TemplatePreview,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = TemplatePreview.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiTemplatesIdPreviewResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiTemplatesIdPreviewResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = PostApiTemplatesIdPreviewResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PostApiTemplatesIdPreviewResponse503.from_dict(response.json())

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
        PostApiTemplatesIdPreviewResponse403,
        PostApiTemplatesIdPreviewResponse404,
        PostApiTemplatesIdPreviewResponse500,
        PostApiTemplatesIdPreviewResponse503,
        TemplatePreview,
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
    body: PreviewTemplateRequest,
) -> Response[
    Union[
        PlainError,
        PostApiTemplatesIdPreviewResponse403,
        PostApiTemplatesIdPreviewResponse404,
        PostApiTemplatesIdPreviewResponse500,
        PostApiTemplatesIdPreviewResponse503,
        TemplatePreview,
        ValidationError,
    ]
]:
    """Render the draft (or a published version) with variables, without sending: subject, HTML and text.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):
        body (PreviewTemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiTemplatesIdPreviewResponse403, PostApiTemplatesIdPreviewResponse404, PostApiTemplatesIdPreviewResponse500, PostApiTemplatesIdPreviewResponse503, TemplatePreview, ValidationError]]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PreviewTemplateRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiTemplatesIdPreviewResponse403,
        PostApiTemplatesIdPreviewResponse404,
        PostApiTemplatesIdPreviewResponse500,
        PostApiTemplatesIdPreviewResponse503,
        TemplatePreview,
        ValidationError,
    ]
]:
    """Render the draft (or a published version) with variables, without sending: subject, HTML and text.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):
        body (PreviewTemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiTemplatesIdPreviewResponse403, PostApiTemplatesIdPreviewResponse404, PostApiTemplatesIdPreviewResponse500, PostApiTemplatesIdPreviewResponse503, TemplatePreview, ValidationError]
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PreviewTemplateRequest,
) -> Response[
    Union[
        PlainError,
        PostApiTemplatesIdPreviewResponse403,
        PostApiTemplatesIdPreviewResponse404,
        PostApiTemplatesIdPreviewResponse500,
        PostApiTemplatesIdPreviewResponse503,
        TemplatePreview,
        ValidationError,
    ]
]:
    """Render the draft (or a published version) with variables, without sending: subject, HTML and text.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):
        body (PreviewTemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiTemplatesIdPreviewResponse403, PostApiTemplatesIdPreviewResponse404, PostApiTemplatesIdPreviewResponse500, PostApiTemplatesIdPreviewResponse503, TemplatePreview, ValidationError]]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PreviewTemplateRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiTemplatesIdPreviewResponse403,
        PostApiTemplatesIdPreviewResponse404,
        PostApiTemplatesIdPreviewResponse500,
        PostApiTemplatesIdPreviewResponse503,
        TemplatePreview,
        ValidationError,
    ]
]:
    """Render the draft (or a published version) with variables, without sending: subject, HTML and text.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):
        body (PreviewTemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiTemplatesIdPreviewResponse403, PostApiTemplatesIdPreviewResponse404, PostApiTemplatesIdPreviewResponse500, PostApiTemplatesIdPreviewResponse503, TemplatePreview, ValidationError]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
