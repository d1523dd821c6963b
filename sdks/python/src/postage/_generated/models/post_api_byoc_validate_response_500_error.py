from typing import Literal, cast

PostApiByocValidateResponse500Error = Literal["internal_error"]

POST_API_BYOC_VALIDATE_RESPONSE_500_ERROR_VALUES: set[
    PostApiByocValidateResponse500Error
] = {
    "internal_error",
}


def check_post_api_byoc_validate_response_500_error(
    value: str,
) -> PostApiByocValidateResponse500Error:
    if value in POST_API_BYOC_VALIDATE_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiByocValidateResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_BYOC_VALIDATE_RESPONSE_500_ERROR_VALUES!r}"
    )
