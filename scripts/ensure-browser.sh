#!/bin/sh
# Browser tests drive Debian's chromium (never a downloaded browser) and feed it a fake camera
# made with ffmpeg; the receipt tests make iPhone-style HEIC photos with libheif's heif-enc; the
# privacy tests open the export with Info-ZIP's unzip, a reader independent of the one that wrote it.
# Installs what is missing from apt.
set -eu
missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v ffmpeg >/dev/null 2>&1 || missing="$missing ffmpeg"
command -v heif-enc >/dev/null 2>&1 || missing="$missing libheif-examples"
command -v unzip >/dev/null 2>&1 || missing="$missing unzip"
[ -z "$missing" ] && exit 0
echo "ensure-browser: installing$missing"
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
command -v chromium >/dev/null 2>&1 && command -v ffmpeg >/dev/null 2>&1 && command -v heif-enc >/dev/null 2>&1 && command -v unzip >/dev/null 2>&1
