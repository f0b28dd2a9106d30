# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=in-tree: the distro kernel's own ath5k, the emulator's oracle.

check_driver_load() {
	local path
	modprobe ath5k $MODULE_OPTIONS || { detail "modprobe ath5k $MODULE_OPTIONS failed"; return 1; }
	path=$(modinfo -n ath5k)
	detail "loaded $path ($MODULE_OPTIONS)"
	case $path in
	*/kernel/drivers/net/wireless/ath/ath5k/*) ;;
	*) detail "loaded $path, which is not the distro's in-tree module"; return 1 ;;
	esac
}

run_driver_checks() {
	kmsg_mark > "$WORK/dmesg-at-load"
	run_check driver-load 120 check_driver_load
}
