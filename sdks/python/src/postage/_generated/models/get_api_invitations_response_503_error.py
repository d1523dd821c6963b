from typing import Literal, cast

GetApiInvitationsResponse503Error = Literal["service_unavailable"]

GET_API_INVITATIONS_RESPONSE_503_ERROR_VALUES: set[
    GetApiInvitationsResponse503Error
] = {
    "service_unavailable",
}


def check_get_api_invitations_response_503_error(
    value: str,
) -> GetApiInvitationsResponse503Error:
    if value in GET_API_INVITATIONS_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiInvitationsResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_INVITATIONS_RESPONSE_503_ERROR_VALUES!r}"
    )
