from typing import Literal, cast

PostApiByocValidateResponse409Error = Literal["byoc_setup_required"]

POST_API_BYOC_VALIDATE_RESPONSE_409_ERROR_VALUES: set[
    PostApiByocValidateResponse409Error
] = {
    "byoc_setup_required",
}


def check_post_api_byoc_validate_response_409_error(
    value: str,
) -> PostApiByocValidateResponse409Error:
    if value in POST_API_BYOC_VALIDATE_RESPONSE_409_ERROR_VALUES:
        return cast(PostApiByocValidateResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_BYOC_VALIDATE_RESPONSE_409_ERROR_VALUES!r}"
    )
