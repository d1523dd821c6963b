from typing import Literal, cast

PostApiDomainsResponse409Error = Literal[
    "byoc_setup_required", "domain_exists", "too_many_pending_domains"
]

POST_API_DOMAINS_RESPONSE_409_ERROR_VALUES: set[PostApiDomainsResponse409Error] = {
    "byoc_setup_required",
    "domain_exists",
    "too_many_pending_domains",
}


def check_post_api_domains_response_409_error(
    value: str,
) -> PostApiDomainsResponse409Error:
    if value in POST_API_DOMAINS_RESPONSE_409_ERROR_VALUES:
        return cast(PostApiDomainsResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_RESPONSE_409_ERROR_VALUES!r}"
    )
