package postage

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// EmailsService sends email and reads the email log (Client.Emails).
type EmailsService struct{ c *Client }

// Send queues one email (POST /api/send/). The answer acknowledges the queueing, not a delivery.
//
// Every send carries an idempotency key, so that a retry after a lost answer is deduplicated
// by the API and never sends twice: req.IdempotencyKey when set (keep it to retry the same send
// yourself, within 24 hours), else one the client makes for this call.
func (s *EmailsService) Send(ctx context.Context, req *SendEmailRequest) (*SendEmailResponse, error) {
	if req == nil {
		return nil, errors.New("postage: Send needs a request")
	}
	key := req.IdempotencyKey
	if key == "" {
		key = newIdempotencyKey()
	}
	return call[SendEmailResponse](ctx, s.c, request{method: http.MethodPost, path: "/api/send/", body: req, idempotencyKey: key})
}

// SendBatchRequest is 1 to 100 emails for SendBatch.
type SendBatchRequest struct {
	// Emails are handled in order, each exactly as if sent alone (every gate, its own count, log
	// row and webhooks); each may carry its own IdempotencyKey.
	Emails []SendEmailRequest `json:"emails"`
	// IdempotencyKey (the Idempotency-Key header) keeps the whole answer for a retry; the client
	// makes one when empty. Emails without their own key get one derived from it.
	IdempotencyKey string `json:"-"`
}

// SendBatchResponse is the answer to a batch: one entry per email, in request order.
type SendBatchResponse struct {
	Success bool          `json:"success"`
	Data    []BatchResult `json:"data"`
}

// BatchResult is the answer for one email of a batch: accepted (Success, MessageID...), refused
// by a gate (Error, Detail) or invalid (Detail, Errors). Err gives the refusal as an *APIError.
type BatchResult struct {
	// Index is the position of the email in the request.
	Index   int  `json:"index"`
	Success bool `json:"success"`

	// Accepted.
	Message        string           `json:"message,omitempty"`
	MessageID      string           `json:"message_id,omitempty"`
	Mode           SendResponseMode `json:"mode,omitempty"`
	Attachments    int              `json:"attachments,omitempty"`
	Warnings       []string         `json:"warnings,omitempty"`
	IdempotencyKey string           `json:"idempotency_key,omitempty"`
	ScheduledAt    *time.Time       `json:"scheduled_at,omitempty"`
	// Replayed: the email's idempotency key (or the batch's) was used before; this is its earlier answer.
	Replayed bool `json:"replayed,omitempty"`

	// Refused.
	Error  ErrorCode           `json:"error,omitempty"`
	Detail string              `json:"detail,omitempty"`
	Errors map[string][]string `json:"errors,omitempty"`
}

// Err is nil for an accepted email, else its refusal as an *APIError (StatusCode 0: a batch
// answers 200 as a whole; compare Code, or use errors.Is with ErrValidation, ErrSuppressed or
// ErrQuotaExceeded).
func (r BatchResult) Err() error {
	if r.Success {
		return nil
	}
	return &APIError{Code: r.Error, Detail: r.Detail, FieldErrors: r.Errors}
}

// SendBatch queues up to 100 emails in one request (POST /api/send/batch). An email's refusal
// never affects the others (except queue_error: once the queue did not answer, the rest answer
// queue_error too): check each BatchResult. The batch counts as one request against the rate
// limit; the monthly quota counts every email.
func (s *EmailsService) SendBatch(ctx context.Context, req *SendBatchRequest) (*SendBatchResponse, error) {
	if req == nil {
		return nil, errors.New("postage: SendBatch needs a request")
	}
	key := req.IdempotencyKey
	if key == "" {
		key = newIdempotencyKey()
	}
	return call[SendBatchResponse](ctx, s.c, request{method: http.MethodPost, path: "/api/send/batch", body: req, idempotencyKey: key})
}

// ListEmailsParams filters the email log; the zero value lists the newest 25.
type ListEmailsParams struct {
	Status    EmailListEmailsStatus // only this status
	Recipient string                // part of the recipient address
	From      string                // part of the sender address
	Since     time.Time             // created at or after
	Until     time.Time             // created before
	Tag       string                // "name:value"
	Limit     int                   // rows per page, 1 to 100 (default 25)
	Cursor    string                // NextCursor of the previous page
}

// List reads the email log, newest first (GET /api/emails; shared mode only).
func (s *EmailsService) List(ctx context.Context, params *ListEmailsParams) (*EmailList, error) {
	q := url.Values{}
	if p := params; p != nil {
		setString(q, "status", string(p.Status))
		setString(q, "recipient", p.Recipient)
		setString(q, "from", p.From)
		setTime(q, "since", p.Since)
		setTime(q, "until", p.Until)
		setString(q, "tag", p.Tag)
		setInt(q, "limit", p.Limit)
		setString(q, "cursor", p.Cursor)
	}
	return call[EmailList](ctx, s.c, request{method: http.MethodGet, path: "/api/emails", query: q})
}

// Get reads one message of the log with its timeline and webhook deliveries (GET /api/emails/{message_id}).
func (s *EmailsService) Get(ctx context.Context, messageID string) (*EmailDetail, error) {
	return call[EmailDetail](ctx, s.c, request{method: http.MethodGet, path: "/api/emails/%s", args: []string{messageID}})
}

// Reschedule moves a scheduled email (PATCH /api/emails/{message_id}); 409 not_scheduled once it has left.
func (s *EmailsService) Reschedule(ctx context.Context, messageID string, at time.Time) (*EmailSchedule, error) {
	return call[EmailSchedule](ctx, s.c, request{method: http.MethodPatch, path: "/api/emails/%s", args: []string{messageID}, body: &RescheduleRequest{ScheduledAt: at}})
}

// Cancel cancels a scheduled email (POST /api/emails/{message_id}/cancel): its count is given
// back and its content deleted; 409 not_scheduled once it has left.
func (s *EmailsService) Cancel(ctx context.Context, messageID string) (*EmailSchedule, error) {
	return call[EmailSchedule](ctx, s.c, request{method: http.MethodPost, path: "/api/emails/%s/cancel", args: []string{messageID}})
}

func setString(q url.Values, name, v string) {
	if v != "" {
		q.Set(name, v)
	}
}

func setInt(q url.Values, name string, v int) {
	if v != 0 {
		q.Set(name, strconv.Itoa(v))
	}
}

func setTime(q url.Values, name string, v time.Time) {
	if !v.IsZero() {
		q.Set(name, v.UTC().Format(time.RFC3339Nano))
	}
}

// Bool returns a pointer to v, for the optional booleans of requests (SendEmailRequest.TrackOpens,
// UpdateDomainParams.TrackClicks, UpdateWebhookRequest.Active): nil leaves them out, so false is
// sent only when set.
func Bool(v bool) *bool { return &v }

// String returns a pointer to v, for optional strings of requests (UpdateDomainParams.TrackingSubdomain).
func String(v string) *string { return &v }
