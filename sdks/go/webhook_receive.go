package postage

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Headers of a webhook delivery.
const (
	// SignatureHeader carries "sha256=" and the lowercase hex HMAC-SHA256 of the raw body, keyed
	// with the endpoint's signing secret as it was shown (its bytes, "whsec_" included). It has
	// no timestamp: it is checked only with WebhookVerifier.InsecureSignatureOnly, on a delivery
	// without the Standard Webhooks headers.
	SignatureHeader = "X-Service-Signature"
	// EventHeader carries the event type. No signature covers it, so verification never reads
	// it: the type is taken from the signed body.
	EventHeader = "X-Service-Event"
	// Standard Webhooks (https://www.standardwebhooks.com): the event's id (the same on every
	// delivery of one event), the Unix time of this delivery, and "v1,<base64 HMAC-SHA256 of
	// id.timestamp.body>" per signing secret, space-separated (two for 24 hours after a rotation),
	// keyed with the bytes of the base64 text after "whsec_".
	WebhookIDHeader        = "webhook-id"
	WebhookTimestampHeader = "webhook-timestamp"
	WebhookSignatureHeader = "webhook-signature"
)

// WebhookTolerance is how far a delivery's webhook-timestamp may be from the receiver's clock,
// either way, as the Standard Webhooks libraries allow.
const WebhookTolerance = 5 * time.Minute

// maxWebhookBytes bounds the body ReadWebhook and WebhookHandler read.
const maxWebhookBytes = 1 << 20

// ErrWebhookVerification matches (errors.Is) every *WebhookVerificationError.
var ErrWebhookVerification = errors.New("postage: webhook verification failed")

// WebhookVerificationFailure says why a delivery was refused.
type WebhookVerificationFailure string

const (
	// WebhookMissingSignature: no X-Service-Signature header, with InsecureSignatureOnly on a
	// delivery without the Standard Webhooks headers.
	WebhookMissingSignature WebhookVerificationFailure = "missing_signature"
	// WebhookInvalidSignature: a signature does not match the body and secret (a tampered body,
	// another secret).
	WebhookInvalidSignature WebhookVerificationFailure = "invalid_signature"
	// WebhookMissingHeaders: webhook-id, webhook-timestamp or webhook-signature is missing
	// (every Postage delivery carries the three).
	WebhookMissingHeaders WebhookVerificationFailure = "missing_headers"
	// WebhookTimestampOutOfTolerance: webhook-timestamp is not a Unix time within the tolerance
	// of now (an old delivery replayed, or a clock far off).
	WebhookTimestampOutOfTolerance WebhookVerificationFailure = "timestamp_out_of_tolerance"
	// WebhookInvalidBody: the signed body is not an event (not a JSON object, no event type: an
	// envelope's event_type, or a flat body's status naming one).
	WebhookInvalidBody WebhookVerificationFailure = "invalid_body"
)

// WebhookVerificationError is a delivery that is not a Postage event signed with the secret:
// answer it 401 (400 for WebhookInvalidBody) and do nothing with it.
type WebhookVerificationError struct {
	Reason WebhookVerificationFailure
	Detail string
}

func (e *WebhookVerificationError) Error() string {
	return "postage: webhook verification failed (" + string(e.Reason) + "): " + e.Detail
}

// Is matches ErrWebhookVerification.
func (e *WebhookVerificationError) Is(target error) bool { return target == ErrWebhookVerification }

func refuse(reason WebhookVerificationFailure, format string, args ...any) error {
	return &WebhookVerificationError{Reason: reason, Detail: fmt.Sprintf(format, args...)}
}

// WebhookEventShape is the form a delivery's body had.
type WebhookEventShape string

const (
	// WebhookEnvelope is {"event_type": ..., "payload": {...}}: every event of a real send.
	WebhookEnvelope WebhookEventShape = "envelope"
	// WebhookFlat has the fields at the top level and no type of its own: the test events (POST
	// /api/webhooks/{id}/test, and their replays). Its type is the one its status names.
	WebhookFlat WebhookEventShape = "flat"
)

