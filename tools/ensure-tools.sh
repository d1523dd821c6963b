#!/usr/bin/env bash
# Everything the dev command and the tests need beyond node_modules; idempotent and cached.
# Writes the tool paths to .tools/paths.env for the TypeScript side to read.
source "$(dirname "$0")/lib.sh"

"$ROOT/tools/ensure-system-packages.sh"
temporal="$("$ROOT/tools/ensure-temporal-cli.sh")"
# The Dockerfile's base where no image registry is reachable (podman, debootstrap, root): only with
# --with-image-base, which tools/test.sh passes for the runs that reach the image tier (not
# `npm run test:unit`). Mostly downloads and disk, so it runs beside the CPU-bound builds below, in
# a session of its own so that a failing step below (set -e) stops it, children included, instead
# of leaving it running. Without the flag, the base an earlier run made stays listed.
image_base=""
image_base_out="$TOOLS_DIR/image-base.path"
image_base_log="$TOOLS_DIR/image-base.log"
case " $* " in
  *" --with-image-base "*)
    setsid "$ROOT/tools/ensure-image-base.sh" > "$image_base_out" 2> "$image_base_log" &
    image_base_pid=$!
    trap 'kill -- -"$image_base_pid" 2>/dev/null || true' EXIT
    ;;
  *) image_base="$(cat "$image_base_out" 2>/dev/null || true)" ;;
esac
test_server=""
moto=""
schemathesis=""
standardwebhooks=""
pyotp=""
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
if [ "${1:-}" = "--for-tests" ] || [ -x "$TOOLS_DIR/pyotp-venv/bin/python" ]; then
  pyotp="$("$ROOT/tools/ensure-pyotp.sh")"
fi
if [ "${1:-}" = "--for-tests" ] || [ -x "$TOOLS_DIR/bin/toxiproxy-server" ]; then
  toxiproxy="$("$ROOT/tools/ensure-toxiproxy.sh")"
fi
# The Helm chart's checks (test/unit/helmChart.test.ts): Helm, kubeconform and its schemas.
helm=""
kubeconform=""
kubernetes_schemas=""
if [ "${1:-}" = "--for-tests" ] || [ -x "$TOOLS_DIR/bin/helm" ]; then
  helm="$("$ROOT/tools/ensure-helm.sh")"
  kubeconform="$("$ROOT/tools/ensure-kubeconform.sh")"
  kubernetes_schemas="$("$ROOT/tools/ensure-kubeconform.sh" --schemas)"
fi
if [ -n "${image_base_pid:-}" ]; then
  # A failure stops only the image tier, which says why (test/image/image.test.ts reads the log).
  if wait "$image_base_pid"; then image_base="$(cat "$image_base_out")"; cat "$image_base_log" >&2; else
    log "no image base, so the image tier will fail (tools/ensure-image-base.sh; $image_base_log):"
    tail -5 "$image_base_log" >&2
  fi
  trap - EXIT
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
  if [ -n "$image_base" ]; then echo "POSTAGE_IMAGE_BASE=$image_base"; fi
  if [ -n "$standardwebhooks" ]; then echo "POSTAGE_STANDARDWEBHOOKS_PYTHON=$standardwebhooks"; fi
  if [ -n "$pyotp" ]; then echo "POSTAGE_PYOTP_PYTHON=$pyotp"; fi
  if [ -n "$helm" ]; then echo "POSTAGE_HELM=$helm"; fi
  if [ -n "$kubeconform" ]; then echo "POSTAGE_KUBECONFORM=$kubeconform"; fi
  if [ -n "$kubernetes_schemas" ]; then echo "POSTAGE_KUBERNETES_SCHEMAS=$kubernetes_schemas"; fi
  if [ -n "$toxiproxy" ]; then echo "POSTAGE_TOXIPROXY_SERVER=$toxiproxy"; fi
} > "$TOOLS_DIR/paths.env"
