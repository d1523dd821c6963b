package postage_test

// The code samples of the API reference (/docs): one region per operation an API key may call,
// from a "sample:" marker line with the operation's method and path template to an "end sample"
// one, which a tool extracts (the lines between the markers, their common indentation removed).
// In each region the client is `client`, made as the setup region shows, and `ctx` is the
// caller's context.
//
// This file is package postage_test so that the samples read as users write them (postage.X).
// Being a test file, it is compiled by every `go test` (a renamed method or a changed argument
// type breaks the run), and TestEverySampleCallsItsOperation (document_test.go) runs each
// function below against a local stand-in and checks that its requests are the operation of its
// label.

import "time" // for the samples that take a time; not in the setup, which needs none

// (The client's line has a comment of its own: gofmt keeps the end marker under it, where it would
// put a blank line before the marker under a bare declaration.)
// sample: setup
import (
	"context"
	"fmt"
	"os"

	"github.com/postage-dev/postage-go"
)

var client = postage.NewClient(os.Getenv("POSTAGE_API_KEY")) // one for the program: safe for concurrent use
// end sample

// The samples TestEverySampleCallsItsOperation runs: every function of this file with a region.
func init() {
	postage.Samples = []func(context.Context, *postage.Client) error{
		sendEmail, sendBatch,
		listEmails, getEmail, rescheduleEmail, cancelEmail,
		getMe, getMeKey, getUsage, getSendingQueue, getDailyStats, getReputation,
		listDomains, createDomain, getDomain, verifyDomain, updateDomain, deleteDomain,
		listAPIKeys, createAPIKey, revokeAPIKey,
		listWebhooks, createWebhook, updateWebhook, deleteWebhook, webhookDeliveries, testWebhook, replayWebhookDelivery, rotateWebhookSecret,
		streamEvents,
		listSuppressions, addSuppression, getSuppression, deleteSuppression,
		listTemplates, createTemplate, getTemplate, updateTemplate, deleteTemplate, publishTemplate, templateVersions, previewTemplate, testSendTemplate,
		getBYOC, saveBYOC, validateBYOC, byocPolicy, byocCloudFormation,
		listMembers, listInvitations, listAudit,
		listInboundDomains, createInboundDomain, getInboundDomain, verifyInboundDomain, deleteInboundDomain,
		listInboundRules, createInboundRule, deleteInboundRule,
		listInbound, getInbound, rawInbound, deleteInbound, downloadInboundAttachment,
	}
}

// Sending

func sendEmail(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/send/
	sent, err := client.Emails.Send(ctx, &postage.SendEmailRequest{
		FromEmail: "hello@mail.example.com", To: "ann@example.org",
		Subject: "Welcome", HTML: "<p>Welcome aboard.</p>",
	})
	if err != nil {
		return err
	}
	fmt.Println(sent.MessageID)
	// end sample
	return nil
}

func sendBatch(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/send/batch
	batch, err := client.Emails.SendBatch(ctx, &postage.SendBatchRequest{Emails: []postage.SendEmailRequest{
		{FromEmail: "hello@mail.example.com", To: "ann@example.org", Subject: "Hi Ann", Message: "Welcome aboard."},
		{FromEmail: "hello@mail.example.com", To: "bob@example.org", Subject: "Hi Bob", Message: "Welcome aboard."},
	}})
	if err != nil {
		return err
	}
	fmt.Println(len(batch.Data)) // one answer per email, in request order: item.Err() is nil or why it was refused
	// end sample
	return nil
}

// The email log

func listEmails(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/emails
	params := &postage.ListEmailsParams{Tag: "kind:invoice", Status: postage.EmailListEmailsStatusBounced}
	for email, err := range client.Emails.ListAll(ctx, params) { // every page
		if err != nil {
			return err
		}
		fmt.Println(email.MessageID, email.Recipient, email.CreatedAt)
	}
	// end sample
	return nil
}

func getEmail(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/emails/{message_id}
	detail, err := client.Emails.Get(ctx, "0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b")
	if err != nil {
		return err
	}
	fmt.Println(detail.Email.Status)
	// end sample
	return nil
}

