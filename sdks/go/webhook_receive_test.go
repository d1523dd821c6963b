package postage

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

const deliveredBody = `{"event_type":"email.delivered","payload":{"message_id":"m1","recipient":"a@b.c","status":"delivered"}}`

// Computed independently (Python's hmac) for secret "whsec_test".
const deliveredSignature = "sha256=dc1fd2db11159e9db257f8570496e8e43e5f9756cc8447a0fd7a9279f44ba720"

func hmacHex(secret, body string) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(body))
	return hex.EncodeToString(mac.Sum(nil))
}

func serviceHeaders(signature string) http.Header {
	h := http.Header{}
	h.Set(SignatureHeader, signature)
	h.Set(EventHeader, "email.delivered")
	return h
}

func reasonOf(err error) WebhookVerificationFailure {
	var v *WebhookVerificationError
	if errors.As(err, &v) && errors.Is(err, ErrWebhookVerification) {
		return v.Reason
	}
	return ""
}

// The test vector of the Standard Webhooks specification and its libraries.
const (
	standardSecret    = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	standardBody      = `{"test": 2432232314}`
	standardID        = "msg_p5jXN8AQM9LWM0D4loKWxJek"
	standardSignature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
)

var standardAt = time.Unix(1614265330, 0)

// standardSign is "v1," and the base64 HMAC-SHA256 of "id.timestamp.body", keyed with the bytes
// of the base64 text after "whsec_" (computed here, independently of webhook_receive.go).
func standardSign(secret, id string, at time.Time, body string) string {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		panic(err)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + strconv.FormatInt(at.Unix(), 10) + "." + body))
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

const deliveryID = "msg_0123456789abcdef0123456789abcdef"

// postageHeaders are the headers Postage sends with a delivery of body made at at
// (core/webhooks/webhookDelivery.ts): X-Service-Signature with the first secret, webhook-signature
// with each.
func postageHeaders(body string, at time.Time, secrets ...string) http.Header {
	h := serviceHeaders("sha256=" + hmacHex(secrets[0], body))
	h.Set(WebhookIDHeader, deliveryID)
	h.Set(WebhookTimestampHeader, strconv.FormatInt(at.Unix(), 10))
	var signatures []string
	for _, secret := range secrets {
		signatures = append(signatures, standardSign(secret, deliveryID, at, body))
	}
	h.Set(WebhookSignatureHeader, strings.Join(signatures, " "))
	return h
}

func verifierAt(at time.Time, secrets ...string) *WebhookVerifier {
	return &WebhookVerifier{Secrets: secrets, Now: func() time.Time { return at }}
}

func TestTheStandardWebhooksTestVector(t *testing.T) {
	if got := standardSign(standardSecret, standardID, standardAt, standardBody); got != standardSignature {
		t.Fatalf("the test's signer: %s", got)
	}
	h := http.Header{}
	h.Set(WebhookIDHeader, standardID)
	h.Set(WebhookTimestampHeader, "1614265330")
	h.Set(WebhookSignatureHeader, standardSignature)
	// The signature and the timestamp verify; the body is no Postage event (no type, no status).
	if _, err := verifierAt(standardAt.Add(time.Minute), standardSecret).Verify([]byte(standardBody), h); reasonOf(err) != WebhookInvalidBody {
		t.Fatalf("the vector: %v", err)
	}
	h.Set(WebhookSignatureHeader, "v1,bm90IGl0")
	if _, err := verifierAt(standardAt, standardSecret).Verify([]byte(standardBody), h); reasonOf(err) != WebhookInvalidSignature {
		t.Fatalf("another signature: %v", err)
	}
}

