#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# check-scriptlets.sh TOP OUT SUITE: after `make rpm`, run the .rpm's
# scriptlets for real in a clean Debian SUITE root that has dkms, the
# release's kernel headers and rpm: install, reinstall of the same
# version, upgrade to a test build of the next version, erase; after each,
# dkms must hold exactly the expected version, built and installed.
# dkms's common.postinst builds for kernels whose headers are there; the
# root cannot load modules (in-root.sh).  rpm -i --nodeps, because the
# root's dkms comes from dpkg and rpm's database does not know it.
set -eu

top=$1
out=$2
suite=$3
version=$(cat "$top/VERSION")
next="$version.1"
work="$out/rpm-scriptlets/$suite"
root="$work/root"

fail() {
	echo "check-scriptlets $suite: FAIL: $*" >&2
	exit 1
}

rm -rf "$work"
mkdir -p "$root/pkgs"
"$top/rpm/build-rpm.sh" "$top" "$work/next" "$next" >/dev/null
tar -C "$root" -xf "$("$top/debian/tools/release-root.sh" "$suite" rpm)"
cp "$out/ath5k-dkms-$version-1.noarch.rpm" "$work/next/ath5k-dkms-$next-1.noarch.rpm" "$root/pkgs/"

# step NAME EXPECTED-VERSION COMMAND: run COMMAND in the root, then check
# that dkms has EXPECTED-VERSION ("none": nothing) installed and no other.
step() {
	echo "check-scriptlets $suite: $1 (log: $work/$1.log)"
	"$top/debian/tools/in-root.sh" "$root" "$3" >"$work/$1.log" 2>&1 ||
		{ tail -n 20 "$work/$1.log" >&2; fail "$1: rpm exited non-zero"; }
	state=$("$top/debian/tools/in-root.sh" "$root" "dkms status ath5k")
	echo "    dkms: ${state:-nothing}"
	if [ "$2" = none ]; then
		[ -z "$state" ] || fail "$1: dkms still holds ath5k"
		if [ -e "$root/usr/src/ath5k-$version" ] || [ -e "$root/usr/src/ath5k-$next" ]; then
			fail "$1: a source tree is left under /usr/src"
		fi
		return 0
	fi
	[ "$(printf '%s\n' "$state" | wc -l)" -eq 1 ] || fail "$1: dkms holds more than one ath5k"
	case $state in
	"ath5k/$2, "*": installed"*) ;;
	*) fail "$1: expected ath5k/$2 installed, dkms says: ${state:-nothing}" ;;
	esac
}

step install "$version" "rpm -i --nodeps /pkgs/ath5k-dkms-$version-1.noarch.rpm"
step reinstall "$version" "rpm -U --nodeps --replacepkgs /pkgs/ath5k-dkms-$version-1.noarch.rpm"
step upgrade "$next" "rpm -U --nodeps /pkgs/ath5k-dkms-$next-1.noarch.rpm"
step erase none "rpm -e --nodeps ath5k-dkms"
rm -rf "$root"
echo "check-scriptlets $suite: install, reinstall, upgrade and erase leave dkms as expected"
