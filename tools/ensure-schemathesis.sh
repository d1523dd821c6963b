#!/usr/bin/env bash
# Prints the path of Schemathesis's CLI (`st`, the property-based API tester the conformance test
# runs against the served /openapi.json), installed from PyPI into a virtualenv under .tools (once).
source "$(dirname "$0")/lib.sh"
SCHEMATHESIS_VERSION="4.32.5"
ensure_pip_tool schemathesis "$SCHEMATHESIS_VERSION" "schemathesis==$SCHEMATHESIS_VERSION" st
