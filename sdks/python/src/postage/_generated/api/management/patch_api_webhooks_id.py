from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.patch_api_webhooks_id_response_403 import PatchApiWebhooksIdResponse403
from ...models.patch_api_webhooks_id_response_404 import PatchApiWebhooksIdResponse404
from ...models.patch_api_webhooks_id_response_500 import PatchApiWebhooksIdResponse500
from ...models.patch_api_webhooks_id_response_503 import PatchApiWebhooksIdResponse503
from ...models.plain_error import PlainError
from ...models.update_webhook_request import UpdateWebhookRequest
from ...models.validation_error import ValidationError
from ...models.webhook import Webhook
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: UpdateWebhookRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/webhooks/{id}".format(
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
        PatchApiWebhooksIdResponse403,
        PatchApiWebhooksIdResponse404,
        PatchApiWebhooksIdResponse500,
        PatchApiWebhooksIdResponse503,
        PlainError,
        ValidationError,
        Webhook,
    ]
]:
    if response.status_code == 200:
        response_200 = Webhook.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PatchApiWebhooksIdResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PatchApiWebhooksIdResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = PatchApiWebhooksIdResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PatchApiWebhooksIdResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        PatchApiWebhooksIdResponse403,
        PatchApiWebhooksIdResponse404,
        PatchApiWebhooksIdResponse500,
        PatchApiWebhooksIdResponse503,
        PlainError,
        ValidationError,
        Webhook,
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
    body: UpdateWebhookRequest,
) -> Response[
    Union[
        PatchApiWebhooksIdResponse403,
        PatchApiWebhooksIdResponse404,
        PatchApiWebhooksIdResponse500,
        PatchApiWebhooksIdResponse503,
        PlainError,
        ValidationError,
        Webhook,
    ]
]:
    """Change the URL, the events or the active switch (Growth and Pro plans).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (UpdateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PatchApiWebhooksIdResponse403, PatchApiWebhooksIdResponse404, PatchApiWebhooksIdResponse500, PatchApiWebhooksIdResponse503, PlainError, ValidationError, Webhook]]
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
    body: UpdateWebhookRequest,
) -> Optional[
    Union[
        PatchApiWebhooksIdResponse403,
        PatchApiWebhooksIdResponse404,
        PatchApiWebhooksIdResponse500,
        PatchApiWebhooksIdResponse503,
        PlainError,
        ValidationError,
        Webhook,
    ]
]:
    """Change the URL, the events or the active switch (Growth and Pro plans).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (UpdateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PatchApiWebhooksIdResponse403, PatchApiWebhooksIdResponse404, PatchApiWebhooksIdResponse500, PatchApiWebhooksIdResponse503, PlainError, ValidationError, Webhook]
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
    body: UpdateWebhookRequest,
) -> Response[
    Union[
        PatchApiWebhooksIdResponse403,
        PatchApiWebhooksIdResponse404,
        PatchApiWebhooksIdResponse500,
        PatchApiWebhooksIdResponse503,
        PlainError,
        ValidationError,
        Webhook,
    ]
]:
    """Change the URL, the events or the active switch (Growth and Pro plans).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (UpdateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PatchApiWebhooksIdResponse403, PatchApiWebhooksIdResponse404, PatchApiWebhooksIdResponse500, PatchApiWebhooksIdResponse503, PlainError, ValidationError, Webhook]]
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
    body: UpdateWebhookRequest,
) -> Optional[
    Union[
        PatchApiWebhooksIdResponse403,
        PatchApiWebhooksIdResponse404,
        PatchApiWebhooksIdResponse500,
        PatchApiWebhooksIdResponse503,
        PlainError,
        ValidationError,
        Webhook,
    ]
]:
    """Change the URL, the events or the active switch (Growth and Pro plans).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (UpdateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PatchApiWebhooksIdResponse403, PatchApiWebhooksIdResponse404, PatchApiWebhooksIdResponse500, PatchApiWebhooksIdResponse503, PlainError, ValidationError, Webhook]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
