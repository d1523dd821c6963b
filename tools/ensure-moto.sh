#!/usr/bin/env bash
# Prints the path of moto's server (a local AWS STS/IAM peer for BYOC tests), installed from
# PyPI into a virtualenv under .tools (once).
source "$(dirname "$0")/lib.sh"

MOTO_VERSION="5.1.20"
venv="$TOOLS_DIR/moto-venv"
stamp="$venv/moto.version"
if [ ! -x "$venv/bin/moto_server" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$MOTO_VERSION" ]; then
  log "installing moto[server]==$MOTO_VERSION from PyPI (first run only)"
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q "moto[server]==$MOTO_VERSION" >&2
  echo "$MOTO_VERSION" > "$stamp"
fi
echo "$venv/bin/moto_server"
