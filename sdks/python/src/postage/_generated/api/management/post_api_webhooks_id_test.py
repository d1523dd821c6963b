from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.plain_error import PlainError
from ...models.post_api_webhooks_id_test_response_403 import (
    PostApiWebhooksIdTestResponse403,
)
from ...models.post_api_webhooks_id_test_response_404 import (
    PostApiWebhooksIdTestResponse404,
)
from ...models.post_api_webhooks_id_test_response_409 import (
    PostApiWebhooksIdTestResponse409,
)
from ...models.post_api_webhooks_id_test_response_429 import (
    PostApiWebhooksIdTestResponse429,
)
from ...models.post_api_webhooks_id_test_response_500 import (
    PostApiWebhooksIdTestResponse500,
)
from ...models.post_api_webhooks_id_test_response_503 import (
    PostApiWebhooksIdTestResponse503,
)
from ...models.test_webhook_request import TestWebhookRequest
from ...models.validation_error import ValidationError
from ...models.webhook_test_result import WebhookTestResult
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: TestWebhookRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/webhooks/{id}/test".format(
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
        PostApiWebhooksIdTestResponse403,
        PostApiWebhooksIdTestResponse404,
        PostApiWebhooksIdTestResponse409,
        PostApiWebhooksIdTestResponse429,
        PostApiWebhooksIdTestResponse500,
        PostApiWebhooksIdTestResponse503,
        ValidationError,
        WebhookTestResult,
    ]
]:
    if response.status_code == 200:
        response_200 = WebhookTestResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiWebhooksIdTestResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiWebhooksIdTestResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = PostApiWebhooksIdTestResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = PostApiWebhooksIdTestResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = PostApiWebhooksIdTestResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PostApiWebhooksIdTestResponse503.from_dict(response.json())

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
        PostApiWebhooksIdTestResponse403,
        PostApiWebhooksIdTestResponse404,
        PostApiWebhooksIdTestResponse409,
        PostApiWebhooksIdTestResponse429,
        PostApiWebhooksIdTestResponse500,
        PostApiWebhooksIdTestResponse503,
        ValidationError,
        WebhookTestResult,
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
    body: TestWebhookRequest,
) -> Response[
    Union[
        PlainError,
        PostApiWebhooksIdTestResponse403,
        PostApiWebhooksIdTestResponse404,
        PostApiWebhooksIdTestResponse409,
        PostApiWebhooksIdTestResponse429,
        PostApiWebhooksIdTestResponse500,
        PostApiWebhooksIdTestResponse503,
        ValidationError,
        WebhookTestResult,
    ]
]:
    """POST a signed test event of the chosen type (spec 6.4 flat test shape) to the endpoint now, and
    record it (Growth and Pro plans; at most 10 test events a minute per account).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (TestWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiWebhooksIdTestResponse403, PostApiWebhooksIdTestResponse404, PostApiWebhooksIdTestResponse409, PostApiWebhooksIdTestResponse429, PostApiWebhooksIdTestResponse500, PostApiWebhooksIdTestResponse503, ValidationError, WebhookTestResult]]
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
    body: TestWebhookRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiWebhooksIdTestResponse403,
        PostApiWebhooksIdTestResponse404,
        PostApiWebhooksIdTestResponse409,
        PostApiWebhooksIdTestResponse429,
        PostApiWebhooksIdTestResponse500,
        PostApiWebhooksIdTestResponse503,
        ValidationError,
        WebhookTestResult,
    ]
]:
    """POST a signed test event of the chosen type (spec 6.4 flat test shape) to the endpoint now, and
    record it (Growth and Pro plans; at most 10 test events a minute per account).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (TestWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiWebhooksIdTestResponse403, PostApiWebhooksIdTestResponse404, PostApiWebhooksIdTestResponse409, PostApiWebhooksIdTestResponse429, PostApiWebhooksIdTestResponse500, PostApiWebhooksIdTestResponse503, ValidationError, WebhookTestResult]
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
    body: TestWebhookRequest,
) -> Response[
    Union[
        PlainError,
        PostApiWebhooksIdTestResponse403,
        PostApiWebhooksIdTestResponse404,
        PostApiWebhooksIdTestResponse409,
        PostApiWebhooksIdTestResponse429,
        PostApiWebhooksIdTestResponse500,
        PostApiWebhooksIdTestResponse503,
        ValidationError,
        WebhookTestResult,
    ]
]:
    """POST a signed test event of the chosen type (spec 6.4 flat test shape) to the endpoint now, and
    record it (Growth and Pro plans; at most 10 test events a minute per account).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (TestWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiWebhooksIdTestResponse403, PostApiWebhooksIdTestResponse404, PostApiWebhooksIdTestResponse409, PostApiWebhooksIdTestResponse429, PostApiWebhooksIdTestResponse500, PostApiWebhooksIdTestResponse503, ValidationError, WebhookTestResult]]
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
    body: TestWebhookRequest,
) -> Optional[
    Union[
        PlainError,
        PostApiWebhooksIdTestResponse403,
        PostApiWebhooksIdTestResponse404,
        PostApiWebhooksIdTestResponse409,
        PostApiWebhooksIdTestResponse429,
        PostApiWebhooksIdTestResponse500,
        PostApiWebhooksIdTestResponse503,
        ValidationError,
        WebhookTestResult,
    ]
]:
    """POST a signed test event of the chosen type (spec 6.4 flat test shape) to the endpoint now, and
    record it (Growth and Pro plans; at most 10 test events a minute per account).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (TestWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiWebhooksIdTestResponse403, PostApiWebhooksIdTestResponse404, PostApiWebhooksIdTestResponse409, PostApiWebhooksIdTestResponse429, PostApiWebhooksIdTestResponse500, PostApiWebhooksIdTestResponse503, ValidationError, WebhookTestResult]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
