// Command openapi30 rewrites Postage's OpenAPI 3.1 document into the OpenAPI 3.0 form that
// oapi-codegen reads best. It is the one step generate.sh runs between sdks/openapi.json and the
// generator, and it is deterministic: the same input always gives the same bytes (object keys
// sorted, two-space indentation).
//
//	go run ./internal/cmd/openapi30 < ../openapi.json > openapi30.json
//
// Every rule rewrites a 3.1 construct into its 3.0 equivalent, or drops what only validates and
// describes no shape; none of them changes the shape of a request or a response:
//
//  1. "openapi" becomes "3.0.3".
//  2. Nullables: a oneOf/anyOf of one schema and {"type": "null"} becomes that schema with
//     "nullable": true (a $ref is wrapped in allOf so that nullable applies to it); a type array
//     ["string", "null"] becomes "type": "string", "nullable": true; null in an enum becomes
//     "nullable": true.
//  3. "const": v becomes "enum": [v].
//  4. An enum without "type" gets the type of its values (they all share one, or it is an error).
//  5. A composition (allOf, anyOf, oneOf, not) whose branches only constrain what the schema
//     already declares (required, lengths, formats, patterns of its own properties: "from_email or
//     from", "one of message, html, attachments, template") is dropped. The server validates it;
//     the description states it in words; a Go type cannot.
//  6. 3.1-only keywords: "examples" becomes "example" (its first value); numeric
//     exclusiveMinimum/exclusiveMaximum become minimum/maximum with the 3.0 boolean;
//     propertyNames, contentEncoding, contentMediaType, $schema, $id, $comment are dropped.
//  7. For the generator: a nullable property gets "x-go-type-skip-optional-pointer": false, so
//     that under oapi-codegen's prefer-skip-optional-pointer (plain values for optional fields)
//     it is still a pointer, nil for null, rather than a zero value that cannot be told from one.
//
// Anything else in a schema position that 3.0 cannot express (a type array of two non-null
// types, a {"type": "null"} standing alone) stops the program with an error, so a change of the
// document that needs a new rule is seen at generation time, not in the generated code.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
)

func main() {
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi30:", err)
		os.Exit(1)
	}
	out, err := Convert(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi30:", err)
		os.Exit(1)
	}
	if _, err := os.Stdout.Write(out); err != nil {
		fmt.Fprintln(os.Stderr, "openapi30:", err)
		os.Exit(1)
	}
}

type obj = map[string]any

// Convert returns the 3.0 form of an OpenAPI 3.1 document (JSON in, JSON out).
func Convert(doc []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var root obj
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("reading the document: %w", err)
	}
	if v, _ := root["openapi"].(string); len(v) < 3 || v[:3] != "3.1" {
		return nil, fmt.Errorf("expected an OpenAPI 3.1 document, got openapi %q", v)
	}
	root["openapi"] = "3.0.3"
	delete(root, "jsonSchemaDialect")
	delete(root, "webhooks")
	if info, ok := root["info"].(obj); ok {
		delete(info, "summary")
		if lic, ok := info["license"].(obj); ok {
			delete(lic, "identifier")
		}
	}

	c := converter{}
	if paths, ok := root["paths"].(obj); ok {
		for _, p := range sortedKeys(paths) {
			item, _ := paths[p].(obj)
			if err := c.pathItem(item, "#/paths/"+p); err != nil {
				return nil, err
			}
		}
	}
	if comps, ok := root["components"].(obj); ok {
		if err := c.components(comps); err != nil {
			return nil, err
		}
	}

	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

type converter struct{}

var methods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

