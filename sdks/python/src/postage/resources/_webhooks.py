"""``client.webhooks``: webhook endpoints, their deliveries, test events, replays and secret
rotation (a ``full_access`` key), and :meth:`Webhooks.verify` for a delivery you received (no
key needed; see :mod:`postage.webhooks`)."""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from .._base import Call, path_param
from .._generated.api.management import delete_api_webhooks_id as _delete
from .._generated.api.management import get_api_webhooks as _list
from .._generated.api.management import get_api_webhooks_id_deliveries as _deliveries
from .._generated.api.management import patch_api_webhooks_id as _update
from .._generated.api.management import post_api_webhooks as _create
from .._generated.api.management import post_api_webhooks_id_deliveries_delivery_id_replay as _replay
from .._generated.api.management import post_api_webhooks_id_rotate_secret as _rotate
from .._generated.api.management import post_api_webhooks_id_test as _test
from .._generated.models import (
    CreatedWebhook,
    CreateWebhookRequest,
    Deleted,
    RotatedSecret,
    TestWebhookRequest,
    UpdateWebhookRequest,
    Webhook,
    WebhookDeliveries,
    WebhookList,
    WebhookReplayResult,
    WebhookTestResult,
)
from .._generated.types import UNSET
from .._params import compact
from ..webhooks import DEFAULT_TOLERANCE_SECONDS, Payload, Secrets, WebhookEvent
from ..webhooks import verify as _verify
from ._resource import AsyncResource, SyncResource

__all__ = ["Webhooks", "AsyncWebhooks"]


def _create_call(url: str, events: Sequence[str]) -> Call[CreatedWebhook]:
    body = CreateWebhookRequest.from_dict({"url": url, "events": list(events)})
    return Call(_create._get_kwargs(body=body), CreatedWebhook.from_dict)


def _update_call(webhook_id: str, url: Optional[str], events: Optional[Sequence[str]], active: Optional[bool]) -> Call[Webhook]:
    body = UpdateWebhookRequest.from_dict(compact(url=url, events=list(events) if events is not None else None, active=active))
    return Call(_update._get_kwargs(path_param(webhook_id), body=body), Webhook.from_dict)


def _deliveries_call(webhook_id: str, limit: Optional[int]) -> Call[WebhookDeliveries]:
    kwargs = _deliveries._get_kwargs(path_param(webhook_id), limit=limit if limit is not None else UNSET)
    return Call(kwargs, WebhookDeliveries.from_dict)


def _test_call(webhook_id: str, event_type: Optional[str]) -> Call[WebhookTestResult]:
    body = TestWebhookRequest.from_dict(compact(event_type=event_type))
    return Call(_test._get_kwargs(path_param(webhook_id), body=body), WebhookTestResult.from_dict)


def _replay_call(webhook_id: str, delivery_id: str) -> Call[WebhookReplayResult]:
    return Call(_replay._get_kwargs(path_param(webhook_id), path_param(delivery_id)), WebhookReplayResult.from_dict)


