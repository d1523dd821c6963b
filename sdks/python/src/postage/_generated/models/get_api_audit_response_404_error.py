from typing import Literal, cast

GetApiAuditResponse404Error = Literal["not_found"]

GET_API_AUDIT_RESPONSE_404_ERROR_VALUES: set[GetApiAuditResponse404Error] = {
    "not_found",
}


def check_get_api_audit_response_404_error(value: str) -> GetApiAuditResponse404Error:
    if value in GET_API_AUDIT_RESPONSE_404_ERROR_VALUES:
        return cast(GetApiAuditResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_AUDIT_RESPONSE_404_ERROR_VALUES!r}"
    )
