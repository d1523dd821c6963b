from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.domain_verification import DomainVerification
from ...models.plain_error import PlainError
from ...models.post_api_domains_name_verify_response_403 import (
    PostApiDomainsNameVerifyResponse403,
)
from ...models.post_api_domains_name_verify_response_404 import (
    PostApiDomainsNameVerifyResponse404,
)
from ...models.post_api_domains_name_verify_response_409 import (
    PostApiDomainsNameVerifyResponse409,
)
from ...models.post_api_domains_name_verify_response_500 import (
    PostApiDomainsNameVerifyResponse500,
)
from ...models.post_api_domains_name_verify_response_502 import (
    PostApiDomainsNameVerifyResponse502,
)
from ...models.post_api_domains_name_verify_response_503 import (
    PostApiDomainsNameVerifyResponse503,
)
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    name: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/domains/{name}/verify".format(
            name=name,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        DomainVerification,
        PlainError,
        PostApiDomainsNameVerifyResponse403,
        PostApiDomainsNameVerifyResponse404,
        PostApiDomainsNameVerifyResponse409,
        PostApiDomainsNameVerifyResponse500,
        PostApiDomainsNameVerifyResponse502,
        PostApiDomainsNameVerifyResponse503,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = DomainVerification.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiDomainsNameVerifyResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostApiDomainsNameVerifyResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = PostApiDomainsNameVerifyResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 500:
        response_500 = PostApiDomainsNameVerifyResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 502:
        response_502 = PostApiDomainsNameVerifyResponse502.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = PostApiDomainsNameVerifyResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        DomainVerification,
        PlainError,
        PostApiDomainsNameVerifyResponse403,
        PostApiDomainsNameVerifyResponse404,
        PostApiDomainsNameVerifyResponse409,
        PostApiDomainsNameVerifyResponse500,
        PostApiDomainsNameVerifyResponse502,
        PostApiDomainsNameVerifyResponse503,
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
    name: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        DomainVerification,
        PlainError,
        PostApiDomainsNameVerifyResponse403,
        PostApiDomainsNameVerifyResponse404,
        PostApiDomainsNameVerifyResponse409,
        PostApiDomainsNameVerifyResponse500,
        PostApiDomainsNameVerifyResponse502,
        PostApiDomainsNameVerifyResponse503,
        ValidationError,
    ]
]:
    """Check DNS: ownership (TXT), then DKIM (3 CNAMEs), plus the advisory records; says which required
    records are missing. Once ownership is verified the SES identity is created and the DKIM records are
    issued; other unverified claims of the name are released.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[DomainVerification, PlainError, PostApiDomainsNameVerifyResponse403, PostApiDomainsNameVerifyResponse404, PostApiDomainsNameVerifyResponse409, PostApiDomainsNameVerifyResponse500, PostApiDomainsNameVerifyResponse502, PostApiDomainsNameVerifyResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        DomainVerification,
        PlainError,
        PostApiDomainsNameVerifyResponse403,
        PostApiDomainsNameVerifyResponse404,
        PostApiDomainsNameVerifyResponse409,
        PostApiDomainsNameVerifyResponse500,
        PostApiDomainsNameVerifyResponse502,
        PostApiDomainsNameVerifyResponse503,
        ValidationError,
    ]
]:
    """Check DNS: ownership (TXT), then DKIM (3 CNAMEs), plus the advisory records; says which required
    records are missing. Once ownership is verified the SES identity is created and the DKIM records are
    issued; other unverified claims of the name are released.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[DomainVerification, PlainError, PostApiDomainsNameVerifyResponse403, PostApiDomainsNameVerifyResponse404, PostApiDomainsNameVerifyResponse409, PostApiDomainsNameVerifyResponse500, PostApiDomainsNameVerifyResponse502, PostApiDomainsNameVerifyResponse503, ValidationError]
    """

    return sync_detailed(
        name=name,
        client=client,
    ).parsed


async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        DomainVerification,
        PlainError,
        PostApiDomainsNameVerifyResponse403,
        PostApiDomainsNameVerifyResponse404,
        PostApiDomainsNameVerifyResponse409,
        PostApiDomainsNameVerifyResponse500,
        PostApiDomainsNameVerifyResponse502,
        PostApiDomainsNameVerifyResponse503,
        ValidationError,
    ]
]:
    """Check DNS: ownership (TXT), then DKIM (3 CNAMEs), plus the advisory records; says which required
    records are missing. Once ownership is verified the SES identity is created and the DKIM records are
    issued; other unverified claims of the name are released.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[DomainVerification, PlainError, PostApiDomainsNameVerifyResponse403, PostApiDomainsNameVerifyResponse404, PostApiDomainsNameVerifyResponse409, PostApiDomainsNameVerifyResponse500, PostApiDomainsNameVerifyResponse502, PostApiDomainsNameVerifyResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        DomainVerification,
        PlainError,
        PostApiDomainsNameVerifyResponse403,
        PostApiDomainsNameVerifyResponse404,
        PostApiDomainsNameVerifyResponse409,
        PostApiDomainsNameVerifyResponse500,
        PostApiDomainsNameVerifyResponse502,
        PostApiDomainsNameVerifyResponse503,
        ValidationError,
    ]
]:
    """Check DNS: ownership (TXT), then DKIM (3 CNAMEs), plus the advisory records; says which required
    records are missing. Once ownership is verified the SES identity is created and the DKIM records are
    issued; other unverified claims of the name are released.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[DomainVerification, PlainError, PostApiDomainsNameVerifyResponse403, PostApiDomainsNameVerifyResponse404, PostApiDomainsNameVerifyResponse409, PostApiDomainsNameVerifyResponse500, PostApiDomainsNameVerifyResponse502, PostApiDomainsNameVerifyResponse503, ValidationError]
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
        )
    ).parsed
