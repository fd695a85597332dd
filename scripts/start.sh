#!/bin/sh
# Installs what is missing, builds everything and serves the API and the PWA on one port
# (PORT, default 8080) with the SQLite database in DATA_DIR (default ./data).
set -eu
cd "$(dirname "$0")/.."
sh scripts/bootstrap.sh
. scripts/runtime.sh
export NX_DAEMON=false NX_NO_CLOUD=true
pnpm run build
# What `pnpm run serve` runs, without a pnpm process staying resident beside the server (~45 MB).
exec sh apps/api/serve.sh
