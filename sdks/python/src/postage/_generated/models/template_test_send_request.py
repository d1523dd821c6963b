from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
)

from attrs import define as _attrs_define

from ..models.template_test_send_request_recipient import (
    TemplateTestSendRequestRecipient,
    check_template_test_send_request_recipient,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.template_test_send_request_variables import (
        TemplateTestSendRequestVariables,
    )


T = TypeVar("T", bound="TemplateTestSendRequest")


@_attrs_define
class TemplateTestSendRequest:
    """
    Attributes:
        from_email (str): A sender on a verified domain of the account.
        recipient (TemplateTestSendRequestRecipient): Which test recipient (on the test domain): its outcome is
            simulated, nothing leaves Postage.
        variables (Union[Unset, TemplateTestSendRequestVariables]): The values the template reads, by name (strings,
            numbers, booleans, lists, objects).
    """

    from_email: str
    recipient: TemplateTestSendRequestRecipient
    variables: Union[Unset, "TemplateTestSendRequestVariables"] = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_email = self.from_email

        recipient: str = self.recipient

        variables: Union[Unset, dict[str, Any]] = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from_email": from_email,
                "recipient": recipient,
            }
        )
        if variables is not UNSET:
            field_dict["variables"] = variables

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.template_test_send_request_variables import (
            TemplateTestSendRequestVariables,
        )

        d = dict(src_dict)
        from_email = d.pop("from_email")

        recipient = check_template_test_send_request_recipient(d.pop("recipient"))

        _variables = d.pop("variables", UNSET)
        variables: Union[Unset, TemplateTestSendRequestVariables]
        if isinstance(_variables, Unset):
            variables = UNSET
        else:
            variables = TemplateTestSendRequestVariables.from_dict(_variables)

        template_test_send_request = cls(
            from_email=from_email,
            recipient=recipient,
            variables=variables,
        )

        return template_test_send_request
