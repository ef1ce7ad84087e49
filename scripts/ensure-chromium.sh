#!/usr/bin/env bash
# Finds the Chromium the browser journeys drive and prints its path on stdout: $CHROMIUM_PATH when
# set, else Debian's chromium-headless-shell on PATH (Chromium's own headless build, the same engine
# without the browser's window machinery: the journeys cost about 40 % less CPU in it, decision 125),
# installed with apt-get when run as root; else the first Chromium or Chrome on PATH (or in
# /Applications on macOS). Nothing downloads a browser at run time: when none is found and this is
# not root, it prints the command to run.
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

if command -v chromium-headless-shell; then exit 0; fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "› Installing Debian's chromium-headless-shell package with apt-get (as root), for the browser journeys" >&2
  log="${TMPDIR:-/tmp}/ensure-chromium.log"
  install_shell() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-dejavu-core; }
  # The package lists of a fresh machine may be stale or missing: updated only when the install needs it.
  if { install_shell || { DEBIAN_FRONTEND=noninteractive apt-get update -qq && install_shell; }; } >"$log" 2>&1 && command -v chromium-headless-shell; then
    exit 0
  fi
  cat "$log" >&2
  if find_chromium; then exit 0; fi
  echo "✗ apt-get could not install chromium-headless-shell (output above)." >&2
  exit 1
fi

if find_chromium; then exit 0; fi
echo "✗ No Chromium found for the browser journeys: run 'sudo apt-get install chromium-headless-shell' (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
exit 1