// WebhookEvent is one verified delivery, read from either shape of a delivery's body (the
// envelope and the flat test shape) into the same fields. Events may arrive more than once:
// handle them idempotently, by WebhookID (or MessageID and Type).
type WebhookEvent struct {
	// Type is the envelope's event_type; for the flat shape, the type its signed status names
	// (queued: email.sent, delivered: email.delivered, bounced: email.bounced, complaint:
	// email.complained, failed: email.failed; delivery_delayed, opened, clicked and unsubscribed:
	// the email. type of the same name). Never the X-Service-Event header, which no signature
	// covers.
	Type EventType
	// Shape is WebhookEnvelope or WebhookFlat.
	Shape WebhookEventShape
	// Test is true for a test event (the flat shape): no email was sent.
	Test bool
	// MessageID is the send's message_id; for a test event, its synthetic provider_message_id.
	MessageID string
	Recipient string
	// Status: queued, delivered, bounced, complaint, failed, delivery_delayed or unsubscribed
	// (opens and clicks have none in the envelope; a test event's is opened or clicked).
	Status            string
	Subject           string   // email.sent
	Mode              string   // email.sent: shared
	BounceType        string   // email.bounced: Permanent (address suppressed) or Transient
	BounceSubtype     string   // test events
	BouncedRecipients []string // test events
	// Reason: why an email.failed message failed; for email.delivery_delayed, the receiving
	// server's answer (addresses replaced by [address]), when SES gave one.
	Reason string
	// DelayType (email.delivery_delayed) is SES's: MailboxFull, SpamDetected, ...; any other
	// reads Undetermined.
	DelayType string
	// ExpirationTime (email.delivery_delayed) is when SES stops trying; zero when unknown.
	ExpirationTime time.Time
	// OccurredAt (email.opened, email.clicked, email.unsubscribed) is when it happened.
	OccurredAt time.Time
	// Machine (email.opened, email.clicked) is true for scanners, prefetches and privacy proxies,
	// which are marked, never left out (the payload's "true"/"false").
	Machine bool
	// UserAgent (email.opened, email.clicked) is the User-Agent of the request.
	UserAgent string
	// URL (email.clicked) is the link's original URL.
	URL string
	// LinkIndex (email.clicked) is the link's position in the message, from 0 (the payload's
	// string, parsed; 0 for other events).
	LinkIndex int
	// Topic (email.unsubscribed) is the topic of the link; "" when it was for all mail.
	Topic string
	// Tags are the send's tags, when it had some.
	Tags map[string]string
	// IdempotencyKey and Timestamp (ISO 8601, as sent) are given by test events.
	IdempotencyKey string
	Timestamp      string
	// WebhookID is the webhook-id header: the same on every delivery of one event ("" only for a
	// delivery accepted by InsecureSignatureOnly without it).
	WebhookID string
	// SignedAt is the webhook-timestamp header (zero only for a delivery accepted by
	// InsecureSignatureOnly without it).
	SignedAt time.Time
	// Data is every field of the event (the envelope's payload, or the flat body) by name.
	Data map[string]any
	// Received is the received message of an email.received event (its payload, read whole);
	// nil for every other event. For email.received, MessageID is the sent message it answers
	// ("" when none) and Recipient the address it was received at (Received.Envelope.To).
	Received *ReceivedEmail
}

// ReceivedEmail is a received message: the payload of email.received (docs/inbound.md, "The
// email.received event"). Unlike the events about messages you send, it is structured. A JSON
// null reads as "" (or nil for From).
type ReceivedEmail struct {
	InboundID string `json:"inbound_id"`
	// MessageID is the message you sent with Postage that this one answers ("" when none).
	MessageID string `json:"message_id"`
	// Domain is the inbound domain it was received at.
	Domain string `json:"domain"`
	// RuleID is the rule that routed it ("" once that rule is deleted).
	RuleID     string    `json:"rule_id"`
	ReceivedAt time.Time `json:"received_at"`
	// Envelope is the SMTP envelope: MAIL FROM ("" for the null sender) and the one recipient
	// it was received for.
	Envelope ReceivedEnvelope `json:"envelope"`
	// From is the From header's mailbox; nil when it has none that reads.
	From    *ReceivedMailbox  `json:"from"`
	To      []ReceivedMailbox `json:"to"`
	Cc      []ReceivedMailbox `json:"cc"`
	ReplyTo []ReceivedMailbox `json:"reply_to"`
	Subject string            `json:"subject"`
	// Text and HTML are the bodies ("" when the message has none). HTML is the sender's, as it
	// came: never render it unsanitised.
	Text string `json:"text"`
	HTML string `json:"html"`
	// Truncated is true when Text or HTML was cut in the webhook; InboundService.Get has them whole.
	Truncated      bool                   `json:"truncated"`
	Headers        ReceivedHeaders        `json:"headers"`
	Authentication ReceivedAuthentication `json:"authentication"`
	Attachments    []ReceivedAttachment   `json:"attachments"`
	// Size is the whole message as received, in bytes.
	Size int64 `json:"size"`
	// Source is "mx" (Postage's MX listener) or "ses" (Amazon SES receiving).
	Source string `json:"source"`
}

