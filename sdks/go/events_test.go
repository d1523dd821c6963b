package postage

// The live event stream against local httptest servers: the request, the server-sent events
// reader, the refusals, the timeout of the connect only, and closing.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func liveData(t *testing.T, n int, eventType string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"event_type": eventType, "payload": map[string]any{"message_id": "m-" + string(rune('0'+n)), "recipient": "a@example.org"}})
	data, _ := json.Marshal(map[string]string{"id": "msg_" + string(rune('0'+n)), "type": eventType, "timestamp": "2026-11-29T22:02:40.123Z", "body": string(body)})
	return string(data)
}

// streaming answers with these chunks as an event stream, each flushed, then holds the stream
// open until the client leaves (as the API does).
func streaming(chunks ...string) func(int, http.ResponseWriter, *http.Request) {
	return func(_ int, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("X-Request-Id", "req-1")
		w.WriteHeader(200)
		for _, chunk := range chunks {
			_, _ = io.WriteString(w, chunk)
			w.(http.Flusher).Flush()
			time.Sleep(5 * time.Millisecond)
		}
		<-r.Context().Done()
	}
}

func collect(t *testing.T, stream *EventStream, n int) []*LiveEvent {
	t.Helper()
	var events []*LiveEvent
	for len(events) < n && stream.Next() {
		events = append(events, stream.Event())
	}
	if err := stream.Err(); err != nil {
		t.Fatalf("the stream: %v", err)
	}
	return events
}

func TestStreamAsksForTheTypesAndTheCursorAndGivesEachEventWithItsCursor(t *testing.T) {
	s := serve(t, streaming(": keep-alive\n\nid: 7-0\nevent: email.delivered\ndata: "+liveData(t, 1, "email.delivered")+"\n\n"))
	stream, err := testClient(s).Events.Stream(context.Background(), &EventStreamParams{
		Events: []EventType{EventTypeEmailDelivered, EventTypeEmailBounced}, LastEventID: "6-0",
	})
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	events := collect(t, stream, 1)
	req := s.seen()[0]
	if req.path != "/api/events/stream" || req.rawQuery != "events=email.delivered%2Cemail.bounced" || req.header.Get("Last-Event-ID") != "6-0" || req.header.Get("Accept") != "text/event-stream" {
		t.Fatalf("request %+v", req)
	}
	e := events[0]
	if e.Cursor != "7-0" || e.ID != "msg_1" || e.Type != EventTypeEmailDelivered || !e.Timestamp.Equal(time.Date(2026, 11, 29, 22, 2, 40, 123e6, time.UTC)) {
		t.Fatalf("event %+v", e)
	}
	parsed, err := e.Parse()
	if err != nil || parsed.MessageID != "m-1" || parsed.Type != EventTypeEmailDelivered {
		t.Fatalf("parsed %+v, %v", parsed, err)
	}
	if stream.LastEventID() != "7-0" || stream.RequestID() != "req-1" {
		t.Fatalf("last %q, request %q", stream.LastEventID(), stream.RequestID())
	}
}

func TestStreamReadsDataOverLinesCRLFAndCRCommentsAndEventsSplitAcrossReads(t *testing.T) {
	var pretty strings.Builder
	var v any
	_ = json.Unmarshal([]byte(liveData(t, 2, "email.bounced")), &v)
	indented, _ := json.MarshalIndent(v, "", "  ")
	for i, line := range strings.Split(string(indented), "\n") {
		if i > 0 {
			pretty.WriteString("\r")
		}
		pretty.WriteString("data: " + line)
	}
	third := liveData(t, 3, "email.delivered")
	s := serve(t, streaming(
		"\uFEFF: hello\r\nid: 1-0\r\nevent: email.delivered\r\ndata: "+liveData(t, 1, "email.delivered")+"\r\n\r\n",
		"id: 2-0\revent: email.bounced\r"+pretty.String()+"\r\r",
		": keep-alive\n\n",
		"id: 3-0\nevent: email.delivered\ndata: "+third[:10],
		third[10:]+"\r",
		"\n\r\n",
	))
	stream, err := testClient(s).Events.Stream(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	var got []string
	for _, e := range collect(t, stream, 3) {
		got = append(got, e.Cursor+" "+e.ID+" "+string(e.Type))
	}
	want := []string{"1-0 msg_1 email.delivered", "2-0 msg_2 email.bounced", "3-0 msg_3 email.delivered"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q", got)
	}
}

func TestStreamRefusalIsTheAPIErrorAndTheTimeoutCoversOnlyTheConnect(t *testing.T) {
	s := serve(t, func(n int, w http.ResponseWriter, r *http.Request) {
		switch n {
		case 0:
			reply(w, 429, `{"success":false,"error":"too_many_requests","detail":"Three open."}`, "Retry-After", "5")
		case 1:
			<-r.Context().Done() // never answers
		default:
			streaming(": keep-alive\n\n")(n, w, r) // headers at once...
		}
	})
	c := testClient(s, WithTimeout(150*time.Millisecond), WithMaxRetries(0))
	_, err := c.Events.Stream(context.Background(), nil)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 429 || apiErr.Code != ErrorCodeTooManyRequests || apiErr.RetryAfter != 5*time.Second {
		t.Fatalf("refusal: %v", err)
	}
	if _, err := c.Events.Stream(context.Background(), nil); !errors.Is(err, ErrTimeout) {
		t.Fatalf("no answer: %v", err)
	}
	stream, err := c.Events.Stream(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// ...then nothing but the keep-alive for longer than the timeout: the stream stays open.
	time.AfterFunc(400*time.Millisecond, func() { stream.Close() })
	if stream.Next() || stream.Err() != nil {
		t.Fatalf("closed stream: next, %v", stream.Err())
	}
}

func TestStreamEndsWithTheContext(t *testing.T) {
	s := serve(t, streaming(": keep-alive\n\n"))
	ctx, cancel := context.WithCancel(context.Background())
	stream, err := testClient(s).Events.Stream(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	time.AfterFunc(50*time.Millisecond, cancel)
	if stream.Next() || !errors.Is(stream.Err(), context.Canceled) {
		t.Fatalf("after the context: %v", stream.Err())
	}
}

func TestStreamDataThatIsNotALiveEventIsAnError(t *testing.T) {
	s := serve(t, streaming("event: email.delivered\ndata: <html>proxy</html>\n\n"))
	stream, err := testClient(s).Events.Stream(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	if stream.Next() || stream.Err() == nil || !strings.Contains(stream.Err().Error(), "not {id, type, timestamp, body}") {
		t.Fatalf("err %v", stream.Err())
	}
}
