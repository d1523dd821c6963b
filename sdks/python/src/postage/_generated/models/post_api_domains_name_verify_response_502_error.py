from typing import Literal, cast

PostApiDomainsNameVerifyResponse502Error = Literal["provider_error"]

POST_API_DOMAINS_NAME_VERIFY_RESPONSE_502_ERROR_VALUES: set[
    PostApiDomainsNameVerifyResponse502Error
] = {
    "provider_error",
}


def check_post_api_domains_name_verify_response_502_error(
    value: str,
) -> PostApiDomainsNameVerifyResponse502Error:
    if value in POST_API_DOMAINS_NAME_VERIFY_RESPONSE_502_ERROR_VALUES:
        return cast(PostApiDomainsNameVerifyResponse502Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_NAME_VERIFY_RESPONSE_502_ERROR_VALUES!r}"
    )