// ReceivedMailbox is an address of a received message's headers; Name is "" when the header gives none.
type ReceivedMailbox struct {
	Address string `json:"address"`
	Name    string `json:"name"`
}

// ReceivedEnvelope is the SMTP envelope of a received message.
type ReceivedEnvelope struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// ReceivedHeaders are a received message's own Message-ID, In-Reply-To and References, each id
// with its <> ("" and nil when absent).
type ReceivedHeaders struct {
	MessageID  string   `json:"message_id"`
	InReplyTo  string   `json:"in_reply_to"`
	References []string `json:"references"`
}

// ReceivedAuthentication holds the sender checks of a received message: pass, fail, softfail,
// neutral, none, temperror or permerror (AuthVerdictPass, ...). Spam and Virus come through SES
// receiving only ("" else).
type ReceivedAuthentication struct {
	SPF   AuthVerdict `json:"spf"`
	DKIM  AuthVerdict `json:"dkim"`
	DMARC AuthVerdict `json:"dmarc"`
	ARC   AuthVerdict `json:"arc"`
	Spam  AuthVerdict `json:"spam,omitempty"`
	Virus AuthVerdict `json:"virus,omitempty"`
}

// ReceivedAttachment is an attachment of a received message. Its bytes come only through
// DownloadURL: signed, no API key, until ExpiresAt, and always served as
// application/octet-stream. ContentType is detected from the bytes; DeclaredContentType is the
// sender's word, not to be trusted.
type ReceivedAttachment struct {
	ID                  string `json:"id"`
	Filename            string `json:"filename"`
	ContentType         string `json:"content_type"`
	DeclaredContentType string `json:"declared_content_type"`
	Size                int64  `json:"size"`
	// SHA256 is the hex SHA-256 of the bytes.
	SHA256 string `json:"sha256"`
	// ContentID is an inline part's Content-ID (what the HTML's cid: refers to), else "".
	ContentID   string    `json:"content_id"`
	DownloadURL string    `json:"download_url"`
	ExpiresAt   time.Time `json:"expires_at"`
}

