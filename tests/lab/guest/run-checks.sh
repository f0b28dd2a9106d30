#!/bin/bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# run-checks.sh PAYLOAD_DIR
#
# The guest side of a lab run, started by cloud-init from the payload disk:
# reads lab.env (written by the host runner), installs or loads the driver
# named by DRIVER, runs the Wi-Fi checks, packs the logs onto the results
# disk and powers the guest off.
set -a
PAYLOAD=$1
# shellcheck source=/dev/null
. "$PAYLOAD/lab.env"
WORK=/run/ath5k-lab/work
LOGS=/run/ath5k-lab/logs
# Checks run in child shells: every setting below must reach them too.
. "$PAYLOAD/guest/report.sh"
. "$PAYLOAD/guest/wifi-checks.sh"
. "$PAYLOAD/guest/driver-checks.sh"
. "$PAYLOAD/guest/drivers/$DRIVER.sh"
set +a
mkdir -p "$WORK" "$LOGS/checks"
stty -F /dev/ttyS1 raw -echo 2>/dev/null
# Checks run in child shells under timeout(1): they need every function.
export -f $(declare -F | awk '{ print $3 }')

report booted "$(uname -r)"
run_driver_checks
run_wifi_checks
run_driver_extra_checks

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
tar -C /run/ath5k-lab -cf "$RESULTS_DISK" logs 2>/dev/null ||
	echo "run-checks: could not write the logs to $RESULTS_DISK" > /dev/ttyS0
sync
report done
# Power off at once: nothing in a throwaway guest needs a clean shutdown.
echo o > /proc/sysrq-trigger
# Power-off is asynchronous: never return to the caller, which would report
# a failure.
sleep 60
