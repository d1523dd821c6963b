#!/usr/bin/env bash
# `npm run dev`: installs what is missing, then starts the whole stack (tools/dev.ts).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ -x node_modules/.bin/tsx ] && [ -x node_modules/.bin/node ] || npm ci
require_node
"$ROOT/tools/ensure-tools.sh"
set -a; source "$TOOLS_DIR/paths.env"; set +a
exec node --import tsx "$ROOT/tools/dev.ts"
