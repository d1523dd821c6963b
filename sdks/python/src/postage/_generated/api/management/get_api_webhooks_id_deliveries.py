from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_api_webhooks_id_deliveries_response_403 import (
    GetApiWebhooksIdDeliveriesResponse403,
)
from ...models.get_api_webhooks_id_deliveries_response_404 import (
    GetApiWebhooksIdDeliveriesResponse404,
)
from ...models.get_api_webhooks_id_deliveries_response_500 import (
    GetApiWebhooksIdDeliveriesResponse500,
)
from ...models.get_api_webhooks_id_deliveries_response_503 import (
    GetApiWebhooksIdDeliveriesResponse503,
)
from ...models.plain_error import PlainError
from ...models.validation_error import ValidationError
from ...models.webhook_deliveries import WebhookDeliveries
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    limit: Union[Unset, int] = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/webhooks/{id}/deliveries".format(
            id=id,
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        GetApiWebhooksIdDeliveriesResponse403,
        GetApiWebhooksIdDeliveriesResponse404,
        GetApiWebhooksIdDeliveriesResponse500,
        GetApiWebhooksIdDeliveriesResponse503,
        PlainError,
        ValidationError,
        WebhookDeliveries,
    ]
]:
    if response.status_code == 200:
        response_200 = WebhookDeliveries.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetApiWebhooksIdDeliveriesResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetApiWebhooksIdDeliveriesResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = GetApiWebhooksIdDeliveriesResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = GetApiWebhooksIdDeliveriesResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        GetApiWebhooksIdDeliveriesResponse403,
        GetApiWebhooksIdDeliveriesResponse404,
        GetApiWebhooksIdDeliveriesResponse500,
        GetApiWebhooksIdDeliveriesResponse503,
        PlainError,
        ValidationError,
        WebhookDeliveries,
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
    limit: Union[Unset, int] = UNSET,
) -> Response[
    Union[
        GetApiWebhooksIdDeliveriesResponse403,
        GetApiWebhooksIdDeliveriesResponse404,
        GetApiWebhooksIdDeliveriesResponse500,
        GetApiWebhooksIdDeliveriesResponse503,
        PlainError,
        ValidationError,
        WebhookDeliveries,
    ]
]:
    """Recent delivery attempts, newest first.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):
        limit (Union[Unset, int]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[GetApiWebhooksIdDeliveriesResponse403, GetApiWebhooksIdDeliveriesResponse404, GetApiWebhooksIdDeliveriesResponse500, GetApiWebhooksIdDeliveriesResponse503, PlainError, ValidationError, WebhookDeliveries]]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: Union[Unset, int] = UNSET,
) -> Optional[
    Union[
        GetApiWebhooksIdDeliveriesResponse403,
        GetApiWebhooksIdDeliveriesResponse404,
        GetApiWebhooksIdDeliveriesResponse500,
        GetApiWebhooksIdDeliveriesResponse503,
        PlainError,
        ValidationError,
        WebhookDeliveries,
    ]
]:
    """Recent delivery attempts, newest first.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):
        limit (Union[Unset, int]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[GetApiWebhooksIdDeliveriesResponse403, GetApiWebhooksIdDeliveriesResponse404, GetApiWebhooksIdDeliveriesResponse500, GetApiWebhooksIdDeliveriesResponse503, PlainError, ValidationError, WebhookDeliveries]
    """

    return sync_detailed(
        id=id,
        client=client,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: Union[Unset, int] = UNSET,
) -> Response[
    Union[
        GetApiWebhooksIdDeliveriesResponse403,
        GetApiWebhooksIdDeliveriesResponse404,
        GetApiWebhooksIdDeliveriesResponse500,
        GetApiWebhooksIdDeliveriesResponse503,
        PlainError,
        ValidationError,
        WebhookDeliveries,
    ]
]:
    """Recent delivery attempts, newest first.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):
        limit (Union[Unset, int]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[GetApiWebhooksIdDeliveriesResponse403, GetApiWebhooksIdDeliveriesResponse404, GetApiWebhooksIdDeliveriesResponse500, GetApiWebhooksIdDeliveriesResponse503, PlainError, ValidationError, WebhookDeliveries]]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: Union[Unset, int] = UNSET,
) -> Optional[
    Union[
        GetApiWebhooksIdDeliveriesResponse403,
        GetApiWebhooksIdDeliveriesResponse404,
        GetApiWebhooksIdDeliveriesResponse500,
        GetApiWebhooksIdDeliveriesResponse503,
        PlainError,
        ValidationError,
        WebhookDeliveries,
    ]
]:
    """Recent delivery attempts, newest first.

     Any member of the account (every role), or a full_access API key.

    Args:
        id (str):
        limit (Union[Unset, int]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[GetApiWebhooksIdDeliveriesResponse403, GetApiWebhooksIdDeliveriesResponse404, GetApiWebhooksIdDeliveriesResponse500, GetApiWebhooksIdDeliveriesResponse503, PlainError, ValidationError, WebhookDeliveries]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            limit=limit,
        )
    ).parsed