func (c converter) pathItem(item obj, at string) error {
	if item == nil {
		return nil
	}
	if err := c.parameters(item["parameters"], at+"/parameters"); err != nil {
		return err
	}
	for _, m := range methods {
		op, ok := item[m].(obj)
		if !ok {
			continue
		}
		where := at + "/" + m
		if err := c.parameters(op["parameters"], where+"/parameters"); err != nil {
			return err
		}
		if body, ok := op["requestBody"].(obj); ok {
			if err := c.content(body["content"], where+"/requestBody"); err != nil {
				return err
			}
		}
		if responses, ok := op["responses"].(obj); ok {
			for _, code := range sortedKeys(responses) {
				if err := c.response(responses[code], where+"/responses/"+code); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (c converter) components(comps obj) error {
	if schemas, ok := comps["schemas"].(obj); ok {
		for _, name := range sortedKeys(schemas) {
			s, err := c.schemaAt(schemas[name], "#/components/schemas/"+name)
			if err != nil {
				return err
			}
			schemas[name] = s
		}
	}
	if params, ok := comps["parameters"].(obj); ok {
		for _, name := range sortedKeys(params) {
			if err := c.parameter(params[name], "#/components/parameters/"+name); err != nil {
				return err
			}
		}
	}
	if headers, ok := comps["headers"].(obj); ok {
		for _, name := range sortedKeys(headers) {
			if err := c.parameter(headers[name], "#/components/headers/"+name); err != nil {
				return err
			}
		}
	}
	if bodies, ok := comps["requestBodies"].(obj); ok {
		for _, name := range sortedKeys(bodies) {
			if body, ok := bodies[name].(obj); ok {
				if err := c.content(body["content"], "#/components/requestBodies/"+name); err != nil {
					return err
				}
			}
		}
	}
	if responses, ok := comps["responses"].(obj); ok {
		for _, name := range sortedKeys(responses) {
			if err := c.response(responses[name], "#/components/responses/"+name); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c converter) parameters(v any, at string) error {
	list, _ := v.([]any)
	for i, p := range list {
		if err := c.parameter(p, fmt.Sprintf("%s/%d", at, i)); err != nil {
			return err
		}
	}
	return nil
}

// parameter converts a parameter or a header object: its schema, or its content.
func (c converter) parameter(v any, at string) error {
	p, ok := v.(obj)
	if !ok {
		return nil
	}
	if s, ok := p["schema"]; ok {
		conv, err := c.schemaAt(s, at+"/schema")
		if err != nil {
			return err
		}
		p["schema"] = conv
	}
	return c.content(p["content"], at)
}

func (c converter) response(v any, at string) error {
	r, ok := v.(obj)
	if !ok {
		return nil
	}
	if headers, ok := r["headers"].(obj); ok {
		for _, name := range sortedKeys(headers) {
			if err := c.parameter(headers[name], at+"/headers/"+name); err != nil {
				return err
			}
		}
	}
	return c.content(r["content"], at)
}

func (c converter) content(v any, at string) error {
	content, ok := v.(obj)
	if !ok {
		return nil
	}
	for _, mt := range sortedKeys(content) {
		media, ok := content[mt].(obj)
		if !ok {
			continue
		}
		if s, ok := media["schema"]; ok {
			conv, err := c.schemaAt(s, at+"/content/"+mt+"/schema")
			if err != nil {
				return err
			}
			media["schema"] = conv
		}
		delete(media, "examples") // 3.0 has them too, but their shape differs; not used for code
	}
	return nil
}

// schemaAt converts one schema (and every schema inside it) and returns the result, which may be
// a new object (rule 2 replaces a nullable union by its one branch).
func (c converter) schemaAt(v any, at string) (any, error) {
	s, ok := v.(obj)
	if !ok {
		return v, nil // true/false schemas and the like: left as they are
	}
	s, err := nullableUnion(s, at)
	if err != nil {
		return nil, err
	}
	if err := typeArray(s, at); err != nil {
		return nil, err
	}
	if cv, ok := s["const"]; ok {
		delete(s, "const")
		s["enum"] = []any{cv}
	}
	if err := enumType(s, at); err != nil {
		return nil, err
	}
	dropConstraintCompositions(s)
	only31(s)

	// Subschemas.
	for _, key := range []string{"properties", "patternProperties"} {
		if props, ok := s[key].(obj); ok {
			for _, name := range sortedKeys(props) {
				conv, err := c.schemaAt(props[name], at+"/"+key+"/"+name)
				if err != nil {
					return nil, err
				}
				if p, ok := conv.(obj); ok && p["nullable"] == true {
					p["x-go-type-skip-optional-pointer"] = false
				}
				props[name] = conv
			}
		}
	}
	for _, key := range []string{"items", "additionalProperties", "not"} {
		if sub, ok := s[key].(obj); ok {
			conv, err := c.schemaAt(sub, at+"/"+key)
			if err != nil {
				return nil, err
			}
			s[key] = conv
		}
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		if list, ok := s[key].([]any); ok {
			for i, sub := range list {
				conv, err := c.schemaAt(sub, fmt.Sprintf("%s/%s/%d", at, key, i))
				if err != nil {
					return nil, err
				}
				list[i] = conv
			}
		}
	}
	if t, _ := s["type"].(string); t == "null" {
		return nil, fmt.Errorf("%s: {\"type\": \"null\"} outside a nullable union has no OpenAPI 3.0 form", at)
	}
	return s, nil
}

func isNullSchema(v any) bool {
	s, ok := v.(obj)
	if !ok || len(s) != 1 {
		return false
	}
	t, _ := s["type"].(string)
	return t == "null"
}

// nullableUnion is rule 2 for compositions: {oneOf: [S, {type: null}], ...siblings} becomes S
// with the siblings and nullable: true.
func nullableUnion(s obj, at string) (obj, error) {
	for _, key := range []string{"oneOf", "anyOf"} {
		list, ok := s[key].([]any)
		if !ok {
			continue
		}
		var rest []any
		for _, b := range list {
			if !isNullSchema(b) {
				rest = append(rest, b)
			}
		}
		if len(rest) == len(list) {
			continue
		}
		if len(rest) != 1 {
			return nil, fmt.Errorf("%s/%s: a union of null and %d schemas has no OpenAPI 3.0 form", at, key, len(rest))
		}
		branch, ok := rest[0].(obj)
		if !ok {
			return nil, fmt.Errorf("%s/%s: the non-null branch is not a schema object", at, key)
		}
		out := obj{}
		if ref, isRef := branch["$ref"]; isRef {
			out["allOf"] = []any{obj{"$ref": ref}}
		} else {
			for k, v := range branch {
				out[k] = v
			}
		}
		for k, v := range s {
			if k == key {
				continue
			}
			if _, clash := out[k]; clash {
				return nil, fmt.Errorf("%s: %q is set both beside and inside the nullable union", at, k)
			}
			out[k] = v
		}
		out["nullable"] = true
		return out, nil
	}
	return s, nil
}

// typeArray is rule 2 for type arrays.
func typeArray(s obj, at string) error {
	list, ok := s["type"].([]any)
	if !ok {
		return nil
	}
	var types []string
	for _, t := range list {
		name, _ := t.(string)
		if name == "null" {
			s["nullable"] = true
			continue
		}
		types = append(types, name)
	}
	if len(types) != 1 {
		return fmt.Errorf("%s/type: %v has no OpenAPI 3.0 form", at, list)
	}
	s["type"] = types[0]
	return nil
}

// enumType is rule 4 (and rule 2 for null in an enum).
func enumType(s obj, at string) error {
	values, ok := s["enum"].([]any)
	if !ok {
		return nil
	}
	kept := values[:0:0]
	for _, v := range values {
		if v == nil {
			s["nullable"] = true
			continue
		}
		kept = append(kept, v)
	}
	s["enum"] = kept
	if _, typed := s["type"]; typed || len(kept) == 0 {
		return nil
	}
	kind := ""
	for _, v := range kept {
		k := jsonKind(v)
		if kind != "" && k != kind {
			if (kind == "integer" && k == "number") || (kind == "number" && k == "integer") {
				kind = "number"
				continue
			}
			return fmt.Errorf("%s/enum: values of types %s and %s", at, kind, k)
		}
		kind = k
	}
	s["type"] = kind
	return nil
}

func jsonKind(v any) string {
	switch x := v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	default:
		return "object"
	}
}

// only31 is rule 6.
func only31(s obj) {
	if ex, ok := s["examples"].([]any); ok {
		delete(s, "examples")
		if len(ex) > 0 {
			if _, has := s["example"]; !has {
				s["example"] = ex[0]
			}
		}
	}
	for _, pair := range [][2]string{{"exclusiveMinimum", "minimum"}, {"exclusiveMaximum", "maximum"}} {
		if n, ok := s[pair[0]].(json.Number); ok {
			s[pair[1]] = n
			s[pair[0]] = true
		}
	}
	for _, k := range []string{"propertyNames", "contentEncoding", "contentMediaType", "$schema", "$id", "$comment"} {
		delete(s, k)
	}
}

// Keywords that only validate: a branch made of these (about the schema's own properties) adds
// no shape.
var constraintKeywords = map[string]bool{
	"required": true, "type": true, "properties": true, "format": true, "pattern": true,
	"minLength": true, "maxLength": true, "minimum": true, "maximum": true,
	"exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minItems": true, "maxItems": true, "uniqueItems": true, "minProperties": true, "maxProperties": true,
	"allOf": true, "anyOf": true, "oneOf": true, "not": true, "description": true, "title": true,
}

// dropConstraintCompositions is rule 5.
func dropConstraintCompositions(s obj) {
	for _, key := range []string{"allOf", "anyOf", "oneOf", "not"} {
		v, ok := s[key]
		if !ok {
			continue
		}
		branches, isList := v.([]any)
		if !isList {
			branches = []any{v}
		}
		all := len(branches) > 0
		for _, b := range branches {
			if !constrains(b, s) {
				all = false
				break
			}
		}
		if all {
			delete(s, key)
		}
	}
}

// constrains reports whether branch only validates parent: no $ref, only validation keywords
// (additionalProperties only as true), a
// type equal to the parent's, properties the parent declares (each itself only a constraint on
// the parent's property), and nested compositions of the same kind.
func constrains(branch any, parent obj) bool {
	b, ok := branch.(obj)
	if !ok {
		return false
	}
	if _, hasType := parent["type"]; !hasType {
		return false
	}
	for k, v := range b {
		if !constraintKeywords[k] && (k != "additionalProperties" || v != true) { // true allows what is there anyway
			return false
		}
	}
	if t, ok := b["type"]; ok && t != parent["type"] {
		return false
	}
	if props, ok := b["properties"].(obj); ok {
		parentProps, _ := parent["properties"].(obj)
		for name, sub := range props {
			ps, declared := parentProps[name].(obj)
			if !declared || !constrains(sub, ps) {
				return false
			}
		}
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf", "not"} {
		v, ok := b[key]
		if !ok {
			continue
		}
		list, isList := v.([]any)
		if !isList {
			list = []any{v}
		}
		for _, sub := range list {
			if !constrains(sub, parent) {
				return false
			}
		}
	}
	return true
}

func sortedKeys(m obj) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