func rescheduleEmail(ctx context.Context, client *postage.Client) error {
	// sample: PATCH /api/emails/{message_id}
	schedule, err := client.Emails.Reschedule(ctx, "0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b", time.Now().Add(2*time.Hour))
	if err != nil {
		return err
	}
	fmt.Println(schedule.Status)
	// end sample
	return nil
}

func cancelEmail(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/emails/{message_id}/cancel
	schedule, err := client.Emails.Cancel(ctx, "0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b")
	if err != nil {
		return err
	}
	fmt.Println(schedule.Status)
	// end sample
	return nil
}

// The account

func getMe(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/me/
	account, err := client.Me.Get(ctx)
	if err != nil {
		return err
	}
	fmt.Println(account.CurrentPlan, account.VerifiedSharedDomains)
	// end sample
	return nil
}

func getMeKey(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/me/key
	key, err := client.Me.Key(ctx)
	if err != nil {
		return err
	}
	fmt.Println(key.Prefix, key.Permission, key.Domains)
	// end sample
	return nil
}

func getUsage(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/usage
	usage, err := client.Usage.Get(ctx)
	if err != nil {
		return err
	}
	fmt.Println(usage.Used.Shared, "of", usage.Allowance.Shared)
	// end sample
	return nil
}

func getSendingQueue(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/sending/queue
	queue, err := client.SendingQueue.Get(ctx)
	if err != nil {
		return err
	}
	shared := queue.Shared
	fmt.Println(shared.Waiting.Single+shared.Waiting.Bulk, "waiting, about", shared.ExpectedWaitSeconds, "s")
	// end sample
	return nil
}

func getDailyStats(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/stats/daily
	stats, err := client.Stats.Daily(ctx, 7)
	if err != nil {
		return err
	}
	for _, day := range stats.Days {
		fmt.Println(day.Date, day.Sent, day.Delivered, day.Opened, day.Clicked)
	}
	// end sample
	return nil
}

func getReputation(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/reputation
	rep, err := client.Reputation.Get(ctx)
	if err != nil {
		return err
	}
	fmt.Println(rep.Account.BounceRate, rep.Account.BounceStanding, "pauses at", rep.Levels.BounceRate.PostagePause)
	// end sample
	return nil
}

// Domains

func listDomains(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/domains
	list, err := client.Domains.List(ctx)
	if err != nil {
		return err
	}
	for _, domain := range list.Domains {
		fmt.Println(domain.Name, domain.Status)
	}
	// end sample
	return nil
}

func createDomain(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/domains
	domain, err := client.Domains.Create(ctx, &postage.CreateDomainRequest{
		Name: "mail.example.com", SendingMode: postage.CreateDomainRequestSendingModeShared,
	})
	if err != nil {
		return err
	}
	fmt.Println(domain.StatusDetail) // what to do next: publish domain.Records in its DNS
	// end sample
	return nil
}

func getDomain(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/domains/{name}
	domain, err := client.Domains.Get(ctx, "mail.example.com")
	if err != nil {
		return err
	}
	fmt.Println(domain.Status, domain.CanSend)
	// end sample
	return nil
}

func verifyDomain(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/domains/{name}/verify
	verification, err := client.Domains.Verify(ctx, "mail.example.com")
	if err != nil {
		return err
	}
	fmt.Println(verification.Domain.Status)
	// end sample
	return nil
}

func updateDomain(ctx context.Context, client *postage.Client) error {
	// sample: PATCH /api/domains/{name}
	domain, err := client.Domains.Update(ctx, "mail.example.com", &postage.UpdateDomainParams{
		TrackOpens: postage.Bool(true), TrackClicks: postage.Bool(true), TrackingSubdomain: postage.String("track"),
	})
	if err != nil {
		return err
	}
	fmt.Println(domain.TrackingHost) // publish the "tracking" record of domain.Records, then Verify
	// end sample
	return nil
}

