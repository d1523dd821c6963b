package postage

// Unit tests of the hand-written client against local httptest servers: no Postage needed.
// The tests against a real API are in integration_test.go.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// recorded is what a test server saw of one request.
type recorded struct {
	method, path, rawQuery string
	header                 http.Header
	body                   []byte
}

type testServer struct {
	*httptest.Server
	mu       sync.Mutex
	requests []recorded
}

func (s *testServer) seen() []recorded {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]recorded(nil), s.requests...)
}

// serve answers the n-th request (from 0) with answer(n, w, r).
func serve(t *testing.T, answer func(n int, w http.ResponseWriter, r *http.Request)) *testServer {
	t.Helper()
	s := &testServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		n := len(s.requests)
		s.requests = append(s.requests, recorded{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Clone(), body})
		s.mu.Unlock()
		answer(n, w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func testClient(s *testServer, opts ...Option) *Client {
	c := NewClient("pk_test", append([]Option{WithBaseURL(s.URL + "/")}, opts...)...)
	c.backoff = func(int) time.Duration { return time.Millisecond }
	return c
}

func reply(w http.ResponseWriter, status int, body string, header ...string) {
	for i := 0; i+1 < len(header); i += 2 {
		w.Header().Set(header[i], header[i+1])
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

const accepted = `{"success":true,"message":"Email queued for delivery","message_id":"3f2a4c1e-0b6d-4c59-9a43-2d7f4e8b1a60","mode":"shared","attachments":0,"warnings":["w"]}`

var hex32 = regexp.MustCompile(`^[0-9a-f]{32}$`)

func TestSendPostsTheRequestWithKeyAndIdempotencyKey(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) { reply(w, 200, accepted) })
	res, err := testClient(s).Emails.Send(context.Background(), &SendEmailRequest{
		FromEmail: "hello@mail.example.com", To: "ada@example.org", Subject: "Hi", Message: "Hello.",
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.MessageID != "3f2a4c1e-0b6d-4c59-9a43-2d7f4e8b1a60" || res.Mode != SendResponseModeShared || len(res.Warnings) != 1 {
		t.Fatalf("answer %+v", res)
	}
	got := s.seen()
	if len(got) != 1 {
		t.Fatalf("%d requests", len(got))
	}
	r := got[0]
	if r.method != "POST" || r.path != "/api/send/" {
		t.Errorf("request %s %s", r.method, r.path)
	}
	if r.header.Get("X-API-Key") != "pk_test" || r.header.Get("Content-Type") != "application/json" ||
		!strings.HasPrefix(r.header.Get("User-Agent"), "postage-go/") || !hex32.MatchString(r.header.Get("Idempotency-Key")) {
		t.Errorf("headers %v", r.header)
	}
	// Optional fields left empty are not sent: no "template": {}, no zero scheduled_at.
	want := `{"from_email":"hello@mail.example.com","message":"Hello.","subject":"Hi","to":"ada@example.org"}`
	if string(r.body) != want {
		t.Errorf("body\n got %s\nwant %s", r.body, want)
	}
}

func TestSendUsesTheRequestsOwnIdempotencyKey(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) { reply(w, 200, accepted) })
	_, err := testClient(s).Emails.Send(context.Background(), &SendEmailRequest{FromEmail: "a@b.example", To: "c@d.example", Message: "x", IdempotencyKey: "order-42"})
	if err != nil {
		t.Fatal(err)
	}
	if k := s.seen()[0].header.Get("Idempotency-Key"); k != "order-42" {
		t.Fatalf("Idempotency-Key %q", k)
	}
}

func TestSendRetriesALostAnswerWithTheSameKey(t *testing.T) {
	s := serve(t, func(n int, w http.ResponseWriter, _ *http.Request) {
		if n == 0 { // the server accepted, the answer never arrives
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		reply(w, 200, accepted, "Idempotent-Replayed", "true")
	})
	res, err := testClient(s).Emails.Send(context.Background(), &SendEmailRequest{FromEmail: "a@b.example", To: "c@d.example", Message: "x"})
	if err != nil {
		t.Fatal(err)
	}
	got := s.seen()
	if len(got) != 2 || got[0].header.Get("Idempotency-Key") != got[1].header.Get("Idempotency-Key") || string(got[0].body) != string(got[1].body) {
		t.Fatalf("want the same request twice, got %d: %+v", len(got), got)
	}
	if res.MessageID == "" {
		t.Fatal("no message id")
	}
}

func TestRetriesServerErrorsAndInProgress(t *testing.T) {
	answers := []func(http.ResponseWriter){
		func(w http.ResponseWriter) {
			reply(w, 503, `{"success":false,"error":"service_unavailable","detail":"db"}`)
		},
		func(w http.ResponseWriter) {
			reply(w, 409, `{"success":false,"error":"idempotency_key_in_progress","detail":"wait"}`, "Retry-After", "0")
		},
		func(w http.ResponseWriter) { reply(w, 502, `{"success":false,"error":"queue_error","detail":"t"}`) },
		func(w http.ResponseWriter) { reply(w, 200, accepted) },
	}
	s := serve(t, func(n int, w http.ResponseWriter, _ *http.Request) { answers[n](w) })
	if _, err := testClient(s, WithMaxRetries(3)).Emails.Send(context.Background(), &SendEmailRequest{FromEmail: "a@b.example", To: "c@d.example", Message: "x"}); err != nil {
		t.Fatal(err)
	}
	if n := len(s.seen()); n != 4 {
		t.Fatalf("%d requests", n)
	}
}

func TestGivesUpAfterMaxRetries(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 500, `{"success":false,"error":"internal_error","detail":"boom"}`, "X-Request-Id", "req-1")
	})
	_, err := testClient(s, WithMaxRetries(2)).Me.Get(context.Background())
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 500 || apiErr.Code != ErrorCodeInternalError || apiErr.RequestID != "req-1" || !errors.Is(err, ErrServer) {
		t.Fatalf("error %v", err)
	}
	if n := len(s.seen()); n != 3 {
		t.Fatalf("%d requests, want 1 + 2 retries", n)
	}
}

