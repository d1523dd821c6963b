#!/usr/bin/env bash
# Prints the path of a Python that has PyPI's `pyotp`, installed into a virtualenv under .tools
# (once): the two-factor tests compute authenticator codes with it from the secret the dashboard
# shows, as an authenticator app would, independently of the otplib the API checks them with.
source "$(dirname "$0")/lib.sh"
PYOTP_VERSION="2.9.0"
ensure_pip_tool pyotp "$PYOTP_VERSION" "pyotp==$PYOTP_VERSION" python
