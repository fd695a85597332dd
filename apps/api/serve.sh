#!/bin/sh
# Runs the built server (dist/main.js) with its memory settings. `npm start`, `pnpm run serve`,
# the container image and the benchmarks all start it through this file, so every one of them
# runs with the same settings; `node bench/run.mjs memory` measures their effect.
#
#   --max-semi-space-size=8   V8's young generation stays at 2 × 8 MB. Its default grows with the
#                             machine's memory (2 × 32 MB on a large box) and is filled and kept
#                             resident at start. Under load the young collections are what it
#                             costs: with 2 × 4 MB they took 3–6 % of health's CPU time (the
#                             minimal Nest app of bench/run.mjs floor: under 1 %), as the objects
#                             of 32 requests in flight were copied and promoted again and again;
#                             with 2 × 8 MB under 2 %. 2 × 1 MB saved another ~8 MB idle, but
#                             health then answered 30 % and resolve 25 % fewer requests per second.
#                             The quiet-time collection shrinks it back (see --expose-gc).
#   --max-old-space-size=512  A heap limit far above what the service holds (about 50 MB) that
#                             makes V8 grow the old generation by about 1.4× between full
#                             collections instead of 4×. Request buffers that outlive a young
#                             collection are then freed within seconds instead of piling up to
#                             about 64 MB of garbage under sustained load.
#   --expose-gc               Lets the server run one memory-reducing collection when it has been
#                             quiet for a minute after start or a burst of requests
#                             (src/bootstrap/settle-memory.ts): the young generation shrinks back
#                             and bytecode that ran once is dropped, about 9 MB of an idle server.
#                             Nothing else calls gc().
#   MALLOC_ARENA_MAX=2        glibc gives Node's helper threads (V8 compilers and GC, libuv) two
#                             malloc arenas in all instead of up to eight per core, each holding
#                             its own freed memory.
#   MALLOC_MMAP_THRESHOLD_    A fixed threshold: a block of 128 KiB or more always gets its own
#                             mapping and goes back to the system when freed. glibc's default
#                             raises the threshold after freeing such a block, so the next
#                             password hash (scrypt, 16 MiB) stays resident in the heap for good.
#
# Values set in the environment come after these defaults (NODE_OPTIONS) or replace them, so an
# operator can still change any of them.
set -eu
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
export NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=512 --expose-gc${NODE_OPTIONS:+ $NODE_OPTIONS}"
exec node "$(dirname "$0")/dist/main.js"
