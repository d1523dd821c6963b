package postage_test

// Tests against a real Postage API, given through the environment by test/sdks/sdks.test.ts (the
// variables are listed in sdks/README.md). Without POSTAGE_BASE_URL they are skipped, so
// `go test ./...` alone runs the unit tests only; sdks/go/test.sh requires the variables.

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/smtp"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/postage-dev/postage-go"
)

type errorCase struct {
	Name   string          `json:"name"`
	APIKey string          `json:"api_key"`
	Body   json.RawMessage `json:"body"`
	Status int             `json:"status"`
	Error  string          `json:"error"`
}

type liveEnv struct {
	baseURL, flakyURL, apiKey, fullKey, domain, testDomain, simulatorDomain string
	errorCases                                                              []errorCase
}

func live(t *testing.T) liveEnv {
	t.Helper()
	if os.Getenv("POSTAGE_BASE_URL") == "" {
		t.Skip("POSTAGE_BASE_URL is not set: no API to test against")
	}
	get := func(name string) string {
		v := os.Getenv(name)
		if v == "" {
			t.Fatalf("%s is not set (sdks/README.md lists the variables)", name)
		}
		return v
	}
	e := liveEnv{
		baseURL: get("POSTAGE_BASE_URL"), flakyURL: get("POSTAGE_FLAKY_BASE_URL"),
		apiKey: get("POSTAGE_API_KEY"), fullKey: get("POSTAGE_FULL_ACCESS_KEY"),
		domain: get("POSTAGE_DOMAIN"), testDomain: get("POSTAGE_TEST_DOMAIN"), simulatorDomain: get("POSTAGE_SIMULATOR_DOMAIN"),
	}
	if err := json.Unmarshal([]byte(get("POSTAGE_ERROR_CASES")), &e.errorCases); err != nil {
		t.Fatalf("POSTAGE_ERROR_CASES: %v", err)
	}
	return e
}

func (e liveEnv) client(key string, opts ...postage.Option) *postage.Client {
	return postage.NewClient(key, append([]postage.Option{postage.WithBaseURL(e.baseURL)}, opts...)...)
}

func (e liveEnv) testEmail(subject string) *postage.SendEmailRequest {
	return &postage.SendEmailRequest{
		FromEmail: "hello@" + e.domain,
		To:        "delivered@" + e.testDomain,
		Subject:   subject,
		Message:   "Sent by the Go SDK's tests.",
	}
}

