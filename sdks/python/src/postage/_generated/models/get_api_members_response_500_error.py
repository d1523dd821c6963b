from typing import Literal, cast

GetApiMembersResponse500Error = Literal["internal_error"]

GET_API_MEMBERS_RESPONSE_500_ERROR_VALUES: set[GetApiMembersResponse500Error] = {
    "internal_error",
}


def check_get_api_members_response_500_error(
    value: str,
) -> GetApiMembersResponse500Error:
    if value in GET_API_MEMBERS_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiMembersResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_MEMBERS_RESPONSE_500_ERROR_VALUES!r}"
    )