func deleteDomain(ctx context.Context, client *postage.Client) error {
	// sample: DELETE /api/domains/{name}
	if _, err := client.Domains.Delete(ctx, "mail.example.com"); err != nil {
		return err
	}
	// end sample
	return nil
}

// API keys

func listAPIKeys(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/api-keys
	list, err := client.APIKeys.List(ctx)
	if err != nil {
		return err
	}
	for _, key := range list.APIKeys {
		fmt.Println(key.Name, key.Prefix, key.Permission, key.State)
	}
	// end sample
	return nil
}

func createAPIKey(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/api-keys
	created, err := client.APIKeys.Create(ctx, &postage.CreateAPIKeyRequest{
		Name: "Production sending", Permission: postage.CreateAPIKeyRequestPermissionSending,
		Domains: []string{"mail.example.com"}, // the domains it may send from; none: all of them
	})
	if err != nil {
		return err
	}
	fmt.Println(created.APIKey.Prefix) // created.Secret is shown this once: store it now
	// end sample
	return nil
}

func revokeAPIKey(ctx context.Context, client *postage.Client) error {
	// sample: DELETE /api/api-keys/{id}
	key, err := client.APIKeys.Revoke(ctx, "5d1c7a0e-3f2b-4c8d-9e6a-1b2c3d4e5f60")
	if err != nil {
		return err
	}
	fmt.Println(key.State)
	// end sample
	return nil
}

// Webhooks

func listWebhooks(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/webhooks
	list, err := client.Webhooks.List(ctx)
	if err != nil {
		return err
	}
	for _, webhook := range list.Webhooks {
		fmt.Println(webhook.ID, webhook.URL, webhook.Active)
	}
	// end sample
	return nil
}

func createWebhook(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/webhooks
	created, err := client.Webhooks.Create(ctx, &postage.CreateWebhookRequest{
		URL:    "https://example.com/webhooks/postage",
		Events: []postage.EventType{postage.EventTypeEmailDelivered, postage.EventTypeEmailBounced},
	})
	if err != nil {
		return err
	}
	fmt.Println(created.Webhook.ID) // created.SigningSecret is shown this once: store it now
	// end sample
	return nil
}

func updateWebhook(ctx context.Context, client *postage.Client) error {
	// sample: PATCH /api/webhooks/{id}
	active := false
	webhook, err := client.Webhooks.Update(ctx, "7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a", &postage.UpdateWebhookRequest{Active: &active})
	if err != nil {
		return err
	}
	fmt.Println(webhook.Active)
	// end sample
	return nil
}

func deleteWebhook(ctx context.Context, client *postage.Client) error {
	// sample: DELETE /api/webhooks/{id}
	if _, err := client.Webhooks.Delete(ctx, "7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a"); err != nil {
		return err
	}
	// end sample
	return nil
}

func webhookDeliveries(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/webhooks/{id}/deliveries
	list, err := client.Webhooks.Deliveries(ctx, "7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a", 20)
	if err != nil {
		return err
	}
	for _, delivery := range list.Deliveries { // newest first
		fmt.Println(delivery.ID, delivery.EventType, delivery.Succeeded)
	}
	// end sample
	return nil
}

func testWebhook(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/webhooks/{id}/test
	result, err := client.Webhooks.Test(ctx, "7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a", postage.EventTypeEmailBounced)
	if err != nil {
		return err
	}
	fmt.Println(result.Delivery.Succeeded, result.Delivery.DurationMs)
	// end sample
	return nil
}

func replayWebhookDelivery(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/webhooks/{id}/deliveries/{delivery_id}/replay
	result, err := client.Webhooks.Replay(ctx, "7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a", "4182")
	if err != nil {
		return err
	}
	fmt.Println(result.Delivery.Succeeded)
	// end sample
	return nil
}

func rotateWebhookSecret(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/webhooks/{id}/rotate-secret
	rotated, err := client.Webhooks.RotateSecret(ctx, "7a4e2c1b-6d3f-4e8a-b5c9-0f1e2d3c4b5a")
	if err != nil {
		return err
	}
	fmt.Println(rotated.PreviousSecretExpiresAt) // rotated.SigningSecret is shown this once: store it now
	// end sample
	return nil
}

