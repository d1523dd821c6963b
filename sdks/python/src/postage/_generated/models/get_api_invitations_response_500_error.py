from typing import Literal, cast

GetApiInvitationsResponse500Error = Literal["internal_error"]

GET_API_INVITATIONS_RESPONSE_500_ERROR_VALUES: set[
    GetApiInvitationsResponse500Error
] = {
    "internal_error",
}


def check_get_api_invitations_response_500_error(
    value: str,
) -> GetApiInvitationsResponse500Error:
    if value in GET_API_INVITATIONS_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiInvitationsResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_INVITATIONS_RESPONSE_500_ERROR_VALUES!r}"
    )
