package postage

import (
	"context"
	"net/http"
	"net/url"
)

// WebhooksService manages webhook endpoints (Client.Webhooks; a full_access key), and verifies
// their deliveries (Verify, which needs no key: VerifyWebhook, ReadWebhook and WebhookHandler do
// the same without a client).
type WebhooksService struct{ c *Client }

// Verify verifies a delivery signed with secret (the endpoint's signing secret) and returns its
// event, whichever shape its body had; see VerifyWebhook.
func (s *WebhooksService) Verify(rawBody []byte, header http.Header, secret string) (*WebhookEvent, error) {
	return VerifyWebhook(rawBody, header, secret)
}

// List returns the account's endpoints (GET /api/webhooks).
func (s *WebhooksService) List(ctx context.Context) (*WebhookList, error) {
	return call[WebhookList](ctx, s.c, request{method: http.MethodGet, path: "/api/webhooks"})
}

// Create adds an endpoint; its signing secret is in this answer only (POST /api/webhooks).
func (s *WebhooksService) Create(ctx context.Context, req *CreateWebhookRequest) (*CreatedWebhook, error) {
	return call[CreatedWebhook](ctx, s.c, request{method: http.MethodPost, path: "/api/webhooks", body: req})
}

// Update changes an endpoint's URL, events or active switch (PATCH /api/webhooks/{id}).
func (s *WebhooksService) Update(ctx context.Context, id string, req *UpdateWebhookRequest) (*Webhook, error) {
	return call[Webhook](ctx, s.c, request{method: http.MethodPatch, path: "/api/webhooks/%s", args: []string{id}, body: req})
}

// Delete removes an endpoint and its delivery history (DELETE /api/webhooks/{id}).
func (s *WebhooksService) Delete(ctx context.Context, id string) (*Deleted, error) {
	return call[Deleted](ctx, s.c, request{method: http.MethodDelete, path: "/api/webhooks/%s", args: []string{id}})
}

// Deliveries returns an endpoint's recent delivery attempts, newest first; limit 1 to 100, 0
// for the default (GET /api/webhooks/{id}/deliveries).
func (s *WebhooksService) Deliveries(ctx context.Context, id string, limit int) (*WebhookDeliveries, error) {
	q := url.Values{}
	setInt(q, "limit", limit)
	return call[WebhookDeliveries](ctx, s.c, request{method: http.MethodGet, path: "/api/webhooks/%s/deliveries", args: []string{id}, query: q})
}

// Test sends a signed test event of the given type to the endpoint and reports the delivery
// (POST /api/webhooks/{id}/test).
func (s *WebhooksService) Test(ctx context.Context, id string, eventType EventType) (*WebhookTestResult, error) {
	return call[WebhookTestResult](ctx, s.c, request{method: http.MethodPost, path: "/api/webhooks/%s/test", args: []string{id}, body: &TestWebhookRequest{EventType: eventType}})
}

// Replay sends a recorded delivery's event again (POST /api/webhooks/{id}/deliveries/{delivery_id}/replay).
func (s *WebhooksService) Replay(ctx context.Context, id, deliveryID string) (*WebhookReplayResult, error) {
	return call[WebhookReplayResult](ctx, s.c, request{method: http.MethodPost, path: "/api/webhooks/%s/deliveries/%s/replay", args: []string{id, deliveryID}})
}

// RotateSecret makes a new signing secret, shown this once; the old one still signs the
// Standard Webhooks signature for 24 hours (POST /api/webhooks/{id}/rotate-secret).
func (s *WebhooksService) RotateSecret(ctx context.Context, id string) (*RotatedSecret, error) {
	return call[RotatedSecret](ctx, s.c, request{method: http.MethodPost, path: "/api/webhooks/%s/rotate-secret", args: []string{id}})
}
