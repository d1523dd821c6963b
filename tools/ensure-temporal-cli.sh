#!/usr/bin/env bash
# Prints the path of a Temporal CLI. Order: $TEMPORAL_CLI, `temporal` on PATH, or a copy built
# from the pinned release into .tools/bin (built once, then cached).
source "$(dirname "$0")/lib.sh"

TEMPORAL_CLI_VERSION="v1.5.1"
if [ -n "${TEMPORAL_CLI:-}" ]; then echo "$TEMPORAL_CLI"; exit 0; fi
if command -v temporal >/dev/null; then command -v temporal; exit 0; fi

target="$TOOLS_DIR/bin/temporal"
stamp="$TOOLS_DIR/bin/temporal.version"
if [ -x "$target" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$TEMPORAL_CLI_VERSION" ]; then
  echo "$target"; exit 0
fi
command -v go >/dev/null || { log "Go is needed to build the Temporal CLI"; exit 1; }
log "building Temporal CLI $TEMPORAL_CLI_VERSION with go install (first run only, a few minutes)"
GOBIN="$TOOLS_DIR/bin" GOFLAGS="-buildvcs=false" \
  go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION" >&2
echo "$TEMPORAL_CLI_VERSION" > "$stamp"
echo "$target"
