#!/usr/bin/env bash
# Regenerates the generated part of the Python SDK, src/postage/_generated/, from
# sdks/openapi.json with openapi-python-client (pinned below, installed into .tools/ once).
#
#   bash sdks/python/generate.sh           rewrites src/postage/_generated/
#   bash sdks/python/generate.sh --check   exits 1 when the committed code differs from what
#                                          openapi.json gives (changes nothing)
#
# openapi-python-client 0.26.2 is the last release whose output runs on Python 3.9 (0.27 writes
# `X | Y` unions, evaluated at run time in casts). Two inputs besides the document:
# generator/config.yaml (package name, Literal enums, formatting) and generator/templates/, which
# overrides three of its templates: the package docstring, and two fixes: an optional boolean
# `const` was rendered `Trueand not ...` (does not parse), and an optional list of objects left
# out of a dict was read as [] (so a request model gained `"attachments": []`).
source "$(dirname "$0")/../../tools/lib.sh"

OPENAPI_PYTHON_CLIENT_VERSION="0.26.2"
RUFF_VERSION="0.13.3" # the formatter the generator's post hooks run: pinned, so the output is stable

check=""
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) log "usage: generate.sh [--check]"; exit 2 ;;
esac

HERE="$ROOT/sdks/python"
TARGET="$HERE/src/postage/_generated"

generator="$(ensure_pip_tool openapi-python-client "$OPENAPI_PYTHON_CLIENT_VERSION" "openapi-python-client==$OPENAPI_PYTHON_CLIENT_VERSION" openapi-python-client)"
bin="$(dirname "$generator")"
if [ "$("$bin/ruff" --version 2>/dev/null)" != "ruff $RUFF_VERSION" ]; then
  log "pinning ruff==$RUFF_VERSION beside openapi-python-client"
  "$bin/pip" install -q "ruff==$RUFF_VERSION" >&2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin/python" "$HERE/generator/prepare_document.py" "$ROOT/sdks/openapi.json" "$work/openapi.json"
if ! (cd "$work" && PATH="$bin:$PATH" "$generator" generate \
  --path openapi.json \
  --meta none \
  --output-path "$work/_generated" \
  --config "$HERE/generator/config.yaml" \
  --custom-template-path "$HERE/generator/templates" >"$work/generator.log" 2>&1); then
  cat "$work/generator.log" >&2
  log "openapi-python-client failed"
  exit 1
fi
# Warnings (an operation or model it had to skip) would leave the SDK without a part of the API.
if grep -q "^WARNING" "$work/generator.log"; then
  cat "$work/generator.log" >&2
  log "openapi-python-client skipped part of the document"
  exit 1
fi

if [ -n "$check" ]; then
  if ! diff -r -x __pycache__ "$TARGET" "$work/_generated" >"$work/diff.txt" 2>&1; then
    head -n 60 "$work/diff.txt" >&2
    log "sdks/python/src/postage/_generated differs from what sdks/openapi.json gives: run npm run generate:sdks (or bash sdks/python/generate.sh) and commit the result"
    exit 1
  fi
  log "sdks/python: the generated code matches sdks/openapi.json"
  exit 0
fi

rm -rf "$TARGET"
cp -R "$work/_generated" "$TARGET"
log "sdks/python: regenerated src/postage/_generated from sdks/openapi.json"
