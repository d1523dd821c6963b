"""``client.templates``: stored templates, rendered at send time (``emails.send(template=...)``)."""

from __future__ import annotations

from typing import Any, AsyncIterator, Dict, Iterator, Mapping, Optional, Union

from .._base import Call, path_param
from .._generated.api.templates import delete_api_templates_id as _delete
from .._generated.api.templates import get_api_templates as _list
from .._generated.api.templates import get_api_templates_id as _get
from .._generated.api.templates import get_api_templates_id_versions as _versions
from .._generated.api.templates import patch_api_templates_id as _update
from .._generated.api.templates import post_api_templates as _create
from .._generated.api.templates import post_api_templates_id_preview as _preview
from .._generated.api.templates import post_api_templates_id_publish as _publish
from .._generated.api.templates import post_api_templates_id_test_send as _test_send
from .._generated.models import (
    CreateTemplateRequest,
    Deleted,
    PreviewTemplateRequest,
    Template,
    TemplateList,
    TemplateListTemplatesItem,
    TemplatePreview,
    TemplateTestSend,
    TemplateTestSendRequest,
    TemplateVersionList,
    UpdateTemplateRequest,
)
from .._generated.types import UNSET
from .._params import NOT_GIVEN, NotGiven, compact
from ._resource import AsyncResource, SyncResource

__all__ = ["Templates", "AsyncTemplates"]

_Nullable = Union[str, None, NotGiven]


def _nullable(fields: Dict[str, Any], **values: _Nullable) -> Dict[str, Any]:
    for name, value in values.items():
        if value is not NOT_GIVEN:
            fields[name] = value
    return fields


def _list_call(limit: Optional[int], cursor: Optional[str]) -> Call[TemplateList]:
    kwargs = _list._get_kwargs(limit=limit if limit is not None else UNSET, cursor=cursor if cursor is not None else UNSET)
    return Call(kwargs, TemplateList.from_dict)


def _create_call(name: str, subject: str, html: str, alias: _Nullable, text: _Nullable) -> Call[Template]:
    body = CreateTemplateRequest.from_dict(_nullable({"name": name, "subject": subject, "html": html}, alias=alias, text=text))
    return Call(_create._get_kwargs(body=body), Template.from_dict)


def _update_call(template_id: str, name: Optional[str], subject: Optional[str], html: Optional[str], alias: _Nullable, text: _Nullable) -> Call[Template]:
    body = UpdateTemplateRequest.from_dict(_nullable(compact(name=name, subject=subject, html=html), alias=alias, text=text))
    return Call(_update._get_kwargs(path_param(template_id), body=body), Template.from_dict)


def _preview_call(template_id: str, variables: Optional[Mapping[str, Any]], version: Optional[int]) -> Call[TemplatePreview]:
    body = PreviewTemplateRequest.from_dict(compact(variables=dict(variables) if variables is not None else None, version=version))
    return Call(_preview._get_kwargs(path_param(template_id), body=body), TemplatePreview.from_dict)


def _test_send_call(template_id: str, from_email: str, recipient: str, variables: Optional[Mapping[str, Any]]) -> Call[TemplateTestSend]:
    fields = compact(from_email=from_email, recipient=recipient, variables=dict(variables) if variables is not None else None)
    body = TemplateTestSendRequest.from_dict(fields)
    return Call(_test_send._get_kwargs(path_param(template_id), body=body), TemplateTestSend.from_dict)


