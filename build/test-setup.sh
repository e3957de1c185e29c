#!/usr/bin/env bash
# Installs the system parts the tests use for real: Chromium (UI tests), gnome-keyring + D-Bus (dbus-send:
# the keyring's lock check; the OS keychain's Secret Service), `script` (bsdutils: the conformance client leg's terminal), pass + gnupg and
# keepassxc (keepassxc-cli: the secret stores' tests). Debian/Ubuntu; safe to run again.
set -euo pipefail
packages=(chromium gnome-keyring dbus dbus-bin libsecret-tools bsdutils pass gnupg keepassxc)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "test setup: ${packages[*]} already installed"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "test setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "test setup: done"
