from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.email_schedule import EmailSchedule
from ...models.plain_error import PlainError
from ...models.post_api_emails_message_id_cancel_response_403 import (
    PostApiEmailsMessageIdCancelResponse403,
)
from ...models.post_api_emails_message_id_cancel_response_404 import (
    PostApiEmailsMessageIdCancelResponse404,
)
from ...models.post_api_emails_message_id_cancel_response_409 import (
    PostApiEmailsMessageIdCancelResponse409,
)
from ...models.post_api_emails_message_id_cancel_response_500 import (
    PostApiEmailsMessageIdCancelResponse500,
)
from ...models.post_api_emails_message_id_cancel_response_503 import (
    PostApiEmailsMessageIdCancelResponse503,
)
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    message_id: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/emails/{message_id}/cancel".format(
            message_id=message_id,
        ),
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        EmailSchedule,
        PlainError,
        PostApiEmailsMessageIdCancelResponse403,
        PostApiEmailsMessageIdCancelResponse404,
        PostApiEmailsMessageIdCancelResponse409,
        PostApiEmailsMessageIdCancelResponse500,
        PostApiEmailsMessageIdCancelResponse503,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = EmailSchedule.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostApiEmailsMessageIdCancelResponse403.from_dict(
            response.json()
        )

        return response_403

    if response.status_code == 404:
        response_404 = PostApiEmailsMessageIdCancelResponse404.from_dict(
            response.json()
        )

        return response_404

    if response.status_code == 409:
        response_409 = PostApiEmailsMessageIdCancelResponse409.from_dict(
            response.json()
        )

        return response_409

    if response.status_code == 500:
        response_500 = PostApiEmailsMessageIdCancelResponse500.from_dict(
            response.json()
        )

        return response_500

    if response.status_code == 503:
        response_503 = PostApiEmailsMessageIdCancelResponse503.from_dict(
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
        EmailSchedule,
        PlainError,
        PostApiEmailsMessageIdCancelResponse403,
        PostApiEmailsMessageIdCancelResponse404,
        PostApiEmailsMessageIdCancelResponse409,
        PostApiEmailsMessageIdCancelResponse500,
        PostApiEmailsMessageIdCancelResponse503,
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
    message_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        EmailSchedule,
        PlainError,
        PostApiEmailsMessageIdCancelResponse403,
        PostApiEmailsMessageIdCancelResponse404,
        PostApiEmailsMessageIdCancelResponse409,
        PostApiEmailsMessageIdCancelResponse500,
        PostApiEmailsMessageIdCancelResponse503,
        ValidationError,
    ]
]:
    """Cancel a scheduled email (shared or BYOC, by the `message_id` of its send answer): status
    `canceled`, the month’s count given back, its staged content deleted at once.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        message_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[EmailSchedule, PlainError, PostApiEmailsMessageIdCancelResponse403, PostApiEmailsMessageIdCancelResponse404, PostApiEmailsMessageIdCancelResponse409, PostApiEmailsMessageIdCancelResponse500, PostApiEmailsMessageIdCancelResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        message_id=message_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    message_id: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        EmailSchedule,
        PlainError,
        PostApiEmailsMessageIdCancelResponse403,
        PostApiEmailsMessageIdCancelResponse404,
        PostApiEmailsMessageIdCancelResponse409,
        PostApiEmailsMessageIdCancelResponse500,
        PostApiEmailsMessageIdCancelResponse503,
        ValidationError,
    ]
]:
    """Cancel a scheduled email (shared or BYOC, by the `message_id` of its send answer): status
    `canceled`, the month’s count given back, its staged content deleted at once.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        message_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[EmailSchedule, PlainError, PostApiEmailsMessageIdCancelResponse403, PostApiEmailsMessageIdCancelResponse404, PostApiEmailsMessageIdCancelResponse409, PostApiEmailsMessageIdCancelResponse500, PostApiEmailsMessageIdCancelResponse503, ValidationError]
    """

    return sync_detailed(
        message_id=message_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    message_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Union[
        EmailSchedule,
        PlainError,
        PostApiEmailsMessageIdCancelResponse403,
        PostApiEmailsMessageIdCancelResponse404,
        PostApiEmailsMessageIdCancelResponse409,
        PostApiEmailsMessageIdCancelResponse500,
        PostApiEmailsMessageIdCancelResponse503,
        ValidationError,
    ]
]:
    """Cancel a scheduled email (shared or BYOC, by the `message_id` of its send answer): status
    `canceled`, the month’s count given back, its staged content deleted at once.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        message_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[EmailSchedule, PlainError, PostApiEmailsMessageIdCancelResponse403, PostApiEmailsMessageIdCancelResponse404, PostApiEmailsMessageIdCancelResponse409, PostApiEmailsMessageIdCancelResponse500, PostApiEmailsMessageIdCancelResponse503, ValidationError]]
    """

    kwargs = _get_kwargs(
        message_id=message_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    message_id: str,
    *,
    client: AuthenticatedClient,
) -> Optional[
    Union[
        EmailSchedule,
        PlainError,
        PostApiEmailsMessageIdCancelResponse403,
        PostApiEmailsMessageIdCancelResponse404,
        PostApiEmailsMessageIdCancelResponse409,
        PostApiEmailsMessageIdCancelResponse500,
        PostApiEmailsMessageIdCancelResponse503,
        ValidationError,
    ]
]:
    """Cancel a scheduled email (shared or BYOC, by the `message_id` of its send answer): status
    `canceled`, the month’s count given back, its staged content deleted at once.

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        message_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[EmailSchedule, PlainError, PostApiEmailsMessageIdCancelResponse403, PostApiEmailsMessageIdCancelResponse404, PostApiEmailsMessageIdCancelResponse409, PostApiEmailsMessageIdCancelResponse500, PostApiEmailsMessageIdCancelResponse503, ValidationError]
    """

    return (
        await asyncio_detailed(
            message_id=message_id,
            client=client,
        )
    ).parsed
