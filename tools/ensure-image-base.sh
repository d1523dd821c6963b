#!/usr/bin/env bash
# Prints the name of a local base image for the Dockerfile (its BASE_IMAGE build argument) on a
# machine that reaches no image registry: a Debian root made with debootstrap from the machine's
# own Debian mirror, with Node 24 (the binary of the pinned `node` package in node_modules) and
# npm (from the npm registry), imported with podman. Built once, then cached (a stamp under
# .tools and the image in podman's store). Installs podman, runc and debootstrap when missing.
# Needs root (debootstrap, chroot, and the rootful podman store the image tier builds from): it
# says so, and what else is missing, before starting anything. docs/deployment.md, "The image".
source "$(dirname "$0")/lib.sh"

DEBIAN_SUITE="bookworm"
NPM_VERSION="11.19.1"
# Bump when the recipe below changes, so cached bases are rebuilt.
RECIPE=1

if [ "$(id -u)" != 0 ]; then
  log "the image base needs root (debootstrap and chroot do, and the image tier's rootful podman reads root's image store): run npm test as root, as CI does, or leave the image tier out (npm run test:unit, npm test -- <paths>)"
  exit 1
fi
node_bin="$ROOT/node_modules/node/bin/node"
[ -x "$node_bin" ] || { log "no $node_bin, the base's Node: run npm ci"; exit 1; }
missing=()
command -v podman >/dev/null || missing+=(podman)
# crun refuses some machines' hybrid cgroups; runc runs everywhere podman does.
command -v runc >/dev/null || missing+=(runc)
command -v debootstrap >/dev/null || missing+=(debootstrap)
# Copied into the base (below).
[ -f /etc/ssl/certs/ca-certificates.crt ] || missing+=(ca-certificates)
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || { log "the image base needs ${missing[*]} and there is no apt-get to install them"; exit 1; }
  apt_install "${missing[@]}"
fi

node_version="$("$node_bin" -p process.versions.node)"
image="localhost/postage-node-base:$node_version-$DEBIAN_SUITE"
dir="$TOOLS_DIR/image-base"
stamp="$dir/stamp"
want="$image npm-$NPM_VERSION recipe-$RECIPE"
if [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && podman image exists "$image"; then
  echo "$image"; exit 0
fi

# The mirror apt already uses (deb822 sources or the one-line format), else Debian's own.
mirror="$(grep -hsE '^URIs:.*/debian/?$' /etc/apt/sources.list.d/*.sources | head -1 | awk '{print $2}')"
[ -n "$mirror" ] || mirror="$(grep -hsE "^deb .*/debian/? $DEBIAN_SUITE " /etc/apt/sources.list /etc/apt/sources.list.d/*.list | head -1 | awk '{print $2}')"
mirror="${POSTAGE_DEBIAN_MIRROR:-${mirror:-http://deb.debian.org/debian}}"

# What debootstrap mounts in the root (/proc, /sys) stays mounted when it is stopped midway: undone
# on any exit, and never deleted through (--one-file-system).
unmount_root() {
  local mount
  # /proc/mounts has the real path (.tools may be a symlink).
  for mount in $(awk -v under="$(realpath -m "$dir")/" 'index($2, under) == 1 { print $2 }' /proc/mounts | sort -r); do
    umount -l "$mount" 2>/dev/null || true
  done
}
trap unmount_root EXIT

log "building the base image $image (debootstrap $DEBIAN_SUITE from $mirror; first run only)"
started=$(date +%s)
unmount_root
rm -rf --one-file-system "$dir"
mkdir -p "$dir"
root="$dir/root"
debootstrap --variant=minbase "$DEBIAN_SUITE" "$root" "$mirror" >"$dir/debootstrap.log" 2>&1 || {
  tail -20 "$dir/debootstrap.log" >&2; exit 1; }

install -D -m 0755 "$node_bin" "$root/usr/local/bin/node"
# npm as the official images carry it: its package (dependencies bundled) under /usr/local/lib.
(cd "$dir" && npm pack --silent "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$root/usr/local/lib/node_modules/npm"
tar -xzf "$dir/npm-$NPM_VERSION.tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components 1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# The `node` user (uid 1000) the official images have and the Dockerfile runs as.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# The certificate authorities this machine trusts (a TLS-inspecting proxy's CA included), so npm
# inside the build reaches the registry the way npm outside does.
mkdir -p "$root/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log

podman rmi --force "$image" >/dev/null 2>&1 || true
tar -C "$root" -c . | podman import --quiet \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$image" >/dev/null
rm -rf --one-file-system "$root" "$dir/npm-$NPM_VERSION.tgz"
echo "$want" > "$stamp"
log "base image $image built in $(( $(date +%s) - started )) s"
echo "$image"
