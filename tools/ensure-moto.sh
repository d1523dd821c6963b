#!/usr/bin/env bash
# Prints the path of moto's server (a local AWS STS/IAM peer for BYOC tests), installed from
# PyPI into a virtualenv under .tools (once).
source "$(dirname "$0")/lib.sh"
MOTO_VERSION="5.1.20"
ensure_pip_tool moto "$MOTO_VERSION" "moto[server]==$MOTO_VERSION" moto_server
