#!/usr/bin/env bash
# Tests `postage` as its users get it: scripts/install.sh packs @postage/sdk and @postage/cli and
# installs both tarballs into a fresh project in a temporary directory, then runs
# test/*.test.mjs with `node --test`: they drive node_modules/.bin/postage as a child process against
# the real API named by the environment (test/cli/postageCli.test.ts runs this script with it):
#   POSTAGE_BASE_URL, POSTAGE_FULL_ACCESS_KEY (a full_access key of an account with a verified
#   shared domain), POSTAGE_DOMAIN (that domain), POSTAGE_TEST_DOMAIN (the API's test-recipient domain).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$PATH" # the repository's Node 24, and tsc for the builds
log() { printf '[postage-cli] %s\n' "$*" >&2; }

for name in POSTAGE_BASE_URL POSTAGE_FULL_ACCESS_KEY POSTAGE_DOMAIN POSTAGE_TEST_DOMAIN; do
  if [ -z "${!name:-}" ]; then
    log "$name is not set: run it through jest test/cli/postageCli.test.ts, or set the variables this script's header lists"
    exit 2
  fi
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

log "node $(node --version), npm $(npm --version 2>/dev/null)"
log "npm pack @postage/sdk and @postage/cli, npm install both tarballs into a fresh project"
bin="$("$HERE/scripts/install.sh" "$work")"
app="$work/app"
mkdir -p "$app/test"
cp "$HERE"/test/*.mjs "$app/test/"

cd "$app"
export POSTAGE_CLI_BIN="$bin"
log "node --test $(cd test && ls *.test.mjs | tr '\n' ' ')"
node --test --test-concurrency=2 --test-timeout=180000 --test-reporter=spec test/*.test.mjs
