#!/usr/bin/env bash
# Prints the path of a Temporal CLI. Order: $TEMPORAL_CLI, `temporal` on PATH, or a copy built
# from the pinned release into .tools/bin (built once, then cached).
source "$(dirname "$0")/lib.sh"

TEMPORAL_CLI_VERSION="v1.5.1"
if [ -n "${TEMPORAL_CLI:-}" ]; then echo "$TEMPORAL_CLI"; exit 0; fi
if command -v temporal >/dev/null; then command -v temporal; exit 0; fi

ensure_go_tool temporal "$TEMPORAL_CLI_VERSION" "Temporal CLI $TEMPORAL_CLI_VERSION" \
  "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION"
