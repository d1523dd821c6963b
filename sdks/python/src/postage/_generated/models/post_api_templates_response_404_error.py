from typing import Literal, cast

PostApiTemplatesResponse404Error = Literal["not_found"]

POST_API_TEMPLATES_RESPONSE_404_ERROR_VALUES: set[PostApiTemplatesResponse404Error] = {
    "not_found",
}


def check_post_api_templates_response_404_error(
    value: str,
) -> PostApiTemplatesResponse404Error:
    if value in POST_API_TEMPLATES_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiTemplatesResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_RESPONSE_404_ERROR_VALUES!r}"
    )
