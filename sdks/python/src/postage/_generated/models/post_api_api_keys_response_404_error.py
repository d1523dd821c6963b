from typing import Literal, cast

PostApiApiKeysResponse404Error = Literal["not_found"]

POST_API_API_KEYS_RESPONSE_404_ERROR_VALUES: set[PostApiApiKeysResponse404Error] = {
    "not_found",
}


def check_post_api_api_keys_response_404_error(
    value: str,
) -> PostApiApiKeysResponse404Error:
    if value in POST_API_API_KEYS_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiApiKeysResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_API_KEYS_RESPONSE_404_ERROR_VALUES!r}"
    )
