from typing import Literal, cast

SendBatchResponseDataItemType0Mode = Literal["byoc", "shared"]

SEND_BATCH_RESPONSE_DATA_ITEM_TYPE_0_MODE_VALUES: set[
    SendBatchResponseDataItemType0Mode
] = {
    "byoc",
    "shared",
}


def check_send_batch_response_data_item_type_0_mode(
    value: str,
) -> SendBatchResponseDataItemType0Mode:
    if value in SEND_BATCH_RESPONSE_DATA_ITEM_TYPE_0_MODE_VALUES:
        return cast(SendBatchResponseDataItemType0Mode, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_BATCH_RESPONSE_DATA_ITEM_TYPE_0_MODE_VALUES!r}"
    )
