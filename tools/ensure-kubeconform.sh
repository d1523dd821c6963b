#!/usr/bin/env bash
# Prints the path of kubeconform (validates the Helm chart's manifests), built from the pinned
# release into .tools/bin once; with --schemas, the folder of Kubernetes JSON schemas it reads
# instead (kubeconform would fetch them from the internet at run time).
#
# The schemas come from the PyPI package kubernetes-validate, whose wheel bundles strict schemas
# per Kubernetes version, each with an https "$id" and references to "/api/_definitions.json".
# Copied without the "$id" and with relative references, they resolve against the files' own
# folder, v<version>-standalone-strict/ (the layout of kubeconform's default source).
source "$(dirname "$0")/lib.sh"

KUBECONFORM_VERSION="v0.8.0"
KUBERNETES_VALIDATE_VERSION="1.37.0"
# The Kubernetes versions the chart is checked against: the oldest it supports and the newest.
KUBERNETES_VERSIONS=(1.29.0 1.37.0)

if [ "${1:-}" = "--schemas" ]; then
  schemas="$TOOLS_DIR/kubernetes-schemas"
  stamp="$schemas/kubernetes-validate.version"
  # What the folder was made from and how (bump the last word when the rewriting changes).
  schemas_version="$KUBERNETES_VALIDATE_VERSION ${KUBERNETES_VERSIONS[*]} without-id"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$schemas_version" ]; then
    log "writing Kubernetes schemas from kubernetes-validate $KUBERNETES_VALIDATE_VERSION (PyPI) into $schemas"
    # Only the wheel's schema files are needed: a throwaway virtualenv brings pip to download it.
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    python3 -m venv "$work/venv" >&2
    "$work/venv/bin/pip" download -q --no-deps -d "$work" "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" >&2
    rm -rf "$schemas"
    python3 - "$work"/kubernetes_validate-*.whl "$schemas" "${KUBERNETES_VERSIONS[@]}" <<'PY' >&2
import json, pathlib, sys, zipfile
wheel, target, versions = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3:]
with zipfile.ZipFile(wheel) as archive:
    for version in versions:
        prefix = f"kubernetes_validate/kubernetes-json-schema/v{version}-local-strict/"
        folder = target / f"v{version}-standalone-strict"
        folder.mkdir(parents=True)
        names = [n for n in archive.namelist() if n.startswith(prefix) and n.endswith(".json")]
        if not names:
            sys.exit(f"kubernetes-validate has no schemas for Kubernetes {version}")
        for name in names:
            schema = json.loads(archive.read(name).decode().replace('"/api/_definitions.json#', '"_definitions.json#'))
            # Without its https $id, a reference resolves against the file itself.
            schema.pop("$id", None)
            (folder / name[len(prefix):]).write_text(json.dumps(schema))
PY
    echo "$schemas_version" > "$stamp"
  fi
  echo "$schemas"; exit 0
fi

ensure_go_tool kubeconform "$KUBECONFORM_VERSION" "kubeconform $KUBECONFORM_VERSION" \
  "github.com/yannh/kubeconform/cmd/kubeconform@$KUBECONFORM_VERSION"
