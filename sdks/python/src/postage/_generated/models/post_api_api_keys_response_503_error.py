from typing import Literal, cast

PostApiApiKeysResponse503Error = Literal["service_unavailable"]

POST_API_API_KEYS_RESPONSE_503_ERROR_VALUES: set[PostApiApiKeysResponse503Error] = {
    "service_unavailable",
}


def check_post_api_api_keys_response_503_error(
    value: str,
) -> PostApiApiKeysResponse503Error:
    if value in POST_API_API_KEYS_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiApiKeysResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_API_KEYS_RESPONSE_503_ERROR_VALUES!r}"
    )
