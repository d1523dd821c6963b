from typing import Literal, cast

PostApiDomainsResponse503Error = Literal["service_unavailable"]

POST_API_DOMAINS_RESPONSE_503_ERROR_VALUES: set[PostApiDomainsResponse503Error] = {
    "service_unavailable",
}


def check_post_api_domains_response_503_error(
    value: str,
) -> PostApiDomainsResponse503Error:
    if value in POST_API_DOMAINS_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiDomainsResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_RESPONSE_503_ERROR_VALUES!r}"
    )
