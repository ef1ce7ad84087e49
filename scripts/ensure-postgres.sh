#!/usr/bin/env bash
# Finds the PostgreSQL server binaries the tests start their throwaway cluster with, and prints their
# folder on stdout: $PG_BIN_DIR when set, else the newest /usr/lib/postgresql/<version>/bin (Debian's
# layout). When none is found, root installs Debian's postgresql package (one line of output, and no
# cluster of the package's own); anyone else is told the command to run.
set -euo pipefail

if [ -n "${PG_BIN_DIR:-}" ]; then
  if [ -x "$PG_BIN_DIR/initdb" ] && [ -x "$PG_BIN_DIR/pg_ctl" ]; then echo "$PG_BIN_DIR"; exit 0; fi
  echo "✗ PG_BIN_DIR=$PG_BIN_DIR holds no initdb and pg_ctl: point it at PostgreSQL's bin folder, or unset it." >&2
  exit 1
fi

find_postgres() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n | while read -r d; do [ -x "$d/initdb" ] && echo "$d"; done | tail -n 1)"
  [ -n "$dir" ] && echo "$dir"
}

if find_postgres; then exit 0; fi

if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "✗ No PostgreSQL found for the PostgreSQL tests: run 'sudo apt-get install postgresql' (Debian/Ubuntu, 15 or newer), or set PG_BIN_DIR to its bin folder." >&2
  exit 1
fi

echo "› No PostgreSQL found: installing Debian's postgresql package with apt-get (as root)" >&2
# The tests start their own cluster: keep the package from creating and starting one.
mkdir -p /etc/postgresql-common/createcluster.d
echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/50-no-main-cluster.conf
log="${TMPDIR:-/tmp}/ensure-postgres.log"
if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "✗ apt-get could not install postgresql (output above)." >&2
  exit 1
fi
find_postgres || { echo "✗ postgresql was installed but no /usr/lib/postgresql/<version>/bin/initdb was found." >&2; exit 1; }
