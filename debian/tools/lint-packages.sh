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

echo "lintian: $(basename "$changes") (source and binary), --pedantic --display-info"
# Errors and warnings fail, with two exceptions, both shown:
#  - initial-upload-closes-no-bugs: no ITP is filed yet (README.Debian,
#    "Upload to Debian");
#  - newer-standards-version, when this host's lintian is older than the
#    Standards-Version the package follows (Debian 12's knows 4.6.2); the
#    newest release's lintian judges that in `make check-package-releases`.
# Pedantic and informational tags are shown for the reader.
lintian_log=$(lintian --pedantic --display-info --tag-display-limit 0 "$changes" 2>&1) || true
# Root is what CI runs as; lintian's notice about it is noise here.
lintian_log=$(printf '%s\n' "$lintian_log" | grep -v -e 'running with root privileges' -e '^$' || true)
printf '%s\n' "$lintian_log" | sed 's/^/    /'
unexpected=$(printf '%s\n' "$lintian_log" | grep -E '^[EWX]: ' |
	grep -v -e ': initial-upload-closes-no-bugs ' -e ': newer-standards-version ' || true)
[ -z "$unexpected" ] || fail "lintian reports errors or warnings (above)"

srpm_file="${rpm_file%.noarch.rpm}.src.rpm"
[ -f "$srpm_file" ] || fail "make rpm wrote no source RPM $(basename "$srpm_file")"
echo "rpmlint: the spec, $(basename "$rpm_file") and $(basename "$srpm_file")"
rpmlint_log=$(rpmlint -r "$top/rpm/ath5k-dkms.rpmlintrc" "$top/rpm/ath5k-dkms.spec" "$rpm_file" \
	"$srpm_file" 2>&1) || true
printf '%s\n' "$rpmlint_log" | grep -E '^(ath5k-dkms| *[0-9]+ packages)' | sed 's/^/    /' || true
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
# dh_dkms sets the dkms floor from dkms.conf (BUILD_EXCLUSIVE_CONFIG needs
# dkms >= 3.0.3-4); a hand-written floor would go stale.
case "$(dpkg-deb -f "$deb" Depends)" in
*"dkms (>= 3."*) ;;
*) fail "the .deb does not depend on dkms >= 3 as dh_dkms sets it: $(dpkg-deb -f "$deb" Depends)" ;;
esac
for unneeded in src/module.mk LICENSES; do
	[ ! -e "$scratch/deb/usr/src/ath5k-$version/$unneeded" ] ||
		fail "the .deb ships $unneeded under /usr/src, which the module build does not read"
done

[ "$failed" -eq 0 ] || exit 1
echo "lint-packages: lintian and rpmlint clean; both packages ship ath5k $version"
