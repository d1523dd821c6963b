from typing import Literal, cast

PostApiTemplatesResponse503Error = Literal["service_unavailable"]

POST_API_TEMPLATES_RESPONSE_503_ERROR_VALUES: set[PostApiTemplatesResponse503Error] = {
    "service_unavailable",
}


def check_post_api_templates_response_503_error(
    value: str,
) -> PostApiTemplatesResponse503Error:
    if value in POST_API_TEMPLATES_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiTemplatesResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_RESPONSE_503_ERROR_VALUES!r}"
    )
