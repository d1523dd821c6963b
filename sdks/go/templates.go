package postage

import (
	"context"
	"net/http"
	"net/url"
)

// TemplatesService manages stored templates (Client.Templates; a full_access key). A send uses
// one with SendEmailRequest.Template. Wherever an id is asked for, the alias works too.
type TemplatesService struct{ c *Client }

// ListTemplatesParams pages the templates; the zero value lists the first 25.
type ListTemplatesParams struct {
	Limit  int    // rows per page, 1 to 100 (default 25)
	Cursor string // NextCursor of the previous page
}

// List returns the account's templates (GET /api/templates).
func (s *TemplatesService) List(ctx context.Context, params *ListTemplatesParams) (*TemplateList, error) {
	q := url.Values{}
	if p := params; p != nil {
		setInt(q, "limit", p.Limit)
		setString(q, "cursor", p.Cursor)
	}
	return call[TemplateList](ctx, s.c, request{method: http.MethodGet, path: "/api/templates", query: q})
}

// Create makes a template; its content is the draft until published (POST /api/templates).
func (s *TemplatesService) Create(ctx context.Context, req *CreateTemplateRequest) (*Template, error) {
	return call[Template](ctx, s.c, request{method: http.MethodPost, path: "/api/templates", body: req})
}

// Get returns a template with its draft (GET /api/templates/{id}).
func (s *TemplatesService) Get(ctx context.Context, id string) (*Template, error) {
	return call[Template](ctx, s.c, request{method: http.MethodGet, path: "/api/templates/%s", args: []string{id}})
}

// Update renames a template, changes its alias or edits its draft (PATCH /api/templates/{id}).
func (s *TemplatesService) Update(ctx context.Context, id string, req *UpdateTemplateRequest) (*Template, error) {
	return call[Template](ctx, s.c, request{method: http.MethodPatch, path: "/api/templates/%s", args: []string{id}, body: req})
}

// Delete removes a template (DELETE /api/templates/{id}); 409 template_in_use while a
// scheduled message rendered from it waits.
func (s *TemplatesService) Delete(ctx context.Context, id string) (*Deleted, error) {
	return call[Deleted](ctx, s.c, request{method: http.MethodDelete, path: "/api/templates/%s", args: []string{id}})
}

// Publish makes the draft the next version, which sends use from then on (POST /api/templates/{id}/publish).
func (s *TemplatesService) Publish(ctx context.Context, id string) (*Template, error) {
	return call[Template](ctx, s.c, request{method: http.MethodPost, path: "/api/templates/%s/publish", args: []string{id}})
}

// Versions returns the published versions (GET /api/templates/{id}/versions).
func (s *TemplatesService) Versions(ctx context.Context, id string) (*TemplateVersionList, error) {
	return call[TemplateVersionList](ctx, s.c, request{method: http.MethodGet, path: "/api/templates/%s/versions", args: []string{id}})
}

// Preview renders the draft (or a version) without sending (POST /api/templates/{id}/preview).
func (s *TemplatesService) Preview(ctx context.Context, id string, req *PreviewTemplateRequest) (*TemplatePreview, error) {
	if req == nil {
		req = &PreviewTemplateRequest{}
	}
	return call[TemplatePreview](ctx, s.c, request{method: http.MethodPost, path: "/api/templates/%s/preview", args: []string{id}, body: req})
}

// TestSend sends the rendered draft to a test recipient through the real pipeline (POST /api/templates/{id}/test-send).
func (s *TemplatesService) TestSend(ctx context.Context, id string, req *TemplateTestSendRequest) (*TemplateTestSend, error) {
	return call[TemplateTestSend](ctx, s.c, request{method: http.MethodPost, path: "/api/templates/%s/test-send", args: []string{id}, body: req})
}
