#!/bin/sh
# Installs the toolchain and every dependency; safe to run again (it only does what is missing).
set -eu
cd "$(dirname "$0")/.."

PNPM_VERSION=12.21.0
export NX_DAEMON=false NX_NO_CLOUD=true

# pnpm is pinned here rather than in a packageManager field (that field breaks pnpm 12 here).
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  echo "bootstrap: installing pnpm $PNPM_VERSION"
  npm install --global --no-fund --no-audit "pnpm@$PNPM_VERSION"
fi

# node-gyp builds better-sqlite3 against Node's own headers when the distribution ships them.
if [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/node.h ]; then
  export npm_config_nodedir=/usr
fi

# --frozen-lockfile: a fresh machine installs exactly what was tested.
if [ ! -f node_modules/.modules.yaml ] || [ pnpm-lock.yaml -nt node_modules/.modules.yaml ]; then
  pnpm install --frozen-lockfile --reporter=append-only
fi
