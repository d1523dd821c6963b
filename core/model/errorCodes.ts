// Every error code of Postage, as two closed unions. The codes callers see (ApiErrorCode) are
// answered by api/http/errors.ts, whose table `satisfies Record<ApiErrorCode, ...>` gives each its
// status and retry guidance; the codes of core/'s failures (PostageErrorCode) each have an answer
// in the same file. A new code, or a typo in one, fails to compile until both sides list it.

/** How an error answer is documented: its HTTP status and the README's "Retry?" guidance. */
export interface ErrorAnswer {
  status: number;
  /** The README error table's "Retry?" cell, word for word (test/unit/errorCodes.test.ts checks it). */
  retry: string;
}

/**
 * The `error` codes of the API's answers, one row each in the error table of
 * docs/errors-and-limits.md. core/ names them too: the send gates, acceptance and the send use case
 * refuse with these codes, and every front end (HTTP today; batch and SMTP later) translates the
 * same ones.
 */
export type ApiErrorCode =
  // The send and account endpoints (the generic ones: every endpoint).
  | 'unauthorized'
  | 'domain_not_registered'
  | 'domain_not_verified'
  | 'dkim_not_verified'
  | 'domain_mode_mismatch'
  | 'domain_not_allowed'
  | 'sending_suspended'
  | 'account_deletion_pending'
  | 'network_not_allowed'
  | 'recipient_suppressed'
  | 'usage_limit_exceeded'
  | 'attachment_upload_failed'
  | 'queue_error'
  | 'byoc_not_configured'
  | 'service_unavailable'
  | 'idempotency_key_reused'
  | 'idempotency_key_in_progress'
  | 'not_found'
  | 'method_not_allowed'
  | 'internal_error'
  // Only the sign-in and management endpoints.
  | 'insufficient_permission'
  | 'csrf_token_invalid'
  | 'plan_required'
  | 'too_many_attempts'
  | 'too_many_requests'
  | 'domain_exists'
  | 'domain_unavailable'
  | 'too_many_pending_domains'
  | 'byoc_setup_required'
  | 'webhook_inactive'
  | 'not_scheduled'
  | 'template_alias_exists'
  | 'template_in_use'
  | 'insufficient_role'
  | 'already_member'
  | 'ownership_transfer_required'
  | 'invitation_wrong_user'
  | 'no_account'
  | 'provider_error'
  | 'two_factor_enabled'
  | 'two_factor_not_set_up'
  | 'two_factor_setup_required'
  | 'recent_sign_in_required'
  | 'two_factor_required_by_account'
  | 'too_many_passkeys'
  | 'account_deletion_started'
  // Receiving email (docs/inbound.md).
  | 'inbound_domain_exists'
  | 'inbound_domain_reserved'
  | 'inbound_rule_exists'
  | 'byoc_domain'
  | 'invalid_endpoints';

/**
 * Some public codes, spelled out: `ApiErrorCodes<'queue_error' | 'usage_limit_exceeded'>`. Unlike
 * `Extract`, a code that is not an ApiErrorCode (a typo) does not compile. For core/'s refusals
 * (send gates, acceptance, the send use case), which callers answer as they are.
 */
export type ApiErrorCodes<C extends ApiErrorCode> = C;

/**
 * Every code a PostageError (core/platform/errors.ts) may carry, grouped by how the API answers
 * it: some are public codes as they are, others become one (`not_found`) or a 400 field error.
 */
export type PostageErrorCode =
  // No such thing in this account: `404 not_found`, whatever the reason.
  | 'account_not_found'
  | 'api_key_not_found'
  | 'domain_not_found'
  | 'message_not_found'
  | 'suppression_not_found'
  | 'erasure_not_found'
  | 'webhook_not_found'
  | 'webhook_delivery_not_found'
  | 'template_not_found'
  | 'member_not_found'
  | 'invitation_not_found'
  | 'inbound_domain_not_found'
  | 'inbound_rule_not_found'
  | 'inbound_message_not_found'
  // A state the request conflicts with, or a provider that did not answer: a public code.
  | 'domain_exists'
  | 'domain_unavailable'
  | 'too_many_pending_domains'
  | 'plan_required'
  | 'webhook_inactive'
  | 'template_alias_exists'
  | 'template_in_use'
  | 'insufficient_role'
  | 'already_member'
  | 'ownership_transfer_required'
  | 'invitation_wrong_user'
  | 'account_not_verified'
  | 'too_many_invitations'
  | 'byoc_not_configured'
  | 'byoc_role_unusable'
  | 'ses_identity_failed'
  | 'dns_lookup_failed'
  | 'inbound_domain_exists'
  | 'inbound_domain_reserved'
  | 'inbound_rule_exists'
  | 'byoc_domain'
  | 'invalid_endpoints'
  | 'two_factor_enabled'
  | 'two_factor_not_set_up'
  | 'two_factor_required_by_account'
  | 'too_many_passkeys'
  | 'passkey_not_found'
  | 'account_deletion_started'
  // Bad input: a 400 field error.
  | 'invalid_code'
  | 'invalid_confirmation'
  | 'invalid_passkey_response'
  | 'invalid_address'
  | 'invalid_alias'
  | 'invalid_template'
  | 'invalid_cursor'
  | 'invalid_domain'
  | 'invalid_email'
  | 'invalid_events'
  | 'invalid_expiry'
  | 'invalid_limit'
  | 'invalid_name'
  | 'invalid_networks'
  | 'invalid_password'
  | 'invalid_permission'
  | 'invalid_region'
  | 'invalid_retention'
  | 'invalid_role'
  | 'invalid_role_arn'
  | 'invalid_rule_match'
  | 'invalid_scope'
  | 'invalid_status'
  | 'invalid_token'
  | 'invalid_topic'
  | 'invalid_url'
  | 'domain_not_verified'
  // Only the operator CLI (or work done after the answer) meets these; the CLI prints the code.
  | 'account_exists'
  | 'domain_ambiguous'
  | 'invalid_mode'
  | 'invalid_option'
  | 'invalid_plan'
  | 'invalid_quota'
  | 'nothing_to_change'
  | 'unknown_plan'
  | 'system_email_refused'
  | 'system_email_unconfigured';
