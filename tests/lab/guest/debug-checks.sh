# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh when lab.env sets DEBUG_CHECKS=yes (the cell
# debian-13-debug, whose kernel has KASAN, UBSAN, KFENCE, lockdep,
# DEBUG_OBJECTS, DMA-API debug, kmemleak and fault injection):
#   debug-baseline   before the driver: kmemleak's suspects from boot are
#                    set aside, DMA-API debug reports every error
#   alloc-failure    after the other checks: card A is unbound, then bound
#                    again N times with the Nth allocation made with ath5k
#                    on the stack failing (failslab and fail_page_alloc,
#                    /proc/thread-self/fail-nth and a stack filter on
#                    ath5k's text, allocations under the ACPI interpreter
#                    left alone); then the same for bringing its
#                    interface up.  Each attempt must end in an error or a
#                    working device, with no new kernel report, and at
#                    least one bind must fail cleanly (else no error path
#                    of the probe was reached)
#   kmemleak         a scan after everything; unreferenced objects whose
#                    backtrace passes through ath5k, mac80211 or cfg80211
# The host (debug_reports.py) then counts every kind of report in dmesg.

debugfs=/sys/kernel/debug
kmemleak_ctl=$debugfs/kmemleak
# How many allocations of each sweep are failed, one attempt each: every
# one up to ALLOC_FAIL_DENSE, then every ALLOC_FAIL_STRIDE-th, at most
# ALLOC_FAIL_MAX attempts (the sweep ends earlier once an attempt makes
# fewer allocations than asked: every site has been failed once).
ALLOC_FAIL_DENSE=${ALLOC_FAIL_DENSE:-16}
ALLOC_FAIL_STRIDE=${ALLOC_FAIL_STRIDE:-12}
ALLOC_FAIL_MAX=${ALLOC_FAIL_MAX:-24}
# Headers of the reports the debug options print (one line each).
debug_report_lines='BUG: KASAN|UBSAN:|BUG: KFENCE|WARNING:|BUG:|ODEBUG:|DMA-API: .*(device driver|DMA-API: exceeded)|(^|[^[:alpha:]])Oops([^[:alpha:]]|$)|general protection fault|possible circular locking|inconsistent lock state|suspicious RCU usage|possible recursive locking|INFO: task .* blocked|soft lockup|hard LOCKUP|unreferenced object|refcount_t:|list_(add|del) corruption'

debug_mount() {
	mountpoint -q "$debugfs" || mount -t debugfs none "$debugfs"
}

kmemleak_scan() {
	# An object is a suspect once a scan finds it unreferenced and older
	# than kmemleak's minimum age (5 s); two scans settle it.
	echo scan > "$kmemleak_ctl" && sleep 6 && echo scan > "$kmemleak_ctl" &&
		cat "$kmemleak_ctl"
}

# Suspects whose allocation backtrace passes through the Wi-Fi stack.
kmemleak_wifi() {
	awk '/^unreferenced object/ { if (blk != "" && hit) n++; blk = $0; hit = 0; next }
		/\[(ath5k|ath|mac80211|cfg80211)\]/ { hit = 1 }
		{ blk = blk "\n" $0 }
		END { if (blk != "" && hit) n++; print n + 0 }' "$1"
}

check_debug_baseline() {
	local n
	debug_mount
	[ -w "$kmemleak_ctl" ] || { detail "no $kmemleak_ctl: is this the debug kernel? ($(uname -r))"; return 1; }
	kmemleak_scan > "$LOGS/kmemleak-boot.txt" || { detail "kmemleak scan failed"; return 1; }
	n=$(grep -c '^unreferenced object' "$LOGS/kmemleak-boot.txt")
	echo clear > "$kmemleak_ctl"
	# The periodic scan walks all of RAM every 10 min and competes with the
	# in-guest dkms build for TCG time; the checks scan on demand.
	echo scan=off > "$kmemleak_ctl"
	# DMA-API debug prints only its first error unless told otherwise.
	echo 1 > "$debugfs/dma-api/all_errors" 2>/dev/null
	echo 100000 > "$debugfs/dma-api/num_errors" 2>/dev/null
	detail "kmemleak: $n suspects from boot set aside (logs/kmemleak-boot.txt); DMA-API debug: all errors shown; $(uname -r)"
}

