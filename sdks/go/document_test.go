package postage

// Checks of the hand-written layer against the API document it is built from (../openapi.json in
// the repository, or the file POSTAGE_OPENAPI_DOCUMENT names).

import (
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

func readDocument(t *testing.T) map[string]any {
	t.Helper()
	path := os.Getenv("POSTAGE_OPENAPI_DOCUMENT") // test.sh, for the tests of the installed module
	if path == "" {
		path = "../openapi.json"
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("the API document is not beside the module: %v", err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func dig(v any, path ...string) any {
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	return v
}

func jsonNames(typ reflect.Type) map[string]bool {
	names := map[string]bool{}
	for i := 0; i < typ.NumField(); i++ {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		names[name] = true
	}
	return names
}

// SendBatchResponse is excluded from generation (a union); BatchResult must read every field of
// its three shapes.
func TestBatchResultHasEveryFieldOfTheDocument(t *testing.T) {
	doc := readDocument(t)
	variants, _ := dig(doc, "components", "schemas", "SendBatchResponse", "properties", "data", "items", "oneOf").([]any)
	if len(variants) == 0 {
		t.Fatal("SendBatchResponse.data.items.oneOf not found")
	}
	have := jsonNames(reflect.TypeOf(BatchResult{}))
	var missing []string
	for _, v := range variants {
		for name := range dig(v, "properties").(map[string]any) {
			if !have[name] {
				missing = append(missing, name)
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("BatchResult lacks %v", missing)
	}
	outer := dig(doc, "components", "schemas", "SendBatchResponse", "properties").(map[string]any)
	have = jsonNames(reflect.TypeOf(SendBatchResponse{}))
	for name := range outer {
		if !have[name] {
			t.Errorf("SendBatchResponse lacks %s", name)
		}
	}
}

// The hosted API by default, POSTAGE_BASE_URL when set (read by NewClient), WithBaseURL over both.
func TestTheBaseURL(t *testing.T) {
	base := func(c *Client) string { return c.baseURL }
	t.Setenv(BaseURLEnv, "")
	if got := base(NewClient("pk")); got != "https://api.postage.dev" {
		t.Fatalf("default %s", got)
	}
	t.Setenv(BaseURLEnv, "http://127.0.0.1:3000/")
	fromEnv := NewClient("pk")
	if got := base(fromEnv); got != "http://127.0.0.1:3000" {
		t.Fatalf("from the environment %s", got)
	}
	if got := base(NewClient("pk", WithBaseURL("https://postage.example.com"))); got != "https://postage.example.com" {
		t.Fatalf("WithBaseURL %s", got)
	}
	// Read when the client is made, not at each request.
	t.Setenv(BaseURLEnv, "http://127.0.0.2:3000")
	if got := base(fromEnv); got != "http://127.0.0.1:3000" {
		t.Fatalf("a made client changed to %s", got)
	}
}

// Every method of every service calls an operation of the document, with its method, that an API
// key may call.
func TestEveryCallIsADocumentedOperation(t *testing.T) {
	paths, _ := readDocument(t)["paths"].(map[string]any)
	srv := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) { reply(w, 200, `{}`) })
	c := testClient(srv)
	ctx := context.Background()
	calls := []func() error{
		func() error { _, err := c.Emails.Send(ctx, &SendEmailRequest{}); return err },
		func() error { _, err := c.Emails.SendBatch(ctx, &SendBatchRequest{}); return err },
		func() error { _, err := c.Emails.List(ctx, nil); return err },
		func() error { _, err := c.Emails.Get(ctx, "m"); return err },
		func() error { _, err := c.Emails.Reschedule(ctx, "m", time.Now()); return err },
		func() error { _, err := c.Emails.Cancel(ctx, "m"); return err },
		func() error { _, err := c.Me.Get(ctx); return err },
		func() error { _, err := c.Me.Key(ctx); return err },
		func() error { _, err := c.Usage.Get(ctx); return err },
		func() error { _, err := c.SendingQueue.Get(ctx); return err },
		func() error { _, err := c.Stats.Daily(ctx, 7); return err },
		func() error { _, err := c.Reputation.Get(ctx); return err },
		func() error {
			for _, err := range c.Emails.ListAll(ctx, nil) {
				return err
			}
			return nil
		},
		func() error {
			for _, err := range c.Suppressions.ListAll(ctx, nil) {
				return err
			}
			return nil
		},
		func() error {
			for _, err := range c.Templates.ListAll(ctx, nil) {
				return err
			}
			return nil
		},
		func() error { _, err := c.Domains.List(ctx); return err },
		func() error { _, err := c.Domains.Create(ctx, &CreateDomainRequest{}); return err },
		func() error { _, err := c.Domains.Get(ctx, "d"); return err },
		func() error { _, err := c.Domains.Delete(ctx, "d"); return err },
		func() error { _, err := c.Domains.Verify(ctx, "d"); return err },
		func() error {
			_, err := c.Domains.Update(ctx, "d", &UpdateDomainParams{TrackOpens: Bool(true)})
			return err
		},
		func() error { _, err := c.APIKeys.List(ctx); return err },
		func() error { _, err := c.APIKeys.Create(ctx, &CreateAPIKeyRequest{}); return err },
		func() error { _, err := c.APIKeys.Revoke(ctx, "k"); return err },
		func() error { _, err := c.Webhooks.List(ctx); return err },
		func() error { _, err := c.Webhooks.Create(ctx, &CreateWebhookRequest{}); return err },
		func() error { _, err := c.Webhooks.Update(ctx, "w", &UpdateWebhookRequest{}); return err },
		func() error { _, err := c.Webhooks.Delete(ctx, "w"); return err },
		func() error { _, err := c.Webhooks.Deliveries(ctx, "w", 0); return err },
		func() error { _, err := c.Webhooks.Test(ctx, "w", EventTypeEmailSent); return err },
		func() error { _, err := c.Webhooks.Replay(ctx, "w", "d"); return err },
		func() error { _, err := c.Webhooks.RotateSecret(ctx, "w"); return err },
		func() error {
			stream, err := c.Events.Stream(ctx, nil)
			if err == nil {
				stream.Close()
			}
			return err
		},
		func() error { _, err := c.Suppressions.List(ctx, nil); return err },
		func() error { _, err := c.Suppressions.Add(ctx, "a@b.example"); return err },
		func() error { _, err := c.Suppressions.Get(ctx, "a@b.example"); return err },
		func() error { _, err := c.Suppressions.Delete(ctx, "a@b.example"); return err },
		func() error { _, err := c.Suppressions.AddForTopic(ctx, "a@b.example", "news"); return err },
		func() error { _, err := c.Suppressions.GetForTopic(ctx, "a@b.example", "news"); return err },
		func() error { _, err := c.Suppressions.DeleteForTopic(ctx, "a@b.example", "news"); return err },
		func() error { _, err := c.Templates.List(ctx, nil); return err },
		func() error { _, err := c.Templates.Create(ctx, &CreateTemplateRequest{}); return err },
		func() error { _, err := c.Templates.Get(ctx, "t"); return err },
		func() error { _, err := c.Templates.Update(ctx, "t", &UpdateTemplateRequest{}); return err },
		func() error { _, err := c.Templates.Delete(ctx, "t"); return err },
		func() error { _, err := c.Templates.Publish(ctx, "t"); return err },
		func() error { _, err := c.Templates.Versions(ctx, "t"); return err },
		func() error { _, err := c.Templates.Preview(ctx, "t", nil); return err },
		func() error { _, err := c.Templates.TestSend(ctx, "t", &TemplateTestSendRequest{}); return err },
		func() error { _, err := c.BYOC.Get(ctx); return err },
		func() error { _, err := c.BYOC.Save(ctx, &ByocRequest{}); return err },
		func() error { _, err := c.BYOC.Validate(ctx); return err },
		func() error { _, err := c.BYOC.Policy(ctx); return err },
		func() error { _, err := c.BYOC.CloudFormation(ctx); return err },
		func() error { _, err := c.Members.List(ctx); return err },
		func() error { _, err := c.Invitations.List(ctx); return err },
		func() error { _, err := c.Audit.List(ctx, nil); return err },
		func() error {
			for _, err := range c.Audit.ListAll(ctx, nil) {
				return err
			}
			return nil
		},
		func() error { _, err := c.Inbound.Domains.List(ctx); return err },
		func() error { _, err := c.Inbound.Domains.Create(ctx, "reply.example.com"); return err },
		func() error { _, err := c.Inbound.Domains.Get(ctx, "reply.example.com"); return err },
		func() error { _, err := c.Inbound.Domains.Verify(ctx, "reply.example.com"); return err },
		func() error { _, err := c.Inbound.Domains.Delete(ctx, "reply.example.com"); return err },
		func() error { _, err := c.Inbound.Rules.List(ctx, "reply.example.com"); return err },
		func() error {
			_, err := c.Inbound.Rules.Create(ctx, "reply.example.com", &CreateInboundRuleRequest{Match: "reply+*"})
			return err
		},
		func() error { _, err := c.Inbound.Rules.Delete(ctx, "reply.example.com", "r"); return err },
		func() error {
			_, err := c.Inbound.List(ctx, &ListInboundParams{Domain: "reply.example.com"})
			return err
		},
		func() error {
			for _, err := range c.Inbound.ListAll(ctx, nil) {
				return err
			}
			return nil
		},
		func() error { _, err := c.Inbound.Get(ctx, "i"); return err },
		func() error { _, err := c.Inbound.Raw(ctx, "i"); return err },
		func() error { return c.Inbound.Delete(ctx, "i") },
		func() error {
			_, err := c.Inbound.DownloadAttachment(ctx, "https://api.postage.dev/inbound/attachments/djF8dG9rZW4")
			return err
		},
	}
	for i, call := range calls {
		if err := call(); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	covered := map[string]bool{}
	for _, r := range srv.seen() {
		ops := operationsOf(paths, r.method, r.path)
		if len(ops) == 0 {
			t.Errorf("%s %s is not an operation of the document", r.method, r.path)
		}
		for _, op := range ops {
			covered[op] = true
			_, template, _ := strings.Cut(op, " ")
			if dig(paths, template, strings.ToLower(r.method), "x-postage-api-key") == false {
				t.Errorf("%s is an operation no API key may call", op)
			}
		}
	}
	// And every operation a key may call has a method.
	for op := range keyOperations(paths) {
		if !covered[op] {
			t.Errorf("%s has no method in the SDK", op)
		}
	}
	if len(srv.seen()) != len(calls) {
		t.Fatalf("%d calls made %d requests", len(calls), len(srv.seen()))
	}
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// operationsOf returns the operations of the document ("GET /api/domains/{name}") that a request
// with this method and path calls: its path matches the template, a parameter matching one segment.
func operationsOf(paths map[string]any, method, path string) []string {
	var ops []string
	for template, item := range paths {
		re := regexp.MustCompile("^" + strings.ReplaceAll(regexp.QuoteMeta(pathParam.ReplaceAllString(template, "PARAM")), "PARAM", "[^/]+") + "$")
		if re.MatchString(path) && dig(item, strings.ToLower(method)) != nil {
			ops = append(ops, method+" "+template)
		}
	}
	sort.Strings(ops)
	return ops
}

// keyOperations returns the operations the SDK offers ("POST /api/send/"): every operation of the
// document but the sign-in ones, SES's notifications, the tracking and unsubscribe pages that
// recipients' mail clients open (/t/..., /u/...), and those no API key can ever call: the
// document marks them x-postage-api-key: false (team changes need an admin or owner person, and a
// full_access key acts as a developer; leaving an account needs a signed-in person). The SDK holds
// an API key, so it offers exactly the others.
func keyOperations(paths map[string]any) map[string]bool {
	ops := map[string]bool{}
	for template, item := range paths {
		if strings.HasPrefix(template, "/api/auth/") || template == "/provider/ses-events" || strings.HasPrefix(template, "/t/") || strings.HasPrefix(template, "/u/") {
			continue
		}
		for method, op := range item.(map[string]any) {
			switch method {
			case "get", "put", "post", "patch", "delete":
				if dig(op, "x-postage-api-key") != false {
					ops[strings.ToUpper(method)+" "+template] = true
				}
			}
		}
	}
	return ops
}

// Samples are the code samples of the API reference, one function per operation, set by
// samples_test.go. That file is package postage_test, so that the samples read as users write
// them (postage.NewClient...); it reaches this package's tests only through an exported name.
var Samples []func(ctx context.Context, client *Client) error

// The regions of samples_test.go, read as the reference's extractor reads them (markers on lines
// of their own), are exactly the operations the SDK offers, one each, besides the setup; each is
// the body of a function of Samples, which runs it against a stand-in answering {} (as above):
// it must make requests, and only to the operation of its label. The samples are compiled with
// the tests, so a renamed method or a changed argument type breaks the run.
func TestEverySampleCallsItsOperation(t *testing.T) {
	paths, _ := readDocument(t)["paths"].(map[string]any)
	const file = "samples_test.go"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	funcAt := func(line int) string { // the function whose body holds the line
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil && fset.Position(fn.Body.Lbrace).Line < line && line < fset.Position(fn.Body.Rbrace).Line {
				return fn.Name.Name
			}
		}
		return ""
	}

	type region struct {
		label      string
		start, end int // the markers' lines
	}
	var regions []region
	open := false
	lines := strings.Split(string(src), "\n")
	for i, line := range lines {
		text := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(text, "// sample: "):
			if open {
				t.Fatalf("%s:%d: a region starts inside %q", file, i+1, regions[len(regions)-1].label)
			}
			regions = append(regions, region{label: strings.TrimPrefix(text, "// sample: "), start: i + 1})
			open = true
		case text == "// end sample":
			if !open {
				t.Fatalf("%s:%d: an end without a start", file, i+1)
			}
			regions[len(regions)-1].end = i + 1
			open = false
		}
	}
	if open {
		t.Fatalf("%s: %q has no end", file, regions[len(regions)-1].label)
	}

	offered := keyOperations(paths)
	byFunc := map[string]region{}
	labels := map[string]int{}
	for _, r := range regions {
		labels[r.label]++
		if labels[r.label] > 1 {
			t.Errorf("%s:%d: a second region %q", file, r.start, r.label)
		}
		body := lines[r.start : r.end-1]
		if len(body) == 0 || strings.TrimSpace(body[0]) == "" || strings.TrimSpace(body[len(body)-1]) == "" {
			t.Errorf("%s:%d: %q is empty or starts or ends with a blank line", file, r.start, r.label)
			continue
		}
		if r.label == "setup" { // the imports and NewClient: compiled, not run
			if !strings.Contains(strings.Join(body, "\n"), `postage.NewClient(os.Getenv("POSTAGE_API_KEY"))`) {
				t.Errorf("%s:%d: the setup does not make the client with the key of POSTAGE_API_KEY", file, r.start)
			}
			continue
		}
		if !offered[r.label] {
			t.Errorf("%s:%d: %q is not an operation the SDK offers", file, r.start, r.label)
		}
		if len(body) > 8 { // the reference shows each whole
			t.Errorf("%s:%d: %q has %d lines, not 1 to 8", file, r.start, r.label, len(body))
		}
		fn := funcAt(r.start)
		if fn == "" || funcAt(r.end) != fn {
			t.Errorf("%s:%d: %q is not within the body of one function", file, r.start, r.label)
			continue
		}
		if other, ok := byFunc[fn]; ok {
			t.Errorf("%s: %s holds %q and %q: one region a function, so that its requests are the region's", file, fn, other.label, r.label)
		}
		byFunc[fn] = r
	}
	if labels["setup"] == 0 {
		t.Errorf("%s: no setup region", file)
	}
	for op := range offered {
		if labels[op] == 0 {
			t.Errorf("%s has no sample", op)
		}
	}

	ran := map[string]bool{}
	for _, sample := range Samples {
		name := runtime.FuncForPC(reflect.ValueOf(sample).Pointer()).Name()
		name = name[strings.LastIndex(name, ".")+1:]
		r, ok := byFunc[name]
		if !ok {
			t.Errorf("Samples has %s, which holds no region", name)
			continue
		}
		ran[name] = true
		t.Run(name, func(t *testing.T) {
			srv := serve(t, func(_ int, w http.ResponseWriter, _ *http.Request) { reply(w, 200, `{}`) })
			if err := quietly(func() error { return sample(context.Background(), testClient(srv)) }); err != nil {
				t.Fatalf("%q: %v", r.label, err)
			}
			if len(srv.seen()) == 0 {
				t.Fatalf("%q made no request", r.label)
			}
			for _, req := range srv.seen() {
				if ops := operationsOf(paths, req.method, req.path); len(ops) != 1 || ops[0] != r.label {
					t.Errorf("%q made %s %s, which is %v", r.label, req.method, req.path, ops)
				}
			}
		})
	}
	for fn, r := range byFunc {
		if !ran[fn] {
			t.Errorf("%s (%q) is not in Samples, so it never runs", fn, r.label)
		}
	}
}

// quietly calls run with os.Stdout discarded: the samples print what they read, as users' code
// would, which is no output of the tests.
func quietly(run func() error) error {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer null.Close()
	stdout := os.Stdout
	os.Stdout = null
	defer func() { os.Stdout = stdout }()
	return run()
}
