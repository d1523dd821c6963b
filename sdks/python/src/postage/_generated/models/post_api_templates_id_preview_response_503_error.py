from typing import Literal, cast

PostApiTemplatesIdPreviewResponse503Error = Literal["service_unavailable"]

POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_503_ERROR_VALUES: set[
    PostApiTemplatesIdPreviewResponse503Error
] = {
    "service_unavailable",
}


def check_post_api_templates_id_preview_response_503_error(
    value: str,
) -> PostApiTemplatesIdPreviewResponse503Error:
    if value in POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_503_ERROR_VALUES:
        return cast(PostApiTemplatesIdPreviewResponse503Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_503_ERROR_VALUES!r}"
    )
