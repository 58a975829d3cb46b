#!/usr/bin/env bash
# The e2e journeys drive Debian's Chromium through playwright-core (no browser download).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Chromium missing: installing Debian's chromium..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $CHROMIUM. Install it (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