# ath5k's text in the kernel's address space, "START END" in hex: the
# stack filter of the fault attributes.  The end is the last function's
# start plus 16 KiB (no ath5k function is that long).
ath5k_text_range() {
	local first last lo
	first=$(awk '$4 == "[ath5k]" && ($2 == "t" || $2 == "T") { print $1 }' /proc/kallsyms | sort | head -n1)
	last=$(awk '$4 == "[ath5k]" && ($2 == "t" || $2 == "T") { print $1 }' /proc/kallsyms | sort | tail -n1)
	[ -n "$first" ] && [ "$first" != 0000000000000000 ] || return 1
	lo=$((16#${last:8} + 0x4000))
	[ "$lo" -le $((0xffffffff)) ] || return 1
	printf '0x%s 0x%s%08x\n' "$first" "${last:0:8}" "$lo"
}

# The ACPI interpreter (ACPICA, drivers/acpi/acpica/) in the kernel's
# text, "START END" in hex: the stack filter's reject range.  The probe's
# pci_enable_device() evaluates _PRT with ath5k on the stack; failing the
# interpreter's hundreds of allocations there tests ACPICA, not ath5k (its
# failures are survivable: "can't derive routing"), keeps the sweep from
# ever reaching ath5k's own allocations, and on 6.12 frees a namespace
# object that the next unbind reads (KASAN slab-use-after-free in
# acpi_ns_get_attached_object).  ACPICA is one contiguous block of acpi_*
# functions; the range is refused if anything else falls inside it.
acpica_text_range() {
	awk 'NF == 3 && ($2 == "t" || $2 == "T")' "${1:-/proc/kallsyms}" | sort |
	awk '{ addr[NR] = $1; name = $3; sub(/^__pfx_/, "", name); names[NR] = name }
		$3 == "_stext" { lo = NR } $3 == "_etext" { hi = NR }
		END {
			for (i = lo; i <= hi; i++)
				if (names[i] ~ /^acpi_(ds|ex|ns|ps|rs|ut)_/ && names[i] !~ /[.]cold$/) {
					if (!first) first = i
					last = i
				}
			if (!first || !hi || last >= hi) exit 1
			for (i = first; i <= last; i++)
				if (names[i] !~ /^acpi_/) {
					print "not ACPI inside its range: " names[i] > "/dev/stderr"
					exit 1
				}
			printf "0x%s 0x%s\n", addr[first], addr[last + 1]
		}'
}

# Both attributes fail only through fail-nth: the probability path needs
# make-it-fail, which no task sets.
fault_attrs_setup() {
	local start=$1 end=$2 reject_start=$3 reject_end=$4 a d
	for a in failslab fail_page_alloc; do
		d=$debugfs/$a
		[ -d "$d" ] || { echo "no $d"; return 1; }
		echo Y > "$d/task-filter" && echo 100 > "$d/probability" &&
			echo 1 > "$d/interval" && echo -1 > "$d/times" &&
			echo 0 > "$d/space" && echo 1 > "$d/verbose" &&
			echo N > "$d/ignore-gfp-wait" && echo 32 > "$d/stacktrace-depth" &&
			echo "$start" > "$d/require-start" && echo "$end" > "$d/require-end" &&
			echo "$reject_start" > "$d/reject-start" && echo "$reject_end" > "$d/reject-end" ||
			{ echo "cannot set up $d"; return 1; }
	done
	echo 0 > "$debugfs/fail_page_alloc/min-order" &&
		echo N > "$debugfs/fail_page_alloc/ignore-gfp-highmem"
}

fault_attrs_off() {
	local a
	for a in failslab fail_page_alloc; do
		echo 0 > "$debugfs/$a/probability" 2>/dev/null
	done
}

# The attempts' N: 1..DENSE, then every STRIDE-th, at most MAX of them.
alloc_fail_ns() {
	local n=1 k=0
	while [ $k -lt "$ALLOC_FAIL_MAX" ]; do
		echo $n
		k=$((k + 1))
		if [ $n -lt "$ALLOC_FAIL_DENSE" ]; then n=$((n + 1)); else n=$((n + ALLOC_FAIL_STRIDE)); fi
	done
}

reports_since() {
	dmesg_after "$1" | grep -E "$debug_report_lines" |
		grep -v 'FAULT_INJECTION' | head -n 3
}

bound_to_ath5k() {
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$1/driver" 2>/dev/null)")" = ath5k ]
}

# The wireless interface of PCI device $1 (root namespace), once udev is done.
iface_of_bdf() {
	local dev
	udevadm settle -t 30 || true
	for dev in "/sys/bus/pci/devices/$1/net/"*; do
		[ -e "$dev" ] && { basename "$dev"; return 0; }
	done
	return 1
}

# One sweep: ACTION is bind or up.  Prints a line per attempt; sets
# sweep_summary; returns 1 on the first attempt that left a report or a
# half-made device.
alloc_fail_sweep() {
	local action=$1 bdf=$2 n out err injected mark bad iface errors=0 ok=0 tried=0 complete=no
	for n in $(alloc_fail_ns); do
		if [ "$action" = bind ]; then
			! bound_to_ath5k "$bdf" || echo "$bdf" > /sys/bus/pci/drivers/ath5k/unbind
		else
			iface=$(iface_of_bdf "$bdf") || { sweep_summary="$action n=$n: card has no interface"; return 1; }
			ip link set "$iface" down
		fi
		mark=$(kmsg_mark)
		if [ "$action" = bind ]; then
			out=$(python3 "$PAYLOAD/guest/fail-nth.py" "$n" bind "$bdf")
		else
			out=$(python3 "$PAYLOAD/guest/fail-nth.py" "$n" up "$iface")
		fi
		tried=$((tried + 1))
		err=$(printf '%s' "$out" | sed -n 's/.*errno=\([0-9]*\).*/\1/p')
		injected=$(printf '%s' "$out" | sed -n 's/.*injected=\([a-z]*\).*/\1/p')
		echo "$action n=$n: ${out:-no answer from fail-nth.py}"
		[ -n "$err" ] || { sweep_summary="$action n=$n: fail-nth.py failed: $out"; return 1; }
		if [ "$err" = 0 ]; then
			ok=$((ok + 1))
			if [ "$action" = bind ]; then
				iface_of_bdf "$bdf" > /dev/null ||
					{ sweep_summary="$action n=$n: bind succeeded but no interface appeared"; return 1; }
			else
				ip link show "$iface" | grep -q '[<,]UP[,>]' ||
					{ sweep_summary="$action n=$n: up succeeded but $iface is not UP"; return 1; }
			fi
		else
			errors=$((errors + 1))
			if [ "$action" = bind ] && bound_to_ath5k "$bdf"; then
				sweep_summary="$action n=$n: bind failed (errno $err) yet the device is bound"
				return 1
			fi
		fi
		sleep 1
		bad=$(reports_since "$mark")
		if [ -n "$bad" ]; then
			sweep_summary="$action n=$n (errno $err, injected $injected): $bad"
			return 1
		fi
		[ "$injected" = yes ] || { complete=yes; break; }
	done
	sweep_summary="$action: $tried attempts ($errors clean errors, $ok successes), every site reached: $complete"
	sweep_errors=$errors
}

check_alloc_failure() {
	local range acpica bdf dev rc=0 summary
	debug_mount
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	[ -e /sys/module/ath5k ] || modprobe ath5k $MODULE_OPTIONS ||
		{ detail "modprobe ath5k failed"; return 1; }
	range=$(ath5k_text_range) || { detail "cannot find ath5k's text in /proc/kallsyms"; return 1; }
	echo "ath5k text: $range"
	acpica=$(acpica_text_range) || { detail "cannot find the ACPI interpreter's text in /proc/kallsyms"; return 1; }
	echo "ACPICA text (not failed): $acpica"
	for dev in /sys/bus/pci/drivers/ath5k/0000:*; do
		[ -e "$dev" ] && { bdf=$(basename "$dev"); break; }
	done
	[ -n "$bdf" ] || { detail "no device bound to ath5k"; return 1; }
	# Card A's phy may live in a namespace from the Wi-Fi checks; a
	# fresh bind puts its interface in the root namespace.
	echo "$bdf" > /sys/bus/pci/drivers/ath5k/unbind
	fault_attrs_setup $range $acpica || { detail "fault injection not available"; fault_attrs_off; return 1; }
	alloc_fail_sweep bind "$bdf" || rc=1
	summary=$sweep_summary
	if [ $rc -eq 0 ] && [ "$sweep_errors" -eq 0 ]; then
		summary="$summary: no failed allocation made a bind fail, so no error path of the probe ran"
		rc=1
	fi
	if [ $rc -eq 0 ]; then
		fault_attrs_off
		bound_to_ath5k "$bdf" || echo "$bdf" > /sys/bus/pci/drivers/ath5k/bind
		fault_attrs_setup $range $acpica
		alloc_fail_sweep up "$bdf" || rc=1
		summary="$summary; $sweep_summary"
		ip link set "$(iface_of_bdf "$bdf")" down 2>/dev/null
	fi
	fault_attrs_off
	detail "$summary"
	return $rc
}

check_kmemleak() {
	local total wifi
	debug_mount
	kmemleak_scan > "$LOGS/kmemleak-end.txt" || { detail "kmemleak scan failed"; return 1; }
	total=$(grep -c '^unreferenced object' "$LOGS/kmemleak-end.txt")
	wifi=$(kmemleak_wifi "$LOGS/kmemleak-end.txt")
	detail "kmemleak after all checks: $wifi suspects allocated through ath5k/mac80211/cfg80211, $total in all (logs/kmemleak-end.txt)"
	[ "$wifi" -eq 0 ]
}

run_debug_baseline() {
	run_check debug-baseline 600 check_debug_baseline
}

run_debug_checks() {
	run_check alloc-failure 3600 needs=driver-load check_alloc_failure
	run_check kmemleak 900 check_kmemleak
}
