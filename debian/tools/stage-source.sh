#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# stage-source.sh TOP DEST [VERSION]: copy the module's source as the
# packages ship it into DEST/ath5k-dkms-<version>/ and pack it as
# DEST/ath5k-dkms_<version>.orig.tar.xz, the upstream tarball both the .deb
# and the .rpm are built from.  VERSION (default: the VERSION file) lets the
# lab build a second, newer package from the same tree for upgrade tests.  Only files git tracks or would track are
# copied (build products in src/ stay out), so the working tree is packaged
# as it is, even with uncommitted work, and is never written to.
set -eu

top=$1
dest=$2
version=${3:-$(cat "$top/VERSION")}
tree="$dest/ath5k-dkms-$version"
# What a user's dkms needs, plus the top-level documentation.
shipped="VERSION dkms.conf README.md src compat LICENSES"

rm -rf "$tree"
mkdir -p "$tree"
cd "$top"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# Keep only paths that exist (git lists deleted files until committed).
	# shellcheck disable=SC2086,SC2016 # $shipped is a list; sh -c gets $f
	git ls-files -z --cached --others --exclude-standard -- $shipped |
		xargs -0 -r sh -c 'for f; do [ -f "$f" ] && printf "%s\0" "$f"; done' sh |
		xargs -0 -r cp --parents -t "$tree"
else
	# shellcheck disable=SC2086
	cp -a --parents $shipped "$tree"
fi
for dir in src compat; do
	mkdir -p "$tree/$dir"
done

# VERSION is the single version source: the shipped dkms.conf always says it.
echo "$version" >"$tree/VERSION"
sed -i "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$version\"/" "$tree/dkms.conf"

# A reproducible tarball: sorted names, fixed owner and the changelog's date.
epoch=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Timestamp)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
	-C "$dest" -cJf "$dest/ath5k-dkms_$version.orig.tar.xz" "ath5k-dkms-$version"
echo "$tree"
