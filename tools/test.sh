#!/usr/bin/env bash
# `npm test`: installs what is missing, type-checks, then runs every test against real
# PostgreSQL, Redis, Temporal (dev server and time-skipping server) and the emulators.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ -x node_modules/.bin/jest ] || npm ci
"$ROOT/tools/ensure-tools.sh" --for-tests
set -a; source "$TOOLS_DIR/paths.env"; set +a
node_modules/.bin/tsc --noEmit -p tsconfig.json
exec node_modules/.bin/jest "$@"