// WebhookVerifier verifies deliveries by their Standard Webhooks headers, which every Postage
// delivery carries and which are required: webhook-signature, a signature over webhook-id,
// webhook-timestamp and the body, with the timestamp within Tolerance of now, so that a delivery
// captured once cannot be played again later. X-Service-Signature is not checked beside them
// (webhook-signature covers the same body with the same secret, and the id and time as well);
// it is checked only with InsecureSignatureOnly, on a delivery without them. Signatures are
// compared in constant time, over the raw bytes, before anything is parsed. The zero value has
// no secret and refuses everything; VerifyWebhook, ReadWebhook and WebhookHandler use one with
// a single secret.
type WebhookVerifier struct {
	// Secrets are the endpoint's signing secrets (whsec_...): one, or during a rotation the new
	// one and the previous one; a signature made with any of them is accepted.
	Secrets []string
	// Tolerance bounds webhook-timestamp's distance from now, either way (0: WebhookTolerance).
	Tolerance time.Duration
	// InsecureSignatureOnly also accepts a delivery that carries none of the Standard Webhooks
	// headers on its X-Service-Signature alone. That signature has no timestamp, so such a
	// delivery, captured once, can be played to the receiver again at any time and still verify:
	// this gives up replay protection. Only for a receiver behind something that strips the
	// webhook-* headers. A delivery that carries them is checked in full all the same.
	InsecureSignatureOnly bool
	// RequireTimestamp refuses deliveries without the Standard Webhooks headers even with
	// InsecureSignatureOnly.
	//
	// Deprecated: the Standard Webhooks headers are required unless InsecureSignatureOnly is set.
	RequireTimestamp bool
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// VerifyWebhook verifies a delivery signed with secret and returns its event; a delivery that is
// not one (no Standard Webhooks headers, a timestamp out of tolerance, a tampered body, another
// secret) is a *WebhookVerificationError. rawBody is the request's body exactly as received. No
// client or API key is needed; Client.Webhooks.Verify is the same.
func VerifyWebhook(rawBody []byte, header http.Header, secret string) (*WebhookEvent, error) {
	return (&WebhookVerifier{Secrets: []string{secret}}).Verify(rawBody, header)
}

// Verify verifies a delivery and returns its event (see VerifyWebhook).
func (v *WebhookVerifier) Verify(rawBody []byte, header http.Header) (*WebhookEvent, error) {
	var secrets []string
	for _, s := range v.Secrets {
		if s != "" {
			secrets = append(secrets, s)
		}
	}
	if len(secrets) == 0 {
		return nil, errors.New("postage: no webhook signing secret to verify with")
	}

	id := strings.TrimSpace(headerValue(header, WebhookIDHeader))
	stamp := strings.TrimSpace(headerValue(header, WebhookTimestampHeader))
	standard := strings.TrimSpace(headerValue(header, WebhookSignatureHeader))
	if id == "" && stamp == "" && standard == "" && v.InsecureSignatureOnly && !v.RequireTimestamp {
		// The opt-in: X-Service-Signature alone, which no timestamp protects from a replay.
		signature := strings.TrimSpace(headerValue(header, SignatureHeader))
		if signature == "" {
			return nil, refuse(WebhookMissingSignature, "no %s header (and no Standard Webhooks headers)", SignatureHeader)
		}
		if !serviceSignatureMatches(secrets, rawBody, signature) {
			return nil, refuse(WebhookInvalidSignature, "%s does not match the body and secret", SignatureHeader)
		}
		return parseEvent(rawBody)
	}

	if id == "" && stamp == "" && standard == "" {
		return nil, refuse(WebhookMissingHeaders, "no %s, %s or %s header: every Postage delivery carries them, and without their timestamp a replayed delivery cannot be refused (InsecureSignatureOnly accepts %s alone, giving up that protection)",
			WebhookIDHeader, WebhookTimestampHeader, WebhookSignatureHeader, SignatureHeader)
	}
	var missing []string
	for _, h := range [...]struct{ name, value string }{{WebhookIDHeader, id}, {WebhookTimestampHeader, stamp}, {WebhookSignatureHeader, standard}} {
		if h.value == "" {
			missing = append(missing, h.name)
		}
	}
	if len(missing) > 0 {
		return nil, refuse(WebhookMissingHeaders, "no %s header (%s, %s and %s go together)", strings.Join(missing, " or "), WebhookIDHeader, WebhookTimestampHeader, WebhookSignatureHeader)
	}
	seconds, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return nil, refuse(WebhookTimestampOutOfTolerance, "%s %q is not a Unix time", WebhookTimestampHeader, stamp)
	}
	now, tolerance := time.Now(), v.Tolerance
	if v.Now != nil {
		now = v.Now()
	}
	if tolerance <= 0 {
		tolerance = WebhookTolerance
	}
	signedAt := time.Unix(seconds, 0)
	if age := now.Sub(signedAt); age > tolerance {
		return nil, refuse(WebhookTimestampOutOfTolerance, "%s is %s old, more than the tolerance of %s: a delivery played again, or a clock far off", WebhookTimestampHeader, age.Truncate(time.Second), tolerance)
	} else if -age > tolerance {
		return nil, refuse(WebhookTimestampOutOfTolerance, "%s is %s in the future, more than the tolerance of %s: a clock far off", WebhookTimestampHeader, (-age).Truncate(time.Second), tolerance)
	}
	if !standardSignatureMatches(secrets, id, stamp, rawBody, standard) {
		return nil, refuse(WebhookInvalidSignature, "no %s matches the body and secret", WebhookSignatureHeader)
	}

	event, err := parseEvent(rawBody)
	if err != nil {
		return nil, err
	}
	event.WebhookID = id
	event.SignedAt = signedAt
	return event, nil
}

