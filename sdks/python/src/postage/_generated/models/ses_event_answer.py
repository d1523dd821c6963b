from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

from ..models.ses_event_answer_route import (
    SesEventAnswerRoute,
    check_ses_event_answer_route,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SesEventAnswer")


@_attrs_define
class SesEventAnswer:
    """
    Attributes:
        success (Literal[True]):
        confirmed (Union[Literal[True], Unset]): A SubscriptionConfirmation was confirmed.
        route (Union[Unset, SesEventAnswerRoute]): Where the outcome went: the message's waiting workflow, a late-
            outcome workflow (or it already had one: an SNS redelivery), or nowhere (not one of ours).
        ignored (Union[Unset, str]): Why an event carries no outcome (an Open, a Send...).
    """

    success: Literal[True]
    confirmed: Union[Literal[True], Unset] = UNSET
    route: Union[Unset, SesEventAnswerRoute] = UNSET
    ignored: Union[Unset, str] = UNSET

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        confirmed = self.confirmed

        route: Union[Unset, str] = UNSET
        if not isinstance(self.route, Unset):
            route = self.route

        ignored = self.ignored

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
            }
        )
        if confirmed is not UNSET:
            field_dict["confirmed"] = confirmed
        if route is not UNSET:
            field_dict["route"] = route
        if ignored is not UNSET:
            field_dict["ignored"] = ignored

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = cast(Literal[True], d.pop("success"))
        if success != True:
            raise ValueError(f"success must match const True, got '{success}'")

        confirmed = cast(Union[Literal[True], Unset], d.pop("confirmed", UNSET))
        if confirmed != True and not isinstance(confirmed, Unset):
            raise ValueError(f"confirmed must match const True, got '{confirmed}'")

        _route = d.pop("route", UNSET)
        route: Union[Unset, SesEventAnswerRoute]
        if isinstance(_route, Unset):
            route = UNSET
        else:
            route = check_ses_event_answer_route(_route)

        ignored = d.pop("ignored", UNSET)

        ses_event_answer = cls(
            success=success,
            confirmed=confirmed,
            route=route,
            ignored=ignored,
        )

        return ses_event_answer