func TestRefusalsAreNotRetried(t *testing.T) {
	cases := []struct {
		status   int
		body     string
		sentinel error
		code     ErrorCode
	}{
		{400, `{"success":false,"detail":"The request is invalid (to)","errors":{"to":["Only one address is allowed."]}}`, ErrValidation, ""},
		{401, `{"success":false,"detail":"Invalid API key."}`, ErrAuthentication, ""},
		{403, `{"success":false,"error":"domain_not_verified","detail":"Verify it."}`, ErrForbidden, ErrorCodeDomainNotVerified},
		{404, `{"success":false,"error":"not_found","detail":"No such message."}`, ErrNotFound, ErrorCodeNotFound},
		{409, `{"success":false,"error":"idempotency_key_reused","detail":"Another body."}`, ErrConflict, ErrorCodeIdempotencyKeyReused},
		{422, `{"success":false,"error":"recipient_suppressed","detail":"Suppressed."}`, ErrSuppressed, ErrorCodeRecipientSuppressed},
		{429, `{"success":false,"error":"usage_limit_exceeded","detail":"Quota."}`, ErrQuotaExceeded, ErrorCodeUsageLimitExceeded},
		{503, `{"success":false,"error":"byoc_not_configured","detail":"Role."}`, ErrServer, ErrorCodeByocNotConfigured},
	}
	for _, tc := range cases {
		s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) { reply(w, tc.status, tc.body) })
		_, err := testClient(s).Emails.Send(context.Background(), &SendEmailRequest{FromEmail: "a@b.example", To: "c@d.example", Message: "x"})
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != tc.status || apiErr.Code != tc.code || apiErr.Detail == "" || !errors.Is(err, tc.sentinel) {
			t.Errorf("%d: error %#v", tc.status, err)
			continue
		}
		if n := len(s.seen()); n != 1 {
			t.Errorf("%d: %d requests", tc.status, n)
		}
		if tc.status == 400 && apiErr.FieldErrors["to"][0] != "Only one address is allowed." {
			t.Errorf("field errors %v", apiErr.FieldErrors)
		}
		if tc.status == 429 && errors.Is(err, ErrRateLimited) {
			t.Error("the quota is not the rate limit")
		}
	}
}

