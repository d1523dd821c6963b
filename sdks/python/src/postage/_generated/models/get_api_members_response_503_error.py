from typing import Literal, cast

GetApiMembersResponse503Error = Literal["service_unavailable"]

GET_API_MEMBERS_RESPONSE_503_ERROR_VALUES: set[GetApiMembersResponse503Error] = {
    "service_unavailable",
}


def check_get_api_members_response_503_error(
    value: str,
) -> GetApiMembersResponse503Error:
    if value in GET_API_MEMBERS_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiMembersResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_MEMBERS_RESPONSE_503_ERROR_VALUES!r}"
    )
