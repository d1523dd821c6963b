from typing import Literal, cast

PostApiTemplatesIdPublishResponse500Error = Literal["internal_error"]

POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_500_ERROR_VALUES: set[
    PostApiTemplatesIdPublishResponse500Error
] = {
    "internal_error",
}


def check_post_api_templates_id_publish_response_500_error(
    value: str,
) -> PostApiTemplatesIdPublishResponse500Error:
    if value in POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiTemplatesIdPublishResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_500_ERROR_VALUES!r}"
    )
