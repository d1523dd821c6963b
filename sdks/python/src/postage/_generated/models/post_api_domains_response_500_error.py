from typing import Literal, cast

PostApiDomainsResponse500Error = Literal["internal_error"]

POST_API_DOMAINS_RESPONSE_500_ERROR_VALUES: set[PostApiDomainsResponse500Error] = {
    "internal_error",
}


def check_post_api_domains_response_500_error(
    value: str,
) -> PostApiDomainsResponse500Error:
    if value in POST_API_DOMAINS_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiDomainsResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_RESPONSE_500_ERROR_VALUES!r}"
    )
