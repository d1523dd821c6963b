from typing import Literal, cast

PostApiTemplatesResponse500Error = Literal["internal_error"]

POST_API_TEMPLATES_RESPONSE_500_ERROR_VALUES: set[PostApiTemplatesResponse500Error] = {
    "internal_error",
}


def check_post_api_templates_response_500_error(
    value: str,
) -> PostApiTemplatesResponse500Error:
    if value in POST_API_TEMPLATES_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiTemplatesResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_RESPONSE_500_ERROR_VALUES!r}"
    )
