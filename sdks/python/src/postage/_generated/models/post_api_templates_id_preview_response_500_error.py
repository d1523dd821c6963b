from typing import Literal, cast

PostApiTemplatesIdPreviewResponse500Error = Literal["internal_error"]

POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_500_ERROR_VALUES: set[
    PostApiTemplatesIdPreviewResponse500Error
] = {
    "internal_error",
}


def check_post_api_templates_id_preview_response_500_error(
    value: str,
) -> PostApiTemplatesIdPreviewResponse500Error:
    if value in POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_500_ERROR_VALUES:
        return cast(PostApiTemplatesIdPreviewResponse500Error, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_API_TEMPLATES_ID_PREVIEW_RESPONSE_500_ERROR_VALUES!r}"
    )