// Live events

func streamEvents(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/events/stream
	stream, err := client.Events.Stream(ctx, &postage.EventStreamParams{Events: []postage.EventType{postage.EventTypeEmailDelivered}})
	if err != nil {
		return err
	}
	defer stream.Close()
	for stream.Next() {
		fmt.Println(stream.Event().Type, stream.Event().ID) // Event().Body: the exact bytes a webhook endpoint receives
	}
	// end sample
	return stream.Err() // why the loop ended (nil when closed); resume with stream.LastEventID()
}

// Suppressions

func listSuppressions(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/suppressions
	for entry, err := range client.Suppressions.ListAll(ctx, &postage.ListSuppressionsParams{Search: "example.org"}) {
		if err != nil {
			return err
		}
		fmt.Println(entry.Address, entry.Reason)
	}
	// end sample
	return nil
}

func addSuppression(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/suppressions
	result, err := client.Suppressions.Add(ctx, "ann@example.org")
	if err != nil {
		return err
	}
	fmt.Println(result.Added, result.Suppression.Reason)
	// end sample
	return nil
}

func getSuppression(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/suppressions/{address}
	entry, err := client.Suppressions.Get(ctx, "ann@example.org") // errors.Is(err, postage.ErrNotFound): not suppressed
	if err != nil {
		return err
	}
	fmt.Println(entry.Reason, entry.CreatedAt)
	// end sample
	return nil
}

func deleteSuppression(ctx context.Context, client *postage.Client) error {
	// sample: DELETE /api/suppressions/{address}
	if _, err := client.Suppressions.Delete(ctx, "ann@example.org"); err != nil {
		return err
	}
	// end sample
	return nil
}

// Templates

func listTemplates(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/templates
	for template, err := range client.Templates.ListAll(ctx, nil) {
		if err != nil {
			return err
		}
		fmt.Println(template.ID, template.Name, template.HasUnpublishedChanges)
	}
	// end sample
	return nil
}

func createTemplate(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/templates
	alias := "welcome" // usable in place of the id
	template, err := client.Templates.Create(ctx, &postage.CreateTemplateRequest{
		Name: "Welcome", Alias: &alias, Subject: "Welcome, {{ name }}", HTML: "<p>Hello {{ name }}, you are on {{ plan }}.</p>",
	})
	if err != nil {
		return err
	}
	fmt.Println(template.ID) // a draft: publish it before sends use it
	// end sample
	return nil
}

func getTemplate(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/templates/{id}
	template, err := client.Templates.Get(ctx, "3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41")
	if err != nil {
		return err
	}
	fmt.Println(template.Name, template.Draft.Variables)
	// end sample
	return nil
}

func updateTemplate(ctx context.Context, client *postage.Client) error {
	// sample: PATCH /api/templates/{id}
	template, err := client.Templates.Update(ctx, "3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41", &postage.UpdateTemplateRequest{
		Subject: "Welcome aboard, {{ name }}",
	})
	if err != nil {
		return err
	}
	fmt.Println(template.HasUnpublishedChanges)
	// end sample
	return nil
}

func deleteTemplate(ctx context.Context, client *postage.Client) error {
	// sample: DELETE /api/templates/{id}
	if _, err := client.Templates.Delete(ctx, "3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41"); err != nil {
		return err
	}
	// end sample
	return nil
}

func publishTemplate(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/templates/{id}/publish
	template, err := client.Templates.Publish(ctx, "3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41")
	if err != nil {
		return err
	}
	fmt.Println(template.HasUnpublishedChanges) // false: sends use what was the draft from now on
	// end sample
	return nil
}

func templateVersions(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/templates/{id}/versions
	list, err := client.Templates.Versions(ctx, "3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41")
	if err != nil {
		return err
	}
	for _, version := range list.Versions { // newest first
		fmt.Println(version.Version, version.PublishedAt)
	}
	// end sample
	return nil
}

