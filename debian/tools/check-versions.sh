#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# check-versions.sh TOP: VERSION is the single version source; dkms.conf,
# debian/changelog and the RPM spec each repeat it because their tools read
# literals.  Fail, naming the file and line to fix, when any disagrees.
set -eu

top=$1
version=$(cat "$top/VERSION")
failed=0

expect() {
	# $1 file, $2 what it says, $3 how to fix it
	if [ "$2" != "$version" ]; then
		echo "check-versions: $1 says '$2' but VERSION says '$version': $3" >&2
		failed=1
	fi
}

dkms_version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$top/dkms.conf")
expect dkms.conf "$dkms_version" "set PACKAGE_VERSION=\"$version\""

deb_version=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
expect debian/changelog "${deb_version%-*}" "add an entry with 'dch -v $version-1'"

spec="$top/rpm/ath5k-dkms.spec"
spec_version=$(sed -n 's/^Version:[[:space:]]*//p' "$spec")
expect rpm/ath5k-dkms.spec "$spec_version" "set 'Version: $version' and add a %changelog entry"
# The newest %changelog entry ends in "- <version>-<release>".
spec_changelog=$(sed -n '/^%changelog/{n;s/.* - \([^ ]*\)-[^-]*$/\1/p;q}' "$spec")
expect "rpm/ath5k-dkms.spec %changelog" "$spec_changelog" "add a %changelog entry for $version"

[ "$failed" -eq 0 ] || exit 1
echo "check-versions: VERSION, dkms.conf, debian/changelog and the spec all say $version"
