#!/bin/bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# run-checks.sh PAYLOAD_DIR
#
# The guest side of a lab run, started by cloud-init from the payload disk
# on every boot: reads lab.env (written by the host runner), installs or
# loads the driver named by DRIVER, runs the Wi-Fi checks, packs the logs
# onto the results disk and powers the guest off.
#
# A driver may ask for a reboot into another kernel (reboot_into): the host
# then boots the same disk again with that kernel, this script runs once
# more and calls the driver's run_driver_after_reboot instead.
#
# make shell (LAB_MODE=script or shell in lab.env) runs only what comes
# before the Wi-Fi checks, then the person's script or a root shell on the
# console (guest/shell.sh).
set -a
PAYLOAD=$1
# shellcheck source=/dev/null
. "$PAYLOAD/lab.env"
# On the guest's disk, not in /run: they outlive a reboot.
STATE=/var/lib/ath5k-lab
WORK=$STATE/work
LOGS=$STATE/logs
# Checks run in child shells: every setting below must reach them too.
. "$PAYLOAD/guest/report.sh"
. "$PAYLOAD/guest/wifi-checks.sh"
. "$PAYLOAD/guest/two-bss-checks.sh"
. "$PAYLOAD/guest/interop-checks.sh"
. "$PAYLOAD/guest/traffic-checks.sh"
. "$PAYLOAD/guest/regd-checks.sh"
. "$PAYLOAD/guest/platform-checks.sh"
. "$PAYLOAD/guest/rate-checks.sh"
. "$PAYLOAD/guest/mesh-checks.sh"
. "$PAYLOAD/guest/pmf-checks.sh"
. "$PAYLOAD/guest/driver-checks.sh"
. "$PAYLOAD/guest/fault-checks.sh"
. "$PAYLOAD/guest/debug-checks.sh"
. "$PAYLOAD/guest/secureboot-checks.sh"
# shellcheck source=/dev/null # guest/shell.sh, checked on its own
. "$PAYLOAD/guest/shell.sh"
. "$PAYLOAD/guest/drivers/$DRIVER.sh"
set +a
mkdir -p "$WORK" "$LOGS/checks"
stty -F /dev/ttyS1 raw -echo 2>/dev/null
# Checks run in child shells under timeout(1): they need every function.
export -f $(declare -F | awk '{ print $3 }')

# reboot_into KERNEL: hands the host KERNEL's image and initrd on the
# results disk (a tar of vmlinuz and initrd.img), says so on the report
# port and powers off; the host boots KERNEL next.
reboot_into() {
	local kver=$1 stage=$STATE/next-boot
	rm -rf "$stage" && mkdir -p "$stage" || return 1
	cp "/boot/vmlinuz-$kver" "$stage/vmlinuz" &&
		cp "/boot/initrd.img-$kver" "$stage/initrd.img" || return 1
	tar -C "$stage" -cf "$RESULTS_DISK" vmlinuz initrd.img || return 1
	rm -rf "$stage"
	dmesg > "$LOGS/dmesg-before-reboot.txt"
	echo "$kver" > "$STATE/rebooted-into"
	sync
	report reboot "$kver"
	echo o > /proc/sysrq-trigger
	sleep 60
}

# run_driver_bring_up: everything before the Wi-Fi checks: the driver
# installed and loaded with the checks that go with it.
run_driver_bring_up() {
	# The debug kernel's cell (DEBUG_CHECKS=yes) adds checks before the
	# driver and after the others (guest/debug-checks.sh).
	[ "${DEBUG_CHECKS:-no}" != yes ] || run_debug_baseline
	# A Secure Boot cell (SECURE_BOOT=yes) checks the boot before the
	# driver and the loaded module's signature after it
	# (guest/secureboot-checks.sh).
	[ "${SECURE_BOOT:-no}" != yes ] || run_secureboot_early_checks
	run_driver_checks
	[ "${SECURE_BOOT:-no}" != yes ] || run_secureboot_module_checks
}

report booted "$(uname -r)"
if [ "${FAULTS:-no}" = yes ]; then
	# make faults: fault scenarios instead of the Wi-Fi checks.
	run_fault_boot
elif [ -f "$STATE/rebooted-into" ]; then
	# Daemons of the first boot are gone; their pid files must not name
	# whatever runs under those pids now.
	rm -f "$WORK"/*.pid
	run_driver_after_reboot
elif [ "${LAB_MODE:-checks}" != checks ]; then
	# make shell: the cards bound, then a script or a root shell
	# (guest/shell.sh) instead of the Wi-Fi checks.
	run_driver_bring_up
	run_lab_session
else
	run_driver_bring_up
	run_wifi_checks
	run_driver_extra_checks
	# Before a package driver's late checks, which purge it.
	[ "${DEBUG_CHECKS:-no}" != yes ] || run_debug_checks
	! declare -F run_driver_late_checks > /dev/null || run_driver_late_checks
fi

{
	iw phy
	for ns in $(ip netns list | awk '{ print $1 }'); do
		echo "== network namespace $ns"
		ip netns exec "$ns" iw phy
	done
} > "$LOGS/iw-phy.txt" 2>&1
lsmod > "$LOGS/lsmod.txt"
dmesg > "$LOGS/dmesg.txt"
journalctl -b --no-pager > "$LOGS/journal.txt" 2>&1
tar -C "$STATE" -cf "$RESULTS_DISK" logs 2>/dev/null ||
	echo "run-checks: could not write the logs to $RESULTS_DISK" > /dev/ttyS0
sync
report done
# Power off at once: nothing in a throwaway guest needs a clean shutdown.
echo o > /proc/sysrq-trigger
# Power-off is asynchronous: never return to the caller, which would report
# a failure.
sleep 60
