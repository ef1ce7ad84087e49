#!/usr/bin/env bash
# Finds the Chromium the browser journeys drive and prints its path on stdout: $CHROMIUM_PATH when
# set, else the first Chromium or Chrome on PATH (or in /Applications on macOS). Nothing downloads a
# browser at run time: when none is found, root installs Debian's package (one line of output);
# anyone else is told the command to run.
set -euo pipefail

if [ -n "${CHROMIUM_PATH:-}" ]; then
  if [ -x "$CHROMIUM_PATH" ]; then echo "$CHROMIUM_PATH"; exit 0; fi
  echo "✗ CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file: point it at a Chromium or Chrome binary, or unset it." >&2
  exit 1
fi

find_chromium() {
  local name
  for name in chromium chromium-browser google-chrome-stable google-chrome; do
    command -v "$name" && return 0
  done
  for app in "/Applications/Chromium.app/Contents/MacOS/Chromium" "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; do
    if [ -x "$app" ]; then echo "$app"; return 0; fi
  done
  return 1
}

if find_chromium; then exit 0; fi

if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "✗ No Chromium found for the browser journeys: run 'sudo apt-get install chromium' (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
  exit 1
fi

echo "› No Chromium found: installing Debian's chromium package with apt-get (as root)" >&2
log="${TMPDIR:-/tmp}/ensure-chromium.log"
if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "✗ apt-get could not install chromium (output above)." >&2
  exit 1
fi
find_chromium || { echo "✗ chromium was installed but is not on PATH." >&2; exit 1; }
