#!/usr/bin/env bash
# Tests `postage` as its users get it: packs @postage/sdk and @postage/cli (npm pack: their prepack
# scripts build dist/), installs both tarballs into a fresh project in a temporary directory (the
# CLI's dependencies from the npm cache, as `npm i -g @postage/cli` would fetch them), then runs
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
log "npm pack @postage/sdk and @postage/cli"
(cd "$ROOT/sdks/typescript" && npm pack --pack-destination "$work" --loglevel=warn >/dev/null)
(cd "$HERE" && npm pack --pack-destination "$work" --loglevel=warn >/dev/null)
sdk="$(ls "$work"/postage-sdk-*.tgz)"
cli="$(ls "$work"/postage-cli-*.tgz)"
log "packed $(basename "$cli"): $(tar -tzf "$cli" | wc -l | tr -d ' ') files"

app="$work/app"
mkdir -p "$app/test"
cp "$HERE"/test/*.mjs "$app/test/"
cat >"$app/package.json" <<'JSON'
{ "name": "postage-cli-consumer", "version": "1.0.0", "private": true, "type": "module" }
JSON
log "npm install both tarballs into a fresh project"
(cd "$app" && npm install --prefer-offline --no-audit --no-fund --no-package-lock --loglevel=warn "$sdk" "$cli" >/dev/null)
test -x "$app/node_modules/.bin/postage" || { log "the package installed no postage command"; exit 1; }

cd "$app"
export POSTAGE_CLI_BIN="$app/node_modules/.bin/postage"
log "node --test $(cd test && ls *.test.mjs | tr '\n' ' ')"
node --test --test-concurrency=2 --test-timeout=180000 --test-reporter=spec test/*.test.mjs
