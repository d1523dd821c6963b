from typing import Literal, cast

PostApiSuppressionsResponse503Error = Literal["service_unavailable"]

POST_API_SUPPRESSIONS_RESPONSE_503_ERROR_VALUES: set[
    PostApiSuppressionsResponse503Error
] = {
    "service_unavailable",
}


def check_post_api_suppressions_response_503_error(
    value: str,
) -> PostApiSuppressionsResponse503Error:
    if value in POST_API_SUPPRESSIONS_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiSuppressionsResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_SUPPRESSIONS_RESPONSE_503_ERROR_VALUES!r}"
    )
