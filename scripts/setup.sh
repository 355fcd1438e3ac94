#!/usr/bin/env bash
# Installs the Debian packages layout-opt needs (third_party/debian-packages.txt)
# and, when it can, the optional ones (third_party/debian-packages-optional.txt:
# clang-22 for the fuzz targets, Python bindings). A required package that
# fails to install fails the set-up; an optional one only warns.
# Idempotent: does nothing when every package is already installed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

read_list() { grep -v '^\s*#' "$1" | sed '/^\s*$/d'; }
missing_of() {
  local pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      echo "$pkg"
    fi
  done
}
mapfile -t required < <(read_list "$root/third_party/debian-packages.txt")
mapfile -t optional < <(read_list "$root/third_party/debian-packages-optional.txt")
mapfile -t missing_required < <(missing_of "${required[@]}")
mapfile -t missing_optional < <(missing_of "${optional[@]}")
if [ "${#missing_required[@]}" -eq 0 ] && [ "${#missing_optional[@]}" -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
apt_install() { $sudo apt-get install -y -q --no-install-recommends "$@"; }
updated=0
if [ "${#missing_required[@]}" -ne 0 ]; then
  echo "setup: installing ${missing_required[*]}"
  $sudo apt-get update -q
  updated=1
  apt_install "${missing_required[@]}"
fi
if [ "${#missing_optional[@]}" -ne 0 ]; then
  echo "setup: installing optional ${missing_optional[*]}"
  if [ "$updated" -eq 0 ]; then $sudo apt-get update -q || true; fi
  apt_install "${missing_optional[@]}" ||
    echo "setup: warning: optional packages not installed (fuzz targets and clang sanitizer build unavailable)" >&2
fi
