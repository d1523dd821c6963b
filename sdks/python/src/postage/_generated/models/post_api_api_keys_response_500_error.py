from typing import Literal, cast

PostApiApiKeysResponse500Error = Literal["internal_error"]

POST_API_API_KEYS_RESPONSE_500_ERROR_VALUES: set[PostApiApiKeysResponse500Error] = {
    "internal_error",
}


def check_post_api_api_keys_response_500_error(
    value: str,
) -> PostApiApiKeysResponse500Error:
    if value in POST_API_API_KEYS_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiApiKeysResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_API_KEYS_RESPONSE_500_ERROR_VALUES!r}"
    )
