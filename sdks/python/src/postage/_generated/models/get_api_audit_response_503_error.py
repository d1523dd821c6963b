from typing import Literal, cast

GetApiAuditResponse503Error = Literal["service_unavailable"]

GET_API_AUDIT_RESPONSE_503_ERROR_VALUES: set[GetApiAuditResponse503Error] = {
    "service_unavailable",
}


def check_get_api_audit_response_503_error(value: str) -> GetApiAuditResponse503Error:
    if value in GET_API_AUDIT_RESPONSE_503_ERROR_VALUES:
        return cast(GetApiAuditResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_API_AUDIT_RESPONSE_503_ERROR_VALUES!r}"
    )
