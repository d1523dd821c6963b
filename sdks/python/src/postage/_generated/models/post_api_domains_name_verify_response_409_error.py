from typing import Literal, cast

PostApiDomainsNameVerifyResponse409Error = Literal[
    "byoc_setup_required", "domain_unavailable"
]

POST_API_DOMAINS_NAME_VERIFY_RESPONSE_409_ERROR_VALUES: set[
    PostApiDomainsNameVerifyResponse409Error
] = {
    "byoc_setup_required",
    "domain_unavailable",
}


def check_post_api_domains_name_verify_response_409_error(
    value: str,
) -> PostApiDomainsNameVerifyResponse409Error:
    if value in POST_API_DOMAINS_NAME_VERIFY_RESPONSE_409_ERROR_VALUES:
        return cast(PostApiDomainsNameVerifyResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_DOMAINS_NAME_VERIFY_RESPONSE_409_ERROR_VALUES!r}"
    )
