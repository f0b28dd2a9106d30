#!/bin/bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# toolbox.sh build|path|run CMD...
#
# The toolbox is a small Debian 13 root with QEMU from trixie-backports
# (vfio-user-pci needs QEMU >= 10.1; Debian 12 ships 7.2) and the newest
# kernel headers, plus what a Secure Boot cell's firmware needs (OVMF, its
# variable store edited by virt-fw-vars, a FAT ESP made with mtools);
# backports is pinned like the main suite so the newer
# version of every package wins and dependencies resolve (the API src/ is written against).  It lives in the cache,
# named by the hash of this recipe, and commands run in it under chroot
# (chroot-run.sh).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${ATH5K_CACHE:-$HOME/.cache/ath5k-dkms}

suite=trixie
packages=(
	qemu-system-x86 qemu-utils linux-headers-amd64
	build-essential sparse kmod bc flex bison libelf-dev libssl-dev
	ca-certificates cpio zstd
	ovmf python3-virt-firmware dosfstools mtools
)

# The recipe is what decides the root's content: the suite, the packages
# and the build function (not how commands are run in it).
recipe_hash() {
	{ echo "$suite"; printf '%s\n' "${packages[@]}"; declare -f build; } |
		sha256sum | cut -c1-12
}

build() {
	# One build at a time; a second caller waits, then finds it ready.
	mkdir -p "$cache"
	exec 9> "$root.lock"
	if ! flock -n 9; then
		echo "toolbox: waiting for another build of $root"
		flock 9
	fi
	if [ -e "$root/.complete" ]; then
		echo "toolbox: up to date at $root"
		return 0
	fi
	local archive security
	read -r archive security < <("$here/debian-mirrors.sh")
	rm -rf "$root.tmp"
	echo "toolbox: building Debian $suite root with QEMU from backports in $root (a few minutes)"
	mmdebstrap --variant=apt --include="$(IFS=,; echo "${packages[*]}")" \
		--components=main --aptopt='Acquire::Retries "3"' \
		--setup-hook='mkdir -p "$1/etc/apt/preferences.d" && printf "%s\n" \
			"Package: *" "Pin: release n='"$suite"'-backports" "Pin-Priority: 500" \
			> "$1/etc/apt/preferences.d/backports"' \
		"$suite" "$root.tmp" \
		"deb $archive $suite main" \
		"deb $archive $suite-updates main" \
		"deb $archive $suite-backports main" \
		"deb $security $suite-security main"
	touch "$root.tmp/.complete"
	rm -rf "$root"
	mv "$root.tmp" "$root"
	echo "toolbox: ready: $("$0" run qemu-system-x86_64 --version | head -n1)"
}

run() {
	[ -e "$root/.complete" ] || { echo "toolbox: not built; run '$0 build'" >&2; exit 1; }
	exec "$here/chroot-run.sh" "$root" "$@"
}

root="$cache/toolbox-$suite-$(recipe_hash)"

case "${1:-}" in
build) build ;;
path) echo "$root" ;;
run) shift; run "$@" ;;
*) echo "usage: $0 build|path|run CMD..." >&2; exit 2 ;;
esac
