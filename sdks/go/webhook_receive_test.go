package postage

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
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

func TestVerifyWebhookWithTheServiceSignature(t *testing.T) {
	if deliveredSignature != "sha256="+hmacHex("whsec_test", deliveredBody) {
		t.Fatal("the fixture's signature")
	}
	e, err := VerifyWebhook([]byte(deliveredBody), serviceHeaders(deliveredSignature), "whsec_test")
	if err != nil {
		t.Fatal(err)
	}
	if e.Type != EventTypeEmailDelivered || e.Shape != WebhookEnvelope || e.Test || e.MessageID != "m1" || e.Status != "delivered" || e.WebhookID != "" || !e.SignedAt.IsZero() {
		t.Fatalf("%+v", e)
	}
	// The client's method is the same function, with no key needed.
	if _, err := NewClient("").Webhooks.Verify([]byte(deliveredBody), serviceHeaders(deliveredSignature), "whsec_test"); err != nil {
		t.Fatal(err)
	}

	tampered := []byte(deliveredBody)
	tampered[len(tampered)-5] ^= 1
	for name, c := range map[string]struct {
		body, signature, secret string
		want                    WebhookVerificationFailure
	}{
		"tampered body":  {string(tampered), deliveredSignature, "whsec_test", WebhookInvalidSignature},
		"longer body":    {deliveredBody + " ", deliveredSignature, "whsec_test", WebhookInvalidSignature},
		"another secret": {deliveredBody, deliveredSignature, "whsec_other", WebhookInvalidSignature},
		"upper case":     {deliveredBody, strings.ToUpper(deliveredSignature), "whsec_test", WebhookInvalidSignature},
		"no signature":   {deliveredBody, "", "whsec_test", WebhookMissingSignature},
	} {
		e, err := VerifyWebhook([]byte(c.body), serviceHeaders(c.signature), c.secret)
		if reasonOf(err) != c.want || e != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := VerifyWebhook([]byte(deliveredBody), serviceHeaders(deliveredSignature), ""); err == nil || reasonOf(err) != "" {
		t.Errorf("no secret: %v", err)
	}
}

// The test vector of the Standard Webhooks specification, with the X-Service-Signature a
// Postage delivery carries beside it.
const (
	standardSecret    = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	standardBody      = `{"test": 2432232314}`
	standardSignature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
)

var standardAt = time.Unix(1614265330, 0)

func standardHeaders(signature string) http.Header {
	h := serviceHeaders("sha256=" + hmacHex(standardSecret, standardBody))
	h.Set(WebhookIDHeader, "msg_p5jXN8AQM9LWM0D4loKWxJek")
	h.Set(WebhookTimestampHeader, "1614265330")
	h.Set(WebhookSignatureHeader, signature)
	return h
}

func verifierAt(at time.Time, secrets ...string) *WebhookVerifier {
	return &WebhookVerifier{Secrets: secrets, Now: func() time.Time { return at }}
}

func TestVerifyWebhookWithTheStandardHeaders(t *testing.T) {
	e, err := verifierAt(standardAt.Add(time.Minute), standardSecret).Verify([]byte(standardBody), standardHeaders(standardSignature))
	if err != nil {
		t.Fatal(err)
	}
	if e.WebhookID != "msg_p5jXN8AQM9LWM0D4loKWxJek" || !e.SignedAt.Equal(standardAt) || e.Type != EventTypeEmailDelivered || e.Shape != WebhookFlat {
		t.Fatalf("%+v", e)
	}
	// After a rotation the header carries one signature per secret.
	if _, err := verifierAt(standardAt, standardSecret).Verify([]byte(standardBody), standardHeaders("v1,bm90IGl0 "+standardSignature)); err != nil {
		t.Fatal(err)
	}
	// A receiver holding the new and the previous secret accepts either's signatures.
	if _, err := verifierAt(standardAt, "whsec_bm90IGl0", standardSecret).Verify([]byte(standardBody), standardHeaders(standardSignature)); err != nil {
		t.Fatal(err)
	}

	lowercase := http.Header{}
	for k, v := range standardHeaders(standardSignature) {
		lowercase[strings.ToLower(k)] = v
	}
	if _, err := verifierAt(standardAt, standardSecret).Verify([]byte(standardBody), lowercase); err != nil {
		t.Fatalf("header names as written: %v", err)
	}

	without := func(name string) http.Header {
		h := standardHeaders(standardSignature)
		h.Del(name)
		return h
	}
	serviceOnly := without(WebhookIDHeader)
	serviceOnly.Del(WebhookTimestampHeader)
	serviceOnly.Del(WebhookSignatureHeader)
	strict := verifierAt(standardAt, standardSecret)
	strict.RequireTimestamp = true
	bad := map[string]struct {
		err  error
		want WebhookVerificationFailure
	}{
		"body": {func() error {
			_, err := verifierAt(standardAt, standardSecret).Verify([]byte(`{"test": 2432232315}`), standardHeaders(standardSignature))
			return err
		}(), WebhookInvalidSignature},
		"old": {func() error {
			_, err := verifierAt(standardAt.Add(6*time.Minute), standardSecret).Verify([]byte(standardBody), standardHeaders(standardSignature))
			return err
		}(), WebhookTimestampOutOfTolerance},
		"future": {func() error {
			_, err := verifierAt(standardAt.Add(-6*time.Minute), standardSecret).Verify([]byte(standardBody), standardHeaders(standardSignature))
			return err
		}(), WebhookTimestampOutOfTolerance},
		"version": {func() error {
			_, err := verifierAt(standardAt, standardSecret).Verify([]byte(standardBody), standardHeaders(strings.Replace(standardSignature, "v1,", "v2,", 1)))
			return err
		}(), WebhookInvalidSignature},
		"standard signature alone wrong": {func() error {
			_, err := verifierAt(standardAt, standardSecret).Verify([]byte(standardBody), standardHeaders("v1,bm90IGl0"))
			return err
		}(), WebhookInvalidSignature},
		"no webhook-id": {func() error {
			_, err := verifierAt(standardAt, standardSecret).Verify([]byte(standardBody), without(WebhookIDHeader))
			return err
		}(), WebhookMissingHeaders},
		"required": {func() error {
			_, err := strict.Verify([]byte(standardBody), serviceOnly)
			return err
		}(), WebhookMissingHeaders},
	}
	for name, c := range bad {
		if reasonOf(c.err) != c.want {
			t.Errorf("%s: %v, want %s", name, c.err, c.want)
		}
	}
	// Without the Standard headers, and not required: the X-Service-Signature alone.
	if _, err := verifierAt(standardAt, standardSecret).Verify([]byte(standardBody), serviceOnly); err != nil {
		t.Fatal(err)
	}
}

func signed(body string) http.Header {
	return serviceHeaders("sha256=" + hmacHex("whsec_test", body))
}

func TestVerifyWebhookReadsBothShapes(t *testing.T) {
	envelope := `{"event_type":"email.bounced","payload":{"message_id":"m1","recipient":"a@b.c","bounce_type":"Permanent","status":"bounced","tags":{"run":"7"}}}`
	h := signed(envelope)
	h.Set(EventHeader, "email.bounced")
	e, err := VerifyWebhook([]byte(envelope), h, "whsec_test")
	if err != nil {
		t.Fatal(err)
	}
	if e.Type != EventTypeEmailBounced || e.Shape != WebhookEnvelope || e.Test || e.MessageID != "m1" || e.BounceType != "Permanent" || e.Status != "bounced" || e.Tags["run"] != "7" || e.Data["recipient"] != "a@b.c" {
		t.Fatalf("%+v", e)
	}

	flat := `{"idempotency_key":"0123456789abcdef0123456789abcdef","provider_message_id":"service-test-1","recipient":"bounce@test.example","status":"bounced","bounce_type":"Permanent","bounce_subtype":"General","bounced_recipients":["bounce@test.example"],"timestamp":"2026-01-02T03:04:05.000000+00:00"}`
	h = signed(flat)
	h.Set(EventHeader, "email.bounced")
	e, err = VerifyWebhook([]byte(flat), h, "whsec_test")
	if err != nil {
		t.Fatal(err)
	}
	if e.Type != EventTypeEmailBounced || e.Shape != WebhookFlat || !e.Test || e.MessageID != "service-test-1" || e.BounceSubtype != "General" ||
		len(e.BouncedRecipients) != 1 || e.IdempotencyKey != "0123456789abcdef0123456789abcdef" || e.Timestamp == "" || e.Recipient != "bounce@test.example" {
		t.Fatalf("%+v", e)
	}

	for name, body := range map[string]string{"an array": `[1]`, "not JSON": `not json`, "no type": `{"message_id":"m1"}`} {
		h := signed(body)
		h.Del(EventHeader)
		if _, err := VerifyWebhook([]byte(body), h, "whsec_test"); reasonOf(err) != WebhookInvalidBody {
			t.Errorf("%s: %v", name, err)
		}
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
	post := func(body, signature string) int {
		r := httptest.NewRequest(http.MethodPost, "/hooks", strings.NewReader(body))
		r.Header = serviceHeaders(signature)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code
	}
	if code := post(deliveredBody, deliveredSignature); code != http.StatusNoContent {
		t.Fatalf("valid delivery: %d", code)
	}
	if code := post(deliveredBody, "sha256=00"); code != http.StatusUnauthorized {
		t.Fatalf("bad signature: %d", code)
	}
	if len(got) != 1 || got[0].Type != EventTypeEmailDelivered || got[0].Recipient != "a@b.c" {
		t.Fatalf("handled %+v", got)
	}
	sign := func(body string) string { return "sha256=" + hmacHex("whsec_test", body) }
	if code := post(`not json`, sign(`not json`)); code != http.StatusBadRequest {
		t.Fatalf("not json: %d", code)
	}
	failing := `{"event_type":"email.sent","payload":{"message_id":"fail"}}`
	if code := post(failing, sign(failing)); code != http.StatusInternalServerError {
		t.Fatalf("failing handler: %d", code)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/hooks", nil))
	if w.Code != http.StatusMethodNotAllowed {
		t.Fatalf("GET: %d", w.Code)
	}
}
