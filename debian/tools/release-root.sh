#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# release-root.sh SUITE KIND: print the path of a clean Debian root tarball
# of SUITE (bookworm, trixie, forky...), made with mmdebstrap on first use
# and cached under $ATH5K_CACHE/roots/ by a hash of what goes into it
# (suite, variant, package list, architecture and ROOT_RECIPE below, to be
# raised when the way a root is made changes).
#
#   build  buildd variant (essential + build-essential) plus the source
#          package's Build-Depends: the root dpkg-buildpackage runs in
#   test   what Debian's autopkgtest-pkg-dkms test needs installed before
#          the package: dkms, the release's default kernel headers, openssl
#
# mmdebstrap is given no mirror, so it uses the host's apt configuration
# (the mirror apt already uses); nothing here names a host.  A cached root
# is refreshed after ROOT_MAX_DAYS (default 7) so it follows the archive.
set -eu

suite=$1
kind=$2
cache=${ATH5K_CACHE:-$HOME/.cache/ath5k-dkms}/roots
max_days=${ROOT_MAX_DAYS:-7}
arch=$(dpkg --print-architecture)

case $kind in
build)
	variant=buildd
	packages="debhelper,dh-dkms"
	;;
test)
	variant=minbase
	packages="dkms,linux-headers-$arch,openssl,dctrl-tools"
	;;
lint)
	variant=minbase
	packages="lintian"
	;;
rpm)
	variant=minbase
	packages="dkms,linux-headers-$arch,openssl,rpm"
	;;
*)
	echo "release-root: KIND is build, test, lint or rpm, not '$kind'" >&2
	exit 2
	;;
esac

ROOT_RECIPE=1
key=$(printf '%s\n' "$suite" "$variant" "$packages" "$arch" "$ROOT_RECIPE" |
	sha256sum | cut -c1-16)
root="$cache/$suite-$kind-$key.tar"
mkdir -p "$cache"

fresh() {
	[ -f "$root" ] && [ -z "$(find "$root" -maxdepth 0 -mtime +"$max_days")" ]
}
if fresh; then
	echo "$root"
	exit 0
fi
# One build per root at a time (make check warms the cache in the
# background): a second caller waits for the first, then finds it made.
exec 9> "$root.lock"
if ! flock -n 9; then
	echo "release-root: waiting for another build of $suite ($kind)" >&2
	flock 9
	if fresh; then
		echo "$root"
		exit 0
	fi
fi

echo "release-root: mmdebstrap $suite ($kind: $packages); log: $root.log" >&2
rm -f "$root".new
# The archive this machine reaches may serve Release files past their
# Valid-Until (a frozen copy, as in the lab); accept them as the lab does.
if ! mmdebstrap --format=tar --variant="$variant" --architecture="$arch" --include="$packages" \
	--aptopt='Acquire::Check-Valid-Until "false"' \
	"$suite" "$root.new" >"$root.log" 2>&1; then
	tail -n 20 "$root.log" >&2
	echo "release-root: mmdebstrap $suite failed; full log: $root.log" >&2
	rm -f "$root.new"
	exit 1
fi
mv "$root.new" "$root"
# Older roots of the same suite and kind are superseded.
find "$cache" -maxdepth 1 -name "$suite-$kind-*.tar*" ! -name "$(basename "$root")*" -delete
echo "$root"