func unique(prefix string) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func testContext(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// eventually calls check every half second until it returns nil or ctx ends.
func eventually(ctx context.Context, t *testing.T, what string, check func() error) {
	t.Helper()
	for {
		err := check()
		if err == nil {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s: %v", what, err)
		case <-time.After(500 * time.Millisecond):
		}
	}
}

var uuidPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// Case 1: the test recipients' outcomes, followed in the email log (a full_access key).
func TestLiveSendToTheTestRecipients(t *testing.T) {
	e := live(t)
	ctx := testContext(t, 2*time.Minute)
	sender, full := e.client(e.apiKey), e.client(e.fullKey)

	outcomes := map[string]postage.EmailDetailEmailStatus{
		"delivered": postage.EmailDetailEmailStatusDelivered,
		"bounce":    postage.EmailDetailEmailStatusBounced,
		"complaint": postage.EmailDetailEmailStatusComplained,
	}
	sent := map[string]string{}
	for local := range outcomes {
		req := e.testEmail("Go SDK: " + local)
		req.To = local + "@" + e.testDomain
		res, err := sender.Emails.Send(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", local, err)
		}
		if !bool(res.Success) || !uuidPattern.MatchString(res.MessageID) || res.Mode != postage.SendResponseModeShared || res.Attachments != 0 {
			t.Fatalf("%s: answer %+v", local, res)
		}
		if len(res.Warnings) == 0 {
			t.Errorf("%s: a test send carries a warning that it counts toward the quota", local)
		}
		if !hexKey.MatchString(res.IdempotencyKey) {
			t.Errorf("%s: the client's idempotency key is echoed: %q", local, res.IdempotencyKey)
		}
		sent[local] = res.MessageID
	}

	me, err := sender.Me.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !me.IsVerified || me.CurrentPlan != "growth" || !contains(me.VerifiedSharedDomains, e.domain) || me.SharedUsageCurrentMonth < 3 {
		t.Fatalf("account %+v", me)
	}

	for local, want := range outcomes {
		eventually(ctx, t, local+"@ reaches "+string(want), func() error {
			d, err := full.Emails.Get(ctx, sent[local])
			if err != nil {
				return err
			}
			if d.Email.Status != want {
				return errors.New("status " + string(d.Email.Status))
			}
			if d.Email.Kind != postage.EmailDetailEmailKindTest || d.Email.Recipient != local+"@"+e.testDomain || len(d.Timeline) == 0 {
				t.Fatalf("%s: email %+v", local, d.Email)
			}
			switch want {
			case postage.EmailDetailEmailStatusDelivered:
				if d.Email.DeliveredAt == nil {
					t.Fatalf("delivered without delivered_at: %+v", d.Email)
				}
			case postage.EmailDetailEmailStatusBounced:
				if d.Email.BouncedAt == nil || d.Email.BounceType == nil {
					t.Fatalf("bounced without bounced_at and bounce_type: %+v", d.Email)
				}
			case postage.EmailDetailEmailStatusComplained:
				if d.Email.ComplainedAt == nil {
					t.Fatalf("complained without complained_at: %+v", d.Email)
				}
			}
			return nil
		})
	}
}

func TestLiveEventStreamGivesASendsDeliveryAsItHappens(t *testing.T) {
	e := live(t)
	ctx := testContext(t, 90*time.Second)
	stream, err := e.client(e.fullKey).Events.Stream(ctx, &postage.EventStreamParams{Events: []postage.EventType{postage.EventTypeEmailDelivered}})
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	sent, err := e.client(e.apiKey).Emails.Send(ctx, e.testEmail("Go SDK: live events"))
	if err != nil {
		t.Fatal(err)
	}
	// Other tests' deliveries come too: read until this one's.
	for stream.Next() {
		event := stream.Event()
		parsed, err := event.Parse()
		if err != nil {
			t.Fatalf("event %s: %v", event.ID, err)
		}
		if event.Type != postage.EventTypeEmailDelivered {
			t.Fatalf("an event of another type: %s", event.Type)
		}
		if parsed.MessageID == sent.MessageID {
			if !strings.HasPrefix(event.ID, "msg_") || parsed.Recipient != "delivered@"+e.testDomain || stream.LastEventID() != event.Cursor {
				t.Fatalf("event %+v, parsed %+v", event, parsed)
			}
			return
		}
	}
	t.Fatalf("the stream ended before %s's delivery: %v", sent.MessageID, stream.Err())
}

var hexKey = regexp.MustCompile(`^[0-9a-f]{32}$`)

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// Case 5: every documented refusal arrives as an *APIError with its status and code (retries
// off); the rate limit (no code) is told apart from the monthly quota.
func TestLiveEveryRefusalIsAnAPIError(t *testing.T) {
	e := live(t)
	sentinels := map[int]error{400: postage.ErrValidation, 401: postage.ErrAuthentication, 403: postage.ErrForbidden, 422: postage.ErrSuppressed}
	for _, c := range e.errorCases {
		t.Run(c.Name, func(t *testing.T) {
			var req postage.SendEmailRequest
			dec := json.NewDecoder(bytes.NewReader(c.Body))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&req); err != nil {
				t.Fatalf("the case's body is not a SendEmailRequest: %v", err)
			}
			start := time.Now()
			_, err := e.client(c.APIKey, postage.WithMaxRetries(0)).Emails.Send(testContext(t, 30*time.Second), &req)
			var apiErr *postage.APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("error %v, want an *APIError", err)
			}
			if apiErr.StatusCode != c.Status || string(apiErr.Code) != c.Error || apiErr.RequestID == "" {
				t.Fatalf("got %d %q (request %q), want %d %q: %v", apiErr.StatusCode, apiErr.Code, apiErr.RequestID, c.Status, c.Error, err)
			}
			want := sentinels[c.Status]
			if c.Status == 429 {
				want = postage.ErrRateLimited
				if c.Error == "usage_limit_exceeded" {
					want = postage.ErrQuotaExceeded
				} else if apiErr.RetryAfter <= 0 {
					t.Error("the rate limit says when to retry")
				}
			}
			if !errors.Is(err, want) {
				t.Errorf("errors.Is(%v, %v) is false", err, want)
			}
			if c.Status == 400 && len(apiErr.FieldErrors) == 0 {
				t.Error("a 400 lists its field errors")
			}
			if time.Since(start) > 10*time.Second {
				t.Errorf("a refusal took %s: was it retried?", time.Since(start))
			}
		})
	}
}

