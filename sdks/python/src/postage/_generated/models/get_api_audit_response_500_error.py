from typing import Literal, cast

GetApiAuditResponse500Error = Literal["internal_error"]

GET_API_AUDIT_RESPONSE_500_ERROR_VALUES: set[GetApiAuditResponse500Error] = {
    "internal_error",
}


def check_get_api_audit_response_500_error(value: str) -> GetApiAuditResponse500Error:
    if value in GET_API_AUDIT_RESPONSE_500_ERROR_VALUES:
        return cast(GetApiAuditResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_AUDIT_RESPONSE_500_ERROR_VALUES!r}"
    )
