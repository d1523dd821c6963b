package postage

import (
	"context"
	"net/http"
	"net/url"
)

// SuppressionsService manages the suppression list (Client.Suppressions; a full_access key).
type SuppressionsService struct{ c *Client }

// ListSuppressionsParams filters the suppression list; the zero value lists the first 25.
type ListSuppressionsParams struct {
	Search string // part of the address
	Limit  int    // rows per page, 1 to 100 (default 25)
	Cursor string // NextCursor of the previous page
}

// List returns suppressed addresses (GET /api/suppressions).
func (s *SuppressionsService) List(ctx context.Context, params *ListSuppressionsParams) (*SuppressionList, error) {
	q := url.Values{}
	if p := params; p != nil {
		setString(q, "search", p.Search)
		setInt(q, "limit", p.Limit)
		setString(q, "cursor", p.Cursor)
	}
	return call[SuppressionList](ctx, s.c, request{method: http.MethodGet, path: "/api/suppressions", query: q})
}

// Add suppresses an address for all mail (POST /api/suppressions).
func (s *SuppressionsService) Add(ctx context.Context, address string) (*SuppressionAdded, error) {
	return call[SuppressionAdded](ctx, s.c, request{method: http.MethodPost, path: "/api/suppressions", body: &CreateSuppressionRequest{Address: address}})
}

// AddForTopic suppresses an address for one one-click unsubscribe topic only: sends whose
// Unsubscribe names that topic are refused, others still go (POST /api/suppressions).
func (s *SuppressionsService) AddForTopic(ctx context.Context, address, topic string) (*SuppressionAdded, error) {
	return call[SuppressionAdded](ctx, s.c, request{method: http.MethodPost, path: "/api/suppressions", body: &CreateSuppressionRequest{Address: address, Topic: topic}})
}

// GetForTopic returns an address's entry for one topic; ErrNotFound when there is none (GET
// /api/suppressions/{address}?topic=). Get reads the all-mail entry.
func (s *SuppressionsService) GetForTopic(ctx context.Context, address, topic string) (*Suppression, error) {
	return call[Suppression](ctx, s.c, request{method: http.MethodGet, path: "/api/suppressions/%s", args: []string{address}, query: url.Values{"topic": {topic}}})
}

// DeleteForTopic lifts an address's suppression for one topic (DELETE
// /api/suppressions/{address}?topic=). Delete lifts the all-mail entry.
func (s *SuppressionsService) DeleteForTopic(ctx context.Context, address, topic string) (*Deleted, error) {
	return call[Deleted](ctx, s.c, request{method: http.MethodDelete, path: "/api/suppressions/%s", args: []string{address}, query: url.Values{"topic": {topic}}})
}

// Get returns an address's all-mail entry; ErrNotFound when there is none (GET /api/suppressions/{address}).
func (s *SuppressionsService) Get(ctx context.Context, address string) (*Suppression, error) {
	return call[Suppression](ctx, s.c, request{method: http.MethodGet, path: "/api/suppressions/%s", args: []string{address}})
}

// Delete lifts an address's all-mail suppression (DELETE /api/suppressions/{address}).
func (s *SuppressionsService) Delete(ctx context.Context, address string) (*Deleted, error) {
	return call[Deleted](ctx, s.c, request{method: http.MethodDelete, path: "/api/suppressions/%s", args: []string{address}})
}
