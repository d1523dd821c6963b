from typing import Literal, cast

PostApiDomainsNameVerifyResponse500Error = Literal["internal_error"]

POST_API_DOMAINS_NAME_VERIFY_RESPONSE_500_ERROR_VALUES: set[
    PostApiDomainsNameVerifyResponse500Error
] = {
    "internal_error",
}


def check_post_api_domains_name_verify_response_500_error(
    value: str,
) -> PostApiDomainsNameVerifyResponse500Error:
    if value in POST_API_DOMAINS_NAME_VERIFY_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiDomainsNameVerifyResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_NAME_VERIFY_RESPONSE_500_ERROR_VALUES!r}"
    )
