from typing import Literal, cast

PostApiDomainsNameVerifyResponse503Error = Literal["service_unavailable"]

POST_API_DOMAINS_NAME_VERIFY_RESPONSE_503_ERROR_VALUES: set[
    PostApiDomainsNameVerifyResponse503Error
] = {
    "service_unavailable",
}


def check_post_api_domains_name_verify_response_503_error(
    value: str,
) -> PostApiDomainsNameVerifyResponse503Error:
    if value in POST_API_DOMAINS_NAME_VERIFY_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiDomainsNameVerifyResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_NAME_VERIFY_RESPONSE_503_ERROR_VALUES!r}"
    )
