package postage

import (
	"bytes"
	"context"
	cryptorand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Version is the SDK's version, sent in its User-Agent.
const Version = "0.1.0"

const (
	// DefaultBaseURL is the hosted API. NewClient uses the POSTAGE_BASE_URL environment variable
	// instead when it is set, and WithBaseURL over both.
	DefaultBaseURL = "https://api.postage.dev"
	// BaseURLEnv names the environment variable NewClient reads for the base URL when no
	// WithBaseURL is given.
	BaseURLEnv = "POSTAGE_BASE_URL"
	// DefaultTimeout bounds each HTTP attempt (WithTimeout changes it).
	DefaultTimeout = 30 * time.Second
	// DefaultMaxRetries is how many times a failed request is tried again (WithMaxRetries).
	DefaultMaxRetries = 2
	// maxRetryWait is the longest Retry-After the client waits out; a longer one (a key blocked
	// for minutes) is returned to the caller at once.
	maxRetryWait = 60 * time.Second
	// maxResponseBytes bounds what is read of one JSON answer.
	maxResponseBytes = 32 << 20
	// maxRawResponseBytes bounds a received message's raw bytes (InboundService.Raw): above the
	// largest message Postage receives (40 MiB through SES).
	maxRawResponseBytes = 64 << 20
)

// Client calls the Postage API with one API key. Build it with NewClient; it is safe for
// concurrent use and holds no state between requests beyond its configuration.
type Client struct {
	apiKey     string
	baseURL    string // "" until an option or NewClient sets it
	httpClient *http.Client
	timeout    time.Duration
	maxRetries int
	userAgent  string
	configErr  error
	// backoff is the wait before retry number attempt+1 when the answer says nothing.
	backoff func(attempt int) time.Duration

	// Emails sends email (one, or a batch) and reads the email log.
	Emails *EmailsService
	// Me reads the key's account (GET /api/me/; any key).
	Me *MeService
	// Usage reads this month's allowance and use (a full_access key).
	Usage *UsageService
	// SendingQueue reads the account's messages waiting for their turn at SES, the pace and the
	// expected wait (a full_access key).
	SendingQueue *SendingQueueService
	// Stats reads sent, delivered, bounced, complained, opened and clicked per UTC day.
	Stats *StatsService
	// Reputation reads the bounce and complaint rates against the warning and pause levels.
	Reputation *ReputationService
	// Domains manages sending domains (a full_access key).
	Domains *DomainsService
	// APIKeys manages API keys (a full_access key).
	APIKeys *APIKeysService
	// Webhooks manages webhook endpoints (a full_access key). To receive deliveries, see
	// Webhooks.Verify (or VerifyWebhook, WebhookHandler).
	Webhooks *WebhooksService
	// Events reads the account's events as they happen, as a stream (a full_access key).
	Events *EventsService
	// Suppressions manages the suppression list (a full_access key).
	Suppressions *SuppressionsService
	// Templates manages stored templates (a full_access key).
	Templates *TemplatesService
	// BYOC manages the bring-your-own-cloud configuration (a full_access key).
	BYOC *BYOCService
	// Members reads the account's members and their roles (a full_access key).
	Members *MembersService
	// Invitations reads the account's open invitations (a full_access key).
	Invitations *InvitationsService
	// Audit reads the audit log (a full_access key).
	Audit *AuditService
	// Inbound is receiving email: inbound domains, their rules, the received messages
	// (docs/inbound.md).
	Inbound *InboundService
}

// NewClient returns a client that authenticates with apiKey (the X-API-Key header). Its base
// URL is WithBaseURL's when given, else the POSTAGE_BASE_URL environment variable's (read here,
// once) when set, else DefaultBaseURL.
func NewClient(apiKey string, opts ...Option) *Client {
	c := &Client{
		apiKey:     apiKey,
		httpClient: &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}, // its own connections
		timeout:    DefaultTimeout,
		maxRetries: DefaultMaxRetries,
		userAgent:  "postage-go/" + Version,
		backoff:    exponentialBackoff,
	}
	for _, opt := range opts {
		opt(c)
	}
	if c.baseURL == "" {
		c.baseURL = os.Getenv(BaseURLEnv)
	}
	if c.baseURL == "" {
		c.baseURL = DefaultBaseURL
	}
	c.baseURL = strings.TrimRight(c.baseURL, "/")
	if u, err := url.Parse(c.baseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		c.configErr = fmt.Errorf("postage: the base URL %q is not an http(s) URL", c.baseURL)
	}
	c.Emails = &EmailsService{c}
	c.Me = &MeService{c}
	c.Usage = &UsageService{c}
	c.SendingQueue = &SendingQueueService{c}
	c.Stats = &StatsService{c}
	c.Reputation = &ReputationService{c}
	c.Domains = &DomainsService{c}
	c.APIKeys = &APIKeysService{c}
	c.Webhooks = &WebhooksService{c}
	c.Events = &EventsService{c}
	c.Suppressions = &SuppressionsService{c}
	c.Templates = &TemplatesService{c}
	c.BYOC = &BYOCService{c}
	c.Members = &MembersService{c}
	c.Invitations = &InvitationsService{c}
	c.Audit = &AuditService{c}
	c.Inbound = newInboundService(c)
	return c
}

