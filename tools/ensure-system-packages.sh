#!/usr/bin/env bash
# Installs the Debian packages Postage needs when they are missing: PostgreSQL and Redis
# (for private local instances) and a JDK with Maven (for the time-skipping test server).
source "$(dirname "$0")/lib.sh"

missing=()
pg_bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pg_bin="$d"; done
[ -n "$pg_bin" ] || missing+=(postgresql)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v java >/dev/null || missing+=(default-jdk-headless)
command -v mvn >/dev/null || missing+=(maven)
python3 -m venv --help >/dev/null 2>&1 || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
