#!/bin/bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# build.sh [--print-dir]
#
# Builds the debug-kernel cell's kernel from Debian trixie's linux-source
# package with debug.config (KASAN, UBSAN, lockdep, kmemleak, DMA-API
# debug, fault injection), as .deb packages (bindeb-pkg: linux-image with
# modules, linux-headers for dkms), unless the cache already holds that
# build.  Two cache entries:
#   $ATH5K_CACHE/kbuild-trixie-RHASH/      the trixie build root (compiler,
#                                          linux-source); RHASH: its recipe
#   $ATH5K_CACHE/debug-kernel/VERSION-KHASH/  the .debs, the final .config
#                                          and build.log; KHASH covers the
#                                          source version, debug.config
#                                          and this script
# The compile runs under `nice` (ATH5K_KBUILD_NICE, default 15) with
# ATH5K_KBUILD_JOBS jobs (default: CPUs), printing progress each minute.
# --print-dir prints the kernel entry's path (building only the root).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
lab=$(cd "$here/.." && pwd)
cache=${ATH5K_CACHE:-$HOME/.cache/ath5k-dkms}
fragment=$here/debug.config
suite=trixie
source_package=linux-source-6.12
packages=(
	"$source_package" build-essential bc bison flex libelf-dev libssl-dev
	cpio kmod xz-utils zstd rsync python3 dpkg-dev debhelper fakeroot
)
nice_level=${ATH5K_KBUILD_NICE:-15}
jobs=${ATH5K_KBUILD_JOBS:-$(nproc)}

say() { echo "debug-kernel: $*"; }
die() { echo "debug-kernel: $*" >&2; exit 1; }

root_hash() {
	{ echo "$suite"; printf '%s\n' "${packages[@]}"; declare -f make_root; } |
		sha256sum | cut -c1-12
}
# Runs a command in the build root with the cache visible at the same path.
in_root() {
	unshare --mount --propagation private -- /bin/bash -c '
		set -e
		root=$1 cache=$2; shift 2
		for d in /dev /proc /sys "$cache"; do
			mkdir -p "$root$d"
			mount --rbind "$d" "$root$d"
		done
		exec chroot "$root" "$@"
	' in-root "$root" "$cache" "$@"
}

make_root() {
	local archive security
	read -r archive security < <("$lab/debian-mirrors.sh")
	rm -rf "$root.tmp"
	say "building the $suite build root ($source_package and compilers) in $root (a few minutes)"
	mmdebstrap --variant=apt --components=main \
		--include="$(IFS=,; echo "${packages[*]}")" \
		--aptopt='Acquire::Retries "3"' \
		--dpkgopt='path-exclude=/usr/share/man/*' \
		--dpkgopt='path-exclude=/usr/share/locale/*' \
		--dpkgopt='path-exclude=/usr/share/doc/*' \
		"$suite" "$root.tmp" \
		"deb $archive $suite main" \
		"deb $archive $suite-updates main" \
		"deb $security $suite-security main" > "$cache/kbuild-$suite.log" 2>&1 ||
		die "mmdebstrap failed; see $cache/kbuild-$suite.log"
	touch "$root.tmp/.complete"
	rm -rf "$root"
	mv "$root.tmp" "$root"
}

root="$cache/kbuild-$suite-$(root_hash)"
mkdir -p "$cache"
exec 8> "$root.lock"
flock 8
[ -e "$root/.complete" ] || make_root
flock -u 8

version=$(chroot "$root" dpkg-query -W -f '${Version}' "$source_package")
[ -n "$version" ] || die "no $source_package in $root"
khash=$({ echo "$version"; cat "$fragment" "$0"; } | sha256sum | cut -c1-12)
dir="$cache/debug-kernel/$version-$khash"
if [ "${1:-}" = --print-dir ]; then
	echo "$dir"
	exit 0
fi

mkdir -p "$cache/debug-kernel"
exec 9> "$dir.lock"
if ! flock -n 9; then
	say "waiting for another build of $dir"
	flock 9
fi
if [ -e "$dir/.complete" ]; then
	say "up to date at $dir"
	exit 0
fi

work="$dir.tmp"
rm -rf "$work"
mkdir -p "$work"
log="$work/build.log"
t0=$(date +%s)
say "$source_package $version: unpacking"
tar -xf "$root/usr/src/$source_package.tar.xz" -C "$work"
src="$work/$source_package"
[ -f "$src/Makefile" ] || die "no kernel tree in $src"

# The kernel's version carries the cache key, so two builds never share a
# /lib/modules directory in a guest.
kmake() {
	in_root nice -n "$nice_level" make -C "$src" -j"$jobs" \
		LOCALVERSION="-ath5kdebug" KDEB_COMPRESS=gzip \
		KDEB_PKGVERSION="$version+ath5kdebug.$khash" "$@"
}

say "configuring: x86_64_defconfig + kvm_guest.config + $(basename "$fragment")"
kmake x86_64_defconfig > "$log" 2>&1
# The build root sees the cache only: the fragment goes along.
cp "$fragment" "$work/debug.config"
in_root bash -c 'cd "$1" && scripts/kconfig/merge_config.sh -m .config \
	kernel/configs/kvm_guest.config "$2"' merge "$src" "$work/debug.config" >> "$log" 2>&1
kmake olddefconfig >> "$log" 2>&1
# Every line of the fragment must survive olddefconfig (an unmet
# dependency drops a symbol silently).
missing=$(grep -E '^(CONFIG_[A-Z0-9_]+=|# CONFIG_[A-Z0-9_]+ is not set)' "$fragment" |
	while read -r line; do
		case $line in
		"# "*)
			sym=${line#\# }; sym=${sym%% *}
			grep -qE "^$sym=[ym]" "$src/.config" && echo "$line" || true ;;
		*)
			grep -qxF "$line" "$src/.config" || echo "$line" ;;
		esac
	done)
[ -z "$missing" ] || die "not in the final .config: $(echo "$missing" | tr '\n' ' ')"
cp "$src/.config" "$work/config"
krel=$(kmake -s kernelrelease 2>/dev/null | tail -n1)
say "kernel $krel configured; compiling with $jobs jobs at nice $nice_level (log: $log)"

kmake bindeb-pkg >> "$log" 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
	sleep 60 & wait $! || true
	n=$(grep -cE '^  (CC|AS)( \[M\])? ' "$log" || true)
	say "$(( ($(date +%s) - t0) / 60 )) min: $n files compiled; $(tail -n1 "$log" | cut -c1-70)"
done
wait "$pid" || die "build failed; see $log: $(grep -m3 -E 'error|Error' "$log" | tr '\n' ' ')"

ls "$work"/linux-image-*.deb "$work"/linux-headers-*.deb > /dev/null ||
	die "bindeb-pkg made no image or headers package; see $log"
rm -rf "$src"
t1=$(date +%s)
cat > "$work/kernel.env" <<ENV
source_version=$version
kernel_release=$krel
build_seconds=$((t1 - t0))
ENV
touch "$work/.complete"
rm -rf "$dir"
mv "$work" "$dir"
for old in "$cache/debug-kernel/"*-????????????; do
	[ "$old" = "$dir" ] || [ ! -e "$old/.complete" ] || rm -rf "$old" "$old.lock"
done
say "ready at $dir (kernel $krel, $(( (t1 - t0) / 60 )) min)"
