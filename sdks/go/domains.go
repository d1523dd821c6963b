package postage

import (
	"context"
	"encoding/json"
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

// UpdateDomainParams changes a domain's tracking settings (DomainsService.Update); nil fields are
// left as they are, and at least one change is needed.
type UpdateDomainParams struct {
	// TrackOpens and TrackClicks are the defaults of sends that do not say (shared mode only).
	TrackOpens  *bool
	TrackClicks *bool
	// TrackingSubdomain is a DNS label ("track"): <label>.<domain> must be a CNAME of the service
	// (the domain's "tracking" record); tracked links use it once Verify has seen it. Changing it
	// clears its verification.
	TrackingSubdomain *string
	// RemoveTrackingSubdomain removes the subdomain (tracked links use the service's address).
	RemoveTrackingSubdomain bool
}

// MarshalJSON writes the PATCH body: the fields set, and tracking_subdomain null to remove it.
func (p UpdateDomainParams) MarshalJSON() ([]byte, error) {
	body := map[string]any{}
	if p.TrackOpens != nil {
		body["track_opens"] = *p.TrackOpens
	}
	if p.TrackClicks != nil {
		body["track_clicks"] = *p.TrackClicks
	}
	if p.TrackingSubdomain != nil {
		body["tracking_subdomain"] = *p.TrackingSubdomain
	} else if p.RemoveTrackingSubdomain {
		body["tracking_subdomain"] = nil
	}
	return json.Marshal(body)
}

// Update changes the domain's tracking settings (PATCH /api/domains/{name}): the open and click
// tracking defaults of its sends, and its tracking subdomain.
func (s *DomainsService) Update(ctx context.Context, name string, params *UpdateDomainParams) (*Domain, error) {
	if params == nil {
		params = &UpdateDomainParams{}
	}
	return call[Domain](ctx, s.c, request{method: http.MethodPatch, path: "/api/domains/%s", args: []string{name}, body: params})
}

// Delete removes a domain (DELETE /api/domains/{name}).
func (s *DomainsService) Delete(ctx context.Context, name string) (*Deleted, error) {
	return call[Deleted](ctx, s.c, request{method: http.MethodDelete, path: "/api/domains/%s", args: []string{name}})
}

// Verify checks the domain's DNS records: ownership first, then DKIM (POST /api/domains/{name}/verify).
func (s *DomainsService) Verify(ctx context.Context, name string) (*DomainVerification, error) {
	return call[DomainVerification](ctx, s.c, request{method: http.MethodPost, path: "/api/domains/%s/verify", args: []string{name}})
}
