#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# release-check.sh TOP OUT SUITE [lint]: after `make deb`, prove the source
# package on Debian SUITE as its own builders and CI would see it:
#
#   build  dpkg-source -x and dpkg-buildpackage in a clean root of SUITE
#          that holds only essential, build-essential and the Build-Depends
#   test   Debian's autopkgtest-pkg-dkms test (/usr/lib/dkms/dkms-autopkgtest,
#          what autodep8 runs for "Testsuite: autopkgtest-pkg-dkms") on the
#          .deb just built, in a clean root with dkms and the release's
#          default kernel headers: installs the package from a local apt
#          repository, builds and installs the module for every kernel
#          whose headers are there.  It does not load the module, and the
#          root cannot (in-root.sh takes the capability away).
#   lint   (with "lint") SUITE's lintian --pedantic --display-info on the
#          .changes; any error or warning but the expected one fails
#
# Roots come from release-root.sh (cached).  Results and logs go to
# OUT/release/SUITE/; the unpacked roots are removed afterwards.
set -eu

top=$1
out=$2
suite=$3
lint=${4:-}
tools="$top/debian/tools"
deb_version=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
dsc="$out/deb-build/ath5k-dkms_$deb_version.dsc"
work="$out/release/$suite"
root="$work/root"

say() {
	echo "release-check $suite: $*"
}

fail() {
	echo "release-check $suite: FAIL: $*" >&2
	exit 1
}

now() {
	date +%s
}

# A fresh copy of a cached root of KIND under $root.
unpack_root() {
	tarball=$("$tools/release-root.sh" "$suite" "$1")
	rm -rf "$root"
	mkdir -p "$root"
	tar -C "$root" -xf "$tarball"
}

[ -f "$dsc" ] || fail "no $dsc: run make deb first"
rm -rf "$work"
mkdir -p "$work/result"

# ---- build: the source package from the .dsc, as a buildd would
start=$(now)
unpack_root build
mkdir -p "$root/build"
cp "$dsc" "$out/deb-build/ath5k-dkms_${deb_version%-*}.orig.tar".* \
	"$out/deb-build/ath5k-dkms_$deb_version.debian.tar".* "$root/build/"
say "dpkg-buildpackage in a clean $suite root (log: $work/build.log)"
if ! "$tools/in-root.sh" "$root" "cd /build && dpkg-source -x ath5k-dkms_$deb_version.dsc src &&
	cd src && dpkg-buildpackage --build=full --no-sign" >"$work/build.log" 2>&1; then
	tail -n 30 "$work/build.log" >&2
	fail "dpkg-buildpackage failed in a clean $suite root; full log: $work/build.log"
fi
cp "$root"/build/*.deb "$root"/build/*.changes "$root"/build/*.buildinfo "$root"/build/*.dsc \
	"$root"/build/*.tar.* "$work/result/"
deb="$work/result/ath5k-dkms_${deb_version}_all.deb"
changes=$(ls "$work"/result/ath5k-dkms_"${deb_version}"_*.changes)
say "built $(basename "$deb"), Depends: $(dpkg-deb -f "$deb" Depends) ($(($(now) - start)) s)"

# ---- test: dkms-autopkgtest against the .deb just built
start=$(now)
unpack_root test
mkdir -p "$root/srv/ath5k-repo" "$root/build"
cp "$deb" "$root/srv/ath5k-repo/"
(cd "$root/srv/ath5k-repo" && dpkg-scanpackages --multiversion . >Packages 2>/dev/null)
# Only the local repository: the root's other packages are already in.
rm -f "$root/etc/apt/sources.list"
find "$root/etc/apt/sources.list.d" -type f -delete
echo "deb [trusted=yes] file:/srv/ath5k-repo ./" >"$root/etc/apt/sources.list.d/ath5k-local.list"
# autopkgtest runs the test from the unpacked source tree.
dpkg-source -x "$work/result/ath5k-dkms_$deb_version.dsc" "$root/build/src" >/dev/null 2>&1
kernels=$(cd "$root/lib/modules" && ls)
say "dkms-autopkgtest for kernel(s) $kernels (log: $work/autopkgtest.log)"
status=0
"$tools/in-root.sh" "$root" "apt-get update -q >/dev/null && cd /build/src &&
	/usr/lib/dkms/dkms-autopkgtest" >"$work/autopkgtest.log" 2>&1 || status=$?
sed -n '/^I: Summary:/,$p' "$work/autopkgtest.log" | sed 's/^/    /'
if [ "$status" -ne 0 ]; then
	tail -n 40 "$work/autopkgtest.log" >&2
	fail "dkms-autopkgtest exited $status; full log: $work/autopkgtest.log"
fi
for kernel in $kernels; do
	# "I: PASS <kernel>" (dkms 3.0) or "I: PASS <module>/<version> <kernel>" (3.2).
	grep -qE "^I: PASS ([^ ]+ )?$(printf '%s' "$kernel" | sed 's/[.+]/\\&/g')\$" "$work/autopkgtest.log" ||
		fail "dkms-autopkgtest did not build and install the module for $kernel"
done
say "dkms-autopkgtest passed ($(($(now) - start)) s)"

# ---- lint: the release's own lintian
if [ "$lint" = lint ]; then
	start=$(now)
	unpack_root lint
	mkdir -p "$root/build"
	cp "$work"/result/* "$root/build/"
	lintian_version=$("$tools/in-root.sh" "$root" "dpkg-query -W -f '\${Version}' lintian")
	"$tools/in-root.sh" "$root" "lintian --pedantic --display-info --tag-display-limit 0 \
		/build/$(basename "$changes")" >"$work/lintian.log" 2>&1 || true
	grep -v -e 'running with root privileges' -e '^$' "$work/lintian.log" | sed 's/^/    /' || true
	# README.Debian, "Upload to Debian": no ITP is filed yet.
	if grep -E '^[EWX]: ' "$work/lintian.log" | grep -qv ': initial-upload-closes-no-bugs '; then
		fail "$suite's lintian reports errors or warnings (above)"
	fi
	say "lintian $lintian_version: nothing but the expected tag ($(($(now) - start)) s)"
fi

rm -rf "$root"
say "passed"
