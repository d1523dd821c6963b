#!/usr/bin/env bash
# The Go SDK's tests against a running API (run by test/sdks/sdks.test.ts with the variables of
# sdks/README.md), on the module as its users get it:
#   1. gofmt, go vet, and the tests of the build tools (internal/cmd, a module of its own);
#   2. the module v<Version> packed as `go mod` publishes it (internal/cmd/modzip) into a module
#      proxy directory, and a fresh module that requires github.com/postage-dev/postage-go
#      installs it from there (GOPROXY=file://..., an empty module cache);
#   3. the SDK's own tests (unit and integration_test.go), run from that installed copy;
#   4. examples/send, built in that module, sends one test email.
#
#   bash sdks/go/test.sh             everything (the variables of sdks/README.md must be set)
#   bash sdks/go/test.sh --offline   the same without an API: the unit tests (local stand-ins, the
#                                    document's operations, the code samples) run from the installed
#                                    module, the integration tests are skipped, examples/send is
#                                    built but not run
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
sdk=$(pwd)

offline=""
case "${1:-}" in
  --offline) offline=1 ;;
  "") ;;
  *) echo "usage: sdks/go/test.sh [--offline]" >&2; exit 2 ;;
esac
if [ -z "$offline" ]; then
  for v in POSTAGE_BASE_URL POSTAGE_FLAKY_BASE_URL POSTAGE_API_KEY POSTAGE_FULL_ACCESS_KEY POSTAGE_DOMAIN POSTAGE_TEST_DOMAIN POSTAGE_SIMULATOR_DOMAIN POSTAGE_ERROR_CASES; do
    if [ -z "${!v:-}" ]; then
      echo "sdks/go/test.sh: $v is not set; it runs against a test stack (see sdks/README.md), or pass --offline" >&2
      exit 1
    fi
  done
fi
export GOWORK=off GOTOOLCHAIN=local
module=github.com/postage-dev/postage-go
version=v$(sed -n 's/^const Version = "\(.*\)"$/\1/p' client.go)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

echo "== gofmt, go vet, the build tools' tests"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
  echo "sdks/go/test.sh: not gofmt'ed: $unformatted" >&2
  exit 1
fi
GOFLAGS=-mod=readonly go vet ./...
(cd internal/cmd && GOFLAGS=-mod=readonly go vet ./... && GOFLAGS=-mod=readonly go test -count=1 ./...)

echo "== $module@$version, published to a module proxy directory and installed from it"
GOFLAGS=-mod=readonly go -C internal/cmd run ./modzip -dir "$sdk" -version "$version" -o "$work/proxy"
consumer="$work/consumer"
mkdir "$consumer"
cat > "$consumer/go.mod" <<MOD
module example.com/postage-consumer

go 1.24

require $module $version
MOD
cp examples/send/main.go "$consumer/main.go"
# Only the proxy directory, a module cache of its own (so no earlier copy is used); the checksum
# database does not know this module.
export GOPROXY="file://$work/proxy" GONOSUMDB=github.com/postage-dev GOMODCACHE="$work/modcache" GOFLAGS=-modcacherw
(cd "$consumer" && GOFLAGS="-modcacherw -mod=mod" go build -o send .)
installed=$(cd "$consumer" && go list -f '{{.Dir}}' "$module")
case "$installed" in
  "$work/modcache/"*) echo "installed in $installed" ;;
  *) echo "sdks/go/test.sh: the SDK resolved to $installed, not the installed module" >&2; exit 1 ;;
esac

if [ -n "$offline" ]; then
  echo "== the SDK's unit tests, from the installed module"
  unset POSTAGE_BASE_URL # whatever the caller's environment has: the integration tests skip
else
  echo "== the SDK's tests (unit and integration), from the installed module"
fi
status=0
(cd "$consumer" && POSTAGE_OPENAPI_DOCUMENT="$sdk/../openapi.json" go test -count=1 -timeout 6m -v "$module") > "$work/go-test.log" 2>&1 || status=$?
# Each test's outcome, and what a failing one said.
grep -E '^(--- |ok |FAIL|PASS$|panic:)|^\s+--- (FAIL|SKIP)|^\s+[A-Za-z_]+\.go:[0-9]+:' "$work/go-test.log" || true
if [ "$status" -ne 0 ]; then
  echo "sdks/go/test.sh: go test failed (status $status)" >&2
  tail -n 40 "$work/go-test.log" >&2
  exit 1
fi
# The variables are set and the document is given, so no test may have been skipped; offline,
# none but the integration tests (TestLive...), which need the API.
skipped=$(grep -- '--- SKIP' "$work/go-test.log" || true)
if [ -n "$offline" ]; then
  skipped=$(grep -v -- '--- SKIP: TestLive' <<<"$skipped" || true)
fi
if [ -n "$skipped" ]; then
  echo "sdks/go/test.sh: a test was skipped: $skipped" >&2
  exit 1
fi
echo "tests: $(grep -cE '^--- PASS' "$work/go-test.log") passed ($(grep -cE '^\s+--- PASS' "$work/go-test.log") subtests), $(grep -cE -- '--- FAIL' "$work/go-test.log") failed"

if [ -n "$offline" ]; then
  echo "offline: examples/send built, not run"
  exit 0
fi

echo "== examples/send, built against the installed module"
id=$("$consumer/send" -from "hello@$POSTAGE_DOMAIN" -to "delivered@$POSTAGE_TEST_DOMAIN" -subject "postage-go consumer")
if ! [[ "$id" =~ ^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$ ]]; then
  echo "sdks/go/test.sh: the consumer printed '$id', not a message id" >&2
  exit 1
fi
echo "the installed module sent message $id"