func TestRateLimitWaitsRetryAfter(t *testing.T) {
	s := serve(t, func(n int, w http.ResponseWriter, _ *http.Request) {
		if n == 0 {
			reply(w, 429, `{"success":false,"detail":"Too many requests."}`, "Retry-After", "1")
			return
		}
		reply(w, 200, accepted)
	})
	start := time.Now()
	if _, err := testClient(s).Emails.Send(context.Background(), &SendEmailRequest{FromEmail: "a@b.example", To: "c@d.example", Message: "x"}); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < 900*time.Millisecond {
		t.Fatalf("retried after %s, before Retry-After", waited)
	}
	got := s.seen()
	if len(got) != 2 || got[0].header.Get("Idempotency-Key") != got[1].header.Get("Idempotency-Key") {
		t.Fatalf("%d requests", len(got))
	}
}

// A write other than a send (no idempotency key) is not sent again once it reached the API.
func TestAManagementWriteIsNotRetriedOnceSent(t *testing.T) {
	for _, status := range []int{429, 500, 503} {
		s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
			reply(w, status, `{"success":false,"error":"too_many_requests","detail":"x"}`, "Retry-After", "0")
		})
		c := testClient(s)
		if _, err := c.Webhooks.Test(context.Background(), "w1", EventTypeEmailSent); err == nil {
			t.Fatalf("%d: no error", status)
		}
		if _, err := c.APIKeys.Revoke(context.Background(), "k1"); err == nil {
			t.Fatalf("%d: no error", status)
		}
		if n := len(s.seen()); n != 2 {
			t.Fatalf("%d: %d requests for two calls", status, n)
		}
	}
	// A DELETE whose answer is lost is not repeated either.
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
	})
	_, err := testClient(s).Domains.Delete(context.Background(), "mail.example.com")
	var netErr *NetworkError
	if !errors.As(err, &netErr) || len(s.seen()) != 1 {
		t.Fatalf("error %v after %d requests", err, len(s.seen()))
	}
}

func TestALongRetryAfterIsReturnedAtOnce(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 429, `{"success":false,"detail":"Too many requests."}`, "Retry-After", "900")
	})
	start := time.Now()
	_, err := testClient(s).Emails.Send(context.Background(), &SendEmailRequest{FromEmail: "a@b.example", To: "c@d.example", Message: "x"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || !errors.Is(err, ErrRateLimited) || apiErr.RetryAfter != 900*time.Second || apiErr.Code != "" {
		t.Fatalf("error %v", err)
	}
	if len(s.seen()) != 1 || time.Since(start) > 5*time.Second {
		t.Fatalf("%d requests in %s", len(s.seen()), time.Since(start))
	}
}

func TestAPostWithoutKeyIsNotRetriedOnAServerError(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 500, `{"success":false,"error":"internal_error","detail":"boom"}`)
	})
	_, err := testClient(s).Domains.Verify(context.Background(), "mail.example.com")
	if !errors.Is(err, ErrServer) || len(s.seen()) != 1 {
		t.Fatalf("error %v after %d requests", err, len(s.seen()))
	}
}

// countingTransport counts the connections a client tried.
type countingTransport struct{ n atomic.Int32 }

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}

func TestAConnectionNeverMadeIsRetriedForAnyRequest(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	tr := &countingTransport{}
	c := NewClient("pk_test", WithBaseURL("http://"+addr), WithHTTPClient(&http.Client{Transport: tr}), WithMaxRetries(2))
	c.backoff = func(int) time.Duration { return time.Millisecond }
	_, err = c.Domains.Verify(context.Background(), "mail.example.com")
	var op *net.OpError
	var netErr *NetworkError
	if !errors.As(err, &op) || !errors.As(err, &netErr) || netErr.Timeout || errors.Is(err, ErrTimeout) {
		t.Fatalf("error %v", err)
	}
	if tr.n.Load() != 3 {
		t.Fatalf("%d attempts", tr.n.Load())
	}
}

func TestMaxRetriesZeroTriesOnce(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 503, `{"success":false,"error":"service_unavailable","detail":"db"}`)
	})
	_, err := testClient(s, WithMaxRetries(0)).Emails.Send(context.Background(), &SendEmailRequest{FromEmail: "a@b.example", To: "c@d.example", Message: "x"})
	if !errors.Is(err, ErrServer) || len(s.seen()) != 1 {
		t.Fatalf("error %v after %d requests", err, len(s.seen()))
	}
}

