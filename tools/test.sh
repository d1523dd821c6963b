#!/usr/bin/env bash
# `npm test`: installs what is missing, type-checks, lints, then runs the unit tier (nothing
# started but Temporal's time-skipping server) and the integration tier (real PostgreSQL, Redis,
# Temporal and the emulators). `npm test -- <paths or jest options>` runs just those tests (both
# tiers), `npm run test:unit` (this script with --unit) the unit tier alone.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ -x node_modules/.bin/jest ] && [ -x node_modules/.bin/node ] || npm ci
require_node
# The image tier's base (tools/ensure-image-base.sh: debootstrap, as root) only for the runs that
# can reach that tier: the whole suite, or paths or options naming it; never the unit tier.
with_image_base=()
if [ "$#" -eq 0 ]; then with_image_base=(--with-image-base)
elif [ "$1" != "--unit" ]; then case " $* " in *image*) with_image_base=(--with-image-base) ;; esac
fi
"$ROOT/tools/ensure-tools.sh" --for-tests "${with_image_base[@]}"
set -a; source "$TOOLS_DIR/paths.env"; set +a
node_modules/.bin/tsc --noEmit -p tsconfig.json
if [ "${1:-}" = "--unit" ]; then
  shift
  exec node_modules/.bin/jest --selectProjects unit "$@"
fi
# The API serves the dashboard's build; the browser tests need it (and the build type-checks it).
log "dashboard build"
npm run build --workspace dashboard --silent >/dev/null
if [ "$#" -gt 0 ]; then
  exec node_modules/.bin/jest "$@"
fi
log "lint"
node_modules/.bin/eslint --max-warnings 0 .
node_modules/.bin/prettier --check . >/dev/null || { node_modules/.bin/prettier --list-different .; echo "[postage tools] formatting differs from Prettier: run npm run format"; exit 1; }
node_modules/.bin/jest --selectProjects unit
node_modules/.bin/jest --selectProjects integration
log "browser tests (Playwright, Debian's Chromium)"
node_modules/.bin/playwright test
log "image (built with podman, run against the test stack)"
node_modules/.bin/jest --selectProjects image
exec node_modules/.bin/jest --selectProjects faults
