#!/usr/bin/env bash
# Installs `postage` as its users get it, into <dir>/app: packs @postage/sdk and @postage/cli (npm
# pack: their prepack scripts build dist/) into <dir>, then installs both tarballs into a fresh
# project (the CLI's other dependencies from the npm cache, as `npm i -g @postage/cli` would fetch
# them). Prints the installed bin's path. Used by postage-cli/test.sh and test/cli/mcp.test.ts.
#
# The packing holds a lock that sdks/typescript/test.sh takes too: each prepack empties and rebuilds
# its package's dist/, so two test files packing at once (jest runs two) would pack each other's
# half-built dist/.
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$PATH" # the repository's Node 24, and tsc for the builds
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
dir="${1:?usage: install.sh <dir>}"

{
  flock 9
  (cd "$ROOT/sdks/typescript" && npm pack --pack-destination "$dir" --loglevel=warn >/dev/null)
  (cd "$HERE" && npm pack --pack-destination "$dir" --loglevel=warn >/dev/null)
} 9>"${TMPDIR:-/tmp}/postage-pack.lock"
sdk="$(ls "$dir"/postage-sdk-*.tgz)"
cli="$(ls "$dir"/postage-cli-*.tgz)"
printf '[postage-cli] packed %s: %s files\n' "$(basename "$cli")" "$(tar -tzf "$cli" | wc -l | tr -d ' ')" >&2

app="$dir/app"
mkdir -p "$app"
cat >"$app/package.json" <<'JSON'
{ "name": "postage-cli-consumer", "version": "1.0.0", "private": true, "type": "module" }
JSON
(cd "$app" && npm install --prefer-offline --no-audit --no-fund --no-package-lock --loglevel=warn "$sdk" "$cli" >/dev/null)
test -x "$app/node_modules/.bin/postage" || { echo "[postage-cli] the package installed no postage command" >&2; exit 1; }
echo "$app/node_modules/.bin/postage"
