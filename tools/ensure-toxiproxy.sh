#!/usr/bin/env bash
# Prints the path of a Toxiproxy server (the fault suite's network faults, docs/operations.md
# "Fault tolerance"). Order: $TOXIPROXY_SERVER, or a copy built from the pinned release into
# .tools/bin (built once, then cached).
source "$(dirname "$0")/lib.sh"

TOXIPROXY_VERSION="v2.12.0"
if [ -n "${TOXIPROXY_SERVER:-}" ]; then echo "$TOXIPROXY_SERVER"; exit 0; fi

ensure_go_tool toxiproxy-server "$TOXIPROXY_VERSION" "Toxiproxy $TOXIPROXY_VERSION" \
  "github.com/Shopify/toxiproxy/v2/cmd/server@$TOXIPROXY_VERSION"
