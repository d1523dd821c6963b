from typing import Literal, cast

ByocSavedValidationCode = Literal[
    "assume_role_failed",
    "external_id_not_required",
    "missing_permission",
    "not_propagated",
    "ok",
    "sandbox",
    "sending_disabled",
    "ses_unreachable",
]

BYOC_SAVED_VALIDATION_CODE_VALUES: set[ByocSavedValidationCode] = {
    "assume_role_failed",
    "external_id_not_required",
    "missing_permission",
    "not_propagated",
    "ok",
    "sandbox",
    "sending_disabled",
    "ses_unreachable",
}


def check_byoc_saved_validation_code(value: str) -> ByocSavedValidationCode:
    if value in BYOC_SAVED_VALIDATION_CODE_VALUES:
        return cast(ByocSavedValidationCode, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BYOC_SAVED_VALIDATION_CODE_VALUES!r}"
    )
