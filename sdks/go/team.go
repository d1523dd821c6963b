package postage

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// The team and the audit log, as an API key sees them: read only. Inviting, removing and changing
// people need a signed-in admin or owner (the document marks those operations
// x-postage-api-key: false), so they are the dashboard's, not the SDK's.

// MembersService reads the account's members (Client.Members; a full_access key).
type MembersService struct{ c *Client }

// List returns every member with their role, the earliest first (GET /api/members).
func (s *MembersService) List(ctx context.Context) (*MemberList, error) {
	return call[MemberList](ctx, s.c, request{method: http.MethodGet, path: "/api/members"})
}

// InvitationsService reads the account's open invitations (Client.Invitations; a full_access key).
type InvitationsService struct{ c *Client }

// List returns the invitations not yet accepted, revoked or expired, newest first, with who sent
// each (GET /api/invitations).
func (s *InvitationsService) List(ctx context.Context) (*InvitationList, error) {
	return call[InvitationList](ctx, s.c, request{method: http.MethodGet, path: "/api/invitations"})
}

// AuditService reads the audit log: every change to the account, who made it and when
// (Client.Audit; a full_access key).
type AuditService struct{ c *Client }

// ListAuditParams filters the audit log; the zero value lists the newest 25 entries.
type ListAuditParams struct {
	Actor  string    // only this actor: "user:<id>", "key:<id>" or "cli:<name>"
	Action string    // an action ("api_key.create") or its family ("api_key")
	Since  time.Time // at or after
	Until  time.Time // before
	Limit  int       // rows per page, 1 to 100 (default 25)
	Cursor string    // NextCursor of the previous page
}

// List returns a page of the audit log, newest first (GET /api/audit). ListAll follows the pages.
func (s *AuditService) List(ctx context.Context, params *ListAuditParams) (*AuditList, error) {
	q := url.Values{}
	if p := params; p != nil {
		setString(q, "actor", p.Actor)
		setString(q, "action", p.Action)
		setTime(q, "since", p.Since)
		setTime(q, "until", p.Until)
		setInt(q, "limit", p.Limit)
		setString(q, "cursor", p.Cursor)
	}
	return call[AuditList](ctx, s.c, request{method: http.MethodGet, path: "/api/audit", query: q})
}
