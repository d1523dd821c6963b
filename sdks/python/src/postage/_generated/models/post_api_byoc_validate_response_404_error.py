from typing import Literal, cast

PostApiByocValidateResponse404Error = Literal["not_found"]

POST_API_BYOC_VALIDATE_RESPONSE_404_ERROR_VALUES: set[
    PostApiByocValidateResponse404Error
] = {
    "not_found",
}


def check_post_api_byoc_validate_response_404_error(
    value: str,
) -> PostApiByocValidateResponse404Error:
    if value in POST_API_BYOC_VALIDATE_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiByocValidateResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_BYOC_VALIDATE_RESPONSE_404_ERROR_VALUES!r}"
    )
