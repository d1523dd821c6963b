import datetime
from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.email_list import EmailList
from ...models.get_api_emails_response_403 import GetApiEmailsResponse403
from ...models.get_api_emails_response_404 import GetApiEmailsResponse404
from ...models.get_api_emails_response_500 import GetApiEmailsResponse500
from ...models.get_api_emails_response_503 import GetApiEmailsResponse503
from ...models.get_api_emails_status import (
    GetApiEmailsStatus,
)
from ...models.plain_error import PlainError
from ...models.validation_error import ValidationError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: Union[Unset, GetApiEmailsStatus] = UNSET,
    recipient: Union[Unset, str] = UNSET,
    from_: Union[Unset, str] = UNSET,
    since: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    until: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    tag: Union[Unset, str] = UNSET,
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    json_status: Union[Unset, str] = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["recipient"] = recipient

    params["from"] = from_

    json_since: Union[Unset, str]
    if isinstance(since, Unset):
        json_since = UNSET
    elif isinstance(since, datetime.date):
        json_since = since.isoformat()
    else:
        json_since = since.isoformat()

    params["since"] = json_since

    json_until: Union[Unset, str]
    if isinstance(until, Unset):
        json_until = UNSET
    elif isinstance(until, datetime.date):
        json_until = until.isoformat()
    else:
        json_until = until.isoformat()

    params["until"] = json_until

    params["tag"] = tag

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/emails",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        EmailList,
        GetApiEmailsResponse403,
        GetApiEmailsResponse404,
        GetApiEmailsResponse500,
        GetApiEmailsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = EmailList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetApiEmailsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetApiEmailsResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = GetApiEmailsResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = GetApiEmailsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        EmailList,
        GetApiEmailsResponse403,
        GetApiEmailsResponse404,
        GetApiEmailsResponse500,
        GetApiEmailsResponse503,
        PlainError,
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
    status: Union[Unset, GetApiEmailsStatus] = UNSET,
    recipient: Union[Unset, str] = UNSET,
    from_: Union[Unset, str] = UNSET,
    since: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    until: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    tag: Union[Unset, str] = UNSET,
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> Response[
    Union[
        EmailList,
        GetApiEmailsResponse403,
        GetApiEmailsResponse404,
        GetApiEmailsResponse500,
        GetApiEmailsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The shared-mode email log, newest first (rows are kept 14 days).

     Any member of the account (every role), or a full_access API key.

    Args:
        status (Union[Unset, GetApiEmailsStatus]):
        recipient (Union[Unset, str]):
        from_ (Union[Unset, str]):
        since (Union[Unset, datetime.date, datetime.datetime]):
        until (Union[Unset, datetime.date, datetime.datetime]):
        tag (Union[Unset, str]):
        limit (Union[Unset, int]):
        cursor (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[EmailList, GetApiEmailsResponse403, GetApiEmailsResponse404, GetApiEmailsResponse500, GetApiEmailsResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs(
        status=status,
        recipient=recipient,
        from_=from_,
        since=since,
        until=until,
        tag=tag,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: Union[Unset, GetApiEmailsStatus] = UNSET,
    recipient: Union[Unset, str] = UNSET,
    from_: Union[Unset, str] = UNSET,
    since: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    until: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    tag: Union[Unset, str] = UNSET,
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> Optional[
    Union[
        EmailList,
        GetApiEmailsResponse403,
        GetApiEmailsResponse404,
        GetApiEmailsResponse500,
        GetApiEmailsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The shared-mode email log, newest first (rows are kept 14 days).

     Any member of the account (every role), or a full_access API key.

    Args:
        status (Union[Unset, GetApiEmailsStatus]):
        recipient (Union[Unset, str]):
        from_ (Union[Unset, str]):
        since (Union[Unset, datetime.date, datetime.datetime]):
        until (Union[Unset, datetime.date, datetime.datetime]):
        tag (Union[Unset, str]):
        limit (Union[Unset, int]):
        cursor (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[EmailList, GetApiEmailsResponse403, GetApiEmailsResponse404, GetApiEmailsResponse500, GetApiEmailsResponse503, PlainError, ValidationError]
    """

    return sync_detailed(
        client=client,
        status=status,
        recipient=recipient,
        from_=from_,
        since=since,
        until=until,
        tag=tag,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: Union[Unset, GetApiEmailsStatus] = UNSET,
    recipient: Union[Unset, str] = UNSET,
    from_: Union[Unset, str] = UNSET,
    since: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    until: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    tag: Union[Unset, str] = UNSET,
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> Response[
    Union[
        EmailList,
        GetApiEmailsResponse403,
        GetApiEmailsResponse404,
        GetApiEmailsResponse500,
        GetApiEmailsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The shared-mode email log, newest first (rows are kept 14 days).

     Any member of the account (every role), or a full_access API key.

    Args:
        status (Union[Unset, GetApiEmailsStatus]):
        recipient (Union[Unset, str]):
        from_ (Union[Unset, str]):
        since (Union[Unset, datetime.date, datetime.datetime]):
        until (Union[Unset, datetime.date, datetime.datetime]):
        tag (Union[Unset, str]):
        limit (Union[Unset, int]):
        cursor (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[EmailList, GetApiEmailsResponse403, GetApiEmailsResponse404, GetApiEmailsResponse500, GetApiEmailsResponse503, PlainError, ValidationError]]
    """

    kwargs = _get_kwargs(
        status=status,
        recipient=recipient,
        from_=from_,
        since=since,
        until=until,
        tag=tag,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: Union[Unset, GetApiEmailsStatus] = UNSET,
    recipient: Union[Unset, str] = UNSET,
    from_: Union[Unset, str] = UNSET,
    since: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    until: Union[Unset, datetime.date, datetime.datetime] = UNSET,
    tag: Union[Unset, str] = UNSET,
    limit: Union[Unset, int] = UNSET,
    cursor: Union[Unset, str] = UNSET,
) -> Optional[
    Union[
        EmailList,
        GetApiEmailsResponse403,
        GetApiEmailsResponse404,
        GetApiEmailsResponse500,
        GetApiEmailsResponse503,
        PlainError,
        ValidationError,
    ]
]:
    """The shared-mode email log, newest first (rows are kept 14 days).

     Any member of the account (every role), or a full_access API key.

    Args:
        status (Union[Unset, GetApiEmailsStatus]):
        recipient (Union[Unset, str]):
        from_ (Union[Unset, str]):
        since (Union[Unset, datetime.date, datetime.datetime]):
        until (Union[Unset, datetime.date, datetime.datetime]):
        tag (Union[Unset, str]):
        limit (Union[Unset, int]):
        cursor (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[EmailList, GetApiEmailsResponse403, GetApiEmailsResponse404, GetApiEmailsResponse500, GetApiEmailsResponse503, PlainError, ValidationError]
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            recipient=recipient,
            from_=from_,
            since=since,
            until=until,
            tag=tag,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
