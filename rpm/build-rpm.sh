#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# build-rpm.sh TOP OUT [VERSION]: build the noarch ath5k-dkms RPM and its
# source RPM with rpmbuild in a scratch tree under OUT/rpm-build and copy
# both to OUT.  Works
# on Debian (package rpm): no BuildRequires to resolve.  A VERSION other than
# the VERSION file's makes a test build with its own %changelog entry (for
# the lab's upgrade checks); the repository is not changed.
set -eu

top=$1
out=$2
work="$out/rpm-build"
version=${3:-$(cat "$top/VERSION")}
spec="$work/ath5k-dkms.spec"

echo "build-rpm: staging the source in $work"
rm -rf "$work"
mkdir -p "$work/SOURCES" "$work/stage"
"$top/debian/tools/stage-source.sh" "$top" "$work/stage" "$version" >/dev/null
mv "$work/stage/ath5k-dkms_$version.orig.tar.xz" "$work/SOURCES/ath5k-dkms-$version.tar.xz"
cp "$top/debian/dkms-helper.sh" "$top/debian/README.dkms" \
	"$top/debian/older-chips.modprobe.conf" "$top/debian/load-kernel-ath5k.sh" "$work/SOURCES/"

cp "$top/rpm/ath5k-dkms.spec" "$spec"
if ! grep -q "^Version:[[:space:]]*$version\$" "$spec"; then
	echo "build-rpm: test build of version $version (not VERSION's)"
	entry="* $(LC_ALL=C date -u '+%a %b %d %Y') The ath5k-dkms authors <ath5k-dkms@example.org> - $version-1"
	sed -i -e "s/^Version:.*/Version:        $version/" \
		-e "/^%changelog/a $entry\\n- Test build of version $version from the working tree.\\n" "$spec"
fi

echo "build-rpm: rpmbuild (log: $work/build.log)"
# A build system, not the spec, names the packager.
if ! rpmbuild --define "_topdir $work" \
	--define "packager The ath5k-dkms authors <ath5k-dkms@example.org>" -ba "$spec" >"$work/build.log" 2>&1; then
	tail -n 30 "$work/build.log" >&2
	echo "build-rpm: rpmbuild failed; full log: $work/build.log" >&2
	exit 1
fi

for rpm in "$work"/RPMS/noarch/ath5k-dkms-"$version"-*.noarch.rpm \
	"$work"/SRPMS/ath5k-dkms-"$version"-*.src.rpm; do
	cp "$rpm" "$out/"
	echo "build-rpm: wrote $out/$(basename "$rpm")"
done