class Templates(SyncResource):
    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> TemplateList:
        """One page of the account's templates (``GET /api/templates``). Pass ``next_cursor`` as
        ``cursor`` for the next page, or use :meth:`iterate`."""
        return self._client._request(_list_call(limit, cursor))

    def iterate(self, *, page_size: Optional[int] = None) -> Iterator[TemplateListTemplatesItem]:
        """Every template of the account: a generator that follows ``next_cursor``."""
        cursor: Optional[str] = None
        while True:
            page = self.list(limit=page_size, cursor=cursor)
            yield from page.templates
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    def create(self, *, name: str, subject: str, html: str, alias: _Nullable = NOT_GIVEN, text: _Nullable = NOT_GIVEN) -> Template:
        """Create a template (a draft: :meth:`publish` it to send it)."""
        return self._client._request(_create_call(name, subject, html, alias, text))

    def get(self, template_id: str) -> Template:
        """One template by id or alias, with its draft (``GET /api/templates/{id}``)."""
        return self._client._request(Call(_get._get_kwargs(path_param(template_id)), Template.from_dict))

    def update(
        self,
        template_id: str,
        *,
        name: Optional[str] = None,
        subject: Optional[str] = None,
        html: Optional[str] = None,
        alias: _Nullable = NOT_GIVEN,
        text: _Nullable = NOT_GIVEN,
    ) -> Template:
        """Change the draft (``alias=None`` or ``text=None`` clears them)."""
        return self._client._request(_update_call(template_id, name, subject, html, alias, text))

    def delete(self, template_id: str) -> Deleted:
        """Delete a template (``DELETE /api/templates/{id}``)."""
        return self._client._request(Call(_delete._get_kwargs(path_param(template_id)), Deleted.from_dict))

    def publish(self, template_id: str) -> Template:
        """Publish the draft as the next version: sends use it from now on."""
        return self._client._request(Call(_publish._get_kwargs(path_param(template_id)), Template.from_dict))

    def versions(self, template_id: str) -> TemplateVersionList:
        """The published versions (``GET /api/templates/{id}/versions``)."""
        return self._client._request(Call(_versions._get_kwargs(path_param(template_id)), TemplateVersionList.from_dict))

    def preview(self, template_id: str, *, variables: Optional[Mapping[str, Any]] = None, version: Optional[int] = None) -> TemplatePreview:
        """Render the draft (or ``version``) with ``variables``; nothing is sent."""
        return self._client._request(_preview_call(template_id, variables, version))

    def test_send(self, template_id: str, *, from_email: str, recipient: str, variables: Optional[Mapping[str, Any]] = None) -> TemplateTestSend:
        """Send the draft to a test recipient (``"delivered"``, ``"bounce"`` or ``"complaint"``)."""
        return self._client._request(_test_send_call(template_id, from_email, recipient, variables))


class AsyncTemplates(AsyncResource):
    async def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> TemplateList:
        """One page of the account's templates; see :meth:`Templates.list`."""
        return await self._client._request(_list_call(limit, cursor))

    async def iterate(self, *, page_size: Optional[int] = None) -> AsyncIterator[TemplateListTemplatesItem]:
        """Every template of the account (``async for``); see :meth:`Templates.iterate`."""
        cursor: Optional[str] = None
        while True:
            page = await self.list(limit=page_size, cursor=cursor)
            for template in page.templates:
                yield template
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    async def create(self, *, name: str, subject: str, html: str, alias: _Nullable = NOT_GIVEN, text: _Nullable = NOT_GIVEN) -> Template:
        """Create a template; see :meth:`Templates.create`."""
        return await self._client._request(_create_call(name, subject, html, alias, text))

    async def get(self, template_id: str) -> Template:
        """One template; see :meth:`Templates.get`."""
        return await self._client._request(Call(_get._get_kwargs(path_param(template_id)), Template.from_dict))

    async def update(
        self,
        template_id: str,
        *,
        name: Optional[str] = None,
        subject: Optional[str] = None,
        html: Optional[str] = None,
        alias: _Nullable = NOT_GIVEN,
        text: _Nullable = NOT_GIVEN,
    ) -> Template:
        """Change the draft; see :meth:`Templates.update`."""
        return await self._client._request(_update_call(template_id, name, subject, html, alias, text))

    async def delete(self, template_id: str) -> Deleted:
        """Delete a template; see :meth:`Templates.delete`."""
        return await self._client._request(Call(_delete._get_kwargs(path_param(template_id)), Deleted.from_dict))

    async def publish(self, template_id: str) -> Template:
        """Publish the draft; see :meth:`Templates.publish`."""
        return await self._client._request(Call(_publish._get_kwargs(path_param(template_id)), Template.from_dict))

    async def versions(self, template_id: str) -> TemplateVersionList:
        """The published versions; see :meth:`Templates.versions`."""
        return await self._client._request(Call(_versions._get_kwargs(path_param(template_id)), TemplateVersionList.from_dict))

    async def preview(self, template_id: str, *, variables: Optional[Mapping[str, Any]] = None, version: Optional[int] = None) -> TemplatePreview:
        """Render without sending; see :meth:`Templates.preview`."""
        return await self._client._request(_preview_call(template_id, variables, version))

    async def test_send(self, template_id: str, *, from_email: str, recipient: str, variables: Optional[Mapping[str, Any]] = None) -> TemplateTestSend:
        """Send the draft to a test recipient; see :meth:`Templates.test_send`."""
        return await self._client._request(_test_send_call(template_id, from_email, recipient, variables))
