#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# build-deb.sh TOP OUT [VERSION]: build the ath5k-dkms source and binary
# packages in a scratch copy under OUT/deb-build and copy the .deb to OUT.
# The .changes stays in OUT/deb-build for lintian.  A VERSION other than the
# VERSION file's makes a test build with its own changelog entry (for the
# lab's upgrade checks); the repository is not changed.
set -eu

top=$1
out=$2
version=${3:-$(cat "$top/VERSION")}
work="$out/deb-build"

echo "build-deb: staging the source in $work"
rm -rf "$work"
mkdir -p "$work"
tree=$("$top/debian/tools/stage-source.sh" "$top" "$work" "$version")

# The packaging itself, without the developer tooling around it.
mkdir -p "$tree/debian"
(cd "$top/debian" && tar --exclude=./tools --exclude=./packages.mk -cf - .) |
	tar -C "$tree/debian" -xf -

changelog="$tree/debian/changelog"
if [ "$(dpkg-parsechangelog -l "$changelog" -S Version)" != "$version-1" ]; then
	echo "build-deb: test build of version $version (not VERSION's)"
	{
		printf 'ath5k-dkms (%s-1) unstable; urgency=medium\n\n' "$version"
		printf '  * Test build of version %s from the working tree.\n\n' "$version"
		printf ' -- %s  %s\n\n' "$(dpkg-parsechangelog -l "$changelog" -S Maintainer)" "$(date -uR)"
		cat "$changelog"
	} >"$changelog.new"
	mv "$changelog.new" "$changelog"
fi

echo "build-deb: dpkg-buildpackage (log: $work/build.log)"
if ! (cd "$tree" && dpkg-buildpackage --build=full --no-sign) >"$work/build.log" 2>&1; then
	tail -n 30 "$work/build.log" >&2
	echo "build-deb: dpkg-buildpackage failed; full log: $work/build.log" >&2
	exit 1
fi

deb="ath5k-dkms_$(dpkg-parsechangelog -l "$changelog" -S Version)_all.deb"
cp "$work/$deb" "$out/$deb"
echo "build-deb: wrote $out/$deb"