func previewTemplate(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/templates/{id}/preview
	preview, err := client.Templates.Preview(ctx, "welcome", &postage.PreviewTemplateRequest{
		Variables: map[string]any{"name": "Ann", "plan": "Growth"},
	})
	if err != nil {
		return err
	}
	fmt.Println(preview.Subject)
	// end sample
	return nil
}

func testSendTemplate(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/templates/{id}/test-send
	sent, err := client.Templates.TestSend(ctx, "3c9b1f6e-2a7d-4e5c-8b0f-9d8e7c6b5a41", &postage.TemplateTestSendRequest{
		FromEmail: "hello@mail.example.com", Recipient: postage.TemplateTestSendRequestRecipientDelivered,
		Variables: map[string]any{"name": "Ann", "plan": "Growth"},
	})
	if err != nil {
		return err
	}
	fmt.Println(sent.MessageID)
	// end sample
	return nil
}

// BYOC

func getBYOC(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/byoc
	byoc, err := client.BYOC.Get(ctx)
	if err != nil {
		return err
	}
	fmt.Println(byoc.Configured, byoc.ByocConfigured) // saved; validated and usable
	// end sample
	return nil
}

func saveBYOC(ctx context.Context, client *postage.Client) error {
	// sample: PUT /api/byoc
	saved, err := client.BYOC.Save(ctx, &postage.ByocRequest{
		RoleArn: "arn:aws:iam::123456789012:role/Service-BYOC-Role", Region: "eu-west-1",
	})
	if err != nil {
		return err
	}
	fmt.Println(saved.Validation.Ok, saved.Validation.Message)
	// end sample
	return nil
}

func validateBYOC(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/byoc/validate
	result, err := client.BYOC.Validate(ctx)
	if err != nil {
		return err
	}
	fmt.Println(result.Validation.Ok, result.Validation.Code)
	// end sample
	return nil
}

func byocPolicy(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/byoc/policy
	policy, err := client.BYOC.Policy(ctx)
	if err != nil {
		return err
	}
	for _, step := range policy.Steps {
		fmt.Println(step)
	}
	// end sample
	return nil
}

func byocCloudFormation(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/byoc/cloudformation
	template, err := client.BYOC.CloudFormation(ctx)
	if err != nil {
		return err
	}
	fmt.Println(len(template.Resources), "resources") // create a CloudFormation stack from template
	// end sample
	return nil
}

// The team and the audit log

func listMembers(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/members
	list, err := client.Members.List(ctx)
	if err != nil {
		return err
	}
	for _, member := range list.Members {
		fmt.Println(member.Email, member.Role)
	}
	// end sample
	return nil
}

func listInvitations(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/invitations
	list, err := client.Invitations.List(ctx)
	if err != nil {
		return err
	}
	for _, invitation := range list.Invitations {
		fmt.Println(invitation.Email, invitation.Role, invitation.ExpiresAt)
	}
	// end sample
	return nil
}

func listAudit(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/audit
	week := time.Now().AddDate(0, 0, -7)
	for entry, err := range client.Audit.ListAll(ctx, &postage.ListAuditParams{Action: "api_key", Since: week}) {
		if err != nil {
			return err
		}
		fmt.Println(entry.CreatedAt, entry.Actor.Type, entry.Action)
	}
	// end sample
	return nil
}

// Receiving email

func listInboundDomains(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/inbound-domains
	list, err := client.Inbound.Domains.List(ctx)
	if err != nil {
		return err
	}
	for _, domain := range list.InboundDomains {
		fmt.Println(domain.Name, domain.Status, domain.RuleCount)
	}
	// end sample
	return nil
}

func createInboundDomain(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/inbound-domains
	domain, err := client.Inbound.Domains.Create(ctx, "reply.example.com")
	if err != nil {
		return err
	}
	for _, record := range domain.Records { // publish it in the domain's DNS
		fmt.Println(record.Type, record.Name, record.Value)
	}
	// end sample
	return nil
}

