package postage

// Names of the SDK's API from before the document named the schemas nested in others (an email
// of the log is now the document's EmailSummary, an entry of the suppression list its
// Suppression, a template of a listing its TemplateSummary, who made a change its Actor): aliases
// of the generated types, so code written with the names the SDK's README, samples and tests use
// keeps compiling.

// SuppressionListItem is an entry of the suppression list, as SuppressionsService.ListAll yields it.
type SuppressionListItem = Suppression

// TemplateListItem is a template as the listing shows it (without its content), as TemplatesService.ListAll yields it.
type TemplateListItem = TemplateSummary

// EmailListEmailsStatus is the status of an email of the log (ListEmailsParams.Status).
type EmailListEmailsStatus = EmailSummaryStatus

// EmailDetailEmailStatus is the status of one email's log row (EmailDetail.Email.Status).
type EmailDetailEmailStatus = EmailSummaryStatus

// EmailDetailEmailKind is how one email was sent: real, test or simulator (EmailDetail.Email.Kind).
type EmailDetailEmailKind = EmailSummaryKind

// EmailListEmailsKind is how an email of the log was sent (ListAll's emails' Kind).
type EmailListEmailsKind = EmailSummaryKind

// The kinds of an email of the log, under their earlier names.
const (
	EmailDetailEmailKindReal      = EmailSummaryKindReal
	EmailDetailEmailKindTest      = EmailSummaryKindTest
	EmailDetailEmailKindSimulator = EmailSummaryKindSimulator
	EmailListEmailsKindReal       = EmailSummaryKindReal
	EmailListEmailsKindTest       = EmailSummaryKindTest
	EmailListEmailsKindSimulator  = EmailSummaryKindSimulator
)

// The statuses of an email of the log, under their earlier names.
const (
	EmailListEmailsStatusScheduled  = EmailSummaryStatusScheduled
	EmailListEmailsStatusCanceled   = EmailSummaryStatusCanceled
	EmailListEmailsStatusQueued     = EmailSummaryStatusQueued
	EmailListEmailsStatusSent       = EmailSummaryStatusSent
	EmailListEmailsStatusDelivered  = EmailSummaryStatusDelivered
	EmailListEmailsStatusBounced    = EmailSummaryStatusBounced
	EmailListEmailsStatusComplained = EmailSummaryStatusComplained
	EmailListEmailsStatusFailed     = EmailSummaryStatusFailed

	EmailDetailEmailStatusScheduled  = EmailSummaryStatusScheduled
	EmailDetailEmailStatusCanceled   = EmailSummaryStatusCanceled
	EmailDetailEmailStatusQueued     = EmailSummaryStatusQueued
	EmailDetailEmailStatusSent       = EmailSummaryStatusSent
	EmailDetailEmailStatusDelivered  = EmailSummaryStatusDelivered
	EmailDetailEmailStatusBounced    = EmailSummaryStatusBounced
	EmailDetailEmailStatusComplained = EmailSummaryStatusComplained
	EmailDetailEmailStatusFailed     = EmailSummaryStatusFailed
)

// AuditEntryActorType is who made a change in the audit log (AuditEntry.Actor.Type).
type AuditEntryActorType = ActorType

// CreatedAPIKeyAPIKeyCreatedByType is who made an API key (CreatedAPIKey.APIKey.CreatedBy.Type).
type CreatedAPIKeyAPIKeyCreatedByType = ActorType

// The kinds of actor, under their earlier names.
const (
	AuditEntryActorTypeUser                = ActorTypeUser
	AuditEntryActorTypeKey                 = ActorTypeKey
	AuditEntryActorTypeCli                 = ActorTypeCli
	AuditEntryActorTypeSystem              = ActorTypeSystem
	CreatedAPIKeyAPIKeyCreatedByTypeUser   = ActorTypeUser
	CreatedAPIKeyAPIKeyCreatedByTypeKey    = ActorTypeKey
	CreatedAPIKeyAPIKeyCreatedByTypeCli    = ActorTypeCli
	CreatedAPIKeyAPIKeyCreatedByTypeSystem = ActorTypeSystem
)
