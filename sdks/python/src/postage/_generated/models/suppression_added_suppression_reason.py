from typing import Literal, cast

SuppressionAddedSuppressionReason = Literal["bounce", "complaint", "manual"]

SUPPRESSION_ADDED_SUPPRESSION_REASON_VALUES: set[SuppressionAddedSuppressionReason] = {
    "bounce",
    "complaint",
    "manual",
}


def check_suppression_added_suppression_reason(
    value: str,
) -> SuppressionAddedSuppressionReason:
    if value in SUPPRESSION_ADDED_SUPPRESSION_REASON_VALUES:
        return cast(SuppressionAddedSuppressionReason, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SUPPRESSION_ADDED_SUPPRESSION_REASON_VALUES!r}"
    )
