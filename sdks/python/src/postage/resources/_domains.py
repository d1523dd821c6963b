"""``client.domains``: the account's sending domains (a ``full_access`` key)."""

from __future__ import annotations

from .._base import Call, path_param
from .._generated.api.management import delete_api_domains_name as _delete
from .._generated.api.management import get_api_domains as _list
from .._generated.api.management import get_api_domains_name as _get
from .._generated.api.management import post_api_domains as _create
from .._generated.api.management import post_api_domains_name_verify as _verify
from .._generated.models import CreateDomainRequest, Deleted, Domain, DomainList, DomainVerification
from ._resource import AsyncResource, SyncResource

__all__ = ["Domains", "AsyncDomains"]


def _create_call(name: str, sending_mode: str) -> Call[Domain]:
    body = CreateDomainRequest.from_dict({"name": name, "sending_mode": sending_mode})
    return Call(_create._get_kwargs(body=body), Domain.from_dict)


class Domains(SyncResource):
    def list(self) -> DomainList:
        """The account's domains with their DNS records and state (``GET /api/domains``)."""
        return self._client._request(Call(_list._get_kwargs(), DomainList.from_dict))

    def create(self, *, name: str, sending_mode: str) -> Domain:
        """Add a domain (``sending_mode`` ``"shared"`` or ``"byoc"``, fixed for good); the answer lists the records to publish."""
        return self._client._request(_create_call(name, sending_mode))

    def get(self, name: str) -> Domain:
        """One domain (``GET /api/domains/{name}``)."""
        return self._client._request(Call(_get._get_kwargs(path_param(name)), Domain.from_dict))

    def verify(self, name: str) -> DomainVerification:
        """Check the domain's DNS records now: ownership first, then DKIM (``POST /api/domains/{name}/verify``)."""
        return self._client._request(Call(_verify._get_kwargs(path_param(name)), DomainVerification.from_dict))

    def delete(self, name: str) -> Deleted:
        """Delete a domain (``DELETE /api/domains/{name}``)."""
        return self._client._request(Call(_delete._get_kwargs(path_param(name)), Deleted.from_dict))


class AsyncDomains(AsyncResource):
    async def list(self) -> DomainList:
        """The account's domains; see :meth:`Domains.list`."""
        return await self._client._request(Call(_list._get_kwargs(), DomainList.from_dict))

    async def create(self, *, name: str, sending_mode: str) -> Domain:
        """Add a domain; see :meth:`Domains.create`."""
        return await self._client._request(_create_call(name, sending_mode))

    async def get(self, name: str) -> Domain:
        """One domain; see :meth:`Domains.get`."""
        return await self._client._request(Call(_get._get_kwargs(path_param(name)), Domain.from_dict))

    async def verify(self, name: str) -> DomainVerification:
        """Check the domain's DNS records now; see :meth:`Domains.verify`."""
        return await self._client._request(Call(_verify._get_kwargs(path_param(name)), DomainVerification.from_dict))

    async def delete(self, name: str) -> Deleted:
        """Delete a domain; see :meth:`Domains.delete`."""
        return await self._client._request(Call(_delete._get_kwargs(path_param(name)), Deleted.from_dict))
