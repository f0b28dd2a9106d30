#!/bin/bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# chroot-run.sh ROOT CMD...
#
# Runs CMD under chroot in the Debian root ROOT (the toolbox, or a cell
# image's root tree), with the host's /dev, /proc, /sys, the repository,
# the cache and /tmp (and each path of ATH5K_TOOLBOX_BIND) mounted at the
# same paths, in a private mount namespace: nothing stays mounted on the
# host when CMD exits.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cache=${ATH5K_CACHE:-$HOME/.cache/ath5k-dkms}

[ $# -ge 2 ] || { echo "usage: $0 ROOT CMD..." >&2; exit 2; }
root=$1
shift
[ -x "$root/bin/sh" ] || { echo "chroot-run: $root is not a root tree" >&2; exit 1; }

binds=(/dev /proc /sys "$top" "$cache" /tmp)
[ -n "${ATH5K_TOOLBOX_BIND:-}" ] && binds+=($ATH5K_TOOLBOX_BIND)
exec unshare --mount --propagation private -- /bin/bash -c '
	set -e
	root=$1; shift
	n=$1; shift
	for ((i = 0; i < n; i++)); do
		mkdir -p "$root$1"
		mount --rbind "$1" "$root$1"
		shift
	done
	cd "$root$PWD" 2>/dev/null || cd "$root"
	exec chroot "$root" /bin/sh -c "cd \"\$0\" 2>/dev/null || cd /; exec \"\$@\"" "$PWD" "$@"
' chroot-run "$root" "${#binds[@]}" "${binds[@]}" "$@"
