#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# lint-packages.sh TOP OUT: after `make deb rpm`, run lintian and rpmlint on
# what they built and check that both packages ship VERSION's version in
# their metadata and in the dkms.conf under /usr/src.
set -eu

top=$1
out=$2
version=$(cat "$top/VERSION")
deb_version=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
deb="$out/ath5k-dkms_${deb_version}_all.deb"
changes="$out/deb-build/ath5k-dkms_${deb_version}_$(dpkg --print-architecture).changes"
for rpm_file in "$out"/ath5k-dkms-"$version"-*.noarch.rpm; do :; done
scratch="$out/package-lint"
failed=0

fail() {
	echo "lint-packages: FAIL: $*" >&2
	failed=1
}

echo "lint-packages: lintian on $(basename "$changes") (source and binary)"
lintian_status=0
lintian_log=$(lintian --fail-on error,warning "$changes" 2>&1) || lintian_status=$?
# Root is what CI runs as; lintian's notice about it is noise here.
printf '%s\n' "$lintian_log" | grep -v -e 'running with root privileges' -e '^$' || true
[ "$lintian_status" -eq 0 ] || fail "lintian reports errors or warnings (above)"

echo "lint-packages: rpmlint on the spec and $(basename "$rpm_file")"
rpmlint_log=$(rpmlint -r "$top/rpm/ath5k-dkms.rpmlintrc" "$top/rpm/ath5k-dkms.spec" "$rpm_file" 2>&1) || true
printf '%s\n' "$rpmlint_log" | grep -E '^(ath5k-dkms| *[0-9]+ packages)' || true
printf '%s\n' "$rpmlint_log" | grep -q ' 0 errors, 0 warnings' || fail "rpmlint reports errors or warnings (above)"

# What users get: the version in each package's metadata and shipped dkms.conf.
rm -rf "$scratch"
mkdir -p "$scratch/deb" "$scratch/rpm"
dpkg-deb -x "$deb" "$scratch/deb"
(cd "$scratch/rpm" && rpm2cpio "$rpm_file" | cpio -idm --quiet)
for kind in deb rpm; do
	conf="$scratch/$kind/usr/src/ath5k-$version/dkms.conf"
	if [ ! -f "$conf" ]; then
		fail "the .$kind has no /usr/src/ath5k-$version/dkms.conf"
		continue
	fi
	grep -qx "PACKAGE_VERSION=\"$version\"" "$conf" || fail "the .$kind's dkms.conf does not say version $version"
	[ -x "$scratch/$kind/usr/libexec/ath5k-dkms/dkms-helper" ] || fail "the .$kind has no dkms-helper"
done
[ "$(dpkg-deb -f "$deb" Version)" = "$deb_version" ] || fail "the .deb's version is not $deb_version"
[ "$(rpm -qp --qf '%{VERSION}' "$rpm_file" 2>/dev/null)" = "$version" ] || fail "the .rpm's version is not $version"
# Debian 11 has dkms 2.8.4: the .deb must not ask for more.
case "$(dpkg-deb -f "$deb" Depends)" in
*"dkms (>= 2.8.4)"*) ;;
*) fail "the .deb's Depends is not 'dkms (>= 2.8.4)': $(dpkg-deb -f "$deb" Depends)" ;;
esac

[ "$failed" -eq 0 ] || exit 1
echo "lint-packages: lintian and rpmlint clean; both packages ship ath5k $version"