// headerValue is header's value of name, whatever the case of the names in header (an
// http.Header built by hand may hold "webhook-id" as it is).
func headerValue(header http.Header, name string) string {
	if v := header.Get(name); v != "" {
		return v
	}
	for k, vs := range header {
		if strings.EqualFold(k, name) && len(vs) > 0 {
			return vs[0]
		}
	}
	return ""
}

func hmacSHA256(key []byte, parts ...[]byte) []byte {
	mac := hmac.New(sha256.New, key)
	for _, p := range parts {
		mac.Write(p)
	}
	return mac.Sum(nil)
}

// serviceSignatureMatches compares with every secret's signature, each in constant time.
func serviceSignatureMatches(secrets []string, body []byte, signature string) bool {
	match := false
	for _, secret := range secrets {
		expected := "sha256=" + hex.EncodeToString(hmacSHA256([]byte(secret), body))
		match = hmac.Equal([]byte(expected), []byte(signature)) || match
	}
	return match
}

// standardSignatureMatches compares every secret's signature with every v1 signature given.
func standardSignatureMatches(secrets []string, id, stamp string, body []byte, header string) bool {
	match := false
	for _, secret := range secrets {
		key, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(strings.TrimPrefix(secret, "whsec_"), "="))
		if err != nil {
			continue // not whsec_<base64>: no Standard Webhooks signature can be its
		}
		expected := []byte(base64.StdEncoding.EncodeToString(hmacSHA256(key, []byte(id+"."+stamp+"."), body)))
		for _, sig := range strings.Fields(header) {
			if version, value, ok := strings.Cut(sig, ","); ok && version == "v1" {
				match = hmac.Equal(expected, []byte(value)) || match
			}
		}
	}
	return match
}

// flatEventTypes names the event type of a flat test event, which carries no type of its own,
// by its signed status (one status per type, as the API's test events set it).
var flatEventTypes = map[string]EventType{
	"queued":    EventTypeEmailSent,
	"delivered": EventTypeEmailDelivered,
	"bounced":   EventTypeEmailBounced,
	"complaint": EventTypeEmailComplained,
	"failed":    EventTypeEmailFailed,

	"delivery_delayed": EventTypeEmailDeliveryDelayed,
	"opened":           EventTypeEmailOpened,
	"clicked":          EventTypeEmailClicked,
	"unsubscribed":     EventTypeEmailUnsubscribed,
}

// parseEvent reads a verified body, in either shape; the type only from what is signed.
func parseEvent(body []byte) (*WebhookEvent, error) {
	var outer map[string]any
	if err := json.Unmarshal(body, &outer); err != nil || outer == nil {
		return nil, refuse(WebhookInvalidBody, "the body is not a JSON object")
	}
	e := &WebhookEvent{Shape: WebhookFlat, Test: true, Data: outer}
	payload, isMap := outer["payload"].(map[string]any)
	if eventType, isText := outer["event_type"].(string); isText && isMap {
		e.Shape, e.Test, e.Data, e.Type = WebhookEnvelope, false, payload, EventType(eventType)
		if e.Type == "" {
			return nil, refuse(WebhookInvalidBody, "the envelope has an empty event_type")
		}
	} else {
		status, _ := outer["status"].(string)
		if e.Type = flatEventTypes[status]; e.Type == "" {
			return nil, refuse(WebhookInvalidBody, "the flat body's status %q names no event type", status)
		}
	}
	text := func(name string) string {
		s, _ := e.Data[name].(string)
		return s
	}
	e.MessageID = text("message_id")
	if e.MessageID == "" {
		e.MessageID = text("provider_message_id")
	}
	e.Recipient, e.Status, e.Subject, e.Mode = text("recipient"), text("status"), text("subject"), text("mode")
	if e.Shape == WebhookEnvelope && e.Type == EventTypeEmailReceived {
		received, err := parseReceivedEmail(e.Data)
		if err != nil {
			return nil, err
		}
		e.Received, e.Recipient = received, received.Envelope.To
	}
	e.BounceType, e.BounceSubtype, e.Reason = text("bounce_type"), text("bounce_subtype"), text("reason")
	e.IdempotencyKey, e.Timestamp = text("idempotency_key"), text("timestamp")
	// Every payload value is a string (docs/webhooks.md, "Payloads"): the typed fields parse them.
	e.DelayType, e.UserAgent, e.URL, e.Topic = text("delay_type"), text("user_agent"), text("url"), text("topic")
	e.ExpirationTime, _ = time.Parse(time.RFC3339Nano, text("expiration_time"))
	e.OccurredAt, _ = time.Parse(time.RFC3339Nano, text("occurred_at"))
	e.Machine = text("machine") == "true"
	e.LinkIndex, _ = strconv.Atoi(text("link_index"))
	if list, ok := e.Data["bounced_recipients"].([]any); ok {
		for _, v := range list {
			if s, ok := v.(string); ok {
				e.BouncedRecipients = append(e.BouncedRecipients, s)
			}
		}
	}
	if tags, ok := e.Data["tags"].(map[string]any); ok {
		e.Tags = make(map[string]string, len(tags))
		for k, v := range tags {
			if s, ok := v.(string); ok {
				e.Tags[k] = s
			}
		}
	}
	return e, nil
}