func TestTheContextBoundsTheWholeCall(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 503, `{"success":false,"error":"service_unavailable","detail":"db"}`, "Retry-After", "5")
	})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := testClient(s).Me.Get(ctx)
	if !errors.Is(err, ErrServer) || time.Since(start) > 2*time.Second {
		t.Fatalf("error %v after %s", err, time.Since(start))
	}

	// Cancelled while the server is slow: the context's error.
	slow := serve(t, func(_ int, w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	ctx2, cancel2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel2()
	_, err = testClient(slow).Me.Get(ctx2)
	var netErr *NetworkError
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, ErrTimeout) || !errors.As(err, &netErr) {
		t.Fatalf("error %v", err)
	}
}

func TestTheTimeoutBoundsEachAttempt(t *testing.T) {
	s := serve(t, func(n int, w http.ResponseWriter, r *http.Request) {
		if n == 0 {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return
		}
		reply(w, 200, `{"name":"","email":"a@b.example","is_verified":true,"current_plan":"growth","byoc_usage_current_month":0,"shared_usage_current_month":3,"byoc_configured":false,"verified_byoc_domains":[],"verified_shared_domains":["mail.example.com"]}`)
	})
	me, err := testClient(s, WithTimeout(200*time.Millisecond)).Me.Get(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if me.SharedUsageCurrentMonth != 3 || me.VerifiedSharedDomains[0] != "mail.example.com" {
		t.Fatalf("%+v", me)
	}

	// Every attempt too slow: a timeout, told apart from an answer.
	slow := serve(t, func(_ int, _ http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	start := time.Now()
	_, err = testClient(slow, WithTimeout(100*time.Millisecond), WithMaxRetries(1)).Me.Get(context.Background())
	var netErr *NetworkError
	var apiErr *APIError
	if !errors.As(err, &netErr) || !netErr.Timeout || !errors.Is(err, ErrTimeout) || errors.As(err, &apiErr) {
		t.Fatalf("error %v", err)
	}
	if len(slow.seen()) != 2 || time.Since(start) > 3*time.Second {
		t.Fatalf("%d attempts in %s", len(slow.seen()), time.Since(start))
	}
}

func TestPathParametersAreEscapedAndRequired(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 200, `{"address":"a b/c@example.org","reason":"manual","created_at":"2026-01-02T03:04:05Z"}`)
	})
	c := testClient(s)
	if _, err := c.Suppressions.Get(context.Background(), "a b/c@example.org"); err != nil {
		t.Fatal(err)
	}
	if p := s.seen()[0].path; p != "/api/suppressions/a%20b%2Fc@example.org" {
		t.Fatalf("path %s", p)
	}
	if _, err := c.Webhooks.Replay(context.Background(), "wh_1", ""); err == nil || len(s.seen()) != 1 {
		t.Fatalf("an empty id was sent: %v", err)
	}
}

func TestListParametersBecomeTheQuery(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 200, `{"emails":[],"next_cursor":null}`)
	})
	since := time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("x", 3600))
	list, err := testClient(s).Emails.List(context.Background(), &ListEmailsParams{Status: EmailListEmailsStatusBounced, Since: since, Tag: "run:1", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if list.NextCursor != nil {
		t.Fatalf("next cursor %v", *list.NextCursor)
	}
	if q := s.seen()[0].rawQuery; q != "limit=10&since=2026-01-02T02%3A04%3A05Z&status=bounced&tag=run%3A1" {
		t.Fatalf("query %s", q)
	}
}

func TestTheAuditLogsFiltersAndPages(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("cursor") == "" {
			reply(w, 200, `{"entries":[{"id":"2","actor":{"type":"key","id":"k","name":"ops (pk_1)","email":null},"action":"api_key.revoke","details":{"key":"pk_2"},"created_at":"2026-01-02T00:00:00Z"}],"next_cursor":"c2"}`)
			return
		}
		reply(w, 200, `{"entries":[{"id":"1","actor":{"type":"user","id":"u","name":"Ada","email":"ada@example.org"},"action":"api_key.create","details":{},"created_at":"2026-01-01T00:00:00Z"}],"next_cursor":null}`)
	})
	c := testClient(s)
	var got []string
	for entry, err := range c.Audit.ListAll(context.Background(), &ListAuditParams{Actor: "user:u", Action: "api_key", Since: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Limit: 1}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, entry.ID+" "+string(entry.Actor.Type)+" "+entry.Action)
	}
	if strings.Join(got, ", ") != "2 key api_key.revoke, 1 user api_key.create" {
		t.Fatalf("entries %v", got)
	}
	seen := s.seen()
	if len(seen) != 2 || seen[0].path != "/api/audit" || seen[0].rawQuery != "action=api_key&actor=user%3Au&limit=1&since=2026-01-01T00%3A00%3A00Z" ||
		seen[1].rawQuery != "action=api_key&actor=user%3Au&cursor=c2&limit=1&since=2026-01-01T00%3A00%3A00Z" {
		t.Fatalf("requests %+v", seen)
	}
}

