from typing import Literal, cast

PostApiDomainsResponse404Error = Literal["not_found"]

POST_API_DOMAINS_RESPONSE_404_ERROR_VALUES: set[PostApiDomainsResponse404Error] = {
    "not_found",
}


def check_post_api_domains_response_404_error(
    value: str,
) -> PostApiDomainsResponse404Error:
    if value in POST_API_DOMAINS_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiDomainsResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_RESPONSE_404_ERROR_VALUES!r}"
    )
