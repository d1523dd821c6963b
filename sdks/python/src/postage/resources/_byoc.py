"""``client.byoc``: sending through your own AWS account (a ``full_access`` key)."""

from __future__ import annotations

from .._base import Call
from .._generated.api.management import get_api_byoc as _get
from .._generated.api.management import get_api_byoc_cloudformation as _cloudformation
from .._generated.api.management import get_api_byoc_policy as _policy
from .._generated.api.management import post_api_byoc_validate as _validate
from .._generated.api.management import put_api_byoc as _save
from .._generated.models import Byoc as ByocConfiguration
from .._generated.models import ByocPolicy, ByocRequest, ByocSaved, ByocValidation, CloudFormationTemplate
from ._resource import AsyncResource, SyncResource

__all__ = ["Byoc", "AsyncByoc"]


def _save_call(role_arn: str, region: str) -> Call[ByocSaved]:
    return Call(_save._get_kwargs(body=ByocRequest.from_dict({"role_arn": role_arn, "region": region})), ByocSaved.from_dict)


class Byoc(SyncResource):
    def get(self) -> ByocConfiguration:
        """The BYOC configuration: role, region, ExternalId, state (``GET /api/byoc``)."""
        return self._client._request(Call(_get._get_kwargs(), ByocConfiguration.from_dict))

    def save(self, *, role_arn: str, region: str) -> ByocSaved:
        """Save the role and region and validate them (``PUT /api/byoc``)."""
        return self._client._request(_save_call(role_arn, region))

    def validate(self) -> ByocValidation:
        """Validate the saved role again (``POST /api/byoc/validate``)."""
        return self._client._request(Call(_validate._get_kwargs(), ByocValidation.from_dict))

    def policy(self) -> ByocPolicy:
        """The trust and permissions policies the role needs (``GET /api/byoc/policy``)."""
        return self._client._request(Call(_policy._get_kwargs(), ByocPolicy.from_dict))

    def cloudformation(self) -> CloudFormationTemplate:
        """A CloudFormation template that creates the role (``GET /api/byoc/cloudformation``)."""
        return self._client._request(Call(_cloudformation._get_kwargs(), CloudFormationTemplate.from_dict))


class AsyncByoc(AsyncResource):
    async def get(self) -> ByocConfiguration:
        """The BYOC configuration; see :meth:`Byoc.get`."""
        return await self._client._request(Call(_get._get_kwargs(), ByocConfiguration.from_dict))

    async def save(self, *, role_arn: str, region: str) -> ByocSaved:
        """Save the role and region; see :meth:`Byoc.save`."""
        return await self._client._request(_save_call(role_arn, region))

    async def validate(self) -> ByocValidation:
        """Validate the saved role again; see :meth:`Byoc.validate`."""
        return await self._client._request(Call(_validate._get_kwargs(), ByocValidation.from_dict))

    async def policy(self) -> ByocPolicy:
        """The policies the role needs; see :meth:`Byoc.policy`."""
        return await self._client._request(Call(_policy._get_kwargs(), ByocPolicy.from_dict))

    async def cloudformation(self) -> CloudFormationTemplate:
        """A CloudFormation template for the role; see :meth:`Byoc.cloudformation`."""
        return await self._client._request(Call(_cloudformation._get_kwargs(), CloudFormationTemplate.from_dict))
