from typing import Literal, cast

PostApiDomainsNameVerifyResponse404Error = Literal["not_found"]

POST_API_DOMAINS_NAME_VERIFY_RESPONSE_404_ERROR_VALUES: set[
    PostApiDomainsNameVerifyResponse404Error
] = {
    "not_found",
}


def check_post_api_domains_name_verify_response_404_error(
    value: str,
) -> PostApiDomainsNameVerifyResponse404Error:
    if value in POST_API_DOMAINS_NAME_VERIFY_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiDomainsNameVerifyResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_NAME_VERIFY_RESPONSE_404_ERROR_VALUES!r}"
    )
