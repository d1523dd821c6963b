# Shared helpers for the tools/*.sh scripts. Sourced, not run.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Node 24 comes with the project (the pinned `node` dev dependency in node_modules/.bin), as under
# npm scripts, so these scripts run it whatever the machine's own node is, even started by hand.
export PATH="$ROOT/node_modules/.bin:$PATH"
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

# After `npm ci`: stops with one line when the node found is older than package.json's engines.
require_node() {
  hash -r # node_modules/.bin/node may have appeared since the last lookup
  node -e '
    const want = Number(/\d+/.exec(require("./package.json").engines.node)[0]);
    if (Number(process.versions.node.split(".")[0]) < want) {
      console.error(`[postage tools] Node ${want} or later is needed and ${process.execPath} is ${process.version}: run npm ci (it installs Node ${want} into node_modules/.bin)`);
      process.exit(1);
    }'
}

# Installs a pinned PyPI package into its own virtualenv under .tools (once, or when the pin
# changes) and prints the path of one of its commands:
# ensure_pip_tool NAME VERSION REQUIREMENT COMMAND (the virtualenv is .tools/NAME-venv).
ensure_pip_tool() {
  local name="$1" version="$2" requirement="$3" command="$4"
  local venv="$TOOLS_DIR/$name-venv"
  local stamp="$venv/$name.version"
  if [ ! -x "$venv/bin/$command" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$version" ]; then
    log "installing $requirement from PyPI (first run only)"
    rm -rf "$venv"
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install -q "$requirement" >&2
    echo "$version" > "$stamp"
  fi
  echo "$venv/bin/$command"
}

# Builds a pinned Go command into .tools/bin with `go install` (once, or when the stamp changes)
# and prints its path:
# ensure_go_tool NAME STAMP WHAT PACKAGE@VERSION [go install flags...] (the binary is .tools/bin/NAME,
# whatever go install calls it; environment such as CGO_ENABLED may be set on the call).
ensure_go_tool() {
  local name="$1" stamp_text="$2" what="$3" package="$4"
  shift 4
  local target="$TOOLS_DIR/bin/$name"
  local stamp="$TOOLS_DIR/bin/$name.version"
  if [ ! -x "$target" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$stamp_text" ]; then
    command -v go >/dev/null || { log "Go is needed to build $what"; exit 1; }
    log "building $what with go install (first run only; minutes on a machine with an empty Go cache)"
    # Built aside: go install names the binary after the package's folder (cmd/server, say).
    local build
    build="$(mktemp -d)"
    GOBIN="$build" GOFLAGS="-buildvcs=false" go install "$@" "$package" >&2
    local package_path="${package%@*}"
    mv "$build/${package_path##*/}" "$target"
    rmdir "$build"
    echo "$stamp_text" > "$stamp"
  fi
  echo "$target"
}
