from typing import Literal, cast

PostApiByocValidateResponse503Error = Literal["service_unavailable"]

POST_API_BYOC_VALIDATE_RESPONSE_503_ERROR_VALUES: set[
    PostApiByocValidateResponse503Error
] = {
    "service_unavailable",
}


def check_post_api_byoc_validate_response_503_error(
    value: str,
) -> PostApiByocValidateResponse503Error:
    if value in POST_API_BYOC_VALIDATE_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiByocValidateResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_BYOC_VALIDATE_RESPONSE_503_ERROR_VALUES!r}"
    )
