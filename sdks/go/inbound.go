package postage

import (
	"context"
	"net/http"
)

// InboundService is receiving email (docs/inbound.md; Client.Inbound): Domains says where mail is
// received, Rules which addresses go to which webhook endpoints.
type InboundService struct {
	c *Client
	// Domains manages the inbound domains (a full_access key to change them).
	Domains *InboundDomainsService
	// Rules manages the rules of an inbound domain (a full_access key to change them).
	Rules *InboundRulesService
}

func newInboundService(c *Client) *InboundService {
	return &InboundService{c: c, Domains: &InboundDomainsService{c}, Rules: &InboundRulesService{c}}
}

// InboundDomainsService manages where the account receives mail (Client.Inbound.Domains).
type InboundDomainsService struct{ c *Client }

// List returns the account's inbound domains, with the MX record each publishes and its state
// (GET /api/inbound-domains).
func (s *InboundDomainsService) List(ctx context.Context) (*InboundDomainList, error) {
	return call[InboundDomainList](ctx, s.c, request{method: http.MethodGet, path: "/api/inbound-domains"})
}

// Create receives mail at name, a verified shared-mode domain of the account or a subdomain of
// one ("reply.example.com"); the answer holds the MX record to publish (POST
// /api/inbound-domains). 404 when there is no such domain, 409 inbound_domain_exists, 422
// byoc_domain.
func (s *InboundDomainsService) Create(ctx context.Context, name string) (*InboundDomain, error) {
	return call[InboundDomain](ctx, s.c, request{method: http.MethodPost, path: "/api/inbound-domains", body: &CreateInboundDomainRequest{Name: name}})
}

// Get returns one inbound domain and its MX record's state (GET /api/inbound-domains/{name}).
func (s *InboundDomainsService) Get(ctx context.Context, name string) (*InboundDomain, error) {
	return call[InboundDomain](ctx, s.c, request{method: http.MethodGet, path: "/api/inbound-domains/%s", args: []string{name}})
}

// Verify checks the MX record now (POST /api/inbound-domains/{name}/verify). It is advice only:
// mail is received as soon as the record routes it here.
func (s *InboundDomainsService) Verify(ctx context.Context, name string) (*InboundDomainVerification, error) {
	return call[InboundDomainVerification](ctx, s.c, request{method: http.MethodPost, path: "/api/inbound-domains/%s/verify", args: []string{name}})
}

// Delete stops receiving at name; its rules go with it, the messages received there stay (DELETE
// /api/inbound-domains/{name}).
func (s *InboundDomainsService) Delete(ctx context.Context, name string) (*Deleted, error) {
	return call[Deleted](ctx, s.c, request{method: http.MethodDelete, path: "/api/inbound-domains/%s", args: []string{name}})
}

// InboundRulesService manages which addresses of an inbound domain go to which webhook endpoints
// (Client.Inbound.Rules).
type InboundRulesService struct{ c *Client }

// List returns the domain's rules in order of precedence: addresses, tags, then "*" (GET
// /api/inbound-domains/{name}/rules).
func (s *InboundRulesService) List(ctx context.Context, domain string) (*InboundRuleList, error) {
	return call[InboundRuleList](ctx, s.c, request{method: http.MethodGet, path: "/api/inbound-domains/%s/rules", args: []string{domain}})
}

// Create routes addresses of domain to webhook endpoints (POST /api/inbound-domains/{name}/rules):
// Match "support" (one address), "reply+*" (reply and its +tag forms) or "*" (every other
// address); EndpointIds empty for every endpoint subscribed to email.received, else up to 10 of
// them, each subscribed to it. 409 inbound_rule_exists, 422 invalid_endpoints.
func (s *InboundRulesService) Create(ctx context.Context, domain string, req *CreateInboundRuleRequest) (*InboundRule, error) {
	if req == nil {
		req = &CreateInboundRuleRequest{}
	}
	return call[InboundRule](ctx, s.c, request{method: http.MethodPost, path: "/api/inbound-domains/%s/rules", args: []string{domain}, body: req})
}

// Delete removes a rule: mail to the addresses only it matched is refused from then on (DELETE
// /api/inbound-domains/{name}/rules/{id}).
func (s *InboundRulesService) Delete(ctx context.Context, domain, ruleID string) (*Deleted, error) {
	return call[Deleted](ctx, s.c, request{method: http.MethodDelete, path: "/api/inbound-domains/%s/rules/%s", args: []string{domain, ruleID}})
}
