from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_domain_request import CreateDomainRequest
from ...models.domain import Domain
from ...models.plain_error import PlainError
from ...models.post_api_domains_response_403 import PostApiDomainsResponse403
from ...models.post_api_domains_response_404 import PostApiDomainsResponse404
from ...models.post_api_domains_response_409 import PostApiDomainsResponse409
from ...models.post_api_domains_response_500 import PostApiDomainsResponse500
from ...models.post_api_domains_response_503 import PostApiDomainsResponse503
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    *,
    body: CreateDomainRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/domains",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        Domain,
        PlainError,
        PostApiDomainsResponse403,
        PostApiDomainsResponse404,
        PostApiDomainsResponse409,
        PostApiDomainsResponse500,
        PostApiDomainsResponse503,
        ValidationError,
    ]
]:
    if response.status_code == 201:
        response_201 = Domain.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiDomainsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiDomainsResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = PostApiDomainsResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 500:
        response_500 = PostApiDomainsResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PostApiDomainsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        Domain,
        PlainError,
        PostApiDomainsResponse403,
        PostApiDomainsResponse404,
        PostApiDomainsResponse409,
        PostApiDomainsResponse500,
        PostApiDomainsResponse503,
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
    *,
    client: AuthenticatedClient,
    body: CreateDomainRequest,
) -> Response[
    Union[
        Domain,
        PlainError,
        PostApiDomainsResponse403,
        PostApiDomainsResponse404,
        PostApiDomainsResponse409,
        PostApiDomainsResponse500,
        PostApiDomainsResponse503,
        ValidationError,
    ]
]:
    """Claim a domain (mode fixed for good); answers with the records to publish: the ownership TXT, MAIL
    FROM MX and SPF, DMARC. The 3 DKIM CNAMEs follow once ownership is verified. Other accounts’ claims
    of the name change nothing in the answer; the first account to verify ownership wins the name.
    Unverified claims expire (`expires_at`).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateDomainRequest): A `byoc` domain is a registrable domain, not a subdomain (400
            on `name`: the public suffix list decides, which a pattern cannot state).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[Domain, PlainError, PostApiDomainsResponse403, PostApiDomainsResponse404, PostApiDomainsResponse409, PostApiDomainsResponse500, PostApiDomainsResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateDomainRequest,
) -> Optional[
    Union[
        Domain,
        PlainError,
        PostApiDomainsResponse403,
        PostApiDomainsResponse404,
        PostApiDomainsResponse409,
        PostApiDomainsResponse500,
        PostApiDomainsResponse503,
        ValidationError,
    ]
]:
    """Claim a domain (mode fixed for good); answers with the records to publish: the ownership TXT, MAIL
    FROM MX and SPF, DMARC. The 3 DKIM CNAMEs follow once ownership is verified. Other accounts’ claims
    of the name change nothing in the answer; the first account to verify ownership wins the name.
    Unverified claims expire (`expires_at`).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateDomainRequest): A `byoc` domain is a registrable domain, not a subdomain (400
            on `name`: the public suffix list decides, which a pattern cannot state).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[Domain, PlainError, PostApiDomainsResponse403, PostApiDomainsResponse404, PostApiDomainsResponse409, PostApiDomainsResponse500, PostApiDomainsResponse503, ValidationError]
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateDomainRequest,
) -> Response[
    Union[
        Domain,
        PlainError,
        PostApiDomainsResponse403,
        PostApiDomainsResponse404,
        PostApiDomainsResponse409,
        PostApiDomainsResponse500,
        PostApiDomainsResponse503,
        ValidationError,
    ]
]:
    """Claim a domain (mode fixed for good); answers with the records to publish: the ownership TXT, MAIL
    FROM MX and SPF, DMARC. The 3 DKIM CNAMEs follow once ownership is verified. Other accounts’ claims
    of the name change nothing in the answer; the first account to verify ownership wins the name.
    Unverified claims expire (`expires_at`).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateDomainRequest): A `byoc` domain is a registrable domain, not a subdomain (400
            on `name`: the public suffix list decides, which a pattern cannot state).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[Domain, PlainError, PostApiDomainsResponse403, PostApiDomainsResponse404, PostApiDomainsResponse409, PostApiDomainsResponse500, PostApiDomainsResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateDomainRequest,
) -> Optional[
    Union[
        Domain,
        PlainError,
        PostApiDomainsResponse403,
        PostApiDomainsResponse404,
        PostApiDomainsResponse409,
        PostApiDomainsResponse500,
        PostApiDomainsResponse503,
        ValidationError,
    ]
]:
    """Claim a domain (mode fixed for good); answers with the records to publish: the ownership TXT, MAIL
    FROM MX and SPF, DMARC. The 3 DKIM CNAMEs follow once ownership is verified. Other accounts’ claims
    of the name change nothing in the answer; the first account to verify ownership wins the name.
    Unverified claims expire (`expires_at`).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        body (CreateDomainRequest): A `byoc` domain is a registrable domain, not a subdomain (400
            on `name`: the public suffix list decides, which a pattern cannot state).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[Domain, PlainError, PostApiDomainsResponse403, PostApiDomainsResponse404, PostApiDomainsResponse409, PostApiDomainsResponse500, PostApiDomainsResponse503, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
