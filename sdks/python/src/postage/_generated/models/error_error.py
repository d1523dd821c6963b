from typing import Literal, cast

ErrorError = Literal[
    "attachment_upload_failed",
    "byoc_not_configured",
    "byoc_setup_required",
    "csrf_token_invalid",
    "dkim_not_verified",
    "domain_exists",
    "domain_mode_mismatch",
    "domain_not_allowed",
    "domain_not_registered",
    "domain_not_verified",
    "domain_unavailable",
    "idempotency_key_in_progress",
    "idempotency_key_reused",
    "insufficient_permission",
    "internal_error",
    "method_not_allowed",
    "not_found",
    "not_scheduled",
    "plan_required",
    "provider_error",
    "queue_error",
    "recipient_suppressed",
    "sending_suspended",
    "service_unavailable",
    "template_alias_exists",
    "template_in_use",
    "too_many_attempts",
    "too_many_pending_domains",
    "too_many_requests",
    "unauthorized",
    "usage_limit_exceeded",
    "webhook_inactive",
]

ERROR_ERROR_VALUES: set[ErrorError] = {
    "attachment_upload_failed",
    "byoc_not_configured",
    "byoc_setup_required",
    "csrf_token_invalid",
    "dkim_not_verified",
    "domain_exists",
    "domain_mode_mismatch",
    "domain_not_allowed",
    "domain_not_registered",
    "domain_not_verified",
    "domain_unavailable",
    "idempotency_key_in_progress",
    "idempotency_key_reused",
    "insufficient_permission",
    "internal_error",
    "method_not_allowed",
    "not_found",
    "not_scheduled",
    "plan_required",
    "provider_error",
    "queue_error",
    "recipient_suppressed",
    "sending_suspended",
    "service_unavailable",
    "template_alias_exists",
    "template_in_use",
    "too_many_attempts",
    "too_many_pending_domains",
    "too_many_requests",
    "unauthorized",
    "usage_limit_exceeded",
    "webhook_inactive",
}


def check_error_error(value: str) -> ErrorError:
    if value in ERROR_ERROR_VALUES:
        return cast(ErrorError, value)
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ERROR_ERROR_VALUES!r}"
    )
