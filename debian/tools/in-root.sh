#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# in-root.sh ROOT COMMAND...: run COMMAND (a shell command line) inside the
# unpacked Debian root ROOT, with its own mount and PID namespaces (the
# /proc, /dev and /tmp mounts vanish with it) and without the capability
# to load kernel modules: the root shares this machine's kernel, so
# nothing in it (dkms, depmod, a maintainer script) can insmod or modprobe
# into the host even by mistake.  No network is needed or given.
set -eu

root=$1
shift

# shellcheck disable=SC2016 # expanded by the inner shell
exec unshare --mount --pid --fork --kill-child sh -eu -c '
root=$1
shift
mount --make-rprivate /
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount -t tmpfs tmpfs "$root/tmp"
exec setpriv --inh-caps=-sys_module --bounding-set=-sys_module \
	chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
	HOME=/root LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive /bin/sh -eu -c "$*"
' in-root "$root" "$@"
