#!/usr/bin/env bash
# Builds @postage/sdk as its users get it (npm pack: the prepack script builds dist/), installs the
# tarball into a fresh project in a temporary directory, type-checks a consumer of it (ESM and
# CommonJS, nodenext and bundler resolution, and test/samples.mts, the API reference's code samples)
# and runs the SDK's tests there with `node --test`: test/*.test.mjs import the package (and run the
# samples), test/*.test.cjs require it. The integration tests talk to the real API named by the
# environment of sdks/README.md ("The test contract"); test/sdks/sdks.test.ts runs this script with it.
#
#   bash sdks/typescript/test.sh             everything (the test-contract variables must be set)
#   bash sdks/typescript/test.sh --offline   the tests that need no API (packaging, retries against
#                                            a local stand-in, webhook signatures)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$PATH" # the repository's Node 24, tsc and npm scripts' tools
log() { printf '[sdks/typescript] %s\n' "$*" >&2; }

offline=""
case "${1:-}" in
  --offline) offline=1 ;;
  "") ;;
  *) log "usage: test.sh [--offline]"; exit 2 ;;
esac
if [ -z "$offline" ]; then
  for name in POSTAGE_BASE_URL POSTAGE_FLAKY_BASE_URL POSTAGE_API_KEY POSTAGE_FULL_ACCESS_KEY POSTAGE_DOMAIN POSTAGE_TEST_DOMAIN POSTAGE_ERROR_CASES; do
    if [ -z "${!name:-}" ]; then
      log "$name is not set: run with the variables of sdks/README.md (jest test/sdks/sdks.test.ts does), or pass --offline"
      exit 2
    fi
  done
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export npm_config_cache="$work/npm-cache" npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

log "node $(node --version), npm $(npm --version 2>/dev/null)"
log "npm pack (builds dist/ with tsc: ESM and CommonJS)"
# Under the lock postage-cli/scripts/install.sh takes: the prepack empties and rebuilds dist/, which
# the CLI's packing (another test file, at the same time) builds against.
{
  flock 9
  (cd "$HERE" && npm pack --pack-destination "$work" --loglevel=warn >/dev/null)
} 9>"${TMPDIR:-/tmp}/postage-pack.lock"
tarball="$(ls "$work"/postage-sdk-*.tgz)"
log "packed $(basename "$tarball"): $(wc -c <"$tarball" | tr -d ' ') bytes, $(tar -tzf "$tarball" | wc -l | tr -d ' ') files"

app="$work/app"
mkdir -p "$app"
cp -R "$HERE/test" "$app/test"
cat >"$app/package.json" <<'JSON'
{ "name": "postage-sdk-consumer", "version": "1.0.0", "private": true }
JSON
log "npm install the tarball into a fresh project (offline: the package has no dependencies)"
(cd "$app" && npm install --offline --no-package-lock --loglevel=warn "$tarball" >/dev/null)
log "installed: $(du -sk "$app/node_modules/@postage/sdk" | cut -f1) KiB in node_modules/@postage/sdk"
if [ -n "$(ls "$app/node_modules" | grep -v '^@postage$' || true)" ]; then
  log "the package pulled in dependencies: $(ls "$app/node_modules" | tr '\n' ' ')"
  exit 1
fi

log "type-check consumers of the installed package (import and require; nodenext with Node's types, bundler with the DOM's; the code samples)"
(cd "$app/test/types" && tsc -p tsconfig.node.json --typeRoots "$ROOT/node_modules/@types" && tsc -p tsconfig.bundler.json)

files=("$app"/test/offline.test.mjs "$app"/test/offline.test.cjs)
[ -z "$offline" ] && files+=("$app"/test/integration.test.mjs "$app"/test/integration.test.cjs)
log "node --test ${files[*]##*/}"
cd "$app"
# The document the offline tests check the client's operations against, and the official Standard
# Webhooks library (the repository's dev dependency), a witness of the webhook verification.
export POSTAGE_OPENAPI_DOCUMENT="$ROOT/sdks/openapi.json"
export POSTAGE_STANDARDWEBHOOKS_JS="$ROOT/node_modules/standardwebhooks"
node --test --test-concurrency=4 --test-timeout=240000 --test-reporter=spec "${files[@]}"
