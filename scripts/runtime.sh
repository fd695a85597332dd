# Sourced (". scripts/runtime.sh") by every project script: puts the Node.js runtime the project
# is built and tested on, and pnpm, first on PATH. The version lives in .nvmrc. When the machine's
# own node is older (Debian and many NAS images still ship 20), the runtime comes from the npm registry
# as the package node-linux-<arch>, which holds bin/node and the headers, into .runtime/ once.
# Native modules (better-sqlite3) are built against that same runtime through npm_config_nodedir.
# It works from any folder: .nvmrc and .runtime/ are found from the script's own place.

# bash and zsh tell a sourced file its own path; dash and other POSIX shells do not, and there
# the repository is the nearest folder upwards from here that holds this script and .nvmrc.
hinv_root=""
if [ -n "${BASH_SOURCE:-}" ]; then
  hinv_root=$(cd "$(dirname "$BASH_SOURCE")/.." && pwd)
elif [ -n "${ZSH_VERSION:-}" ]; then
  eval 'hinv_root=$(cd "$(dirname "${(%):-%x}")/.." && pwd)'
fi
if [ -z "$hinv_root" ] || [ ! -f "$hinv_root/.nvmrc" ]; then
  hinv_root=$PWD
  while [ ! -f "$hinv_root/.nvmrc" ] || [ ! -f "$hinv_root/scripts/runtime.sh" ]; do
    if [ "$hinv_root" = / ]; then hinv_root=""; break; fi
    hinv_root=$(dirname "$hinv_root")
  done
fi
if [ -z "$hinv_root" ]; then
  echo "runtime: cannot tell where the repository is from $PWD; source scripts/runtime.sh from inside the repository (or from bash or zsh)" >&2
  return 1 2>/dev/null || exit 1
fi

hinv_node_version=$(tr -d ' \r\n' < "$hinv_root/.nvmrc")
hinv_runtime_dir="$hinv_root/.runtime/node-$hinv_node_version"

hinv_pnpm_version=12.21.0
hinv_pnpm_dir="$hinv_root/.runtime/pnpm-$hinv_pnpm_version"

# The machine's own node will do when it has the same major version.
hinv_node_ok() {
  command -v node >/dev/null 2>&1 \
    && [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "${hinv_node_version%%.*}" ]
}

if [ -x "$hinv_runtime_dir/bin/node" ]; then
  PATH="$hinv_runtime_dir/bin:$PATH"
  npm_config_nodedir="$hinv_runtime_dir"
elif hinv_node_ok; then
  # The machine's node is the right major: build native modules against its own headers.
  hinv_prefix=$(dirname "$(dirname "$(command -v node)")")
  if [ -f "$hinv_prefix/include/node/node.h" ]; then npm_config_nodedir="$hinv_prefix"; else unset npm_config_nodedir; fi
else
  case "$(uname -m)" in
    x86_64 | amd64) hinv_arch=x64 ;;
    aarch64 | arm64) hinv_arch=arm64 ;;
    armv7l) hinv_arch=armv7l ;;
    *) echo "runtime: no Node.js $hinv_node_version package for $(uname -m); install Node.js $hinv_node_version and run again" >&2; exit 1 ;;
  esac
  echo "runtime: fetching Node.js $hinv_node_version (node-linux-$hinv_arch) into .runtime/"
  hinv_tmp=$(mktemp -d)
  (cd "$hinv_tmp" && npm pack --silent "node-linux-$hinv_arch@$hinv_node_version" >/dev/null) || { rm -rf "$hinv_tmp"; exit 1; }
  tar -xzf "$hinv_tmp"/node-linux-*.tgz -C "$hinv_tmp"
  mkdir -p "$(dirname "$hinv_runtime_dir")"
  rm -rf "$hinv_runtime_dir"
  mv "$hinv_tmp/package" "$hinv_runtime_dir"
  rm -rf "$hinv_tmp"
  PATH="$hinv_runtime_dir/bin:$PATH"
  npm_config_nodedir="$hinv_runtime_dir"
fi

# pnpm is pinned here rather than in a packageManager field (that field breaks pnpm 12 here), and
# lives in .runtime/ too, so nothing is installed globally.
if [ ! -x "$hinv_pnpm_dir/node_modules/.bin/pnpm" ]; then
  echo "runtime: installing pnpm $hinv_pnpm_version into .runtime/"
  npm install --silent --no-save --no-package-lock --prefix "$hinv_pnpm_dir" "pnpm@$hinv_pnpm_version" >/dev/null || exit 1
fi
PATH="$hinv_pnpm_dir/node_modules/.bin:$PATH"
export PATH
if [ -n "${npm_config_nodedir:-}" ]; then export npm_config_nodedir; fi
unset hinv_root hinv_node_version hinv_pnpm_version hinv_pnpm_dir hinv_runtime_dir hinv_prefix hinv_arch hinv_tmp
