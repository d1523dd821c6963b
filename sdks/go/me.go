package postage

import (
	"context"
	"net/http"
	"net/url"
)

// MeService reads the key's account (Client.Me).
type MeService struct{ c *Client }

// Get returns the key's account: verification, plan, BYOC status, verified domains and this UTC
// month's usage (GET /api/me/; any key).
func (s *MeService) Get(ctx context.Context) (*AccountRecord, error) {
	return call[AccountRecord](ctx, s.c, request{method: http.MethodGet, path: "/api/me/"})
}

// Key returns the key making the request: its permission (sending or full_access), domain scope,
// networks and expiry, as the key list shows it (GET /api/me/key; any key).
func (s *MeService) Key(ctx context.Context) (*APIKey, error) {
	return call[APIKey](ctx, s.c, request{method: http.MethodGet, path: "/api/me/key"})
}

// UsageService reads the account's usage (Client.Usage; a full_access key).
type UsageService struct{ c *Client }

// Get returns this month's allowance and use, with daily figures (GET /api/usage).
func (s *UsageService) Get(ctx context.Context) (*Usage, error) {
	return call[Usage](ctx, s.c, request{method: http.MethodGet, path: "/api/usage"})
}

// SendingQueueService reads the account's queues at SES (Client.SendingQueue; a full_access key).
type SendingQueueService struct{ c *Client }

// Get returns the account's messages waiting for their turn at the shared SES account and, once
// BYOC is saved, at its own (Byoc, else nil): by lane, with the pace, the expected wait and the
// last throttle within the hour (GET /api/sending/queue).
func (s *SendingQueueService) Get(ctx context.Context) (*SendingQueues, error) {
	return call[SendingQueues](ctx, s.c, request{method: http.MethodGet, path: "/api/sending/queue"})
}

// StatsService reads the account's engagement per day (Client.Stats; a full_access key).
type StatsService struct{ c *Client }

// Daily returns sent, delivered, bounced, complained, opened and clicked shared-mode messages per
// UTC day of the last days days (1 to 90; 0: the API's default, 30), oldest first; opened and
// clicked count distinct messages with an open or click not marked as a machine's (GET
// /api/stats/daily).
func (s *StatsService) Daily(ctx context.Context, days int) (*DailyStats, error) {
	q := url.Values{}
	setInt(q, "days", days)
	return call[DailyStats](ctx, s.c, request{method: http.MethodGet, path: "/api/stats/daily", query: q})
}

// ReputationService reads the account's bounce and complaint rates (Client.Reputation; a
// full_access key).
type ReputationService struct{ c *Client }

// Get returns the account's hard-bounce and complaint rates over the rolling window, by sending
// domain and by day, beside the levels at which Postage warns and pauses and at which SES reviews
// and pauses; and whether sending is paused, and why (GET /api/reputation).
func (s *ReputationService) Get(ctx context.Context) (*Reputation, error) {
	return call[Reputation](ctx, s.c, request{method: http.MethodGet, path: "/api/reputation"})
}
