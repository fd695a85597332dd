#!/bin/sh
# Installs the toolchain and every dependency; safe to run again (it only does what is missing).
set -eu
cd "$(dirname "$0")/.."
. scripts/runtime.sh
export NX_DAEMON=false NX_NO_CLOUD=true

# --frozen-lockfile: a fresh machine installs exactly what was tested. A runtime of another
# version (after a change of .nvmrc) needs its own native builds, so the install is redone.
stamp=node_modules/.hinv-node-version
if [ ! -f node_modules/.modules.yaml ] || [ pnpm-lock.yaml -nt node_modules/.modules.yaml ] \
  || [ "$(cat "$stamp" 2>/dev/null)" != "$(node --version)" ]; then
  pnpm install --frozen-lockfile --reporter=append-only
  node --version > "$stamp"
fi