func TestVerifyWebhookWithTheStandardHeaders(t *testing.T) {
	now := time.Now()
	e, err := VerifyWebhook([]byte(deliveredBody), postageHeaders(deliveredBody, now, "whsec_test"), "whsec_test")
	if err != nil {
		t.Fatal(err)
	}
	if e.Type != EventTypeEmailDelivered || e.Shape != WebhookEnvelope || e.Test || e.MessageID != "m1" || e.Status != "delivered" || e.WebhookID != deliveryID || e.SignedAt.Unix() != now.Unix() {
		t.Fatalf("%+v", e)
	}
	// The client's method is the same function, with no key needed.
	if _, err := NewClient("").Webhooks.Verify([]byte(deliveredBody), postageHeaders(deliveredBody, now, "whsec_test"), "whsec_test"); err != nil {
		t.Fatal(err)
	}
	// X-Service-Signature is not needed beside them, nor checked.
	h := postageHeaders(deliveredBody, now, "whsec_test")
	h.Del(SignatureHeader)
	if _, err := VerifyWebhook([]byte(deliveredBody), h, "whsec_test"); err != nil {
		t.Fatalf("without X-Service-Signature: %v", err)
	}
	h.Set(SignatureHeader, "sha256=00")
	if _, err := VerifyWebhook([]byte(deliveredBody), h, "whsec_test"); err != nil {
		t.Fatalf("with a wrong X-Service-Signature: %v", err)
	}

	lowercase := http.Header{}
	for k, v := range postageHeaders(deliveredBody, now, "whsec_test") {
		lowercase[strings.ToLower(k)] = v
	}
	if _, err := VerifyWebhook([]byte(deliveredBody), lowercase, "whsec_test"); err != nil {
		t.Fatalf("header names as written: %v", err)
	}

	tampered := []byte(deliveredBody)
	tampered[len(tampered)-5] ^= 1
	without := func(name string) http.Header {
		h := postageHeaders(deliveredBody, now, "whsec_test")
		h.Del(name)
		return h
	}
	with := func(name, value string) http.Header {
		h := postageHeaders(deliveredBody, now, "whsec_test")
		h.Set(name, value)
		return h
	}
	for name, c := range map[string]struct {
		body   string
		header http.Header
		secret string
		want   WebhookVerificationFailure
	}{
		"tampered body":                {string(tampered), postageHeaders(deliveredBody, now, "whsec_test"), "whsec_test", WebhookInvalidSignature},
		"longer body":                  {deliveredBody + " ", postageHeaders(deliveredBody, now, "whsec_test"), "whsec_test", WebhookInvalidSignature},
		"another secret":               {deliveredBody, postageHeaders(deliveredBody, now, "whsec_test"), "whsec_other0", WebhookInvalidSignature},
		"another id":                   {deliveredBody, with(WebhookIDHeader, "msg_other"), "whsec_test", WebhookInvalidSignature},
		"version 2":                    {deliveredBody, with(WebhookSignatureHeader, strings.Replace(standardSign("whsec_test", deliveryID, now, deliveredBody), "v1,", "v2,", 1)), "whsec_test", WebhookInvalidSignature},
		"no webhook-id":                {deliveredBody, without(WebhookIDHeader), "whsec_test", WebhookMissingHeaders},
		"no webhook-timestamp":         {deliveredBody, without(WebhookTimestampHeader), "whsec_test", WebhookMissingHeaders},
		"no webhook-signature":         {deliveredBody, without(WebhookSignatureHeader), "whsec_test", WebhookMissingHeaders},
		"not a Unix time":              {deliveredBody, with(WebhookTimestampHeader, "soon"), "whsec_test", WebhookTimestampOutOfTolerance},
		"captured 10 minutes ago":      {deliveredBody, postageHeaders(deliveredBody, now.Add(-10*time.Minute), "whsec_test"), "whsec_test", WebhookTimestampOutOfTolerance},
		"6 minutes old":                {deliveredBody, postageHeaders(deliveredBody, now.Add(-6*time.Minute), "whsec_test"), "whsec_test", WebhookTimestampOutOfTolerance},
		"6 minutes ahead":              {deliveredBody, postageHeaders(deliveredBody, now.Add(6*time.Minute), "whsec_test"), "whsec_test", WebhookTimestampOutOfTolerance},
		"X-Service-Signature alone":    {deliveredBody, serviceHeaders(deliveredSignature), "whsec_test", WebhookMissingHeaders},
		"no header at all":             {deliveredBody, http.Header{}, "whsec_test", WebhookMissingHeaders},
		"4 minutes old (no problem)":   {deliveredBody, postageHeaders(deliveredBody, now.Add(-4*time.Minute), "whsec_test"), "whsec_test", ""},
		"4 minutes ahead (no problem)": {deliveredBody, postageHeaders(deliveredBody, now.Add(4*time.Minute), "whsec_test"), "whsec_test", ""},
	} {
		e, err := VerifyWebhook([]byte(c.body), c.header, c.secret)
		if reasonOf(err) != c.want || (e == nil) != (c.want != "") {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
	// A delivery captured ten minutes ago is refused with the opt-in too, and accepted only
	// within a tolerance set wider.
	captured := postageHeaders(deliveredBody, now.Add(-10*time.Minute), "whsec_test")
	if _, err := (&WebhookVerifier{Secrets: []string{"whsec_test"}, InsecureSignatureOnly: true}).Verify([]byte(deliveredBody), captured); reasonOf(err) != WebhookTimestampOutOfTolerance || !strings.Contains(err.Error(), "old") {
		t.Errorf("captured, with the opt-in: %v", err)
	}
	if _, err := (&WebhookVerifier{Secrets: []string{"whsec_test"}, Tolerance: 15 * time.Minute}).Verify([]byte(deliveredBody), captured); err != nil {
		t.Errorf("captured, within 15 minutes: %v", err)
	}
	if _, err := VerifyWebhook([]byte(deliveredBody), postageHeaders(deliveredBody, now, "whsec_test"), ""); err == nil || reasonOf(err) != "" {
		t.Errorf("no secret: %v", err)
	}
}

func TestVerifyWebhookDuringARotation(t *testing.T) {
	const next = "whsec_bmV4dCBzZWNyZXQ="
	// For 24 hours after a rotation X-Service-Signature uses the new secret, webhook-signature both.
	h := postageHeaders(deliveredBody, standardAt, next, "whsec_test")
	for name, secrets := range map[string][]string{"the new secret": {next}, "the old secret": {"whsec_test"}, "both": {next, "whsec_test"}} {
		if _, err := verifierAt(standardAt, secrets...).Verify([]byte(deliveredBody), h); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Once the overlap is over, the old secret no longer verifies.
	if _, err := verifierAt(standardAt, "whsec_test").Verify([]byte(deliveredBody), postageHeaders(deliveredBody, standardAt, next)); reasonOf(err) != WebhookInvalidSignature {
		t.Errorf("after the overlap: %v", err)
	}
}

func TestVerifyWebhookWithTheServiceSignatureAloneIsAnOptIn(t *testing.T) {
	if deliveredSignature != "sha256="+hmacHex("whsec_test", deliveredBody) {
		t.Fatal("the fixture's signature")
	}
	// By default a delivery without the Standard Webhooks headers is refused, and the error says why.
	_, err := VerifyWebhook([]byte(deliveredBody), serviceHeaders(deliveredSignature), "whsec_test")
	if reasonOf(err) != WebhookMissingHeaders || !strings.Contains(err.Error(), "InsecureSignatureOnly") {
		t.Fatalf("by default: %v", err)
	}
	insecure := &WebhookVerifier{Secrets: []string{"whsec_test"}, InsecureSignatureOnly: true}
	e, err := insecure.Verify([]byte(deliveredBody), serviceHeaders(deliveredSignature))
	if err != nil {
		t.Fatal(err)
	}
	if e.Type != EventTypeEmailDelivered || e.MessageID != "m1" || e.WebhookID != "" || !e.SignedAt.IsZero() {
		t.Fatalf("%+v", e)
	}

	tampered := []byte(deliveredBody)
	tampered[len(tampered)-5] ^= 1
	for name, c := range map[string]struct {
		body, signature, secret string
		want                    WebhookVerificationFailure
	}{
		"tampered body":  {string(tampered), deliveredSignature, "whsec_test", WebhookInvalidSignature},
		"longer body":    {deliveredBody + " ", deliveredSignature, "whsec_test", WebhookInvalidSignature},
		"another secret": {deliveredBody, deliveredSignature, "whsec_other0", WebhookInvalidSignature},
		"upper case":     {deliveredBody, strings.ToUpper(deliveredSignature), "whsec_test", WebhookInvalidSignature},
		"no signature":   {deliveredBody, "", "whsec_test", WebhookMissingSignature},
	} {
		v := &WebhookVerifier{Secrets: []string{c.secret}, InsecureSignatureOnly: true}
		e, err := v.Verify([]byte(c.body), serviceHeaders(c.signature))
		if reasonOf(err) != c.want || e != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Some of the Standard Webhooks headers, not all: refused with the opt-in too.
	partial := serviceHeaders(deliveredSignature)
	partial.Set(WebhookIDHeader, deliveryID)
	if _, err := insecure.Verify([]byte(deliveredBody), partial); reasonOf(err) != WebhookMissingHeaders {
		t.Errorf("partial: %v", err)
	}
	// The deprecated RequireTimestamp still refuses them, opt-in or not.
	strict := &WebhookVerifier{Secrets: []string{"whsec_test"}, InsecureSignatureOnly: true, RequireTimestamp: true}
	if _, err := strict.Verify([]byte(deliveredBody), serviceHeaders(deliveredSignature)); reasonOf(err) != WebhookMissingHeaders {
		t.Errorf("RequireTimestamp: %v", err)
	}
}

func TestVerifyWebhookReadsBothShapes(t *testing.T) {
	now := time.Now()
	envelope := `{"event_type":"email.bounced","payload":{"message_id":"m1","recipient":"a@b.c","bounce_type":"Permanent","status":"bounced","tags":{"run":"7"}}}`
	h := postageHeaders(envelope, now, "whsec_test")
	h.Set(EventHeader, "email.delivered") // not signed: not read
	e, err := VerifyWebhook([]byte(envelope), h, "whsec_test")
	if err != nil {
		t.Fatal(err)
	}
	if e.Type != EventTypeEmailBounced || e.Shape != WebhookEnvelope || e.Test || e.MessageID != "m1" || e.BounceType != "Permanent" || e.Status != "bounced" || e.Tags["run"] != "7" || e.Data["recipient"] != "a@b.c" {
		t.Fatalf("%+v", e)
	}

	flat := `{"idempotency_key":"0123456789abcdef0123456789abcdef","provider_message_id":"service-test-1","recipient":"bounce@test.example","status":"bounced","bounce_type":"Permanent","bounce_subtype":"General","bounced_recipients":["bounce@test.example"],"timestamp":"2026-01-02T03:04:05.000000+00:00"}`
	h = postageHeaders(flat, now, "whsec_test")
	h.Set(EventHeader, "email.delivered") // an attacker's change: the type is the signed status's
	e, err = VerifyWebhook([]byte(flat), h, "whsec_test")
	if err != nil {
		t.Fatal(err)
	}
	if e.Type != EventTypeEmailBounced || e.Shape != WebhookFlat || !e.Test || e.MessageID != "service-test-1" || e.BounceSubtype != "General" ||
		len(e.BouncedRecipients) != 1 || e.IdempotencyKey != "0123456789abcdef0123456789abcdef" || e.Timestamp == "" || e.Recipient != "bounce@test.example" {
		t.Fatalf("%+v", e)
	}
	// The same with the opt-in, on X-Service-Signature alone.
	h = serviceHeaders("sha256=" + hmacHex("whsec_test", flat))
	h.Set(EventHeader, "email.delivered")
	if e, err := (&WebhookVerifier{Secrets: []string{"whsec_test"}, InsecureSignatureOnly: true}).Verify([]byte(flat), h); err != nil || e.Type != EventTypeEmailBounced {
		t.Fatalf("signature only: %v %+v", err, e)
	}

	// A flat body's type, from its status: one status per type.
	for status, want := range map[string]EventType{
		"queued": EventTypeEmailSent, "delivered": EventTypeEmailDelivered, "bounced": EventTypeEmailBounced, "complaint": EventTypeEmailComplained, "failed": EventTypeEmailFailed,
		"delivery_delayed": EventTypeEmailDeliveryDelayed, "opened": EventTypeEmailOpened, "clicked": EventTypeEmailClicked, "unsubscribed": EventTypeEmailUnsubscribed,
	} {
		body := `{"provider_message_id":"service-test-2","status":"` + status + `"}`
		if e, err := VerifyWebhook([]byte(body), postageHeaders(body, now, "whsec_test"), "whsec_test"); err != nil || e.Type != want {
			t.Errorf("%s: %v %+v", status, err, e)
		}
	}

	for name, body := range map[string]string{"an array": `[1]`, "not JSON": `not json`, "no status": `{"message_id":"m1"}`, "another status": `{"status":"open"}`, "empty event_type": `{"event_type":"","payload":{}}`} {
		if _, err := VerifyWebhook([]byte(body), postageHeaders(body, now, "whsec_test"), "whsec_test"); reasonOf(err) != WebhookInvalidBody {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// The engagement events' payload values are strings (docs/webhooks.md, "Payloads"): the typed
// fields parse them.
func TestVerifyWebhookReadsEngagementFieldsTyped(t *testing.T) {
	now := time.Now()
	read := func(body string) *WebhookEvent {
		t.Helper()
		e, err := VerifyWebhook([]byte(body), postageHeaders(body, now, "whsec_test"), "whsec_test")
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	clicked := read(`{"event_type":"email.clicked","payload":{"message_id":"m1","recipient":"a@b.c","occurred_at":"2026-12-02T10:00:05.000Z","machine":"true","user_agent":"Mozilla/5.0","url":"https://shop.example/spring","link_index":"2"}}`)
	if clicked.Type != EventTypeEmailClicked || !clicked.Machine || clicked.UserAgent != "Mozilla/5.0" || clicked.URL != "https://shop.example/spring" || clicked.LinkIndex != 2 ||
		!clicked.OccurredAt.Equal(time.Date(2026, 12, 2, 10, 0, 5, 0, time.UTC)) || clicked.Topic != "" || clicked.DelayType != "" {
		t.Fatalf("clicked: %+v", clicked)
	}
	opened := read(`{"status":"opened","provider_message_id":"service-test-1","machine":"false","user_agent":"Postage test event"}`)
	if opened.Type != EventTypeEmailOpened || !opened.Test || opened.Machine || opened.UserAgent != "Postage test event" || opened.LinkIndex != 0 {
		t.Fatalf("opened: %+v", opened)
	}
	delayed := read(`{"status":"delivery_delayed","provider_message_id":"service-test-2","delay_type":"MailboxFull","reason":"smtp; 452 4.2.2 over quota","expiration_time":"2026-11-21T00:00:00.000000+00:00"}`)
	if delayed.Type != EventTypeEmailDeliveryDelayed || delayed.DelayType != "MailboxFull" || delayed.Reason != "smtp; 452 4.2.2 over quota" ||
		!delayed.ExpirationTime.Equal(time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)) || !delayed.OccurredAt.IsZero() {
		t.Fatalf("delayed: %+v", delayed)
	}
	unsubscribed := read(`{"event_type":"email.unsubscribed","payload":{"message_id":"m1","recipient":"a@b.c","topic":"product-news","occurred_at":"2026-12-02T10:15:00.000Z","status":"unsubscribed"}}`)
	if unsubscribed.Type != EventTypeEmailUnsubscribed || unsubscribed.Topic != "product-news" || unsubscribed.OccurredAt.IsZero() || unsubscribed.Status != "unsubscribed" {
		t.Fatalf("unsubscribed: %+v", unsubscribed)
	}
}

func TestWebhookHandler(t *testing.T) {
	var got []*WebhookEvent
	h := WebhookHandler("whsec_test", func(_ context.Context, e *WebhookEvent) error {
		got = append(got, e)
		if e.MessageID == "fail" {
			return errors.New("handler failed")
		}
		return nil
	})
	post := func(body string, header http.Header) int {
		r := httptest.NewRequest(http.MethodPost, "/hooks", strings.NewReader(body))
		r.Header = header
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code
	}
	signed := func(body string) http.Header { return postageHeaders(body, time.Now(), "whsec_test") }
	if code := post(deliveredBody, signed(deliveredBody)); code != http.StatusNoContent {
		t.Fatalf("valid delivery: %d", code)
	}
	if code := post(deliveredBody, signed(`{}`)); code != http.StatusUnauthorized {
		t.Fatalf("bad signature: %d", code)
	}
	if code := post(deliveredBody, postageHeaders(deliveredBody, time.Now().Add(-10*time.Minute), "whsec_test")); code != http.StatusUnauthorized {
		t.Fatalf("captured 10 minutes ago: %d", code)
	}
	if code := post(deliveredBody, serviceHeaders(deliveredSignature)); code != http.StatusUnauthorized {
		t.Fatalf("X-Service-Signature alone: %d", code)
	}
	if len(got) != 1 || got[0].Type != EventTypeEmailDelivered || got[0].Recipient != "a@b.c" {
		t.Fatalf("handled %+v", got)
	}
	if code := post(`not json`, signed(`not json`)); code != http.StatusBadRequest {
		t.Fatalf("not json: %d", code)
	}
	failing := `{"event_type":"email.sent","payload":{"message_id":"fail"}}`
	if code := post(failing, signed(failing)); code != http.StatusInternalServerError {
		t.Fatalf("failing handler: %d", code)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/hooks", nil))
	if w.Code != http.StatusMethodNotAllowed {
		t.Fatalf("GET: %d", w.Code)
	}

	// The opt-in, on a verifier's handler.
	insecure := (&WebhookVerifier{Secrets: []string{"whsec_test"}, InsecureSignatureOnly: true}).Handler(func(context.Context, *WebhookEvent) error { return nil })
	r := httptest.NewRequest(http.MethodPost, "/hooks", strings.NewReader(deliveredBody))
	r.Header = serviceHeaders(deliveredSignature)
	w = httptest.NewRecorder()
	insecure.ServeHTTP(w, r)
	if w.Code != http.StatusNoContent {
		t.Fatalf("X-Service-Signature alone, with the opt-in: %d", w.Code)
	}
}

// email.received (docs/inbound.md, "The email.received event"): a structured payload.
const receivedPayload = `{"inbound_id":"5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03","message_id":"0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b",` +
	`"domain":"reply.example.com","rule_id":"9d4c2b1a-6e5f-4a3b-8c7d-1e2f3a4b5c6d","received_at":"2026-12-03T10:15:02.000Z",` +
	`"envelope":{"from":"ann@example.org","to":"reply+order-42@reply.example.com"},"from":{"address":"ann@example.org","name":"Ann Lee"},` +
	`"to":[{"address":"reply+order-42@reply.example.com","name":""}],"cc":[],"reply_to":[],"subject":"Re: Your order #42",` +
	`"text":"Can it come on Friday instead?","html":null,"truncated":false,` +
	`"headers":{"message_id":"<CAF3k2x8Qz@mail.example.org>","in_reply_to":"<0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b@example.com>","references":["<0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b@example.com>"]},` +
	`"authentication":{"spf":"pass","dkim":"pass","dmarc":"pass","arc":"none"},` +
	`"attachments":[{"id":"e3a1f7c2-0d4b-4c9e-8f6a-2b5d7e9c1a34","filename":"delivery-note.pdf","content_type":"application/pdf",` +
	`"declared_content_type":"application/pdf","size":48213,"sha256":"9f9f","content_id":null,` +
	`"download_url":"https://api.example.test/inbound/attachments/token","expires_at":"2026-12-04T10:15:02.000Z"}],` +
	`"size":73512,"source":"mx"}`

const receivedSecret = "whsec_test"

func receivedBody(payload string) string {
	return `{"event_type":"email.received","payload":` + payload + `}`
}

func TestEmailReceivedReadsTheReceivedMessageTyped(t *testing.T) {
	body := receivedBody(receivedPayload)
	e, err := VerifyWebhook([]byte(body), postageHeaders(body, time.Now(), receivedSecret), receivedSecret)
	if err != nil {
		t.Fatal(err)
	}
	if e.Type != EventTypeEmailReceived || e.Shape != WebhookEnvelope || e.Test {
		t.Fatalf("type %q shape %q test %v", e.Type, e.Shape, e.Test)
	}
	// The sent message it answers, and the address it was received at.
	if e.MessageID != "0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b" || e.Recipient != "reply+order-42@reply.example.com" {
		t.Fatalf("message id %q recipient %q", e.MessageID, e.Recipient)
	}
	r := e.Received
	if r == nil {
		t.Fatal("no Received")
	}
	if r.InboundID != "5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03" || r.Domain != "reply.example.com" || r.Source != "mx" || r.Size != 73512 {
		t.Fatalf("%+v", r)
	}
	if r.Envelope.From != "ann@example.org" || r.From == nil || r.From.Name != "Ann Lee" || len(r.To) != 1 || r.To[0].Name != "" || len(r.Cc) != 0 {
		t.Fatalf("addresses %+v %+v %+v", r.Envelope, r.From, r.To)
	}
	if r.Subject != "Re: Your order #42" || r.Text != "Can it come on Friday instead?" || r.HTML != "" || r.Truncated {
		t.Fatalf("content %+v", r)
	}
	if !r.ReceivedAt.Equal(time.Date(2026, 12, 3, 10, 15, 2, 0, time.UTC)) {
		t.Fatalf("received at %s", r.ReceivedAt)
	}
	if r.Headers.InReplyTo != "<0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b@example.com>" || len(r.Headers.References) != 1 {
		t.Fatalf("headers %+v", r.Headers)
	}
	if r.Authentication.DMARC != "pass" || r.Authentication.ARC != "none" || r.Authentication.Spam != "" {
		t.Fatalf("authentication %+v", r.Authentication)
	}
	if len(r.Attachments) != 1 || r.Attachments[0].ContentType != "application/pdf" || r.Attachments[0].Size != 48213 ||
		r.Attachments[0].ContentID != "" || r.Attachments[0].ExpiresAt.IsZero() {
		t.Fatalf("attachments %+v", r.Attachments)
	}

	// Through SES receiving, with its spam and virus verdicts; an answer to nothing sent.
	ses := strings.NewReplacer(`"message_id":"0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b"`, `"message_id":null`, `"source":"mx"`, `"source":"ses"`,
		`"arc":"none"}`, `"arc":"none","spam":"pass","virus":"fail"}`).Replace(receivedPayload)
	body = receivedBody(ses)
	e, err = VerifyWebhook([]byte(body), postageHeaders(body, time.Now(), receivedSecret), receivedSecret)
	if err != nil {
		t.Fatal(err)
	}
	if e.MessageID != "" || e.Received.MessageID != "" || e.Received.Source != "ses" || e.Received.Authentication.Virus != "fail" {
		t.Fatalf("%q %+v", e.MessageID, e.Received)
	}

	// Every other event has none.
	e, err = VerifyWebhook([]byte(deliveredBody), postageHeaders(deliveredBody, time.Now(), receivedSecret), receivedSecret)
	if err != nil || e.Received != nil {
		t.Fatalf("%v %+v", err, e)
	}
}

func TestAnEmailReceivedPayloadWithoutItsShapeIsRefused(t *testing.T) {
	for name, payload := range map[string]string{
		"no envelope":       strings.Replace(receivedPayload, `"envelope":{"from":"ann@example.org","to":"reply+order-42@reply.example.com"},`, "", 1),
		"to not a list":     strings.Replace(receivedPayload, `"to":[{"address":"reply+order-42@reply.example.com","name":""}]`, `"to":"ann@example.org"`, 1),
		"verdicts missing":  strings.Replace(receivedPayload, `{"spf":"pass","dkim":"pass","dmarc":"pass","arc":"none"}`, `{}`, 1),
		"size not a number": strings.Replace(receivedPayload, `"size":73512`, `"size":"73512"`, 1),
		"no inbound_id":     strings.Replace(receivedPayload, `"inbound_id":"5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03",`, "", 1),
	} {
		if payload == receivedPayload {
			t.Fatalf("%s: the payload is unchanged", name)
		}
		body := receivedBody(payload)
		if _, err := VerifyWebhook([]byte(body), postageHeaders(body, time.Now(), receivedSecret), receivedSecret); reasonOf(err) != WebhookInvalidBody {
			t.Errorf("%s: %v", name, err)
		}
	}
}
