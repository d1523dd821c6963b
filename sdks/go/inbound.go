package postage

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// InboundService is receiving email (docs/inbound.md; Client.Inbound): the received messages
// (List, ListAll, Get, Raw, Delete, DownloadAttachment), and Domains and Rules, where mail is
// received and which addresses go to which webhook endpoints.
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
// /api/inbound-domains). 404 when there is no such domain, 409 inbound_domain_exists or
// inbound_domain_reserved (the MAIL FROM or tracking name), 422 byoc_domain.
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

// ListInboundParams filters the received messages (InboundService.List, ListAll).
type ListInboundParams struct {
	Domain string    // an inbound domain
	From   string    // the sender's address
	To     string    // the recipient's address
	Since  time.Time // received at or after
	Until  time.Time // received before
	Limit  int       // rows per page
	Cursor string    // NextCursor of the previous page
}

// List reads one page of the received messages, newest first (GET /api/inbound). Reading needs
// the viewer role (any full_access key); a domain-scoped key sees its domains' messages only.
func (s *InboundService) List(ctx context.Context, params *ListInboundParams) (*InboundMessageList, error) {
	q := url.Values{}
	if p := params; p != nil {
		setString(q, "domain", p.Domain)
		setString(q, "from", p.From)
		setString(q, "to", p.To)
		setTime(q, "since", p.Since)
		setTime(q, "until", p.Until)
		setInt(q, "limit", p.Limit)
		setString(q, "cursor", p.Cursor)
	}
	return call[InboundMessageList](ctx, s.c, request{method: http.MethodGet, path: "/api/inbound", query: q})
}

// ListAll yields every received message params selects, newest first, page after page (see
// EmailsService.ListAll).
func (s *InboundService) ListAll(ctx context.Context, params *ListInboundParams) iter.Seq2[InboundMessageSummary, error] {
	p := ListInboundParams{}
	if params != nil {
		p = *params
	}
	return pages(ctx, p.Cursor, func(ctx context.Context, cursor string) ([]InboundMessageSummary, *string, error) {
		q := p
		q.Cursor = cursor
		page, err := s.List(ctx, &q)
		if err != nil {
			return nil, nil, err
		}
		return page.Data, page.NextCursor, nil
	})
}

// Get reads one received message, whole (GET /api/inbound/{id}): the email.received payload with
// its id, its bodies never cut, fresh attachment links. Its HTML is the sender's: never render it
// unsanitised.
func (s *InboundService) Get(ctx context.Context, id string) (*InboundMessage, error) {
	return call[InboundMessage](ctx, s.c, request{method: http.MethodGet, path: "/api/inbound/%s", args: []string{id}})
}

// Raw reads the message exactly as it was received (GET /api/inbound/{id}/raw, message/rfc822):
// net/mail.ReadMessage parses it.
func (s *InboundService) Raw(ctx context.Context, id string) ([]byte, error) {
	var raw []byte
	err := s.c.do(ctx, request{method: http.MethodGet, path: "/api/inbound/%s/raw", args: []string{id}, accept: rawAccept}, &raw)
	return raw, err
}

// Delete deletes the message and its attachments (DELETE /api/inbound/{id}); their links answer
// 404 from then on.
func (s *InboundService) Delete(ctx context.Context, id string) error {
	return s.c.do(ctx, request{method: http.MethodDelete, path: "/api/inbound/%s", args: []string{id}}, nil)
}

// DownloadAttachment reads an attachment's bytes (GET /inbound/attachments/{token}) from its
// signed link: its DownloadURL (ReceivedAttachment's, or InboundAttachment's), or the link's
// token; fetched from this client's API with its timeout and retries. The link needs no key and
// works until its ExpiresAt (then a 404 not_found: read the message again for a fresh one). The
// bytes are the sender's: check SHA256, and never trust the declared type.
func (s *InboundService) DownloadAttachment(ctx context.Context, link string) ([]byte, error) {
	token := link
	if _, after, found := strings.Cut(link, attachmentPath); found {
		token = after
	}
	if i := strings.IndexAny(token, "?#"); i >= 0 {
		token = token[:i]
	}
	// The request escapes the token as a path segment: a link's own escaping is undone first.
	token, err := url.PathUnescape(token)
	if err != nil || token == "" || strings.Contains(token, "/") {
		return nil, fmt.Errorf("postage: %q is not an attachment's download URL (nor its token)", link)
	}
	var raw []byte
	err = s.c.do(ctx, request{method: http.MethodGet, path: "/inbound/attachments/%s", args: []string{token}, accept: "application/octet-stream, application/json;q=0.5"}, &raw)
	return raw, err
}

const (
	attachmentPath = "/inbound/attachments/"
	rawAccept      = "message/rfc822, application/octet-stream;q=0.9, application/json;q=0.5"
)
