package postage

import (
	"net/http"
	"time"
)

// Option configures a Client (see NewClient).
type Option func(*Client)

// WithBaseURL sets the API's address, for example "http://localhost:3000". Without it the client
// uses the POSTAGE_BASE_URL environment variable when set, else DefaultBaseURL
// (https://api.postage.dev). A trailing slash is ignored.
func WithBaseURL(baseURL string) Option {
	return func(c *Client) { c.baseURL = baseURL }
}

// WithTimeout bounds each HTTP attempt, the answer's body included (default DefaultTimeout;
// 0: no bound but the context's). The context passed to a call bounds the whole call, retries
// and the waits between them included.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.timeout = d }
}

// WithMaxRetries sets how many times a failed request is tried again (default
// DefaultMaxRetries; 0: never). Only what is safe is retried:
//   - reads (GET) and sends (Emails.Send, Emails.SendBatch): every send carries an idempotency
//     key (the request's, or one the client makes once per call and reuses on every retry), so
//     the API answers a retry with the first answer instead of sending again. They are retried
//     after no answer (a dropped connection, an attempt past its timeout), a rate-limit 429
//     (no error code, or too_many_requests), 409 idempotency_key_in_progress, 408, 500, 502,
//     503 (but byoc_not_configured) and 504;
//   - any other request (a management write) only when its connection was never made, so
//     nothing was sent.
//
// Other refusals (400, 401, 403, 404, 409, 422, 429 usage_limit_exceeded) are never retried.
// The wait is the answer's Retry-After, else an exponential backoff from 0.5 s (at most 8 s)
// with jitter; a Retry-After over a minute, or past the context's deadline, ends the retries at
// once with the error.
//
// Beneath these, Go's HTTP transport itself sends a request with an idempotency key once more,
// at once, when a kept-alive connection it reused turns out to be closed.
func WithMaxRetries(n int) Option {
	return func(c *Client) { c.maxRetries = max(n, 0) }
}

// WithHTTPClient makes the client send its requests through hc (a custom transport, a proxy).
// The per-attempt timeout of WithTimeout applies on top of hc's own.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) {
		if hc != nil {
			c.httpClient = hc
		}
	}
}

// WithUserAgent adds product to the User-Agent header ("product postage-go/<Version>").
func WithUserAgent(product string) Option {
	return func(c *Client) {
		if product != "" {
			c.userAgent = product + " postage-go/" + Version
		}
	}
}
