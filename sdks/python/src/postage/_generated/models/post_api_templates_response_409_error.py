from typing import Literal, cast

PostApiTemplatesResponse409Error = Literal["template_alias_exists"]

POST_API_TEMPLATES_RESPONSE_409_ERROR_VALUES: set[PostApiTemplatesResponse409Error] = {
    "template_alias_exists",
}


def check_post_api_templates_response_409_error(
    value: str,
) -> PostApiTemplatesResponse409Error:
    if value in POST_API_TEMPLATES_RESPONSE_409_ERROR_VALUES:
        return cast(PostApiTemplatesResponse409Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_RESPONSE_409_ERROR_VALUES!r}"
    )
