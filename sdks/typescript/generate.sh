#!/usr/bin/env bash
# Regenerates the generated part of the TypeScript SDK, src/generated/openapi.ts (the types of
# every path, operation and schema), from sdks/openapi.json with openapi-typescript (pinned
# below). The hand-written client (src/*.ts) is typed with them, so a change in the document that
# the client does not follow breaks `npm run typecheck` (and the build).
# It is the repository's one file of the API's TypeScript types: the dashboard imports it too
# (`@sdk/openapi`, an alias of dashboard/tsconfig.json), so a change the dashboard does not follow
# breaks the dashboard's type-check. It lives here so that the SDK's package stays self-contained
# (npm pack builds it into dist/ with the rest of src/). `npm run generate:api` runs this script
# after writing sdks/openapi.json (and `tools/apiTypes.ts --check` runs it with --check).
#
#   bash sdks/typescript/generate.sh           rewrites src/generated/openapi.ts
#   bash sdks/typescript/generate.sh --check   exits 1 when the committed file differs from what
#                                              openapi.json gives (changes nothing)
#
# The generator is the repository's own devDependency when its version is the pinned one;
# otherwise the pinned version is installed from npm into .tools/openapi-typescript-<version>/
# (once), with the TypeScript it prints with pinned too, so the output is the same byte for byte
# wherever it runs.
source "$(dirname "$0")/../../tools/lib.sh"

OPENAPI_TYPESCRIPT_VERSION="7.13.0"
TYPESCRIPT_VERSION="6.0.3" # openapi-typescript prints with the TypeScript beside it: pinned, so the output is stable
# The flags serve both users of the file (the SDK's client and its users, the dashboard):
# --alphabetize: the order of the document does not move the output.
# --empty-objects-unknown: a schema `{"type": "object"}` without properties (a template in the
# anyOf of SendRequest, a batch's emails, a test event's payload, the BYOC policy's statements and
# the CloudFormation template's resources) is `Record<string, unknown>`, not
# `Record<string, never>`, which would make a template send impossible to type and claim that
# those objects are empty. Nothing else: the default output is plain types and nothing at run
# time (no --enum, --root-types or --immutable), which the dashboard (openapi-fetch's `paths`)
# and the SDK (`paths`, `components`, `operations`, re-exported to its users) both read as is.
GENERATOR_FLAGS=(--alphabetize --empty-objects-unknown)

check=""
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) log "usage: generate.sh [--check]"; exit 2 ;;
esac

HERE="$ROOT/sdks/typescript"
TARGET="$HERE/src/generated/openapi.ts"

version_of() { node -p "require('$1/package.json').version" 2>/dev/null || true; }

# The directory holding openapi-typescript (and the typescript it uses) at the pinned versions.
generator_home() {
  if [ "$(version_of "$ROOT/node_modules/openapi-typescript")" = "$OPENAPI_TYPESCRIPT_VERSION" ] &&
    [ "$(version_of "$ROOT/node_modules/typescript")" = "$TYPESCRIPT_VERSION" ]; then
    echo "$ROOT/node_modules"
    return
  fi
  local home="$TOOLS_DIR/openapi-typescript-$OPENAPI_TYPESCRIPT_VERSION"
  if [ "$(version_of "$home/node_modules/openapi-typescript")" != "$OPENAPI_TYPESCRIPT_VERSION" ] ||
    [ "$(version_of "$home/node_modules/typescript")" != "$TYPESCRIPT_VERSION" ]; then
    log "installing openapi-typescript@$OPENAPI_TYPESCRIPT_VERSION (typescript@$TYPESCRIPT_VERSION) from npm into $home (first run only)"
    rm -rf "$home"
    mkdir -p "$home"
    cat >"$home/package.json" <<JSON
{
  "private": true,
  "dependencies": { "openapi-typescript": "$OPENAPI_TYPESCRIPT_VERSION", "typescript": "$TYPESCRIPT_VERSION" },
  "overrides": { "openapi-typescript": { "typescript": "\$typescript" } }
}
JSON
    (cd "$home" && npm install --no-audit --no-fund --loglevel=error >&2)
  fi
  echo "$home/node_modules"
}

modules="$(generator_home)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Run from an empty directory: the CLI would read a redocly.yaml found in the working directory.
(cd "$work" && node "$modules/openapi-typescript/bin/cli.js" "$ROOT/sdks/openapi.json" -o "$work/raw.ts" "${GENERATOR_FLAGS[@]}" >"$work/generator.log" 2>&1) || {
  cat "$work/generator.log" >&2
  log "openapi-typescript failed"
  exit 1
}
{
  echo "// Generated from sdks/openapi.json by sdks/typescript/generate.sh (openapi-typescript $OPENAPI_TYPESCRIPT_VERSION ${GENERATOR_FLAGS[*]}). Do not edit."
  cat "$work/raw.ts"
} >"$work/openapi.ts"

if [ -n "$check" ]; then
  if ! diff -u "$TARGET" "$work/openapi.ts" >"$work/diff.txt" 2>&1; then
    head -n 60 "$work/diff.txt" >&2
    log "sdks/typescript/src/generated/openapi.ts differs from what sdks/openapi.json gives: run npm run generate:sdks (or bash sdks/typescript/generate.sh) and commit the result"
    exit 1
  fi
  log "sdks/typescript: the generated code matches sdks/openapi.json"
  exit 0
fi

mkdir -p "$(dirname "$TARGET")"
cp "$work/openapi.ts" "$TARGET"
log "sdks/typescript: regenerated src/generated/openapi.ts from sdks/openapi.json"
