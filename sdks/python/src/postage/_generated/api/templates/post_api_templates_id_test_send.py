from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.plain_error import PlainError
from ...models.post_api_templates_id_test_send_response_403 import (
    PostApiTemplatesIdTestSendResponse403,
)
from ...models.post_api_templates_id_test_send_response_404 import (
    PostApiTemplatesIdTestSendResponse404,
)
from ...models.post_api_templates_id_test_send_response_422 import (
    PostApiTemplatesIdTestSendResponse422,
)
from ...models.post_api_templates_id_test_send_response_429 import (
    PostApiTemplatesIdTestSendResponse429,
)
from ...models.post_api_templates_id_test_send_response_500 import (
    PostApiTemplatesIdTestSendResponse500,
)
from ...models.post_api_templates_id_test_send_response_502 import (
    PostApiTemplatesIdTestSendResponse502,
)
from ...models.post_api_templates_id_test_send_response_503 import (
    PostApiTemplatesIdTestSendResponse503,
)
from ...models.template_test_send import TemplateTestSend
from ...models.template_test_send_request import TemplateTestSendRequest
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: TemplateTestSendRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/templates/{id}/test-send".format(
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
        PostApiTemplatesIdTestSendResponse403,
        PostApiTemplatesIdTestSendResponse404,
        PostApiTemplatesIdTestSendResponse422,
        PostApiTemplatesIdTestSendResponse429,
        PostApiTemplatesIdTestSendResponse500,
        PostApiTemplatesIdTestSendResponse502,
        PostApiTemplatesIdTestSendResponse503,
        TemplateTestSend,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = TemplateTestSend.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiTemplatesIdTestSendResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiTemplatesIdTestSendResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = PostApiTemplatesIdTestSendResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = PostApiTemplatesIdTestSendResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = PostApiTemplatesIdTestSendResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 502:
        response_502 = PostApiTemplatesIdTestSendResponse502.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = PostApiTemplatesIdTestSendResponse503.from_dict(response.json())

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
        PostApiTemplatesIdTestSendResponse403,
        PostApiTemplatesIdTestSendResponse404,
        PostApiTemplatesIdTestSendResponse422,
        PostApiTemplatesIdTestSendResponse429,
        PostApiTemplatesIdTestSendResponse500,
        PostApiTemplatesIdTestSendResponse502,
        PostApiTemplatesIdTestSendResponse503,
        TemplateTestSend,
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
    body: TemplateTestSendRequest,
) -> Response[
    Union[
        PlainError,
        PostApiTemplatesIdTestSendResponse403,
        PostApiTemplatesIdTestSendResponse404,
        PostApiTemplatesIdTestSendResponse422,
        PostApiTemplatesIdTestSendResponse429,
        PostApiTemplatesIdTestSendResponse500,
        PostApiTemplatesIdTestSendResponse502,
        PostApiTemplatesIdTestSendResponse503,
        TemplateTestSend,
        ValidationError,
    ]
]:
    """Send the draft, rendered with variables, to a test recipient through the real pipeline (counted like
    any test send).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (TemplateTestSendRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiTemplatesIdTestSendResponse403, PostApiTemplatesIdTestSendResponse404, PostApiTemplatesIdTestSendResponse422, PostApiTemplatesIdTestSendResponse429, PostApiTemplatesIdTestSendResponse500, PostApiTemplatesIdTestSendResponse502, PostApiTemplatesIdTestSendResponse503, TemplateTestSend, ValidationError]]
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
    body: TemplateTestSendRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiTemplatesIdTestSendResponse403,
        PostApiTemplatesIdTestSendResponse404,
        PostApiTemplatesIdTestSendResponse422,
        PostApiTemplatesIdTestSendResponse429,
        PostApiTemplatesIdTestSendResponse500,
        PostApiTemplatesIdTestSendResponse502,
        PostApiTemplatesIdTestSendResponse503,
        TemplateTestSend,
        ValidationError,
    ]
]:
    """Send the draft, rendered with variables, to a test recipient through the real pipeline (counted like
    any test send).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (TemplateTestSendRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiTemplatesIdTestSendResponse403, PostApiTemplatesIdTestSendResponse404, PostApiTemplatesIdTestSendResponse422, PostApiTemplatesIdTestSendResponse429, PostApiTemplatesIdTestSendResponse500, PostApiTemplatesIdTestSendResponse502, PostApiTemplatesIdTestSendResponse503, TemplateTestSend, ValidationError]
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
    body: TemplateTestSendRequest,
) -> Response[
    Union[
        PlainError,
        PostApiTemplatesIdTestSendResponse403,
        PostApiTemplatesIdTestSendResponse404,
        PostApiTemplatesIdTestSendResponse422,
        PostApiTemplatesIdTestSendResponse429,
        PostApiTemplatesIdTestSendResponse500,
        PostApiTemplatesIdTestSendResponse502,
        PostApiTemplatesIdTestSendResponse503,
        TemplateTestSend,
        ValidationError,
    ]
]:
    """Send the draft, rendered with variables, to a test recipient through the real pipeline (counted like
    any test send).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (TemplateTestSendRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiTemplatesIdTestSendResponse403, PostApiTemplatesIdTestSendResponse404, PostApiTemplatesIdTestSendResponse422, PostApiTemplatesIdTestSendResponse429, PostApiTemplatesIdTestSendResponse500, PostApiTemplatesIdTestSendResponse502, PostApiTemplatesIdTestSendResponse503, TemplateTestSend, ValidationError]]
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
    body: TemplateTestSendRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiTemplatesIdTestSendResponse403,
        PostApiTemplatesIdTestSendResponse404,
        PostApiTemplatesIdTestSendResponse422,
        PostApiTemplatesIdTestSendResponse429,
        PostApiTemplatesIdTestSendResponse500,
        PostApiTemplatesIdTestSendResponse502,
        PostApiTemplatesIdTestSendResponse503,
        TemplateTestSend,
        ValidationError,
    ]
]:
    """Send the draft, rendered with variables, to a test recipient through the real pipeline (counted like
    any test send).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (TemplateTestSendRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiTemplatesIdTestSendResponse403, PostApiTemplatesIdTestSendResponse404, PostApiTemplatesIdTestSendResponse422, PostApiTemplatesIdTestSendResponse429, PostApiTemplatesIdTestSendResponse500, PostApiTemplatesIdTestSendResponse502, PostApiTemplatesIdTestSendResponse503, TemplateTestSend, ValidationError]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
