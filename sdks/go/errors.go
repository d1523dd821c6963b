package postage

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"
)

// APIError is an answer of the API outside 2xx: every refusal, as the API describes it. Match it
// with errors.As, and its kind with errors.Is and the sentinels below:
//
//	var apiErr *postage.APIError
//	if errors.As(err, &apiErr) && apiErr.Code == postage.ErrorCodeRecipientSuppressed { ... }
//	if errors.Is(err, postage.ErrRateLimited) { ... }
type APIError struct {
	// StatusCode is the HTTP status; 0 for the refusal of one email of a batch (BatchResult.Err).
	StatusCode int
	// Code is the machine-readable "error" of the answer, one of the ErrorCode constants; empty
	// where the API gives none: field errors (400), an unknown key (401), the rate limit (429).
	Code ErrorCode
	// Detail is the API's explanation, for people.
	Detail string
	// FieldErrors maps a field path ("to", "attachments[0].content", "_body" for the request as
	// a whole) to its problems, for a 400.
	FieldErrors map[string][]string
	// RequestID is the answer's X-Request-Id: quote it to support.
	RequestID string
	// RetryAfter is the answer's Retry-After (0 without).
	RetryAfter time.Duration
	// Body is the answer's body as received.
	Body []byte
}

// Sentinels for errors.Is on an *APIError.
var (
	// ErrValidation: 400, the request is invalid (see FieldErrors); fix it, do not retry it unchanged.
	ErrValidation = errors.New("postage: invalid request")
	// ErrAuthentication: 401, the API key is missing, malformed, unknown, revoked or expired.
	ErrAuthentication = errors.New("postage: authentication failed")
	// ErrForbidden: 403, a send gate refused (see Code), the key lacks the permission
	// (insufficient_permission; insufficient_role where the operation needs a higher team role), or
	// the key is bound to networks and was used from outside them (network_not_allowed).
	ErrForbidden = errors.New("postage: forbidden")
	// ErrNotFound: 404.
	ErrNotFound = errors.New("postage: not found")
	// ErrConflict: 409 (idempotency key reused or in progress, a domain that exists, already_member, ...).
	ErrConflict = errors.New("postage: conflict")
	// ErrSuppressed: 422 recipient_suppressed, the recipient is on the suppression list.
	ErrSuppressed = errors.New("postage: recipient suppressed")
	// ErrRateLimited: a 429 other than the monthly quota; wait RetryAfter.
	ErrRateLimited = errors.New("postage: rate limited")
	// ErrQuotaExceeded: 429 usage_limit_exceeded, the month's allowance is used up.
	ErrQuotaExceeded = errors.New("postage: monthly quota exceeded")
	// ErrServer: 5xx, a failure on Postage's side (nothing was queued or counted).
	ErrServer = errors.New("postage: server error")
)

func (e *APIError) Error() string {
	var b strings.Builder
	b.WriteString("postage: ")
	if e.StatusCode != 0 {
		fmt.Fprintf(&b, "%d %s", e.StatusCode, http.StatusText(e.StatusCode))
	} else {
		b.WriteString("refused")
	}
	if e.Code != "" {
		fmt.Fprintf(&b, " (%s)", e.Code)
	}
	if e.Detail != "" {
		b.WriteString(": " + e.Detail)
	}
	if len(e.FieldErrors) > 0 {
		fields := make([]string, 0, len(e.FieldErrors))
		for f := range e.FieldErrors {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		for _, f := range fields {
			fmt.Fprintf(&b, "; %s: %s", f, strings.Join(e.FieldErrors[f], " "))
		}
	}
	if e.RequestID != "" {
		fmt.Fprintf(&b, " [request %s]", e.RequestID)
	}
	return b.String()
}

// Is matches the sentinels: by status, and for a batch item (no status) by its code or field errors.
func (e *APIError) Is(target error) bool {
	switch target {
	case ErrValidation:
		return e.StatusCode == http.StatusBadRequest || (e.StatusCode == 0 && len(e.FieldErrors) > 0)
	case ErrAuthentication:
		return e.StatusCode == http.StatusUnauthorized
	case ErrForbidden:
		return e.StatusCode == http.StatusForbidden
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound
	case ErrConflict:
		return e.StatusCode == http.StatusConflict
	case ErrSuppressed:
		return e.StatusCode == http.StatusUnprocessableEntity || (e.StatusCode == 0 && e.Code == ErrorCodeRecipientSuppressed)
	case ErrQuotaExceeded:
		return e.Code == ErrorCodeUsageLimitExceeded
	case ErrRateLimited:
		return e.StatusCode == http.StatusTooManyRequests && e.Code != ErrorCodeUsageLimitExceeded
	case ErrServer:
		return e.StatusCode >= 500
	}
	return false
}

// errorBody is every error shape of the document at once (Error, PlainError, ValidationError).
type errorBody struct {
	Error  ErrorCode           `json:"error"`
	Detail string              `json:"detail"`
	Errors map[string][]string `json:"errors"`
}

func newAPIError(a *answer) *APIError {
	e := &APIError{
		StatusCode: a.status,
		RequestID:  a.header.Get("X-Request-Id"),
		RetryAfter: parseRetryAfter(a.header.Get("Retry-After")),
		Body:       a.body,
	}
	var body errorBody
	if err := json.Unmarshal(a.body, &body); err == nil {
		e.Code, e.Detail, e.FieldErrors = body.Error, body.Detail, body.Errors
	} else if text := strings.TrimSpace(string(a.body)); text != "" {
		e.Detail = truncate(text, 200) // not JSON: a proxy's page, say
	}
	return e
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// ErrTimeout matches (errors.Is) a *NetworkError whose request ran out of time: the attempt's
// timeout (WithTimeout) or the context's deadline.
var ErrTimeout = errors.New("postage: timed out")

// NetworkError is a request that got no answer from the API: the connection could not be made
// or was dropped, or the attempt ran past its timeout (Timeout). Whether the API acted on it is
// unknown, which is why sends carry an idempotency key: the client retries them (and reads)
// itself, and a send repeated later with the same IdempotencyKey is not sent twice. The cause
// is Err (a *url.Error, a *net.OpError, context.DeadlineExceeded...), reachable with errors.As
// and errors.Is.
type NetworkError struct {
	Method, Path string
	// Timeout: no answer in time (WithTimeout's bound on an attempt, or the context's deadline).
	Timeout bool
	Err     error
}

func (e *NetworkError) Error() string {
	what := "no answer"
	if e.Timeout {
		what = "timed out"
	}
	return fmt.Sprintf("postage: %s %s: %s: %v", e.Method, e.Path, what, e.Err)
}

func (e *NetworkError) Unwrap() error { return e.Err }

// Is matches ErrTimeout when the request timed out.
func (e *NetworkError) Is(target error) bool { return target == ErrTimeout && e.Timeout }
