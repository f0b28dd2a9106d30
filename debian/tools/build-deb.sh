#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# build-deb.sh TOP OUT: build the ath5k-dkms source and binary packages in a
# scratch copy under OUT/deb-build and copy the .deb to OUT.  The .changes
# stays in OUT/deb-build for lintian.
set -eu

top=$1
out=$2
work="$out/deb-build"

echo "build-deb: staging the source in $work"
rm -rf "$work"
mkdir -p "$work"
tree=$("$top/debian/tools/stage-source.sh" "$top" "$work")

# The packaging itself, without the developer tooling around it.
mkdir -p "$tree/debian"
(cd "$top/debian" && tar --exclude=./tools --exclude=./packages.mk -cf - .) |
	tar -C "$tree/debian" -xf -

echo "build-deb: dpkg-buildpackage (log: $work/build.log)"
if ! (cd "$tree" && dpkg-buildpackage --build=full --no-sign) >"$work/build.log" 2>&1; then
	tail -n 30 "$work/build.log" >&2
	echo "build-deb: dpkg-buildpackage failed; full log: $work/build.log" >&2
	exit 1
fi

version=$(dpkg-parsechangelog -l "$tree/debian/changelog" -S Version)
deb="ath5k-dkms_${version}_all.deb"
cp "$work/$deb" "$out/$deb"
echo "build-deb: wrote $out/$deb"
