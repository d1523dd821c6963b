#!/usr/bin/env bash
# `npm test`: installs what is missing, type-checks, lints, then runs the unit tier (nothing
# started but Temporal's time-skipping server) and the integration tier (real PostgreSQL, Redis,
# Temporal and the emulators). `npm test -- <paths or jest options>` runs just those tests (both
# tiers), `npm run test:unit` (this script with --unit) the unit tier alone. Each step's start is
# logged with the seconds since this script began.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ -x node_modules/.bin/jest ] && [ -x node_modules/.bin/node ] || npm ci
require_node
began=$SECONDS
step() { log "$* (at $((SECONDS - began)) s)"; }

mode=all
if [ "${1:-}" = "--unit" ]; then mode=unit; shift
elif [ "$#" -gt 0 ]; then mode=paths
fi

# `!.tools/**` keeps Prettier from walking .tools at all (.prettierignore filters only after the
# walk): the image base's build mounts /proc under it while this check runs beside the installs.
check_format() {
  node_modules/.bin/prettier --check . '!.tools/**' >/dev/null && return 0
  node_modules/.bin/prettier --list-different . '!.tools/**'
  echo "[postage tools] formatting differs from Prettier: run npm run format"
  return 1
}
# The API serves the dashboard's build; the browser tests need it (and the build type-checks it).
build_dashboard() { npm run build --workspace dashboard --silent >/dev/null; }

# The checks of the sources need only node_modules, so they run while tools/ensure-tools.sh
# installs (mostly downloads and disk), two at a time (each is one process; the machine has two
# cores): ESLint, the longest, beside the type-check, the dashboard's build and the format check.
# Each lane's output is kept and printed once all have ended; any failure stops the run there.
checks_dir="$(mktemp -d)"
lane() {
  local name="$1"
  shift
  { "$@" && echo ok > "$checks_dir/$name.status"; } > "$checks_dir/$name.log" 2>&1
}
start_checks() {
  case "$mode" in
    unit) lane types node_modules/.bin/tsc --noEmit -p tsconfig.json ;;
    paths) lane types node_modules/.bin/tsc --noEmit -p tsconfig.json & lane dashboard build_dashboard ;;
    all)
      lane lint node_modules/.bin/eslint --max-warnings 0 . &
      lane types node_modules/.bin/tsc --noEmit -p tsconfig.json
      lane dashboard build_dashboard
      lane format check_format
      ;;
  esac
  wait
}
# A session of its own, so that a failing install (set -e) stops the checks, children included.
export -f lane check_format build_dashboard start_checks
export checks_dir mode
setsid bash -c start_checks &
checks_pid=$!
trap 'kill -- -"$checks_pid" 2>/dev/null || true; rm -rf "$checks_dir"' EXIT

# The image tier's base (tools/ensure-image-base.sh: debootstrap, as root) only for the runs that
# can reach that tier: the whole suite, or paths or options naming it; never the unit tier.
with_image_base=()
if [ "$mode" = all ]; then with_image_base=(--with-image-base)
elif [ "$mode" = paths ]; then case " $* " in *image*) with_image_base=(--with-image-base) ;; esac
fi
step "tools"
"$ROOT/tools/ensure-tools.sh" --for-tests "${with_image_base[@]}"
set -a; source "$TOOLS_DIR/paths.env"; set +a

step "the checks of the sources"
wait "$checks_pid" || true
trap 'rm -rf "$checks_dir"' EXIT
failed=0
for log_file in "$checks_dir"/*.log; do
  name="$(basename "$log_file" .log)"
  [ -s "$log_file" ] && cat "$log_file"
  [ -f "$checks_dir/$name.status" ] || { log "$name failed"; failed=1; }
done
[ "$failed" = 0 ] || exit 1

case "$mode" in
  unit) step "unit tier"; exec node_modules/.bin/jest --selectProjects unit "$@" ;;
  paths) step "jest $*"; exec node_modules/.bin/jest "$@" ;;
esac
step "unit tier"
node_modules/.bin/jest --selectProjects unit
step "integration tier"
node_modules/.bin/jest --selectProjects integration
# The fault suite spends most of its six minutes waiting (ninety seconds of traffic, then faults
# healing and messages draining), on a stack of its own: it runs beside the browser tests and the
# image, its output kept and printed when it ends, and its failure fails the run.
faults_log="$(mktemp)"
step "faults (beside the browser tests and the image)"
setsid node_modules/.bin/jest --selectProjects faults > "$faults_log" 2>&1 &
faults_pid=$!
trap 'kill -- -"$faults_pid" 2>/dev/null || true; rm -rf "$checks_dir" "$faults_log"' EXIT
step "browser tests (Playwright, Debian's Chromium)"
node_modules/.bin/playwright test
step "image (built with podman, run against the test stack)"
node_modules/.bin/jest --selectProjects image
step "the fault suite's end"
faults_status=0
wait "$faults_pid" || faults_status=$?
cat "$faults_log"
[ "$faults_status" = 0 ] || { log "faults failed"; exit "$faults_status"; }
step "done"
