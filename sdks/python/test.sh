#!/usr/bin/env bash
# Builds the Python SDK as it is published (`python -m build`: the sdist, then the wheel from
# it), installs the wheel into a fresh virtual environment with pytest, and runs tests/ there,
# from a directory where the source tree is not importable, so the tests import what users
# install. With the POSTAGE_* variables of sdks/README.md (test/sdks/sdks.test.ts sets them) the
# live tests run against that API; without them they are skipped.
#
# The suite runs on python3 and, when the machine has one, on a Python 3.9 too (the oldest the
# package supports: `python3.9`, or pyenv's 3.9). POSTAGE_SDK_PYTHONS="python3.12 ..." names the
# interpreters instead.
source "$(dirname "$0")/../../tools/lib.sh"

BUILD_VERSION="1.6.1"
HERE="$ROOT/sdks/python"

build="$(ensure_pip_tool build "$BUILD_VERSION" "build==$BUILD_VERSION" pyproject-build)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

log "sdks/python: building the sdist and the wheel"
"$(dirname "$build")/python" -m build --outdir "$work/dist" "$HERE" >"$work/build.log" 2>&1 || {
  cat "$work/build.log" >&2
  exit 1
}
wheel="$(ls "$work"/dist/postage-*-py3-none-any.whl)"
log "sdks/python: built $(basename "$wheel") and $(basename "$(ls "$work"/dist/postage-*.tar.gz)")"

# A Python 3.9 that runs (pyenv's shims exist for versions that are not selected, and fail).
find_python39() {
  local candidate
  for candidate in python3.9 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.9*/bin/python3.9; do
    if "$candidate" -c 'import sys; assert sys.version_info[:2] == (3, 9)' >/dev/null 2>&1; then
      command -v "$candidate" || echo "$candidate"
      return 0
    fi
  done
  return 1
}

if [ -n "${POSTAGE_SDK_PYTHONS:-}" ]; then
  read -r -a pythons <<<"$POSTAGE_SDK_PYTHONS"
else
  pythons=(python3)
  if py39="$(find_python39)"; then pythons+=("$py39"); else log "sdks/python: no Python 3.9 on this machine; testing on python3 only"; fi
fi

# The tests run from a copy, in a directory with no postage/ beside them.
mkdir -p "$work/run"
cp -R "$HERE/tests" "$work/run/tests"

status=0
for python in "${pythons[@]}"; do
  version="$("$python" -c 'import platform; print(platform.python_version())')"
  venv="$work/venv-$version"
  log "sdks/python: testing the wheel on Python $version ($python)"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "$wheel" \
    "pytest==9.2.0; python_version >= '3.10'" "pytest==8.4.2; python_version < '3.10'"
  # POSTAGE_OPENAPI_DOCUMENT: the document the tests check the client's operations against.
  if ! (cd "$work/run" && POSTAGE_OPENAPI_DOCUMENT="$ROOT/sdks/openapi.json" "$venv/bin/python" -m pytest -p no:cacheprovider -ra tests); then
    status=1
  fi
done
exit "$status"
