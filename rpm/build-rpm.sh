#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# build-rpm.sh TOP OUT: build the noarch ath5k-dkms RPM with rpmbuild in a
# scratch tree under OUT/rpm-build and copy it to OUT.  Works on Debian
# (package rpm): no BuildRequires to resolve.
set -eu

top=$1
out=$2
work="$out/rpm-build"
version=$(cat "$top/VERSION")

echo "build-rpm: staging the source in $work"
rm -rf "$work"
mkdir -p "$work/SOURCES" "$work/stage"
"$top/debian/tools/stage-source.sh" "$top" "$work/stage" >/dev/null
mv "$work/stage/ath5k-dkms_$version.orig.tar.xz" "$work/SOURCES/ath5k-dkms-$version.tar.xz"
cp "$top/debian/dkms-helper.sh" "$top/debian/README.dkms" "$work/SOURCES/"

echo "build-rpm: rpmbuild (log: $work/build.log)"
# A build system, not the spec, names the packager.
if ! rpmbuild --define "_topdir $work" \
	--define "packager The ath5k-dkms authors <ath5k-dkms@example.org>" -bb "$top/rpm/ath5k-dkms.spec" >"$work/build.log" 2>&1; then
	tail -n 30 "$work/build.log" >&2
	echo "build-rpm: rpmbuild failed; full log: $work/build.log" >&2
	exit 1
fi

for rpm in "$work"/RPMS/noarch/ath5k-dkms-"$version"-*.noarch.rpm; do
	cp "$rpm" "$out/"
	echo "build-rpm: wrote $out/$(basename "$rpm")"
done
