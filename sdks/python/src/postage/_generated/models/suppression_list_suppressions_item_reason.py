from typing import Literal, cast

SuppressionListSuppressionsItemReason = Literal["bounce", "complaint", "manual"]

SUPPRESSION_LIST_SUPPRESSIONS_ITEM_REASON_VALUES: set[
    SuppressionListSuppressionsItemReason
] = {
    "bounce",
    "complaint",
    "manual",
}


def check_suppression_list_suppressions_item_reason(
    value: str,
) -> SuppressionListSuppressionsItemReason:
    if value in SUPPRESSION_LIST_SUPPRESSIONS_ITEM_REASON_VALUES:
        return cast(SuppressionListSuppressionsItemReason, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SUPPRESSION_LIST_SUPPRESSIONS_ITEM_REASON_VALUES!r}"
    )
