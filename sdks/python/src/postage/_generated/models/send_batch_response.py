from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.send_batch_response_data_item_type_0 import (
        SendBatchResponseDataItemType0,
    )
    from ..models.send_batch_response_data_item_type_1 import (
        SendBatchResponseDataItemType1,
    )
    from ..models.send_batch_response_data_item_type_2 import (
        SendBatchResponseDataItemType2,
    )


T = TypeVar("T", bound="SendBatchResponse")


@_attrs_define
class SendBatchResponse:
    """
    Attributes:
        success (Literal[True]):
        data (list[Union['SendBatchResponseDataItemType0', 'SendBatchResponseDataItemType1',
            'SendBatchResponseDataItemType2']]):
    """

    success: Literal[True]
    data: list[
        Union[
            "SendBatchResponseDataItemType0",
            "SendBatchResponseDataItemType1",
            "SendBatchResponseDataItemType2",
        ]
    ]

    def to_dict(self) -> dict[str, Any]:
        from ..models.send_batch_response_data_item_type_0 import (
            SendBatchResponseDataItemType0,
        )
        from ..models.send_batch_response_data_item_type_1 import (
            SendBatchResponseDataItemType1,
        )

        success = self.success

        data = []
        for data_item_data in self.data:
            data_item: dict[str, Any]
            if isinstance(data_item_data, SendBatchResponseDataItemType0):
                data_item = data_item_data.to_dict()
            elif isinstance(data_item_data, SendBatchResponseDataItemType1):
                data_item = data_item_data.to_dict()
            else:
                data_item = data_item_data.to_dict()

            data.append(data_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.send_batch_response_data_item_type_0 import (
            SendBatchResponseDataItemType0,
        )
        from ..models.send_batch_response_data_item_type_1 import (
            SendBatchResponseDataItemType1,
        )
        from ..models.send_batch_response_data_item_type_2 import (
            SendBatchResponseDataItemType2,
        )

        d = dict(src_dict)
        success = cast(Literal[True], d.pop("success"))
        if success != True:
            raise ValueError(f"success must match const True, got '{success}'")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:

            def _parse_data_item(
                data: object,
            ) -> Union[
                "SendBatchResponseDataItemType0",
                "SendBatchResponseDataItemType1",
                "SendBatchResponseDataItemType2",
            ]:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    data_item_type_0 = SendBatchResponseDataItemType0.from_dict(data)

                    return data_item_type_0
                except:  # noqa: E722
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    data_item_type_1 = SendBatchResponseDataItemType1.from_dict(data)

                    return data_item_type_1
                except:  # noqa: E722
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                data_item_type_2 = SendBatchResponseDataItemType2.from_dict(data)

                return data_item_type_2

            data_item = _parse_data_item(data_item_data)

            data.append(data_item)

        send_batch_response = cls(
            success=success,
            data=data,
        )

        return send_batch_response
