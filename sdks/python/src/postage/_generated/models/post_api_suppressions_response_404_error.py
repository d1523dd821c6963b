from typing import Literal, cast

PostApiSuppressionsResponse404Error = Literal["not_found"]

POST_API_SUPPRESSIONS_RESPONSE_404_ERROR_VALUES: set[
    PostApiSuppressionsResponse404Error
] = {
    "not_found",
}


def check_post_api_suppressions_response_404_error(
    value: str,
) -> PostApiSuppressionsResponse404Error:
    if value in POST_API_SUPPRESSIONS_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiSuppressionsResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_SUPPRESSIONS_RESPONSE_404_ERROR_VALUES!r}"
    )
