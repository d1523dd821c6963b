#!/usr/bin/env bash
# Everything the dev command and the tests need beyond node_modules; idempotent and cached.
# Writes the tool paths to .tools/paths.env for the TypeScript side to read.
source "$(dirname "$0")/lib.sh"

"$ROOT/tools/ensure-system-packages.sh"
temporal="$("$ROOT/tools/ensure-temporal-cli.sh")"
test_server=""
moto=""
schemathesis=""
standardwebhooks=""
toxiproxy=""
# Test-only tools are installed for the tests; a dev run still lists them when present, so the
# paths file serves both.
if [ "${1:-}" = "--for-tests" ] || [ -x "$TOOLS_DIR/bin/temporal-test-server" ]; then
  test_server="$("$ROOT/tools/ensure-test-server.sh")"
fi
if [ "${1:-}" = "--for-tests" ] || [ -x "$TOOLS_DIR/moto-venv/bin/moto_server" ]; then
  moto="$("$ROOT/tools/ensure-moto.sh")"
fi
if [ "${1:-}" = "--for-tests" ] || [ -x "$TOOLS_DIR/schemathesis-venv/bin/st" ]; then
  schemathesis="$("$ROOT/tools/ensure-schemathesis.sh")"
fi
if [ "${1:-}" = "--for-tests" ] || [ -x "$TOOLS_DIR/standardwebhooks-venv/bin/python" ]; then
  standardwebhooks="$("$ROOT/tools/ensure-standardwebhooks.sh")"
fi
if [ "${1:-}" = "--for-tests" ] || [ -x "$TOOLS_DIR/bin/toxiproxy-server" ]; then
  toxiproxy="$("$ROOT/tools/ensure-toxiproxy.sh")"
fi
pg_bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pg_bin="$d"; done
{
  echo "POSTAGE_TEMPORAL_CLI=$temporal"
  echo "POSTAGE_PG_BIN=$pg_bin"
  echo "POSTAGE_REDIS_SERVER=$(command -v redis-server)"
  if [ -n "$test_server" ]; then echo "POSTAGE_TEMPORAL_TEST_SERVER=$test_server"; fi
  if [ -n "$moto" ]; then echo "POSTAGE_MOTO_SERVER=$moto"; fi
  if [ -n "$schemathesis" ]; then echo "POSTAGE_SCHEMATHESIS=$schemathesis"; fi
  if [ -n "$standardwebhooks" ]; then echo "POSTAGE_STANDARDWEBHOOKS_PYTHON=$standardwebhooks"; fi
  if [ -n "$toxiproxy" ]; then echo "POSTAGE_TOXIPROXY_SERVER=$toxiproxy"; fi
} > "$TOOLS_DIR/paths.env"
