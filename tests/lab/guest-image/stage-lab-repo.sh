#!/bin/bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# stage-lab-repo.sh ROOT SUITE PACKAGE...
#
# The guests have no network, yet the package checks install kernels and
# headers with apt.  This keeps, inside the image, a flat apt repository
# (/var/lib/ath5k-lab/kernel-repo) holding:
#   - the running kernel's headers packages (the missing-headers check
#     removes them, then installs them again);
#   - PACKAGE... from SUITE with what they need beyond the image (the
#     kernel-upgrade check installs that newer kernel and its headers).
# Run from mmdebstrap's customize hook, while the root still has its lists.
set -euo pipefail
root=$1 suite=$2
shift 2
repo=/var/lib/ath5k-lab/kernel-repo

die() { echo "stage-lab-repo: $*" >&2; exit 1; }
in_root() { chroot "$root" "$@"; }

[ -d "$root/etc/apt" ] || die "$root is not a root tree"
[ $# -gt 0 ] || die "usage: $0 ROOT SUITE PACKAGE..."
kver=$(cd "$root/lib/modules" && ls | sort -V | tail -n1)
[ -n "$kver" ] || die "no kernel in $root/lib/modules"

mkdir -p "$root$repo/partial"
# apt's download sandbox user cannot write into a root-owned directory.
in_root apt-get -q -o APT::Sandbox::User=root -o Dir::Cache::archives="$repo" \
	install --download-only --no-install-recommends -y -t "$suite" "$@"
# The headers metapackages installed now (their names carry no version).
metas=$(in_root dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' 'linux-headers-*' |
	awk '$1 == "ii" && $2 !~ /-[0-9]/ { print $2 }' | tr '\n' ' ')
in_root sh -c "cd $repo && apt-get -q -o APT::Sandbox::User=root download linux-headers-$kver $metas"
rm -rf "$root$repo/partial" "$root$repo/lock"
in_root sh -c "cd $repo && dpkg-scanpackages --multiversion . > Packages 2>/dev/null"
echo "stage-lab-repo: $(ls "$root$repo" | grep -c '\.deb$') packages in $repo:"
ls "$root$repo" | grep '\.deb$' | sed 's/^/  /'
