package postage

// Checks of the hand-written layer against the API document it is built from (../openapi.json in
// the repository, or the file POSTAGE_OPENAPI_DOCUMENT names).

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"regexp"
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
		func() error { _, err := c.Usage.Get(ctx); return err },
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
		func() error { _, err := c.Suppressions.List(ctx, nil); return err },
		func() error { _, err := c.Suppressions.Add(ctx, "a@b.example"); return err },
		func() error { _, err := c.Suppressions.Get(ctx, "a@b.example"); return err },
		func() error { _, err := c.Suppressions.Delete(ctx, "a@b.example"); return err },
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
	}
	for i, call := range calls {
		if err := call(); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	param := regexp.MustCompile(`\{[^}]+\}`)
	covered := map[string]bool{}
	for _, r := range srv.seen() {
		found := false
		for template, item := range paths {
			re := regexp.MustCompile("^" + strings.ReplaceAll(regexp.QuoteMeta(param.ReplaceAllString(template, "PARAM")), "PARAM", "[^/]+") + "$")
			if re.MatchString(r.path) && dig(item, strings.ToLower(r.method)) != nil {
				found = true
				covered[r.method+" "+template] = true
				if dig(item, strings.ToLower(r.method), "x-postage-api-key") == false {
					t.Errorf("%s %s is an operation no API key may call", r.method, template)
				}
			}
		}
		if !found {
			t.Errorf("%s %s is not an operation of the document", r.method, r.path)
		}
	}
	// And every operation of the document has a method but the sign-in ones, SES's notifications,
	// and those no API key can ever call: the document marks them x-postage-api-key: false (team
	// changes need an admin or owner person, and a full_access key acts as a developer; leaving an
	// account needs a signed-in person). The SDK holds an API key, so it offers exactly the others.
	for template, item := range paths {
		if strings.HasPrefix(template, "/api/auth/") || template == "/provider/ses-events" {
			continue
		}
		for method, op := range item.(map[string]any) {
			switch method {
			case "get", "put", "post", "patch", "delete":
				if dig(op, "x-postage-api-key") == false {
					continue
				}
				if !covered[strings.ToUpper(method)+" "+template] {
					t.Errorf("%s %s has no method in the SDK", strings.ToUpper(method), template)
				}
			}
		}
	}
	if len(srv.seen()) != len(calls) {
		t.Fatalf("%d calls made %d requests", len(calls), len(srv.seen()))
	}
}
