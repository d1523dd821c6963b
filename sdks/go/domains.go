package postage

import (
	"context"
	"net/http"
)

// DomainsService manages sending domains (Client.Domains; a full_access key).
type DomainsService struct{ c *Client }

// List returns the account's domains (GET /api/domains).
func (s *DomainsService) List(ctx context.Context) (*DomainList, error) {
	return call[DomainList](ctx, s.c, request{method: http.MethodGet, path: "/api/domains"})
}

// Create adds a domain; the answer lists the DNS records to publish (POST /api/domains).
func (s *DomainsService) Create(ctx context.Context, req *CreateDomainRequest) (*Domain, error) {
	return call[Domain](ctx, s.c, request{method: http.MethodPost, path: "/api/domains", body: req})
}

// Get returns one domain and its records (GET /api/domains/{name}).
func (s *DomainsService) Get(ctx context.Context, name string) (*Domain, error) {
	return call[Domain](ctx, s.c, request{method: http.MethodGet, path: "/api/domains/%s", args: []string{name}})
}

// Delete removes a domain (DELETE /api/domains/{name}).
func (s *DomainsService) Delete(ctx context.Context, name string) (*Deleted, error) {
	return call[Deleted](ctx, s.c, request{method: http.MethodDelete, path: "/api/domains/%s", args: []string{name}})
}

// Verify checks the domain's DNS records: ownership first, then DKIM (POST /api/domains/{name}/verify).
func (s *DomainsService) Verify(ctx context.Context, name string) (*DomainVerification, error) {
	return call[DomainVerification](ctx, s.c, request{method: http.MethodPost, path: "/api/domains/%s/verify", args: []string{name}})
}
