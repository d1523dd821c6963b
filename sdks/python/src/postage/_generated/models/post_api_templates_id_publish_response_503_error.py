from typing import Literal, cast

PostApiTemplatesIdPublishResponse503Error = Literal["service_unavailable"]

POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_503_ERROR_VALUES: set[
    PostApiTemplatesIdPublishResponse503Error
] = {
    "service_unavailable",
}


def check_post_api_templates_id_publish_response_503_error(
    value: str,
) -> PostApiTemplatesIdPublishResponse503Error:
    if value in POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiTemplatesIdPublishResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_503_ERROR_VALUES!r}"
    )