func TestABadBaseURLIsAnError(t *testing.T) {
	if _, err := NewClient("pk", WithBaseURL("localhost:3000")).Me.Get(context.Background()); err == nil || !strings.Contains(err.Error(), "base URL") {
		t.Fatalf("error %v", err)
	}
}

func TestBatchAnswersAreReadItemByItem(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 200, `{"success":true,"data":[
			{"index":0,"success":true,"message":"m","message_id":"3f2a4c1e-0b6d-4c59-9a43-2d7f4e8b1a60","mode":"shared","attachments":0,"warnings":[],"replayed":true},
			{"index":1,"success":false,"error":"recipient_suppressed","detail":"Suppressed."},
			{"index":2,"success":false,"detail":"Not valid.","errors":{"to":["Only one address is allowed."]}}]}`)
	})
	res, err := testClient(s).Emails.SendBatch(context.Background(), &SendBatchRequest{Emails: []SendEmailRequest{
		{FromEmail: "a@b.example", To: "c@d.example", Message: "1"},
		{FromEmail: "a@b.example", To: "gone@d.example", Message: "2"},
		{FromEmail: "a@b.example", To: "x, y", Message: "3"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	r := s.seen()[0]
	if r.path != "/api/send/batch" || !hex32.MatchString(r.header.Get("Idempotency-Key")) || !strings.HasPrefix(string(r.body), `{"emails":[{"from_email":"a@b.example"`) {
		t.Fatalf("request %s %v %s", r.path, r.header, r.body)
	}
	d := res.Data
	if len(d) != 3 || d[0].Err() != nil || !d[0].Replayed || d[0].MessageID == "" {
		t.Fatalf("item 0 %+v", d)
	}
	if err := d[1].Err(); !errors.Is(err, ErrSuppressed) || err.(*APIError).Code != ErrorCodeRecipientSuppressed {
		t.Fatalf("item 1 %v", err)
	}
	if err := d[2].Err(); !errors.Is(err, ErrValidation) || !strings.Contains(err.Error(), "to: Only one address") {
		t.Fatalf("item 2 %v", err)
	}
}

func TestAnAnswerThatIsNotJSON(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
		_, _ = io.WriteString(w, "<html>Bad gateway</html>")
	})
	_, err := testClient(s, WithMaxRetries(0)).Me.Get(context.Background())
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Detail != "<html>Bad gateway</html>" || apiErr.Code != "" {
		t.Fatalf("error %v", err)
	}
}

func TestUpdateWebhookCanSwitchItOff(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 200, `{"id":"w1","url":"https://h.example/x","events":["email.sent"],"active":false,"created_at":"2026-01-02T03:04:05Z"}`)
	})
	off := false
	if _, err := testClient(s).Webhooks.Update(context.Background(), "w1", &UpdateWebhookRequest{Active: &off}); err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	if err := json.Unmarshal(s.seen()[0].body, &body); err != nil || body["active"] != false || len(body) != 1 {
		t.Fatalf("body %s", s.seen()[0].body)
	}
}

