from typing import Literal, cast

GetApiMembersResponse404Error = Literal["not_found"]

GET_API_MEMBERS_RESPONSE_404_ERROR_VALUES: set[GetApiMembersResponse404Error] = {
    "not_found",
}


def check_get_api_members_response_404_error(
    value: str,
) -> GetApiMembersResponse404Error:
    if value in GET_API_MEMBERS_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiMembersResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_MEMBERS_RESPONSE_404_ERROR_VALUES!r}"
    )
