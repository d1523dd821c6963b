package postage

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// EventsService reads the account's events as they happen (Client.Events; a full_access key).
type EventsService struct{ c *Client }

// EventStreamParams filters and resumes a live event stream; the zero value is every event from now.
type EventStreamParams struct {
	// Events keeps only these types (all when empty); an unknown type is a 400.
	Events []EventType
	// LastEventID resumes after that event (a LiveEvent's Cursor, or EventStream.LastEventID):
	// events are kept a few minutes.
	LastEventID string
}

// LiveEvent is one event of the account, as it happened.
type LiveEvent struct {
	// Cursor is where the stream stands after this event: EventStreamParams.LastEventID resumes after it.
	Cursor string
	// ID is the event's Standard Webhooks webhook-id (deduplicate on it, as with webhooks).
	ID string
	// Type is the event's type (email.delivered, ...).
	Type EventType
	// Timestamp is when the event happened.
	Timestamp time.Time
	// Body is the exact JSON a webhook endpoint receives for this event (sign or forward these bytes).
	Body []byte
}

// Parse reads Body as VerifyWebhook reads a delivery (a *WebhookVerificationError, invalid_body,
// when it is not an event).
func (e *LiveEvent) Parse() (*WebhookEvent, error) { return parseEvent(e.Body) }

// Stream opens the account's live event stream (GET /api/events/stream, server-sent events): it
// returns once the API accepted it, and a refusal is its *APIError (400 an unknown event type,
// 403 a sending key, 429 when the account already has its maximum of open streams). The client's
// timeout (WithTimeout) bounds the wait for the answer only; ctx bounds the whole stream. It never
// ends on its own: Close it.
//
//	stream, err := client.Events.Stream(ctx, &postage.EventStreamParams{Events: []postage.EventType{postage.EventTypeEmailDelivered}})
//	if err != nil { ... }
//	defer stream.Close()
//	for stream.Next() {
//		event := stream.Event()
//		...
//	}
//	if err := stream.Err(); err != nil { ... } // resume with LastEventID: stream.LastEventID()
func (s *EventsService) Stream(ctx context.Context, params *EventStreamParams) (*EventStream, error) {
	r := request{method: http.MethodGet, path: "/api/events/stream", accept: "text/event-stream", stream: true}
	if params != nil {
		if len(params.Events) > 0 {
			names := make([]string, len(params.Events))
			for i, e := range params.Events {
				names[i] = string(e)
			}
			r.query = url.Values{"events": {strings.Join(names, ",")}}
		}
		if params.LastEventID != "" {
			r.header = http.Header{"Last-Event-Id": {params.LastEventID}}
		}
	}
	var open streamed
	if err := s.c.do(ctx, r, &open); err != nil {
		return nil, err
	}
	scanner := bufio.NewScanner(open.body)
	scanner.Buffer(make([]byte, 0, 64<<10), maxResponseBytes)
	scanner.Split(sseLines())
	return &EventStream{ctx: ctx, body: open.body, lines: scanner, requestID: open.header.Get("X-Request-Id")}, nil
}

// EventStream is an open live event stream: Next, Event, Err, and Close when done (safe to call
// more than once, and from another goroutine to stop a Next that waits).
type EventStream struct {
	ctx       context.Context
	body      io.ReadCloser
	lines     *bufio.Scanner
	requestID string
	event     *LiveEvent
	lastID    string // the last id field the stream gave
	cursor    string // the Cursor of the last event returned
	err       error
	closeOnce sync.Once
	closed    bool
	mu        sync.Mutex
}

// Next waits for the next event and reports whether there is one; false when the stream was
// closed (Close, ctx), broke (Err), or the API ended it.
func (s *EventStream) Next() bool {
	if s.err != nil {
		return false
	}
	var data []string
	first := s.cursor == "" && s.event == nil
	for s.lines.Scan() {
		line := s.lines.Text()
		if first {
			line, first = strings.TrimPrefix(line, "\uFEFF"), false
		}
		if line == "" {
			if len(data) == 0 {
				continue
			}
			event, err := liveEventOf(s.lastID, strings.Join(data, "\n"))
			if err != nil {
				s.err = err
				return false
			}
			s.event, s.cursor = event, event.Cursor
			return true
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch {
		case field == "data":
			data = append(data, value)
		case field == "id" && !strings.ContainsRune(value, 0):
			s.lastID = value
		}
	}
	s.err = s.endError(s.lines.Err())
	return false
}

// endError is why the stream ended: nil when closed (by Close or ctx's end: ctx.Err() then) or
// ended by the API, else a *NetworkError.
func (s *EventStream) endError(err error) error {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	switch {
	case closed:
		return nil
	case s.ctx.Err() != nil:
		return fmt.Errorf("postage: the live event stream: %w", s.ctx.Err())
	case err == nil || errors.Is(err, io.EOF):
		return nil
	}
	return &NetworkError{Method: http.MethodGet, Path: "/api/events/stream", Err: err}
}

// Event is the event Next found.
func (s *EventStream) Event() *LiveEvent { return s.event }

// Err is why Next returned false: nil when the stream was closed or the API ended it.
func (s *EventStream) Err() error { return s.err }

// LastEventID is the Cursor of the last event Next found ("" before the first).
func (s *EventStream) LastEventID() string { return s.cursor }

// RequestID is the answer's X-Request-Id.
func (s *EventStream) RequestID() string { return s.requestID }

// Close closes the connection; a waiting Next returns false.
func (s *EventStream) Close() error {
	var err error
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		s.mu.Unlock()
		err = s.body.Close()
	})
	return err
}

// liveEventOf reads an event's data; data that is not the documented shape (a proxy's page, a
// broken answer) is an error rather than skipped, which would hide it.
func liveEventOf(cursor, data string) (*LiveEvent, error) {
	var fields struct {
		ID        *string    `json:"id"`
		Type      *string    `json:"type"`
		Timestamp *time.Time `json:"timestamp"`
		Body      *string    `json:"body"`
	}
	if err := json.Unmarshal([]byte(data), &fields); err != nil || fields.ID == nil || fields.Type == nil || fields.Timestamp == nil || fields.Body == nil {
		return nil, fmt.Errorf("postage: a live event is not {id, type, timestamp, body}: %.200s", data)
	}
	return &LiveEvent{Cursor: cursor, ID: *fields.ID, Type: EventType(*fields.Type), Timestamp: *fields.Timestamp, Body: []byte(*fields.Body)}, nil
}

// sseLines splits an event stream into lines ended by CRLF, LF or CR. A CR ends its line at once
// (a stream ending its events with CR alone is not held until more bytes come); an LF right after
// it, in this read or the next, is then skipped.
func sseLines() bufio.SplitFunc {
	afterCR := false
	return func(data []byte, atEOF bool) (int, []byte, error) {
		skip := 0
		if afterCR && len(data) > 0 {
			afterCR = false
			if data[0] == '\n' {
				skip = 1
			}
		}
		if i := bytes.IndexAny(data[skip:], "\r\n"); i >= 0 {
			end := skip + i
			line := data[skip:end]
			if data[end] == '\n' {
				return end + 1, line, nil
			}
			if end+1 < len(data) {
				if data[end+1] == '\n' {
					return end + 2, line, nil
				}
				return end + 1, line, nil
			}
			afterCR = true
			return end + 1, line, nil
		}
		if atEOF && len(data) > skip {
			return len(data), data[skip:], nil
		}
		return skip, nil, nil
	}
}
