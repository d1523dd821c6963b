from typing import Literal, cast

PostApiTemplatesIdPreviewResponse404Error = Literal["not_found"]

POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_404_ERROR_VALUES: set[
    PostApiTemplatesIdPreviewResponse404Error
] = {
    "not_found",
}


def check_post_api_templates_id_preview_response_404_error(
    value: str,
) -> PostApiTemplatesIdPreviewResponse404Error:
    if value in POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_404_ERROR_VALUES:
        return cast(PostApiTemplatesIdPreviewResponse404Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_404_ERROR_VALUES!r}"
    )
