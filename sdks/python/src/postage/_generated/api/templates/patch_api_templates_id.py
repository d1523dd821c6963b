from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.patch_api_templates_id_response_403 import PatchApiTemplatesIdResponse403
from ...models.patch_api_templates_id_response_404 import PatchApiTemplatesIdResponse404
from ...models.patch_api_templates_id_response_409 import PatchApiTemplatesIdResponse409
from ...models.patch_api_templates_id_response_500 import PatchApiTemplatesIdResponse500
from ...models.patch_api_templates_id_response_503 import PatchApiTemplatesIdResponse503
from ...models.plain_error import PlainError
from ...models.template import Template
from ...models.update_template_request import UpdateTemplateRequest
from ...models.validation_error import ValidationError
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: UpdateTemplateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/templates/{id}".format(
            id=id,
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[
    Union[
        PatchApiTemplatesIdResponse403,
        PatchApiTemplatesIdResponse404,
        PatchApiTemplatesIdResponse409,
        PatchApiTemplatesIdResponse500,
        PatchApiTemplatesIdResponse503,
        PlainError,
        Template,
        ValidationError,
    ]
]:
    if response.status_code == 200:
        response_200 = Template.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ValidationError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlainError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PatchApiTemplatesIdResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PatchApiTemplatesIdResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = PatchApiTemplatesIdResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 500:
        response_500 = PatchApiTemplatesIdResponse500.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = PatchApiTemplatesIdResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[
    Union[
        PatchApiTemplatesIdResponse403,
        PatchApiTemplatesIdResponse404,
        PatchApiTemplatesIdResponse409,
        PatchApiTemplatesIdResponse500,
        PatchApiTemplatesIdResponse503,
        PlainError,
        Template,
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
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplateRequest,
) -> Response[
    Union[
        PatchApiTemplatesIdResponse403,
        PatchApiTemplatesIdResponse404,
        PatchApiTemplatesIdResponse409,
        PatchApiTemplatesIdResponse500,
        PatchApiTemplatesIdResponse503,
        PlainError,
        Template,
        ValidationError,
    ]
]:
    """Rename, change the alias (at once), or edit the draft (used by sends once published).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (UpdateTemplateRequest): Name and alias change at once; subject, html and text change
            the draft, which sends use once published.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PatchApiTemplatesIdResponse403, PatchApiTemplatesIdResponse404, PatchApiTemplatesIdResponse409, PatchApiTemplatesIdResponse500, PatchApiTemplatesIdResponse503, PlainError, Template, ValidationError]]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplateRequest,
) -> Optional[
    Union[
        PatchApiTemplatesIdResponse403,
        PatchApiTemplatesIdResponse404,
        PatchApiTemplatesIdResponse409,
        PatchApiTemplatesIdResponse500,
        PatchApiTemplatesIdResponse503,
        PlainError,
        Template,
        ValidationError,
    ]
]:
    """Rename, change the alias (at once), or edit the draft (used by sends once published).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (UpdateTemplateRequest): Name and alias change at once; subject, html and text change
            the draft, which sends use once published.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PatchApiTemplatesIdResponse403, PatchApiTemplatesIdResponse404, PatchApiTemplatesIdResponse409, PatchApiTemplatesIdResponse500, PatchApiTemplatesIdResponse503, PlainError, Template, ValidationError]
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplateRequest,
) -> Response[
    Union[
        PatchApiTemplatesIdResponse403,
        PatchApiTemplatesIdResponse404,
        PatchApiTemplatesIdResponse409,
        PatchApiTemplatesIdResponse500,
        PatchApiTemplatesIdResponse503,
        PlainError,
        Template,
        ValidationError,
    ]
]:
    """Rename, change the alias (at once), or edit the draft (used by sends once published).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (UpdateTemplateRequest): Name and alias change at once; subject, html and text change
            the draft, which sends use once published.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Union[PatchApiTemplatesIdResponse403, PatchApiTemplatesIdResponse404, PatchApiTemplatesIdResponse409, PatchApiTemplatesIdResponse500, PatchApiTemplatesIdResponse503, PlainError, Template, ValidationError]]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplateRequest,
) -> Optional[
    Union[
        PatchApiTemplatesIdResponse403,
        PatchApiTemplatesIdResponse404,
        PatchApiTemplatesIdResponse409,
        PatchApiTemplatesIdResponse500,
        PatchApiTemplatesIdResponse503,
        PlainError,
        Template,
        ValidationError,
    ]
]:
    """Rename, change the alias (at once), or edit the draft (used by sends once published).

     Members with the `developer` role or above, or a full_access API key (which acts as a developer);
    anyone else gets `403 insufficient_role`.

    Args:
        id (str):
        body (UpdateTemplateRequest): Name and alias change at once; subject, html and text change
            the draft, which sends use once published.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Union[PatchApiTemplatesIdResponse403, PatchApiTemplatesIdResponse404, PatchApiTemplatesIdResponse409, PatchApiTemplatesIdResponse500, PatchApiTemplatesIdResponse503, PlainError, Template, ValidationError]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