// request is one API call as the services describe it.
type request struct {
	method string
	path   string   // a format with one %s per element of args
	args   []string // path parameters, each escaped as one segment; none may be empty
	query  url.Values
	body   any // nil: no body
	// idempotencyKey goes in the Idempotency-Key header; with one, a retry is always safe.
	idempotencyKey string
	// accept is the Accept header ("": application/json).
	accept string
	// header: more request headers (canonical names).
	header http.Header
	// stream: a 2xx answer's body is left open for the caller (answer.stream), and the attempt's
	// timeout covers only the wait for its headers.
	stream bool
}

// answer is what one HTTP attempt got back.
type answer struct {
	status int
	header http.Header
	body   []byte
	stream io.ReadCloser // a streamed request's 2xx body, open (closing it ends the request)
}

// streamed receives a streamed request's open answer (do's out).
type streamed struct {
	header http.Header
	body   io.ReadCloser
}

// do sends r, retrying what is safe to retry, and decodes a 2xx answer into out (when not nil; a
// *[]byte gets the answer's bytes as they are). A non-2xx answer is an *APIError; a request that
// got no answer is a *NetworkError.
func (c *Client) do(ctx context.Context, r request, out any) error {
	if c.configErr != nil {
		return c.configErr
	}
	var payload []byte
	if r.body != nil {
		b, err := json.Marshal(r.body)
		if err != nil {
			return fmt.Errorf("postage: encoding the request: %w", err)
		}
		payload = b
	}
	path := r.path
	if len(r.args) > 0 {
		escaped := make([]any, len(r.args))
		for i, a := range r.args {
			if a == "" {
				return fmt.Errorf("postage: %s %s: path parameter %d is empty", r.method, strings.ReplaceAll(r.path, "%s", "{}"), i+1)
			}
			escaped[i] = url.PathEscape(a)
		}
		path = fmt.Sprintf(r.path, escaped...)
	}
	target := c.baseURL + path
	if len(r.query) > 0 {
		target += "?" + r.query.Encode()
	}
	// Safe to send again even if an earlier attempt reached the server: a read, or a send the API
	// deduplicates by its idempotency key. Other writes are retried only when their connection
	// was never made (nothing was sent).
	repeatable := r.idempotencyKey != "" || r.method == http.MethodGet

	for attempt := 0; ; attempt++ {
		ans, err := c.attempt(ctx, r, target, payload)
		if err == nil && ans.status >= 200 && ans.status < 300 {
			if open, ok := out.(*streamed); ok {
				*open = streamed{header: ans.header, body: ans.stream}
				return nil
			}
			if raw, ok := out.(*[]byte); ok {
				*raw = ans.body
				return nil
			}
			if out == nil || len(ans.body) == 0 {
				return nil
			}
			if err := json.Unmarshal(ans.body, out); err != nil {
				return fmt.Errorf("postage: %s %s: reading the answer (request %s): %w", r.method, path, ans.header.Get("X-Request-Id"), err)
			}
			return nil
		}

		var failure error
		var retry bool
		var wait time.Duration
		if errors.Is(err, errAnswerTooLarge) { // the same request gets the same answer
			return fmt.Errorf("postage: %s %s: %w", r.method, path, err)
		}
		if err != nil {
			if ctx.Err() != nil {
				if errors.Is(ctx.Err(), context.DeadlineExceeded) {
					return &NetworkError{Method: r.method, Path: path, Timeout: true, Err: fmt.Errorf("%w: %w", ctx.Err(), err)}
				}
				return fmt.Errorf("postage: %s %s: %w", r.method, path, ctx.Err())
			}
			failure = &NetworkError{Method: r.method, Path: path, Timeout: isTimeout(err), Err: err}
			// A connection that was never made carried nothing: any request may go again.
			retry = repeatable || isDialError(err)
		} else {
			apiErr := newAPIError(ans)
			failure = apiErr
			retry = retryableAnswer(apiErr, repeatable)
			wait = apiErr.RetryAfter
		}
		if !retry || attempt >= c.maxRetries {
			return failure
		}
		if wait == 0 {
			wait = c.backoff(attempt)
		}
		if wait > maxRetryWait {
			return failure
		}
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < wait {
			return failure
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return fmt.Errorf("postage: %w while waiting to retry after: %w", ctx.Err(), failure)
		case <-timer.C:
		}
	}
}

