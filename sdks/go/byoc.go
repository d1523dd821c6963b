package postage

import (
	"context"
	"net/http"
)

// BYOCService manages sending through the customer's own AWS account (Client.BYOC; a full_access key).
type BYOCService struct{ c *Client }

// Get returns the BYOC configuration (GET /api/byoc).
func (s *BYOCService) Get(ctx context.Context) (*Byoc, error) {
	return call[Byoc](ctx, s.c, request{method: http.MethodGet, path: "/api/byoc"})
}

// Save stores the role ARN and region, creating the ExternalId on first save, and validates
// them (PUT /api/byoc).
func (s *BYOCService) Save(ctx context.Context, req *ByocRequest) (*ByocSaved, error) {
	return call[ByocSaved](ctx, s.c, request{method: http.MethodPut, path: "/api/byoc", body: req})
}

// Validate checks the saved role again (POST /api/byoc/validate).
func (s *BYOCService) Validate(ctx context.Context) (*ByocValidation, error) {
	return call[ByocValidation](ctx, s.c, request{method: http.MethodPost, path: "/api/byoc/validate"})
}

// Policy returns the role's trust and permissions policies, with the account's ExternalId (GET /api/byoc/policy).
func (s *BYOCService) Policy(ctx context.Context) (*ByocPolicy, error) {
	return call[ByocPolicy](ctx, s.c, request{method: http.MethodGet, path: "/api/byoc/policy"})
}

// CloudFormation returns a CloudFormation template that creates the role (GET /api/byoc/cloudformation).
func (s *BYOCService) CloudFormation(ctx context.Context) (*CloudFormationTemplate, error) {
	return call[CloudFormationTemplate](ctx, s.c, request{method: http.MethodGet, path: "/api/byoc/cloudformation"})
}
