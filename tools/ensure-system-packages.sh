#!/usr/bin/env bash
# Installs the Debian packages Postage needs when they are missing: PostgreSQL and Redis
# (for private local instances), a JDK with Maven (for the time-skipping test server), and
# openssl, nginx and stunnel for the TLS tests, and Debian's Chromium for the dashboard's browser
# tests (Playwright drives it; its own browser download cannot work on these machines).
source "$(dirname "$0")/lib.sh"

missing=()
pg_bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pg_bin="$d"; done
[ -n "$pg_bin" ] || missing+=(postgresql)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v java >/dev/null || missing+=(default-jdk-headless)
command -v mvn >/dev/null || missing+=(maven)
python3 -m venv --help >/dev/null 2>&1 || missing+=(python3-venv)
# TLS in the tests: a CA made with openssl, nginx terminating gRPC over TLS in front of Temporal,
# stunnel in front of Redis.
command -v openssl >/dev/null || missing+=(openssl)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v stunnel4 >/dev/null || missing+=(stunnel4)
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The documentation's shell snippets (test/docs/snippets.test.ts) read answers with jq, as readers do.
command -v jq >/dev/null || missing+=(jq)
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
