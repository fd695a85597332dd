#!/bin/sh
# Browser tests drive Debian's chromium (never a downloaded browser); install it when missing.
set -eu
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "ensure-browser: installing Debian's chromium"
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
command -v chromium >/dev/null 2>&1
