#!/usr/bin/env bash
# Browser journeys drive Debian's Chromium (nothing downloads a browser at run time).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: install it with 'sudo apt-get install chromium'" >&2
  exit 1
fi
echo "› Installing Chromium from Debian's packages" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
