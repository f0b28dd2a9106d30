#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# load-kernel-ath5k [OPTION=VALUE...]: load the running kernel's own
# ath5k.ko, for a card ath5k-dkms does not drive (AR5210, AR5211, AR5311).
# modprobe runs it as the install command of ath5k_kernel
# (/usr/lib/modprobe.d/ath5k-dkms.conf), with the options given on
# modprobe's command line; the options configured for ath5k in modprobe.d
# are added, as modprobe would add them.
#
# The kernel's module and ours share the name ath5k, so modprobe cannot
# name the kernel's: it is loaded by path, after the modules it needs.
# dkms from 3.1 on moves the kernel's file aside while ours is installed
# ("archiving for uninstallation") and puts it back when ours goes: then
# it is loaded from dkms's archive.
# ATH5K_MODULES_DIR, ATH5K_DKMS_TREE, ATH5K_SYS_MODULE and ATH5K_KMSG stand
# in for /lib/modules, /var/lib/dkms, /sys/module and /dev/kmsg in tests.
set -u

kver=$(uname -r)
modules=${ATH5K_MODULES_DIR:-/lib/modules}/$kver
archive=${ATH5K_DKMS_TREE:-/var/lib/dkms}/ath5k/original_module/$kver/$(uname -m)
sys_module=${ATH5K_SYS_MODULE:-/sys/module}
kmsg=${ATH5K_KMSG:-/dev/kmsg}

# modprobe runs install commands from udev, whose output few people read:
# say it in the kernel log too.
say() {
	echo "ath5k-dkms: $*" >&2
	if [ -w "$kmsg" ]; then
		echo "ath5k-dkms: $*" >"$kmsg"
	fi
}

file=
# Beside its archived file dkms keeps a ".origin" note: only the module
# file itself, plain or compressed, is wanted.
for dir in "$modules"/kernel/drivers/net/wireless/ath/ath5k "$archive"; do
	for candidate in "$dir"/ath5k.ko "$dir"/ath5k.ko.xz "$dir"/ath5k.ko.zst "$dir"/ath5k.ko.gz; do
		if [ -f "$candidate" ]; then
			file=$candidate
			break 2
		fi
	done
done
if [ -z "$file" ]; then
	say "kernel $kver has no ath5k module of its own, so this card (AR5210, AR5211 or AR5311) has no driver"
	exit 1
fi

if [ -d "$sys_module/ath5k" ]; then
	# Ours declares a version; the kernel's does not.
	if [ -e "$sys_module/ath5k/version" ]; then
		say "this card (AR5210, AR5211 or AR5311) needs the kernel's ath5k, which cannot load while ath5k-dkms's module of the same name drives another card; unload that one ('modprobe -r ath5k') and run 'modprobe ath5k_kernel', or remove ath5k-dkms"
		exit 1
	fi
	# The kernel's is loaded already and binds every card it knows.
	exit 0
fi

if ! depends=$(modinfo -F depends "$file"); then
	say "cannot read what $file depends on"
	exit 1
fi
for module in $(echo "$depends" | tr ',' ' '); do
	if ! modprobe "$module"; then
		say "cannot load $module, which the kernel's ath5k needs"
		exit 1
	fi
done

configured=$(modprobe -c | sed -n 's/^options ath5k //p' | tr '\n' ' ')
# shellcheck disable=SC2086 # word splitting makes one argument of each option
if ! insmod "$file" $configured "$@"; then
	say "insmod $file failed"
	exit 1
fi
say "loaded the kernel's own ath5k ($file) for a card ath5k-dkms does not drive"
