from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_record import AccountRecord
from ...models.me_response_500 import MeResponse500
from ...models.me_response_503 import MeResponse503
from ...models.plain_error import PlainError
from ...types import Response


def _get_kwargs() -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/me/",
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[Union[AccountRecord, MeResponse500, MeResponse503, PlainError]]:
    if response.status_code == 200:
        response_200 = AccountRecord.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 500:
        response_500 = MeResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = MeResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[Union[AccountRecord, MeResponse500, MeResponse503, PlainError]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Response[Union[AccountRecord, MeResponse500, MeResponse503, PlainError]]:
    """The key's account, plan, BYOC status, verified domains and this UTC month's usage

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[AccountRecord, MeResponse500, MeResponse503, PlainError]]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Optional[Union[AccountRecord, MeResponse500, MeResponse503, PlainError]]:
    """The key's account, plan, BYOC status, verified domains and this UTC month's usage

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[AccountRecord, MeResponse500, MeResponse503, PlainError]
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Response[Union[AccountRecord, MeResponse500, MeResponse503, PlainError]]:
    """The key's account, plan, BYOC status, verified domains and this UTC month's usage

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[AccountRecord, MeResponse500, MeResponse503, PlainError]]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Optional[Union[AccountRecord, MeResponse500, MeResponse503, PlainError]]:
    """The key's account, plan, BYOC status, verified domains and this UTC month's usage

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[AccountRecord, MeResponse500, MeResponse503, PlainError]
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
