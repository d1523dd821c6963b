#!/usr/bin/env bash
# Prints the path of a Toxiproxy server (the fault suite's network faults, docs/operations.md
# "Fault tolerance"). Order: $TOXIPROXY_SERVER, or a copy built from the pinned release into
# .tools/bin (built once, then cached).
source "$(dirname "$0")/lib.sh"

TOXIPROXY_VERSION="v2.12.0"
if [ -n "${TOXIPROXY_SERVER:-}" ]; then echo "$TOXIPROXY_SERVER"; exit 0; fi

target="$TOOLS_DIR/bin/toxiproxy-server"
stamp="$TOOLS_DIR/bin/toxiproxy-server.version"
if [ -x "$target" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$TOXIPROXY_VERSION" ]; then
  echo "$target"; exit 0
fi
command -v go >/dev/null || { log "Go is needed to build Toxiproxy"; exit 1; }
log "building Toxiproxy $TOXIPROXY_VERSION with go install (first run only, about a minute)"
# The package is cmd/server, so go install names the binary `server`: built aside, then renamed.
build="$(mktemp -d)"
GOBIN="$build" GOFLAGS="-buildvcs=false" \
  go install "github.com/Shopify/toxiproxy/v2/cmd/server@$TOXIPROXY_VERSION" >&2
mv "$build/server" "$target"
rmdir "$build"
echo "$TOXIPROXY_VERSION" > "$stamp"
echo "$target"
