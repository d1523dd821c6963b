from typing import Literal, cast

GetApiInvitationsResponse404Error = Literal["not_found"]

GET_API_INVITATIONS_RESPONSE_404_ERROR_VALUES: set[
    GetApiInvitationsResponse404Error
] = {
    "not_found",
}


def check_get_api_invitations_response_404_error(
    value: str,
) -> GetApiInvitationsResponse404Error:
    if value in GET_API_INVITATIONS_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiInvitationsResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_INVITATIONS_RESPONSE_404_ERROR_VALUES!r}"
    )
