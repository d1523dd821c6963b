#!/usr/bin/env bash
# Prints the path of Schemathesis's CLI (`st`, the property-based API tester the conformance test
# runs against the served /openapi.json), installed from PyPI into a virtualenv under .tools (once).
source "$(dirname "$0")/lib.sh"

SCHEMATHESIS_VERSION="4.32.5"
venv="$TOOLS_DIR/schemathesis-venv"
stamp="$venv/schemathesis.version"
if [ ! -x "$venv/bin/st" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$SCHEMATHESIS_VERSION" ]; then
  log "installing schemathesis==$SCHEMATHESIS_VERSION from PyPI (first run only)"
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION" >&2
  echo "$SCHEMATHESIS_VERSION" > "$stamp"
fi
echo "$venv/bin/st"