// parseReceivedEmail reads email.received's payload whole. It is signed, so a payload without the
// shape of a received message is no forgery but an API this version does not read: refused all
// the same, rather than handing the receiver zero values that look like a message.
func parseReceivedEmail(payload map[string]any) (*ReceivedEmail, error) {
	for _, name := range []string{"inbound_id", "received_at", "envelope", "to", "cc", "reply_to", "headers", "authentication", "attachments", "size", "source"} {
		if payload[name] == nil {
			return nil, refuse(WebhookInvalidBody, "the email.received payload is not a received email (no %s)", name)
		}
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		return nil, refuse(WebhookInvalidBody, "the email.received payload: %v", err)
	}
	var received ReceivedEmail
	if err := json.Unmarshal(raw, &received); err != nil {
		return nil, refuse(WebhookInvalidBody, "the email.received payload is not a received email (%v)", err)
	}
	if received.InboundID == "" || received.Envelope.To == "" || received.Authentication.SPF == "" {
		return nil, refuse(WebhookInvalidBody, "the email.received payload is not a received email (no inbound_id, envelope.to or authentication)")
	}
	return &received, nil
}

// ReadWebhook reads a delivery from its request, at most 1 MiB, and verifies it with secret
// (see VerifyWebhook).
func ReadWebhook(r *http.Request, secret string) (*WebhookEvent, error) {
	return (&WebhookVerifier{Secrets: []string{secret}}).Read(r)
}

// Read reads a delivery from its request, at most 1 MiB, and verifies it.
func (v *WebhookVerifier) Read(r *http.Request) (*WebhookEvent, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBytes+1))
	if err != nil {
		return nil, fmt.Errorf("postage: reading the webhook body: %w", err)
	}
	if len(body) > maxWebhookBytes {
		return nil, refuse(WebhookInvalidBody, "the body is over 1 MiB")
	}
	return v.Verify(body, r.Header)
}

// WebhookHandler is an http.Handler for a webhook endpoint whose signing secret is secret (see
// WebhookVerifier.Handler).
func WebhookHandler(secret string, handle func(ctx context.Context, event *WebhookEvent) error) http.Handler {
	return (&WebhookVerifier{Secrets: []string{secret}}).Handler(handle)
}

// Handler is an http.Handler for a webhook endpoint: it answers 405 to anything but POST, 401
// when the delivery does not verify, 400 when its body is not an event, 500 when handle returns
// an error, and 204 otherwise. Postage waits 5 seconds for the answer and never retries: do slow
// work after handle returns.
func (v *WebhookVerifier) Handler(handle func(ctx context.Context, event *WebhookEvent) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		event, err := v.Read(r)
		var refused *WebhookVerificationError
		switch {
		case errors.As(err, &refused) && refused.Reason == WebhookInvalidBody:
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		case refused != nil:
			w.WriteHeader(http.StatusUnauthorized)
			return
		case err != nil:
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		if err := handle(r.Context(), event); err != nil {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