class Webhooks(SyncResource):
    def list(self) -> WebhookList:
        """The account's webhook endpoints (``GET /api/webhooks``)."""
        return self._client._request(Call(_list._get_kwargs(), WebhookList.from_dict))

    def create(self, *, url: str, events: Sequence[str]) -> CreatedWebhook:
        """Add an endpoint subscribed to ``events`` (``"email.sent"``, ``"email.delivered"``, ...).
        The answer's ``signing_secret`` is shown this once."""
        return self._client._request(_create_call(url, events))

    def update(self, webhook_id: str, *, url: Optional[str] = None, events: Optional[Sequence[str]] = None, active: Optional[bool] = None) -> Webhook:
        """Change an endpoint's URL, events, or switch it on or off (``PATCH /api/webhooks/{id}``)."""
        return self._client._request(_update_call(webhook_id, url, events, active))

    def delete(self, webhook_id: str) -> Deleted:
        """Delete an endpoint for good (``DELETE /api/webhooks/{id}``)."""
        return self._client._request(Call(_delete._get_kwargs(path_param(webhook_id)), Deleted.from_dict))

    def deliveries(self, webhook_id: str, *, limit: Optional[int] = None) -> WebhookDeliveries:
        """The endpoint's recent delivery attempts (``GET /api/webhooks/{id}/deliveries``)."""
        return self._client._request(_deliveries_call(webhook_id, limit))

    def test(self, webhook_id: str, *, event_type: Optional[str] = None) -> WebhookTestResult:
        """Post a signed test event (``event_type``, default the endpoint's first event) to it now,
        in the flat test-event shape, and return how it answered (``POST /api/webhooks/{id}/test``)."""
        return self._client._request(_test_call(webhook_id, event_type))

    def replay(self, webhook_id: str, delivery_id: str) -> WebhookReplayResult:
        """Send a recorded delivery's event again, once (same ``webhook-id``)."""
        return self._client._request(_replay_call(webhook_id, delivery_id))

    def rotate_secret(self, webhook_id: str) -> RotatedSecret:
        """A new signing secret (shown this once); for 24 hours deliveries carry a Standard
        Webhooks signature made with each of the two."""
        return self._client._request(Call(_rotate._get_kwargs(path_param(webhook_id)), RotatedSecret.from_dict))

    @staticmethod
    def verify(
        payload: Payload,
        headers: Mapping[str, Any],
        secret: Secrets,
        *,
        tolerance: float = DEFAULT_TOLERANCE_SECONDS,
        require_timestamp: bool = False,
        now: Optional[float] = None,
        insecure_signature_only: bool = False,
    ) -> WebhookEvent:
        """Checks a delivery your endpoint received (the raw body, its headers, the endpoint's
        signing secret, or ``[new, old]`` during a rotation) and returns its event; raises
        :class:`~postage.WebhookVerificationError` otherwise (the Standard Webhooks headers are
        required; ``insecure_signature_only=True`` also accepts ``X-Service-Signature`` alone,
        giving up replay protection). Also ``postage.webhooks.verify`` and
        ``Postage.verify_webhook``: no client or key needed."""
        return _verify(
            payload, headers, secret, tolerance=tolerance, require_timestamp=require_timestamp, now=now, insecure_signature_only=insecure_signature_only
        )


class AsyncWebhooks(AsyncResource):
    async def list(self) -> WebhookList:
        """The account's webhook endpoints; see :meth:`Webhooks.list`."""
        return await self._client._request(Call(_list._get_kwargs(), WebhookList.from_dict))

    async def create(self, *, url: str, events: Sequence[str]) -> CreatedWebhook:
        """Add an endpoint; see :meth:`Webhooks.create`."""
        return await self._client._request(_create_call(url, events))

    async def update(self, webhook_id: str, *, url: Optional[str] = None, events: Optional[Sequence[str]] = None, active: Optional[bool] = None) -> Webhook:
        """Change an endpoint; see :meth:`Webhooks.update`."""
        return await self._client._request(_update_call(webhook_id, url, events, active))

    async def delete(self, webhook_id: str) -> Deleted:
        """Delete an endpoint; see :meth:`Webhooks.delete`."""
        return await self._client._request(Call(_delete._get_kwargs(path_param(webhook_id)), Deleted.from_dict))

    async def deliveries(self, webhook_id: str, *, limit: Optional[int] = None) -> WebhookDeliveries:
        """The endpoint's recent deliveries; see :meth:`Webhooks.deliveries`."""
        return await self._client._request(_deliveries_call(webhook_id, limit))

    async def test(self, webhook_id: str, *, event_type: Optional[str] = None) -> WebhookTestResult:
        """Post a test event; see :meth:`Webhooks.test`."""
        return await self._client._request(_test_call(webhook_id, event_type))

    async def replay(self, webhook_id: str, delivery_id: str) -> WebhookReplayResult:
        """Replay a delivery; see :meth:`Webhooks.replay`."""
        return await self._client._request(_replay_call(webhook_id, delivery_id))

    async def rotate_secret(self, webhook_id: str) -> RotatedSecret:
        """A new signing secret; see :meth:`Webhooks.rotate_secret`."""
        return await self._client._request(Call(_rotate._get_kwargs(path_param(webhook_id)), RotatedSecret.from_dict))

    @staticmethod
    def verify(
        payload: Payload,
        headers: Mapping[str, Any],
        secret: Secrets,
        *,
        tolerance: float = DEFAULT_TOLERANCE_SECONDS,
        require_timestamp: bool = False,
        now: Optional[float] = None,
        insecure_signature_only: bool = False,
    ) -> WebhookEvent:
        """Checks a delivery (no I/O, so not awaited); see :meth:`Webhooks.verify`."""
        return _verify(
            payload, headers, secret, tolerance=tolerance, require_timestamp=require_timestamp, now=now, insecure_signature_only=insecure_signature_only
        )
