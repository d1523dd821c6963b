package postage

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
)

// A raw message comes back as its bytes (not UTF-8 text, not JSON), a deletion as nothing, an
// attachment from its link, whatever form the link takes.
func TestInboundRawDeleteAndDownload(t *testing.T) {
	data := []byte("From: \xe9\xff\x00\r\n")
	s := serve(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		case strings.Contains(r.URL.Path, "missing"):
			reply(w, 404, `{"success":false,"error":"not_found","detail":"No."}`)
		default:
			w.Header().Set("Content-Type", "message/rfc822")
			_, _ = w.Write(data)
		}
	})
	c, ctx := testClient(s), context.Background()
	if raw, err := c.Inbound.Raw(ctx, "m-1"); err != nil || !bytes.Equal(raw, data) {
		t.Fatalf("raw %q %v", raw, err)
	}
	if err := c.Inbound.Delete(ctx, "m-1"); err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{"https://api.postage.dev/inbound/attachments/djF8YQ?x=1", "http://127.0.0.1:3000/inbound/attachments/djF8YQ", "djF8YQ"} {
		if got, err := c.Inbound.DownloadAttachment(ctx, link); err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%s: %q %v", link, got, err)
		}
	}
	if _, err := c.Inbound.Raw(ctx, "missing"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a missing message: %v", err)
	}
	for _, bad := range []string{"https://api.postage.dev/inbound/attachments/", "a/b"} {
		if _, err := c.Inbound.DownloadAttachment(ctx, bad); err == nil {
			t.Fatalf("%q was accepted", bad)
		}
	}
	var got []string
	for _, r := range s.seen() {
		accept, _, _ := strings.Cut(r.header.Get("Accept"), ",")
		got = append(got, r.method+" "+r.path+" "+accept)
	}
	want := []string{
		"GET /api/inbound/m-1/raw message/rfc822",
		"DELETE /api/inbound/m-1 application/json",
		"GET /inbound/attachments/djF8YQ application/octet-stream",
		"GET /inbound/attachments/djF8YQ application/octet-stream",
		"GET /inbound/attachments/djF8YQ application/octet-stream",
		"GET /api/inbound/missing/raw message/rfc822",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("requests:\n%s", strings.Join(got, "\n"))
	}
}

// An answer longer than the client reads is an error at once, not retried.
func TestAnAnswerTooLongIsAnErrorNotRetried(t *testing.T) {
	big := bytes.Repeat([]byte("x"), maxRawResponseBytes+1)
	s := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(big) })
	if _, err := testClient(s).Inbound.Raw(context.Background(), "m"); !errors.Is(err, errAnswerTooLarge) {
		t.Fatalf("%v", err)
	}
	if n := len(s.seen()); n != 1 {
		t.Fatalf("%d requests", n)
	}
}
