from typing import Literal, cast

ByocValidationValidationCode = Literal[
    "assume_role_failed",
    "external_id_not_required",
    "missing_permission",
    "not_propagated",
    "ok",
    "sandbox",
    "sending_disabled",
    "ses_unreachable",
]

BYOC_VALIDATION_VALIDATION_CODE_VALUES: set[ByocValidationValidationCode] = {
    "assume_role_failed",
    "external_id_not_required",
    "missing_permission",
    "not_propagated",
    "ok",
    "sandbox",
    "sending_disabled",
    "ses_unreachable",
}


def check_byoc_validation_validation_code(value: str) -> ByocValidationValidationCode:
    if value in BYOC_VALIDATION_VALIDATION_CODE_VALUES:
        return cast(ByocValidationValidationCode, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BYOC_VALIDATION_VALIDATION_CODE_VALUES!r}"
    )
