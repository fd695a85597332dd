#!/bin/sh
# Installs everything and runs every check and test tier, fastest first.
set -eu
cd "$(dirname "$0")/.."
. scripts/runtime.sh
export NX_DAEMON=false NX_NO_CLOUD=true

step() {
  printf '\n== %s\n' "$1"
  started=$(date +%s)
  shift
  "$@"
  echo "== done in $(( $(date +%s) - started )) s"
}

step "install" sh scripts/bootstrap.sh
step "browser and ffmpeg" sh scripts/ensure-browser.sh
step "build" pnpm run build
step "typecheck" pnpm exec nx run-many -t typecheck
step "contract: OpenAPI document and generated client are current" node scripts/check-contract.mjs
step "migrations: entities match the committed migrations" pnpm exec nx run api:check-migrations
step "module boundaries" node scripts/check-boundaries.mjs
step "docs: links, de/en structure, tested commands against a scratch install" node scripts/check-docs.mjs
step "small tests" pnpm exec vitest run --project small --project web
step "medium tests" pnpm exec vitest run --project medium
step "e2e tests" pnpm exec vitest run --project e2e
step "browser tests" pnpm exec vitest run --project browser
