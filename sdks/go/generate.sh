#!/usr/bin/env bash
# Regenerates types.gen.go (the models of the Go SDK) from ../openapi.json:
#   1. internal/cmd/openapi30 (in internal/cmd, a tools module of its own, not published with the
#      SDK) rewrites the OpenAPI 3.1 document into its 3.0 form (nullables, const, enum types,
#      validation-only compositions: the rules are at the top of its main.go);
#   2. oapi-codegen v2.8.2, configured by oapi-codegen.yaml (with oapi-codegen.overlay.yaml),
#      writes the models.
# With --check it writes nothing and exits 1 when the committed types.gen.go differs from what the
# document gives.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

OAPI_CODEGEN=github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2
check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export GOTOOLCHAIN=local GOWORK=off
go -C internal/cmd run ./openapi30 < ../openapi.json > "$work/openapi30.json"
go run "$OAPI_CODEGEN" -config oapi-codegen.yaml -o "$work/types.gen.go" "$work/openapi30.json"

# The SDK depends on the standard library only: a generated type that needs oapi-codegen's
# runtime module calls for a type-mapping or an exclusion in oapi-codegen.yaml, not a dependency.
if grep -q 'github.com/oapi-codegen/runtime' "$work/types.gen.go"; then
  echo "generate.sh: the generated code imports github.com/oapi-codegen/runtime; see oapi-codegen.yaml" >&2
  exit 1
fi

if $check; then
  if ! diff -u types.gen.go "$work/types.gen.go" > "$work/diff"; then
    head -n 60 "$work/diff" >&2
    echo "sdks/go/types.gen.go is not what sdks/openapi.json gives: run bash sdks/go/generate.sh" >&2
    exit 1
  fi
  echo "sdks/go/types.gen.go is up to date"
else
  cp "$work/types.gen.go" types.gen.go
  echo "wrote sdks/go/types.gen.go"
fi
