from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.plain_error import PlainError
from ...models.post_api_webhooks_id_deliveries_delivery_id_replay_response_403 import (
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403,
)
from ...models.post_api_webhooks_id_deliveries_delivery_id_replay_response_404 import (
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404,
)
from ...models.post_api_webhooks_id_deliveries_delivery_id_replay_response_409 import (
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409,
)
from ...models.post_api_webhooks_id_deliveries_delivery_id_replay_response_429 import (
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429,
)
from ...models.post_api_webhooks_id_deliveries_delivery_id_replay_response_500 import (
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500,
)
from ...models.post_api_webhooks_id_deliveries_delivery_id_replay_response_503 import (
    PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503,
)
from ...models.validation_error import ValidationError
from ...models.webhook_replay_result import WebhookReplayResult
from ...types import Response


def _get_kwargs(
    id: str,
    delivery_id: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/webhooks/{id}/deliveries/{delivery_id}/replay".format(
            id=id,
            delivery_id=delivery_id,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        PlainError,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503,
        ValidationError,
        WebhookReplayResult,
    ]
]:
    if response.status_code == 200:
        response_200 = WebhookReplayResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403.from_dict(
            response.json()
        )

        return response_403

    if response.status_code == 404:
        response_404 = PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404.from_dict(
            response.json()
        )

        return response_404

    if response.status_code == 409:
        response_409 = PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409.from_dict(
            response.json()
        )

        return response_409

    if response.status_code == 429:
        response_429 = PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429.from_dict(
            response.json()
        )

        return response_429

    if response.status_code == 500:
        response_500 = PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500.from_dict(
            response.json()
        )

        return response_500

    if response.status_code == 503:
        response_503 = PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503.from_dict(
            response.json()
        )

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
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503,
        ValidationError,
        WebhookReplayResult,
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
    delivery_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        PlainError,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503,
        ValidationError,
        WebhookReplayResult,
    ]
]:
    """Send a recorded delivery’s event again, now, as one attempt recorded as a replay (Growth and Pro
    plans; counts toward the 10 test events a minute). A message’s event is rebuilt from its log row
    (kept 14 days) and carries the same `webhook-id`; a test delivery is replayed as a new test event of
    its type.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503, ValidationError, WebhookReplayResult]]
    """

    kwargs = _get_kwargs(
        id=id,
        delivery_id=delivery_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        PlainError,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503,
        ValidationError,
        WebhookReplayResult,
    ]
]:
    """Send a recorded delivery’s event again, now, as one attempt recorded as a replay (Growth and Pro
    plans; counts toward the 10 test events a minute). A message’s event is rebuilt from its log row
    (kept 14 days) and carries the same `webhook-id`; a test delivery is replayed as a new test event of
    its type.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503, ValidationError, WebhookReplayResult]
    """

    return sync_detailed(
        id=id,
        delivery_id=delivery_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        PlainError,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503,
        ValidationError,
        WebhookReplayResult,
    ]
]:
    """Send a recorded delivery’s event again, now, as one attempt recorded as a replay (Growth and Pro
    plans; counts toward the 10 test events a minute). A message’s event is rebuilt from its log row
    (kept 14 days) and carries the same `webhook-id`; a test delivery is replayed as a new test event of
    its type.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PlainError, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503, ValidationError, WebhookReplayResult]]
    """

    kwargs = _get_kwargs(
        id=id,
        delivery_id=delivery_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        PlainError,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500,
        PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503,
        ValidationError,
        WebhookReplayResult,
    ]
]:
    """Send a recorded delivery’s event again, now, as one attempt recorded as a replay (Growth and Pro
    plans; counts toward the 10 test events a minute). A message’s event is rebuilt from its log row
    (kept 14 days) and carries the same `webhook-id`; a test delivery is replayed as a new test event of
    its type.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PlainError, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse403, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse404, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse409, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse429, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse500, PostApiWebhooksIdDeliveriesDeliveryIdReplayResponse503, ValidationError, WebhookReplayResult]
    """

    return (
        await asyncio_detailed(
            id=id,
            delivery_id=delivery_id,
            client=client,
        )
    ).parsed