// attempt makes one HTTP request and reads its whole answer within the per-attempt timeout.
func (c *Client) attempt(ctx context.Context, r request, target string, payload []byte) (*answer, error) {
	if r.stream {
		return c.attemptStream(ctx, r, target)
	}
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	req, err := c.newHTTPRequest(ctx, r, target, payload)
	if err != nil {
		return nil, err
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return readAnswer(resp, r)
}

// attemptStream makes one streamed request: the timeout bounds the wait for the answer's headers
// only, and a 2xx answer's body is handed over open (an error answer is read whole, as any).
func (c *Client) attemptStream(ctx context.Context, r request, target string) (*answer, error) {
	ctx, cancel := context.WithCancel(ctx)
	req, err := c.newHTTPRequest(ctx, r, target, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	var timedOut atomic.Bool
	var timer *time.Timer
	if c.timeout > 0 {
		timer = time.AfterFunc(c.timeout, func() { timedOut.Store(true); cancel() })
	}
	resp, err := c.httpClient.Do(req)
	if timer != nil && !timer.Stop() && timedOut.Load() {
		if err == nil {
			resp.Body.Close()
		}
		cancel()
		return nil, fmt.Errorf("%w: %w", context.DeadlineExceeded, errOr(err, errors.New("no answer in time")))
	}
	if err != nil {
		cancel()
		return nil, err
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return &answer{status: resp.StatusCode, header: resp.Header, stream: cancelOnClose{resp.Body, cancel}}, nil
	}
	defer cancel()
	defer resp.Body.Close()
	return readAnswer(resp, r)
}

func errOr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// cancelOnClose ends a streamed request's context when its body is closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b cancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

// newHTTPRequest is r as an HTTP request with the client's headers.
func (c *Client) newHTTPRequest(ctx context.Context, r request, target string, payload []byte) (*http.Request, error) {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, target, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-API-Key", c.apiKey)
	accept := "application/json"
	if r.accept != "" {
		accept = r.accept
	}
	req.Header.Set("Accept", accept)
	req.Header.Set("User-Agent", c.userAgent)
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", r.idempotencyKey)
	}
	for name, values := range r.header {
		req.Header[name] = values
	}
	return req, nil
}

// readAnswer reads an answer's whole body (up to the size the client reads).
func readAnswer(resp *http.Response, r request) (*answer, error) {
	limit := int64(maxResponseBytes)
	if r.accept != "" && !r.stream {
		limit = maxRawResponseBytes
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading the answer: %w", err)
	}
	if int64(len(data)) > limit {
		// Cut short, it would read as something it is not (a message without its end).
		return nil, fmt.Errorf("%w (%d bytes)", errAnswerTooLarge, limit)
	}
	return &answer{status: resp.StatusCode, header: resp.Header, body: data}, nil
}

// errAnswerTooLarge is an answer longer than the client reads.
var errAnswerTooLarge = errors.New("the answer is over the size the client reads")

// retryableAnswer says whether an error answer is worth the same request again. Only a
// repeatable request (a read, a send with its idempotency key) is ever sent again once it
// reached the API.
func retryableAnswer(e *APIError, repeatable bool) bool {
	if !repeatable {
		return false
	}
	switch e.StatusCode {
	case http.StatusTooManyRequests:
		// The per-key rate limit (no code) and the hourly limits (too_many_requests) refuse
		// before anything is done; the monthly quota (usage_limit_exceeded) does not pass by
		// waiting a minute.
		return e.Code == "" || e.Code == ErrorCodeTooManyRequests
	case http.StatusConflict:
		return e.Code == ErrorCodeIdempotencyKeyInProgress
	case http.StatusServiceUnavailable:
		return e.Code != ErrorCodeByocNotConfigured // the role must be fixed first
	case http.StatusRequestTimeout, http.StatusInternalServerError, http.StatusBadGateway, http.StatusGatewayTimeout:
		return true
	}
	return false
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &t) && t.Timeout())
}

func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// exponentialBackoff waits about 0.5 s, 1 s, 2 s... (at most 8 s), each between half and all of it.
func exponentialBackoff(attempt int) time.Duration {
	d := 500 * time.Millisecond << min(attempt, 4)
	return d/2 + rand.N(d/2+1)
}

// parseRetryAfter reads Retry-After: seconds, or an HTTP date.
func parseRetryAfter(v string) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

// newIdempotencyKey is 32 random hex characters.
func newIdempotencyKey() string {
	var b [16]byte
	if _, err := cryptorand.Read(b[:]); err != nil {
		panic("postage: no randomness for an idempotency key: " + err.Error())
	}
	return hex.EncodeToString(b[:])
}

// call does r and returns its decoded answer.
func call[T any](ctx context.Context, c *Client, r request) (*T, error) {
	var out T
	if err := c.do(ctx, r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
