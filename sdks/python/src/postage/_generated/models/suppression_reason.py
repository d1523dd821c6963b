from typing import Literal, cast

SuppressionReason = Literal["bounce", "complaint", "manual"]

SUPPRESSION_REASON_VALUES: set[SuppressionReason] = {
    "bounce",
    "complaint",
    "manual",
}


def check_suppression_reason(value: str) -> SuppressionReason:
    if value in SUPPRESSION_REASON_VALUES:
        return cast(SuppressionReason, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SUPPRESSION_REASON_VALUES!r}"
    )
