package postage

import (
	"context"
	"net/http"
)

// MeService reads the key's account (Client.Me).
type MeService struct{ c *Client }

// Get returns the key's account: verification, plan, BYOC status, verified domains and this UTC
// month's usage (GET /api/me/; any key).
func (s *MeService) Get(ctx context.Context) (*AccountRecord, error) {
	return call[AccountRecord](ctx, s.c, request{method: http.MethodGet, path: "/api/me/"})
}

// UsageService reads the account's usage (Client.Usage; a full_access key).
type UsageService struct{ c *Client }

// Get returns this month's allowance and use, with daily figures (GET /api/usage).
func (s *UsageService) Get(ctx context.Context) (*Usage, error) {
	return call[Usage](ctx, s.c, request{method: http.MethodGet, path: "/api/usage"})
}