func TestListAllFollowsTheCursor(t *testing.T) {
	s := serve(t, func(n int, w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("cursor") {
		case "":
			reply(w, 200, `{"emails":[{"message_id":"m1"},{"message_id":"m2"}],"next_cursor":"c2"}`)
		case "c2":
			reply(w, 200, `{"emails":[{"message_id":"m3"}],"next_cursor":"c3"}`)
		default:
			reply(w, 200, `{"emails":[],"next_cursor":null}`)
		}
	})
	c := testClient(s)
	var ids []string
	for email, err := range c.Emails.ListAll(context.Background(), &ListEmailsParams{Tag: "run:1", Limit: 2}) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, email.MessageID)
	}
	if strings.Join(ids, ",") != "m1,m2,m3" {
		t.Fatalf("ids %v", ids)
	}
	got := s.seen()
	if len(got) != 3 || got[1].rawQuery != "cursor=c2&limit=2&tag=run%3A1" || got[2].rawQuery != "cursor=c3&limit=2&tag=run%3A1" {
		t.Fatalf("requests %+v", got)
	}

	// Breaking out stops fetching; ranging again starts from the first page.
	for range c.Emails.ListAll(context.Background(), nil) {
		break
	}
	if n := len(s.seen()); n != 4 || s.seen()[3].rawQuery != "" {
		t.Fatalf("%d requests", n)
	}

	// A failed page ends the loop with its error.
	failing := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		reply(w, 403, `{"success":false,"error":"insufficient_permission","detail":"full_access"}`)
	})
	n := 0
	for _, err := range testClient(failing).Templates.ListAll(context.Background(), nil) {
		n++
		if !errors.Is(err, ErrForbidden) {
			t.Fatalf("error %v", err)
		}
	}
	if n != 1 {
		t.Fatalf("%d iterations", n)
	}
}

// The engagement options (docs/sending.md): sent only when set, false included; a domain's
// tracking subdomain can be removed (null); suppression topics go in the body or the query.
func TestEngagementRequests(t *testing.T) {
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) { reply(w, 200, `{}`) })
	c := testClient(s)
	ctx := context.Background()
	_, _ = c.Emails.Send(ctx, &SendEmailRequest{
		FromEmail: "a@mail.example.com", To: "b@example.org", Message: "m",
		Headers: map[string]string{"In-Reply-To": "<x@example.org>"}, TrackOpens: Bool(true), TrackClicks: Bool(false),
		Unsubscribe: &SendRequest_Unsubscribe{Topic: "news"},
	})
	_, _ = c.Emails.Send(ctx, &SendEmailRequest{FromEmail: "a@mail.example.com", To: "b@example.org", Message: "m", Unsubscribe: &SendRequest_Unsubscribe{}})
	_, _ = c.Domains.Update(ctx, "mail.example.com", &UpdateDomainParams{TrackClicks: Bool(false), RemoveTrackingSubdomain: true})
	_, _ = c.Domains.Update(ctx, "mail.example.com", &UpdateDomainParams{TrackingSubdomain: String("track")})
	_, _ = c.Suppressions.AddForTopic(ctx, "b@example.org", "news")
	_, _ = c.Suppressions.GetForTopic(ctx, "b@example.org", "news")
	_, _ = c.Suppressions.DeleteForTopic(ctx, "b@example.org", "news")
	_, _ = c.Stats.Daily(ctx, 7)
	seen := s.seen()
	var first map[string]any
	if err := json.Unmarshal(seen[0].body, &first); err != nil {
		t.Fatal(err)
	}
	if first["track_opens"] != true || first["track_clicks"] != false || first["headers"].(map[string]any)["In-Reply-To"] != "<x@example.org>" || first["unsubscribe"].(map[string]any)["topic"] != "news" {
		t.Errorf("send: %s", seen[0].body)
	}
	for i, want := range []string{
		`"unsubscribe":{}`, `{"track_clicks":false,"tracking_subdomain":null}`, `{"tracking_subdomain":"track"}`, `{"address":"b@example.org","topic":"news"}`,
	} {
		if got := string(seen[i+1].body); !strings.Contains(got, want) || (i == 0 && strings.Contains(got, "track_")) {
			t.Errorf("request %d: %s, want %s", i+1, got, want)
		}
	}
	for i, want := range map[int]string{2: "PATCH /api/domains/mail.example.com", 5: "GET /api/suppressions/b@example.org?topic=news", 6: "DELETE /api/suppressions/b@example.org?topic=news", 7: "GET /api/stats/daily?days=7"} {
		if got := seen[i].method + " " + seen[i].path + "?" + seen[i].rawQuery; strings.TrimSuffix(got, "?") != want {
			t.Errorf("request %d: %s, want %s", i, got, want)
		}
	}
}
