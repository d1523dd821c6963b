package main

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// convertSchema runs Convert on a document holding one component schema and returns it.
func convertSchema(t *testing.T, schema string) map[string]any {
	t.Helper()
	out, err := Convert([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"components":{"schemas":{"S":` + schema + `}}}`))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc["openapi"] != "3.0.3" {
		t.Fatalf("openapi %v", doc["openapi"])
	}
	return doc["components"].(map[string]any)["schemas"].(map[string]any)["S"].(map[string]any)
}

func canonical(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRules(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"nullable union",
			`{"type":"object","properties":{"at":{"oneOf":[{"type":"string","format":"date-time"},{"type":"null"}],"description":"d"}}}`,
			`{"properties":{"at":{"description":"d","format":"date-time","nullable":true,"type":"string","x-go-type-skip-optional-pointer":false}},"type":"object"}`},
		{"nullable reference",
			`{"type":"object","properties":{"r":{"anyOf":[{"type":"null"},{"$ref":"#/components/schemas/S"}]}}}`,
			`{"properties":{"r":{"allOf":[{"$ref":"#/components/schemas/S"}],"nullable":true,"x-go-type-skip-optional-pointer":false}},"type":"object"}`},
		{"type array", `{"type":["integer","null"],"minimum":1}`, `{"minimum":1,"nullable":true,"type":"integer"}`},
		{"const", `{"const":false}`, `{"enum":[false],"type":"boolean"}`},
		{"typed const", `{"const":"2012-10-17","type":"string"}`, `{"enum":["2012-10-17"],"type":"string"}`},
		{"enum type", `{"enum":["a","b"]}`, `{"enum":["a","b"],"type":"string"}`},
		{"enum with null", `{"enum":[1,2,null]}`, `{"enum":[1,2],"nullable":true,"type":"integer"}`},
		{"3.1 keywords",
			`{"type":"object","propertyNames":{"pattern":"^a"},"additionalProperties":{"type":"string","contentEncoding":"base64"},"examples":[{"a":"x"}],"properties":{"n":{"type":"number","exclusiveMinimum":0}}}`,
			`{"additionalProperties":{"type":"string"},"example":{"a":"x"},"properties":{"n":{"exclusiveMinimum":true,"minimum":0,"type":"number"}},"type":"object"}`},
		{"validation-only compositions",
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"t":{"type":"object"}},
			  "allOf":[{"oneOf":[{"type":"object","required":["a"],"properties":{"a":{"type":"string"}}},{"required":["b"]}]},
			           {"anyOf":[{"required":["a"],"properties":{"a":{"minLength":1}}},{"required":["t"]}]},
			           {"not":{"required":["t"],"anyOf":[{"required":["a"]}]}}]}`,
			`{"properties":{"a":{"type":"string"},"b":{"type":"string"},"t":{"type":"object"}},"type":"object"}`},
		{"format-only alternatives of a string", `{"type":"string","anyOf":[{"format":"date"},{"format":"date-time","pattern":"^x"}]}`, `{"type":"string"}`},
		{"a real union stays",
			`{"oneOf":[{"type":"object","properties":{"a":{"const":true}}},{"$ref":"#/components/schemas/S"}]}`,
			`{"oneOf":[{"properties":{"a":{"enum":[true],"type":"boolean"}},"type":"object"},{"$ref":"#/components/schemas/S"}]}`},
		{"a branch adding a property stays",
			`{"type":"object","properties":{"a":{"type":"string"}},"anyOf":[{"properties":{"z":{"type":"string"}}}]}`,
			`{"anyOf":[{"properties":{"z":{"type":"string"}}}],"properties":{"a":{"type":"string"}},"type":"object"}`},
	}
	for _, c := range cases {
		var want any
		if err := json.Unmarshal([]byte(c.want), &want); err != nil {
			t.Fatal(c.name, err)
		}
		if got := canonical(t, convertSchema(t, c.in)); got != canonical(t, want) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, canonical(t, want))
		}
	}
}

func TestSchemasInOperationsAreConverted(t *testing.T) {
	out, err := Convert([]byte(`{"openapi":"3.1.1","info":{"title":"t","version":"1"},"paths":{"/x":{
		"parameters":[{"name":"p","in":"query","schema":{"enum":["a"]}}],
		"post":{"requestBody":{"content":{"application/json":{"schema":{"const":1}}}},
		"responses":{"200":{"description":"ok","headers":{"H":{"schema":{"type":["string","null"]}}},
		  "content":{"application/json":{"schema":{"type":"object","properties":{"type":{"const":"t"}}}}}}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	at := func(path ...any) string {
		v := doc
		for _, p := range path {
			switch k := p.(type) {
			case string:
				v = v.(map[string]any)[k]
			case int:
				v = v.([]any)[k]
			}
		}
		return canonical(t, v)
	}
	x := func(rest ...any) []any { return append([]any{"paths", "/x"}, rest...) }
	post := func(rest ...any) []any { return x(append([]any{"post"}, rest...)...) }
	ok := func(rest ...any) []any { return post(append([]any{"responses", "200"}, rest...)...) }
	for _, c := range []struct {
		path []any
		want string
	}{
		{x("parameters", 0, "schema"), `{"enum":["a"],"type":"string"}`},
		{post("requestBody", "content", "application/json", "schema"), `{"enum":[1],"type":"integer"}`},
		{ok("headers", "H", "schema"), `{"nullable":true,"type":"string"}`},
		{ok("content", "application/json", "schema", "properties", "type"), `{"enum":["t"],"type":"string"}`},
	} {
		if got := at(c.path...); got != c.want {
			t.Errorf("%v: %s, want %s", c.path, got, c.want)
		}
	}
}

func TestWhatHasNoThreeZeroFormIsAnError(t *testing.T) {
	for _, in := range []string{
		`{"type":["string","integer"]}`,
		`{"oneOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}`,
		`{"type":"object","properties":{"n":{"type":"null"}}}`,
		`{"enum":["a",1]}`,
	} {
		if _, err := Convert([]byte(`{"openapi":"3.1.0","paths":{},"components":{"schemas":{"S":` + in + `}}}`)); err == nil {
			t.Errorf("%s: no error", in)
		}
	}
	if _, err := Convert([]byte(`{"openapi":"3.0.3"}`)); err == nil {
		t.Error("a 3.0 document was taken for 3.1")
	}
}

// The real document converts, leaves nothing of 3.1 behind, and always to the same bytes.
func TestTheAPIDocument(t *testing.T) {
	doc, err := os.ReadFile("../../../../openapi.json")
	if err != nil {
		t.Skipf("the API document is not here: %v", err)
	}
	first, err := Convert(doc)
	if err != nil {
		t.Fatal(err)
	}
	second, err := Convert(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, second) {
		t.Fatal("two conversions differ")
	}
	for _, left := range []string{`"const"`, `"type": "null"`, `"propertyNames"`, `"contentEncoding"`, `"openapi": "3.1`} {
		if bytes.Contains(first, []byte(left)) {
			t.Errorf("%s is left in the 3.0 form", left)
		}
	}
	var v map[string]any
	if err := json.Unmarshal(first, &v); err != nil {
		t.Fatal(err)
	}
	send := v["components"].(map[string]any)["schemas"].(map[string]any)["SendRequest"].(map[string]any)
	if _, ok := send["allOf"]; ok {
		t.Error("SendRequest keeps its validation-only allOf")
	}
}
