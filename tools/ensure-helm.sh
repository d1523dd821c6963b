#!/usr/bin/env bash
# Prints the path of a Helm 3 client for the chart's checks (deploy/helm/postage): $HELM, or a copy
# built from the pinned release into .tools/bin (built once, then cached). Not `helm` on PATH: the
# checks' results should not depend on whichever version a machine has.
source "$(dirname "$0")/lib.sh"

HELM_VERSION="v3.22.0"
# The minor Kubernetes version of its client libraries (k8s.io/client-go v0.37).
K8S_MINOR="37"
if [ -n "${HELM:-}" ]; then echo "$HELM"; exit 0; fi

# The ldflags of Helm's own release build: the version it reports, and the Kubernetes version of
# its client libraries, which `helm template` and `helm lint` assume without a cluster (1.20
# otherwise).
ldflags="-w -s -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
for package in helm.sh/helm/v3/pkg/chartutil helm.sh/helm/v3/pkg/lint/rules; do
  ldflags+=" -X $package.k8sVersionMajor=1 -X $package.k8sVersionMinor=$K8S_MINOR"
done
CGO_ENABLED=0 ensure_go_tool helm "$HELM_VERSION 1.$K8S_MINOR" "Helm $HELM_VERSION" \
  "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" -ldflags "$ldflags"
