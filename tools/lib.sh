# Shared helpers for the tools/*.sh scripts. Sourced, not run.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS_DIR="${POSTAGE_TOOLS_DIR:-$ROOT/.tools}"
mkdir -p "$TOOLS_DIR/bin"

log() { printf '[postage tools] %s\n' "$*" >&2; }

# Runs a command as root, through sudo when we are not root.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    log "need root to run: $*"; return 1; fi
}

apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then
    log "apt-get update"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    apt_updated=1
  fi
  log "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2
}