func getInboundDomain(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/inbound-domains/{name}
	domain, err := client.Inbound.Domains.Get(ctx, "reply.example.com")
	if err != nil {
		return err
	}
	fmt.Println(domain.Status, domain.VerifiedAt)
	// end sample
	return nil
}

func verifyInboundDomain(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/inbound-domains/{name}/verify
	check, err := client.Inbound.Domains.Verify(ctx, "reply.example.com")
	if err != nil {
		return err
	}
	fmt.Println(check.Ok, check.Expected, check.Found) // publish MX <Expected> until Ok
	// end sample
	return nil
}

func deleteInboundDomain(ctx context.Context, client *postage.Client) error {
	// sample: DELETE /api/inbound-domains/{name}
	if _, err := client.Inbound.Domains.Delete(ctx, "reply.example.com"); err != nil { // its rules go with it
		return err
	}
	// end sample
	return nil
}

func listInboundRules(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/inbound-domains/{name}/rules
	list, err := client.Inbound.Rules.List(ctx, "reply.example.com")
	if err != nil {
		return err
	}
	for _, rule := range list.Rules {
		fmt.Println(rule.Match, rule.Kind, rule.EndpointIds)
	}
	// end sample
	return nil
}

func createInboundRule(ctx context.Context, client *postage.Client) error {
	// sample: POST /api/inbound-domains/{name}/rules
	// reply@ and reply+<anything>@ go to every endpoint subscribed to email.received:
	rule, err := client.Inbound.Rules.Create(ctx, "reply.example.com", &postage.CreateInboundRuleRequest{Match: "reply+*"})
	if err != nil {
		return err
	}
	fmt.Println(rule.ID, rule.Kind)
	// end sample
	return nil
}

func deleteInboundRule(ctx context.Context, client *postage.Client) error {
	// sample: DELETE /api/inbound-domains/{name}/rules/{id}
	if _, err := client.Inbound.Rules.Delete(ctx, "reply.example.com", "9d4c2b1a-6e5f-4a3b-8c7d-1e2f3a4b5c6d"); err != nil {
		return err
	}
	// end sample
	return nil
}

func listInbound(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/inbound
	for message, err := range client.Inbound.ListAll(ctx, &postage.ListInboundParams{Domain: "reply.example.com"}) {
		if err != nil {
			return err
		}
		fmt.Println(message.ID, message.Envelope.From, message.Subject, message.AttachmentCount)
	}
	// end sample
	return nil
}

func getInbound(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/inbound/{id}
	message, err := client.Inbound.Get(ctx, "5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03")
	if err != nil {
		return err
	}
	fmt.Println(message.Envelope.From, message.Subject, message.Authentication.Dmarc, len(message.Attachments))
	// end sample
	return nil
}

func rawInbound(ctx context.Context, client *postage.Client) error {
	// sample: GET /api/inbound/{id}/raw
	raw, err := client.Inbound.Raw(ctx, "5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03")
	if err != nil {
		return err
	}
	fmt.Println(len(raw)) // the message exactly as received: net/mail.ReadMessage reads it
	// end sample
	return nil
}

func deleteInbound(ctx context.Context, client *postage.Client) error {
	// sample: DELETE /api/inbound/{id}
	if err := client.Inbound.Delete(ctx, "5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03"); err != nil {
		return err
	}
	// end sample
	return nil
}

func downloadInboundAttachment(ctx context.Context, client *postage.Client) error {
	// sample: GET /inbound/attachments/{token}
	// An attachment's DownloadURL, from email.received or Inbound.Get (no key needed):
	data, err := client.Inbound.DownloadAttachment(ctx, "https://api.postage.dev/inbound/attachments/v1.e3a1f7c2-0d4b-4c9e-8f6a-2b5d7e9c1a34.1796379302.yIZ5U60LowEl-Hr-VEntlW4d9LBsVyfcn4ibXebOTyU")
	if err != nil {
		return err
	}
	fmt.Println(len(data)) // the sender's bytes: check the attachment's SHA256, never trust its declared type
	// end sample
	return nil
}
