#!/usr/bin/env bash
# Prints the path of a Python that has the official Standard Webhooks package (PyPI
# `standardwebhooks`), installed into a virtualenv under .tools (once): the webhook tests verify
# real deliveries with it, as a Python receiver would.
source "$(dirname "$0")/lib.sh"
STANDARDWEBHOOKS_VERSION="1.1.0"
ensure_pip_tool standardwebhooks "$STANDARDWEBHOOKS_VERSION" "standardwebhooks==$STANDARDWEBHOOKS_VERSION" python
