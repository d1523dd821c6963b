from typing import Literal, cast

SesEventAnswerRoute = Literal["duplicate", "late", "signalled", "unknown_message"]

SES_EVENT_ANSWER_ROUTE_VALUES: set[SesEventAnswerRoute] = {
    "duplicate",
    "late",
    "signalled",
    "unknown_message",
}


def check_ses_event_answer_route(value: str) -> SesEventAnswerRoute:
    if value in SES_EVENT_ANSWER_ROUTE_VALUES:
        return cast(SesEventAnswerRoute, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SES_EVENT_ANSWER_ROUTE_VALUES!r}"
    )
