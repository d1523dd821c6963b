from typing import Literal, cast

PostApiTemplatesIdPublishResponse404Error = Literal["not_found"]

POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_404_ERROR_VALUES: set[
    PostApiTemplatesIdPublishResponse404Error
] = {
    "not_found",
}


def check_post_api_templates_id_publish_response_404_error(
    value: str,
) -> PostApiTemplatesIdPublishResponse404Error:
    if value in POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiTemplatesIdPublishResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_PUBLISH_RESPONSE_404_ERROR_VALUES!r}"
    )
