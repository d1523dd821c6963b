package postage

import (
	"context"
	"net/http"
)

// APIKeysService manages API keys (Client.APIKeys; a full_access key).
type APIKeysService struct{ c *Client }

// List returns the account's keys, without their secrets (GET /api/api-keys).
func (s *APIKeysService) List(ctx context.Context) (*APIKeyList, error) {
	return call[APIKeyList](ctx, s.c, request{method: http.MethodGet, path: "/api/api-keys"})
}

// Create makes a key; its secret is in this answer only (POST /api/api-keys).
func (s *APIKeysService) Create(ctx context.Context, req *CreateAPIKeyRequest) (*CreatedAPIKey, error) {
	return call[CreatedAPIKey](ctx, s.c, request{method: http.MethodPost, path: "/api/api-keys", body: req})
}

// Revoke revokes a key at once (DELETE /api/api-keys/{id}).
func (s *APIKeysService) Revoke(ctx context.Context, id string) (*APIKey, error) {
	return call[APIKey](ctx, s.c, request{method: http.MethodDelete, path: "/api/api-keys/%s", args: []string{id}})
}