// Case 6: the flaky proxy lets the API accept a send and drops the answer, the first time it sees the
// send's idempotency key. The client retries with the same key, gets the first answer back, and
// the email log has the message once.
func TestLiveALostAnswerIsRetriedAndSentOnce(t *testing.T) {
	e := live(t)
	ctx := testContext(t, 2*time.Minute)
	full := e.client(e.fullKey)
	flaky := e.client(e.apiKey, postage.WithBaseURL(e.flakyURL))

	messagesTagged := func(tag string, want string) {
		t.Helper()
		eventually(ctx, t, "the log has the message tagged "+tag, func() error {
			list, err := full.Emails.List(ctx, &postage.ListEmailsParams{Tag: "run:" + tag})
			if err != nil {
				return err
			}
			if len(list.Emails) == 0 {
				return errors.New("no message yet")
			}
			if len(list.Emails) != 1 || (want != "" && list.Emails[0].MessageID != want) {
				t.Fatalf("tag %s: %d messages, want exactly one (%s)", tag, len(list.Emails), want)
			}
			return nil
		})
	}

	// The caller's own key: retried, replayed, and the same key later gives the same message.
	tag := newUUID()
	req := e.testEmail("Go SDK: a lost answer")
	req.IdempotencyKey = unique("go-retry-")
	req.Tags = map[string]string{"run": tag}
	first, err := flaky.Emails.Send(ctx, req)
	if err != nil {
		t.Fatalf("the retry did not save the send: %v", err)
	}
	again, err := e.client(e.apiKey).Emails.Send(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if again.MessageID != first.MessageID {
		t.Fatalf("the same key gave %s, then %s", first.MessageID, again.MessageID)
	}
	messagesTagged(tag, first.MessageID)

	// Without a key of the caller's: the client's own key protects the send just the same.
	tag2 := newUUID()
	req2 := e.testEmail("Go SDK: a lost answer, no key given")
	req2.Tags = map[string]string{"run": tag2}
	second, err := flaky.Emails.Send(ctx, req2)
	if err != nil {
		t.Fatalf("the retry did not save the send: %v", err)
	}
	messagesTagged(tag2, second.MessageID)

	// Without retries the caller sees the failure, although the API accepted the email. (A new
	// client: its first request opens a connection, which Go's transport never resends on.)
	tag3 := newUUID()
	req3 := e.testEmail("Go SDK: a lost answer, no retries")
	req3.Tags = map[string]string{"run": tag3}
	_, err = e.client(e.apiKey, postage.WithBaseURL(e.flakyURL), postage.WithMaxRetries(0)).Emails.Send(ctx, req3)
	var netErr *postage.NetworkError
	if !errors.As(err, &netErr) || netErr.Timeout {
		t.Fatalf("error %v, want a lost connection (a *NetworkError)", err)
	}
	messagesTagged(tag3, "")
}

// Case 2: a batch of three, answered email by email; the log lists them page by page.
func TestLiveBatch(t *testing.T) {
	e := live(t)
	ctx := testContext(t, time.Minute)
	tag := newUUID()
	email := func(subject, to string) postage.SendEmailRequest {
		r := e.testEmail(subject)
		r.To, r.Tags = to, map[string]string{"run": tag}
		return *r
	}
	res, err := e.client(e.apiKey).Emails.SendBatch(ctx, &postage.SendBatchRequest{Emails: []postage.SendEmailRequest{
		email("Go SDK: batch 1", "delivered@"+e.testDomain),
		email("Go SDK: batch 2, invalid", "not an address"),
		email("Go SDK: batch 3", "Ada <delivered@"+e.testDomain+">"),
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Success || len(res.Data) != 3 {
		t.Fatalf("answer %+v", res)
	}
	for _, i := range []int{0, 2} {
		ok := res.Data[i]
		if ok.Index != i || ok.Err() != nil || !uuidPattern.MatchString(ok.MessageID) || ok.Mode != postage.SendResponseModeShared {
			t.Fatalf("email %d: %+v", i, ok)
		}
	}
	if res.Data[0].MessageID == res.Data[2].MessageID {
		t.Fatal("two emails, one message id")
	}
	refused := res.Data[1]
	var apiErr *postage.APIError
	if refused.Index != 1 || !errors.Is(refused.Err(), postage.ErrValidation) || !errors.As(refused.Err(), &apiErr) || len(apiErr.FieldErrors["to"]) == 0 {
		t.Fatalf("email 1: %+v", refused)
	}

	// ListAll follows next_cursor: one email a page, both accepted emails.
	full := e.client(e.fullKey)
	eventually(ctx, t, "the batch's emails are listed", func() error {
		var ids []string
		for email, err := range full.Emails.ListAll(ctx, &postage.ListEmailsParams{Tag: "run:" + tag, Limit: 1}) {
			if err != nil {
				return err
			}
			ids = append(ids, email.MessageID)
		}
		if len(ids) != 2 || !contains(ids, res.Data[0].MessageID) || !contains(ids, res.Data[2].MessageID) {
			return fmt.Errorf("listed %v", ids)
		}
		return nil
	})
}

// delivery is one POST a local webhook endpoint received, as it came.
type delivery struct {
	body   []byte
	header http.Header
}

// receiver is a local webhook endpoint that keeps what it receives and answers 204.
type receiver struct {
	mu         sync.Mutex
	deliveries []delivery
	url        string
}

func startReceiver(t *testing.T) *receiver {
	r := &receiver{}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, err := io.ReadAll(req.Body)
		if err != nil || req.Method != http.MethodPost {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		r.deliveries = append(r.deliveries, delivery{body, req.Header.Clone()})
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	r.url = "http://" + l.Addr().String() + "/hooks"
	return r
}

// find returns the first delivery that verifies with secret and whose event matches.
func (r *receiver) find(secret string, match func(*postage.WebhookEvent) bool) (*delivery, *postage.WebhookEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.deliveries {
		d := &r.deliveries[i]
		if ev, err := postage.VerifyWebhook(d.body, d.header, secret); err == nil && match(ev) {
			return d, ev
		}
	}
	return nil, nil
}

func (r *receiver) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.deliveries)
}

func refusedFor(t *testing.T, what string, err error, want postage.WebhookVerificationFailure) {
	t.Helper()
	var v *postage.WebhookVerificationError
	if !errors.Is(err, postage.ErrWebhookVerification) || !errors.As(err, &v) || v.Reason != want {
		t.Errorf("%s: error %v, want a verification error (%s)", what, err, want)
	}
}

// Case 7: real deliveries of a local endpoint, verified by the SDK: a send's event (the
// envelope), a test event (the flat shape); a tampered body, another secret and an old delivery
// refused; a rotation; the endpoint deleted at the end.
func TestLiveWebhooksAreVerified(t *testing.T) {
	e := live(t)
	ctx := testContext(t, 2*time.Minute)
	full := e.client(e.fullKey)
	rcv := startReceiver(t)

	created, err := full.Webhooks.Create(ctx, &postage.CreateWebhookRequest{
		URL:    rcv.url,
		Events: []postage.EventType{postage.EventTypeEmailDelivered, postage.EventTypeEmailBounced},
	})
	if err != nil {
		t.Fatal(err)
	}
	id, secret := created.Webhook.ID, created.SigningSecret
	deleted := false
	t.Cleanup(func() {
		if !deleted {
			_, _ = full.Webhooks.Delete(context.Background(), id)
		}
	})
	if !strings.HasPrefix(secret, "whsec_") || !created.Webhook.Active || created.Webhook.URL != rcv.url {
		t.Fatalf("created %+v", created)
	}

	// A real send to delivered@: its email.delivered arrives, signed, in the envelope shape.
	tag := newUUID()
	req := e.testEmail("Go SDK: webhooks")
	req.Tags = map[string]string{"run": tag}
	sent, err := e.client(e.apiKey).Emails.Send(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	var real *delivery
	var ev *postage.WebhookEvent
	eventually(ctx, t, "email.delivered arrives and verifies", func() error {
		real, ev = rcv.find(secret, func(ev *postage.WebhookEvent) bool {
			return ev.Type == postage.EventTypeEmailDelivered && ev.MessageID == sent.MessageID
		})
		if real == nil {
			return fmt.Errorf("%d deliveries, none verified for message %s", rcv.count(), sent.MessageID)
		}
		return nil
	})
	if ev.Shape != postage.WebhookEnvelope || ev.Test || ev.Status != "delivered" || ev.Recipient != req.To || ev.Tags["run"] != tag ||
		!strings.HasPrefix(ev.WebhookID, "msg_") || time.Since(ev.SignedAt) > 5*time.Minute {
		t.Fatalf("event %+v", ev)
	}
	if real.header.Get(postage.SignatureHeader) == "" || real.header.Get(postage.WebhookSignatureHeader) == "" {
		t.Fatalf("headers %v", real.header)
	}
	// The client's method gives the same event.
	if again, err := full.Webhooks.Verify(real.body, real.header, secret); err != nil || again.MessageID != sent.MessageID {
		t.Fatalf("Webhooks.Verify: %v", err)
	}

	// The same body with one byte changed, another secret, an old delivery: refused.
	tampered := append([]byte(nil), real.body...)
	i := bytes.Index(tampered, []byte(sent.MessageID))
	tampered[i] ^= 0x01
	_, err = postage.VerifyWebhook(tampered, real.header, secret)
	refusedFor(t, "a tampered body", err, postage.WebhookInvalidSignature)
	_, err = postage.VerifyWebhook(real.body, real.header, "whsec_"+strings.Repeat("A", 43)+"=")
	refusedFor(t, "another secret", err, postage.WebhookInvalidSignature)
	later := &postage.WebhookVerifier{Secrets: []string{secret}, Now: func() time.Time { return time.Now().Add(10 * time.Minute) }}
	_, err = later.Verify(real.body, real.header)
	refusedFor(t, "ten minutes later", err, postage.WebhookTimestampOutOfTolerance)
	// Without its Standard Webhooks headers the same delivery is refused, unless the receiver opts
	// in to X-Service-Signature alone.
	serviceOnly := real.header.Clone()
	for _, name := range []string{postage.WebhookIDHeader, postage.WebhookTimestampHeader, postage.WebhookSignatureHeader} {
		serviceOnly.Del(name)
	}
	_, err = postage.VerifyWebhook(real.body, serviceOnly, secret)
	refusedFor(t, "X-Service-Signature alone", err, postage.WebhookMissingHeaders)
	insecure := &postage.WebhookVerifier{Secrets: []string{secret}, InsecureSignatureOnly: true}
	if ev, err := insecure.Verify(real.body, serviceOnly); err != nil || ev.MessageID != sent.MessageID {
		t.Fatalf("X-Service-Signature alone, with the opt-in: %v", err)
	}

	// A test event (POST /api/webhooks/{id}/test): the flat shape, verified the same way.
	before := rcv.count()
	result, err := full.Webhooks.Test(ctx, id, postage.EventTypeEmailBounced)
	if err != nil {
		t.Fatal(err)
	}
	if !result.Delivery.Succeeded || result.Delivery.StatusCode == nil || *result.Delivery.StatusCode != http.StatusNoContent {
		t.Fatalf("test delivery %+v", result.Delivery)
	}
	testDelivery, testEvent := rcv.find(secret, func(ev *postage.WebhookEvent) bool { return ev.Test && ev.Type == postage.EventTypeEmailBounced })
	if testDelivery == nil || rcv.count() <= before {
		t.Fatalf("the test event did not verify (%d deliveries)", rcv.count())
	}
	if testEvent.Shape != postage.WebhookFlat || testEvent.MessageID == "" || testEvent.Status != "bounced" || testEvent.BounceType != "Permanent" ||
		!strings.HasPrefix(testEvent.Recipient, "bounce@") || len(testEvent.BouncedRecipients) != 1 || !hexKey.MatchString(testEvent.IdempotencyKey) || testEvent.WebhookID == "" {
		t.Fatalf("test event %+v", testEvent)
	}
	tampered = append([]byte(nil), testDelivery.body...)
	tampered[len(tampered)/2] ^= 0x01
	_, err = full.Webhooks.Verify(tampered, testDelivery.header, secret)
	refusedFor(t, "a tampered test event", err, postage.WebhookInvalidSignature)

	// After a rotation, deliveries verify with the new secret, or with both during the overlap.
	rotated, err := full.Webhooks.RotateSecret(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if rotated.SigningSecret == secret || !strings.HasPrefix(rotated.SigningSecret, "whsec_") {
		t.Fatal("the secret did not change")
	}
	before = rcv.count()
	if result, err = full.Webhooks.Test(ctx, id, postage.EventTypeEmailDelivered); err != nil || !result.Delivery.Succeeded {
		t.Fatalf("a test event after the rotation: %v %+v", err, result)
	}
	if rcv.count() != before+1 {
		t.Fatalf("%d deliveries, want %d", rcv.count(), before+1)
	}
	rcv.mu.Lock()
	last := rcv.deliveries[before]
	rcv.mu.Unlock()
	if ev, err := postage.VerifyWebhook(last.body, last.header, rotated.SigningSecret); err != nil || ev.Type != postage.EventTypeEmailDelivered || !ev.Test {
		t.Fatalf("with the new secret: %v", err)
	}
	both := &postage.WebhookVerifier{Secrets: []string{rotated.SigningSecret, secret}}
	if _, err := both.Verify(last.body, last.header); err != nil {
		t.Fatalf("with both secrets: %v", err)
	}
	// A receiver still on the old secret keeps verifying during the overlap: webhook-signature
	// carries both (X-Service-Signature, the new secret's alone, is not what is checked).
	if _, err := postage.VerifyWebhook(last.body, last.header, secret); err != nil {
		t.Fatalf("with the old secret during the overlap: %v", err)
	}
	// The test event's type is its signed status's, whatever X-Service-Event says.
	relabelled := last.header.Clone()
	relabelled.Set(postage.EventHeader, string(postage.EventTypeEmailBounced))
	if ev, err := postage.VerifyWebhook(last.body, relabelled, secret); err != nil || ev.Type != postage.EventTypeEmailDelivered {
		t.Fatalf("a relabelled test event: %v %+v", err, ev)
	}

	deliveries, err := full.Webhooks.Deliveries(ctx, id, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(deliveries.Deliveries) < 3 {
		t.Fatalf("%d deliveries recorded", len(deliveries.Deliveries))
	}

	if _, err := full.Webhooks.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	deleted = true
	list, err := full.Webhooks.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range list.Webhooks {
		if w.ID == id {
			t.Fatal("the endpoint is still listed after its deletion")
		}
	}
}

func TestLiveManagement(t *testing.T) {
	e := live(t)
	ctx := testContext(t, 2*time.Minute)
	full := e.client(e.fullKey)
	sender := e.client(e.apiKey)

	t.Run("domains", func(t *testing.T) {
		d, err := full.Domains.Get(ctx, e.domain)
		if err != nil {
			t.Fatal(err)
		}
		if d.Name != e.domain || !d.CanSend || d.SendingMode != postage.DomainSendingModeShared {
			t.Fatalf("domain %+v", d)
		}
		if _, err := full.Domains.Get(ctx, "not-ours.example.net"); !errors.Is(err, postage.ErrNotFound) {
			t.Fatalf("another domain: %v", err)
		}
		// A sending key may not manage.
		if _, err := sender.Domains.List(ctx); !errors.Is(err, postage.ErrForbidden) {
			t.Fatalf("a sending key listed domains: %v", err)
		}
	})

	t.Run("suppressions", func(t *testing.T) {
		address := unique("go-") + "@example.org"
		added, err := full.Suppressions.Add(ctx, address)
		if err != nil {
			t.Fatal(err)
		}
		if !added.Added || added.Suppression.Address != address {
			t.Fatalf("added %+v", added)
		}
		if _, err := full.Suppressions.Get(ctx, address); err != nil {
			t.Fatal(err)
		}
		req := e.testEmail("Go SDK: suppressed")
		req.To = address
		if _, err := sender.Emails.Send(ctx, req); !errors.Is(err, postage.ErrSuppressed) {
			t.Fatalf("a send to a suppressed address: %v", err)
		}
		if _, err := full.Suppressions.Delete(ctx, address); err != nil {
			t.Fatal(err)
		}
		if _, err := full.Suppressions.Get(ctx, address); !errors.Is(err, postage.ErrNotFound) {
			t.Fatalf("after deleting: %v", err)
		}
	})

	// Case 4: a template created, published, and sent with variables.
	t.Run("templates", func(t *testing.T) {
		alias := unique("go-")
		tpl, err := full.Templates.Create(ctx, &postage.CreateTemplateRequest{
			Name: "Go SDK welcome", Alias: &alias, Subject: "Welcome, {{ name }}", HTML: "<p>Hello {{ name }}</p>",
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _, _ = full.Templates.Delete(context.Background(), tpl.ID) })
		preview, err := full.Templates.Preview(ctx, alias, &postage.PreviewTemplateRequest{Variables: map[string]any{"name": "<Ada>"}})
		if err != nil {
			t.Fatal(err)
		}
		if preview.Subject != "Welcome, <Ada>" || !strings.Contains(preview.HTML, "&lt;Ada&gt;") {
			t.Fatalf("preview %+v", preview)
		}
		if _, err := full.Templates.Publish(ctx, tpl.ID); err != nil {
			t.Fatal(err)
		}
		res, err := sender.Emails.Send(ctx, &postage.SendEmailRequest{
			FromEmail: "hello@" + e.domain, To: "delivered@" + e.testDomain,
			Template: &postage.TemplateRef{ID: alias, Variables: map[string]any{"name": "Ada"}},
		})
		if err != nil {
			t.Fatal(err)
		}
		eventually(ctx, t, "the log row of the template send", func() error {
			detail, err := full.Emails.Get(ctx, res.MessageID)
			if err != nil {
				return err
			}
			if detail.Email.Template == nil || detail.Email.Template.ID != tpl.ID || detail.Email.Subject != "Welcome, Ada" {
				t.Fatalf("email %+v", detail.Email)
			}
			return nil
		})
	})

	// Case 3: a send scheduled an hour ahead, moved, then cancelled.
	t.Run("scheduled send", func(t *testing.T) {
		req := e.testEmail("Go SDK: scheduled")
		req.ScheduledAt = time.Now().Add(time.Hour).Truncate(time.Second)
		res, err := sender.Emails.Send(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if !res.ScheduledAt.Equal(req.ScheduledAt) {
			t.Fatalf("scheduled at %v, asked %v", res.ScheduledAt, req.ScheduledAt)
		}
		later := req.ScheduledAt.Add(30 * time.Minute)
		moved, err := full.Emails.Reschedule(ctx, res.MessageID, later)
		if err != nil {
			t.Fatal(err)
		}
		if moved.ScheduledAt == nil || !moved.ScheduledAt.Equal(later) {
			t.Fatalf("moved %+v", moved)
		}
		canceled, err := full.Emails.Cancel(ctx, res.MessageID)
		if err != nil {
			t.Fatal(err)
		}
		if canceled.Status != postage.EmailScheduleStatusCanceled {
			t.Fatalf("canceled %+v", canceled)
		}
		// The log row is written by the message's workflow a moment after the send (404 until
		// then); from the moment it exists it must say canceled.
		var detail *postage.EmailDetail
		eventually(ctx, t, "the cancelled email in the log", func() error {
			d, err := full.Emails.Get(ctx, res.MessageID)
			if err != nil {
				return err
			}
			detail = d
			return nil
		})
		if detail.Email.Status != postage.EmailDetailEmailStatusCanceled {
			t.Fatalf("the log says %s", detail.Email.Status)
		}
		var apiErr *postage.APIError
		if _, err := full.Emails.Cancel(ctx, res.MessageID); !errors.As(err, &apiErr) || apiErr.Code != postage.ErrorCodeNotScheduled {
			t.Fatalf("a second cancel: %v", err)
		}
	})

	keyName := unique("go-")
	t.Run("api keys", func(t *testing.T) {
		created, err := full.APIKeys.Create(ctx, &postage.CreateAPIKeyRequest{Name: keyName, Domains: []string{e.domain}})
		if err != nil {
			t.Fatal(err)
		}
		// Made by the full_access key, and named after it.
		if by := created.APIKey.CreatedBy; by == nil || by.Type != postage.CreatedAPIKeyAPIKeyCreatedByTypeKey || by.Name == nil || !strings.HasPrefix(*by.Name, "sdk full access") {
			t.Fatalf("created by %+v", by)
		}
		key := e.client(created.Secret)
		if me, err := key.Me.Get(ctx); err != nil || me.Email == "" {
			t.Fatalf("the new key: %v", err)
		}
		if _, err := full.APIKeys.Revoke(ctx, created.APIKey.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := key.Me.Get(ctx); !errors.Is(err, postage.ErrAuthentication) {
			t.Fatalf("a revoked key: %v", err)
		}
	})

	t.Run("a key bound to networks is refused from elsewhere", func(t *testing.T) {
		created, err := full.APIKeys.Create(ctx, &postage.CreateAPIKeyRequest{Name: unique("go-networks-"), Networks: []string{"10.0.0.0/8"}})
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _, _ = full.APIKeys.Revoke(ctx, created.APIKey.ID) }()
		if !slices.Equal(created.APIKey.Networks, []string{"10.0.0.0/8"}) {
			t.Fatalf("networks %v", created.APIKey.Networks)
		}
		// The test runs on 127.0.0.1, outside 10.0.0.0/8.
		_, err = e.client(created.Secret, postage.WithMaxRetries(0)).Me.Get(ctx)
		var apiErr *postage.APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != 403 || apiErr.Code != postage.ErrorCodeNetworkNotAllowed || !errors.Is(err, postage.ErrForbidden) {
			t.Fatalf("from outside its networks: %v", err)
		}
	})

	// The team and the audit log, read with the full_access key. The fixture's account has its
	// owner as its one member and nobody invited (only a person may invite).
	t.Run("team and audit log", func(t *testing.T) {
		me, err := sender.Me.Get(ctx)
		if err != nil {
			t.Fatal(err)
		}
		members, err := full.Members.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(members.Members) != 1 || members.Members[0].Role != postage.MemberRoleOwner || members.Members[0].Email != me.Email || members.Members[0].UserID == "" {
			t.Fatalf("members %+v", members.Members)
		}
		invitations, err := full.Invitations.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if invitations.Invitations == nil || len(invitations.Invitations) != 0 {
			t.Fatalf("invitations %+v", invitations.Invitations)
		}
		var apiErr *postage.APIError
		if _, err := sender.Members.List(ctx); !errors.As(err, &apiErr) || apiErr.Code != postage.ErrorCodeInsufficientPermission {
			t.Fatalf("a sending key listed the members: %v", err)
		}

		// The keys' creations: the fixture's full_access key (by the test setup, a "system"
		// actor), and the "api keys" subtest's (by the full_access key).
		page, err := full.Audit.List(ctx, &postage.ListAuditParams{Action: "api_key.create", Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		byName := map[string]postage.AuditEntry{}
		for _, entry := range page.Entries {
			if entry.Action != "api_key.create" {
				t.Fatalf("the filter let through %+v", entry)
			}
			if name, ok := entry.Details["name"].(string); ok {
				byName[name] = entry
			}
		}
		if _, ok := byName["sdk full access"]; !ok {
			t.Fatalf("no api_key.create of the fixture's key in %+v", page.Entries)
		}
		if made, ok := byName[keyName]; !ok || made.Actor.Type != postage.AuditEntryActorTypeKey || made.Actor.Name == nil || !strings.HasPrefix(*made.Actor.Name, "sdk full access") {
			t.Fatalf("the key made by the full_access key: %+v", made)
		}

		// Every page, one entry each: the same entries (and any made since), newest first, once.
		seen := map[string]bool{}
		var previous time.Time
		for entry, err := range full.Audit.ListAll(ctx, &postage.ListAuditParams{Action: "api_key", Limit: 1}) {
			if err != nil {
				t.Fatal(err)
			}
			if seen[entry.ID] {
				t.Fatalf("entry %s came twice", entry.ID)
			}
			seen[entry.ID] = true
			if !previous.IsZero() && entry.CreatedAt.After(previous) {
				t.Fatalf("entry %s (%v) after one of %v", entry.ID, entry.CreatedAt, previous)
			}
			previous = entry.CreatedAt
		}
		for _, entry := range page.Entries {
			if !seen[entry.ID] {
				t.Fatalf("listing every page missed %+v", entry)
			}
		}
		if len(seen) < 2 {
			t.Fatalf("%d entries: no second page was read", len(seen))
		}
	})

	t.Run("usage", func(t *testing.T) {
		u, err := full.Usage.Get(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if u.Plan != "growth" || u.Used.Shared < 1 || u.Allowance.Shared < u.Used.Shared || len(u.Days) == 0 {
			t.Fatalf("usage %+v", u)
		}
	})

	t.Run("sending queue", func(t *testing.T) {
		q, err := full.SendingQueue.Get(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if q.Byoc != nil || q.Shared.PacePerSecond <= 0 {
			t.Fatalf("sending queue %+v", q)
		}
	})
}

// A reply sent through Postage's MX listener to an inbound domain the test makes: received,
// posted as email.received (verified and typed), tied to the message it answers, then listed,
// read whole and raw, its attachment downloaded, and deleted.
func TestLiveReceivingEmail(t *testing.T) {
	e := live(t)
	mxHost, mxPort := os.Getenv("POSTAGE_MX_HOST"), os.Getenv("POSTAGE_MX_PORT")
	if mxHost == "" || mxPort == "" {
		t.Skip("POSTAGE_MX_HOST / POSTAGE_MX_PORT are not set (test/sdks/sdks.test.ts sets them)")
	}
	ctx := testContext(t, 3*time.Minute)
	full := e.client(e.fullKey)
	rcv := startReceiver(t)
	name := unique("in-go-") + "." + e.domain

	hook, err := full.Webhooks.Create(ctx, &postage.CreateWebhookRequest{URL: rcv.url, Events: []postage.EventType{postage.EventTypeEmailReceived}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = full.Webhooks.Delete(context.Background(), hook.Webhook.ID)
		_, _ = full.Inbound.Domains.Delete(context.Background(), name)
	})
	domain, err := full.Inbound.Domains.Create(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	if domain.Domain != e.domain || len(domain.Records) != 1 || domain.Records[0].Type != postage.InboundDNSRecordTypeMX {
		t.Fatalf("domain %+v", domain)
	}
	if _, err := full.Inbound.Domains.Create(ctx, name); !errors.Is(err, postage.ErrConflict) {
		t.Fatalf("the same name again: %v", err)
	}
	support, err := full.Inbound.Rules.Create(ctx, name, &postage.CreateInboundRuleRequest{Match: "support", EndpointIds: []string{hook.Webhook.ID}})
	if err != nil {
		t.Fatal(err)
	}
	tagged, err := full.Inbound.Rules.Create(ctx, name, &postage.CreateInboundRuleRequest{Match: "reply+*"})
	if err != nil {
		t.Fatal(err)
	}
	if rules, err := full.Inbound.Rules.List(ctx, name); err != nil || len(rules.Rules) != 2 || rules.Rules[0].Match != "support" {
		t.Fatalf("rules %+v %v", rules, err)
	}

	// A message sent with Postage, and a reply to it through the MX, with an attachment whose bytes
	// are a PNG but which says it is a PDF.
	sent, err := e.client(e.apiKey).Emails.Send(ctx, e.testEmail("Go SDK: an order"))
	if err != nil {
		t.Fatal(err)
	}
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"), make([]byte, 64)...)
	to := "support@" + name
	message := strings.Join([]string{
		"From: Ann <ann@example.org>", "To: " + to, "Subject: Re: Go SDK: an order",
		"In-Reply-To: <" + sent.MessageID + "@" + e.domain + ">", "MIME-Version: 1.0",
		`Content-Type: multipart/mixed; boundary="b1"`, "",
		"--b1", "Content-Type: text/plain; charset=utf-8", "", "Can it come on Friday instead?",
		"--b1", `Content-Type: application/pdf; name="note.pdf"`, `Content-Disposition: attachment; filename="note.pdf"`,
		"Content-Transfer-Encoding: base64", "", base64.StdEncoding.EncodeToString(png), "--b1--", "",
	}, "\r\n")
	if err := smtp.SendMail(net.JoinHostPort(mxHost, mxPort), nil, "ann@example.org", []string{to}, []byte(message)); err != nil {
		t.Fatal(err)
	}

	var ev *postage.WebhookEvent
	eventually(ctx, t, "email.received arrives and verifies", func() error {
		if _, ev = rcv.find(hook.SigningSecret, func(ev *postage.WebhookEvent) bool {
			return ev.Received != nil && ev.Received.Domain == name
		}); ev == nil {
			return fmt.Errorf("%d deliveries, no email.received for %s", rcv.count(), name)
		}
		return nil
	})
	r := ev.Received
	if ev.Type != postage.EventTypeEmailReceived || ev.Recipient != to || ev.MessageID != sent.MessageID || r.RuleID != support.ID {
		t.Fatalf("event %+v", ev)
	}
	if r.Envelope.From != "ann@example.org" || r.From == nil || r.From.Name != "Ann" || !strings.Contains(r.Text, "Friday") || r.Source != "mx" || r.ReceivedAt.IsZero() {
		t.Fatalf("received %+v", r)
	}
	sum := sha256.Sum256(png)
	if len(r.Attachments) != 1 || r.Attachments[0].ContentType != "image/png" || r.Attachments[0].DeclaredContentType != "application/pdf" ||
		r.Attachments[0].Size != int64(len(png)) || r.Attachments[0].SHA256 != hex.EncodeToString(sum[:]) {
		t.Fatalf("attachments %+v", r.Attachments)
	}

	// The API.
	var listed []postage.InboundMessageSummary
	for m, err := range full.Inbound.ListAll(ctx, &postage.ListInboundParams{Domain: name, Limit: 10}) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, m)
	}
	if len(listed) != 1 || listed[0].ID != r.InboundID || listed[0].AttachmentCount != 1 {
		t.Fatalf("listed %+v", listed)
	}
	whole, err := full.Inbound.Get(ctx, r.InboundID)
	if err != nil || whole.ID != r.InboundID || len(whole.Attachments) != 1 {
		t.Fatalf("get %+v %v", whole, err)
	}
	if raw, err := full.Inbound.Raw(ctx, r.InboundID); err != nil || !bytes.Contains(raw, []byte("Subject: Re: Go SDK: an order")) {
		t.Fatalf("raw: %v", err)
	}
	for _, link := range []string{r.Attachments[0].DownloadURL, whole.Attachments[0].DownloadURL} {
		if got, err := full.Inbound.DownloadAttachment(ctx, link); err != nil || !bytes.Equal(got, png) {
			t.Fatalf("download %s: %v", link, err)
		}
	}
	if err := full.Inbound.Delete(ctx, r.InboundID); err != nil {
		t.Fatal(err)
	}
	if _, err := full.Inbound.Get(ctx, r.InboundID); !errors.Is(err, postage.ErrNotFound) {
		t.Fatalf("after deleting: %v", err)
	}
	if _, err := full.Inbound.DownloadAttachment(ctx, r.Attachments[0].DownloadURL); !errors.Is(err, postage.ErrNotFound) {
		t.Fatalf("a deleted message's attachment: %v", err)
	}
	if _, err := full.Inbound.Rules.Delete(ctx, name, tagged.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := full.Inbound.Domains.Delete(ctx, name); err != nil {
		t.Fatal(err)
	}
}
