#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Prints "ARCHIVE SECURITY": the Debian archive and security URIs this host's
# apt is configured with, so image recipes never name a mirror themselves.
set -eu
targets=$(apt-get indextargets --format '$(SITE) $(RELEASE)' 'Created-By: Packages' | sort -u)
archive=$(printf '%s\n' "$targets" | awk '$2 !~ /-security$/ { print $1; exit }')
security=$(printf '%s\n' "$targets" | awk '$2 ~ /-security$/ { print $1; exit }')
if [ -z "$archive" ]; then
	echo "debian-mirrors: apt has no Debian archive configured; run 'apt-get update' first" >&2
	exit 1
fi
[ -n "$security" ] || security="${archive%/debian}/debian-security"
echo "$archive $security"
