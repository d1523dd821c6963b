from typing import Literal, cast

PostApiSuppressionsResponse500Error = Literal["internal_error"]

POST_API_SUPPRESSIONS_RESPONSE_500_ERROR_VALUES: set[
    PostApiSuppressionsResponse500Error
] = {
    "internal_error",
}


def check_post_api_suppressions_response_500_error(
    value: str,
) -> PostApiSuppressionsResponse500Error:
    if value in POST_API_SUPPRESSIONS_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiSuppressionsResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_SUPPRESSIONS_RESPONSE_500_ERROR_VALUES!r}"
    )
