# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by drivers/bench-in-tree.sh and drivers/bench-dkms.sh (make
# bench): one driver per boot (BENCH_DRIVER) brings up the open-ch6 network
# between the cards (card A the station in lab-a, card B the access point in
# lab-b) and is measured: ping, pings 1 s apart on the idle link, iperf3
# TCP, UDP at a fixed load below the air's ceiling and UDP at saturation in
# each direction, then pings 1 s apart again right after the last burst.
# Around each phase a snapshot of both cards' emulator counters ("cardN
# stats" on the control port), /proc/stat and the cards' lines of
# /proc/interrupts goes to $LOGS/bench/PHASE.before and PHASE.after, the
# tool's output to PHASE.out; bench.py on the host does the arithmetic.
# Numbers are never judged: a check fails only when a measurement could not
# be made.

bench_seconds=10
# Offered UDP load of the udp phases: above the ceiling of the emulated
# 54 Mbit/s air (about 26 Mbit/s of UDP), for goodput at saturation.
bench_udp_rate=40M
# Offered UDP load of the udp10 phases: well below that ceiling, so both
# drivers carry the same frames and per-frame costs compare like for like.
bench_udp_fixed_rate=10M
# One 1500-byte IP packet per datagram.
bench_udp_len=1472
# The fixed load runs before saturation, so that rtt-after follows the
# last saturated burst directly.
bench_phases="tcp-a-b tcp-b-a udp10-a-b udp10-b-a udp-a-b udp-b-a"
# Pings 1 s apart for rtt-idle and rtt-after: about 19 s each.
bench_rtt_count=20

# The hash of the tree an earlier boot of this bench built ours from, on
# the disk bench.py keeps for ours across its boots.
bench_dkms_mark() { echo "$STATE/bench-dkms-tree"; }

# bench_tree_hash DIR: one hash over the names and contents of DIR's files.
bench_tree_hash() {
	(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) |
		sha256sum | cut -d' ' -f1
}

# DRIVER=dkms's install; on success the tree it built is remembered.
check_bench_dkms_install() {
	check_dkms_install || return 1
	bench_tree_hash "$PAYLOAD/driver" > "$(bench_dkms_mark)"
	sync
}

# A later boot of ours on the same disk: no second build, but the source
# dkms built from must be this payload's tree, byte for byte, and dkms
# must still say it is installed for this kernel; module-is-ours then
# checks the loaded module against the installed file.
check_bench_dkms_reuse() {
	local version=$EXPECT_VERSION kver built payload src status
	kver=$(uname -r)
	built=$(cat "$(bench_dkms_mark)")
	payload=$(bench_tree_hash "$PAYLOAD/driver")
	src=$(bench_tree_hash "/usr/src/ath5k-$version")
	status=$(dkms status -m ath5k -v "$version" -k "$kver")
	detail "built by an earlier boot from tree ${built:0:12}; payload ${payload:0:12}, /usr/src/ath5k-$version ${src:0:12}; $status"
	[ -n "$built" ] && [ "$payload" = "$built" ] && [ "$src" = "$built" ] &&
		printf '%s\n' "$status" | grep -q ': installed'
}

# Results and logs of an earlier boot on the same disk must not count.
bench_fresh_state() {
	rm -f "$WORK"/result.* "$WORK"/*.detail "$WORK"/*.pid
	[ ! -d "$LOGS" ] ||
		find "$LOGS" -mindepth 1 -maxdepth 1 ! -name report.log -exec rm -rf {} +
	mkdir -p "$LOGS/checks" "$LOGS/bench"
}

# The interrupt numbers of the Atheros cards, once each: the drivers name
# their handlers differently, so /proc/interrupts is read by number.
bench_card_irqs() {
	local dev
	for dev in /sys/bus/pci/devices/*; do
		[ "$(cat "$dev/vendor")" = 0x168c ] && cat "$dev/irq"
	done | sort -un
}

# bench_snapshot FILE: the time, both cards' counters, the CPU's system,
# irq and softirq jiffies (/proc/stat) and the cards' /proc/interrupts lines.
bench_snapshot() {
	local card answer irq
	{
		echo "time $(date +%s.%N)"
		for card in card0 card1; do
			answer=$(emu_ask "$card" stats)
			echo "$card ${answer:-no answer}"
		done
		echo "clk_tck $(getconf CLK_TCK)"
		grep '^cpu ' /proc/stat
		for irq in $(bench_card_irqs); do
			grep -E "^ *$irq:" /proc/interrupts | sed 's/^/irq /'
		done
	} > "$1"
	grep -q '^card0 ok' "$1" && grep -q '^card1 ok' "$1"
}

# bench_phase PHASE COMMAND...: COMMAND's output in PHASE.out between two
# snapshots; COMMAND's exit status.
bench_phase() {
	local phase=$1 d=$LOGS/bench rc
	shift
	if ! bench_snapshot "$d/$phase.before"; then
		detail "no counters from the emulator before $phase: $(grep '^card' "$d/$phase.before" | tr '\n' ' ')"
		return 1
	fi
	"$@" > "$d/$phase.out" 2> "$d/$phase.err"
	rc=$?
	if ! bench_snapshot "$d/$phase.after"; then
		detail "no counters from the emulator after $phase: $(grep '^card' "$d/$phase.after" | tr '\n' ' ')"
		return 1
	fi
	return $rc
}

# bench_pings PHASE COUNT INTERVAL: COUNT pings from A to B, INTERVAL
# seconds apart; bench.py reads every reply's time= from PHASE.out.  A
# lost reply is a figure, not a failure: only no reply at all is.
bench_pings() {
	local phase=$1 count=$2 interval=$3
	bench_phase "$phase" ip netns exec "$ns_a" ping -c "$count" -i "$interval" -W 3 "$addr_b" ||
		[ ! -s "$DETAIL_FILE" ] || return 1
	detail "$(grep -E 'packets transmitted|rtt' "$LOGS/bench/$phase.out" | tr '\n' ' ')"
	grep -q '^rtt' "$LOGS/bench/$phase.out"
}

bench_ping() { bench_pings ping 50 0.2; }

# One line about an iperf3 -J result for the check's detail.
bench_iperf_summary() {
	python3 -c '
import json, sys
end = json.load(open(sys.argv[1]))["end"]
if sys.argv[2] == "tcp":
    print("%.2f Mbit/s received, %s retransmits" % (
        end["sum_received"]["bits_per_second"] / 1e6, end["sum_sent"].get("retransmits")))
else:
    s = end["sum"]
    print("%.2f Mbit/s sent, %d of %d datagrams lost" % (
        s["bits_per_second"] / 1e6, s["lost_packets"], s["packets"]))
' "$1" "$2" 2> /dev/null
}

# bench_iperf PROTO-FROM-TO (tcp-a-b: TCP from card A's side to card B's;
# PROTO udp is UDP at saturation, udp10 UDP at the fixed load): the server
# in the receiver's namespace, the client in the sender's.
bench_iperf() {
	local phase=$1 proto from to ns_from ns_to addr_to rc summary rate=
	local d=$LOGS/bench pidfile=$WORK/iperf3.pid
	IFS=- read -r proto from to <<< "$phase"
	eval "ns_from=\$ns_$from ns_to=\$ns_$to addr_to=\$addr_$to"
	case $proto in
	udp) rate=$bench_udp_rate ;;
	udp10) rate=$bench_udp_fixed_rate ;;
	esac
	stop_pidfile "$pidfile"
	ip netns exec "$ns_to" iperf3 -s -1 -D -B "$addr_to" -I "$pidfile" \
		--logfile "$d/$phase-server.log" ||
		{ detail "iperf3 server in $ns_to would not start"; return 1; }
	sleep 1
	set -- -c "$addr_to" -t "$bench_seconds" -J --connect-timeout 10000
	[ -z "$rate" ] || set -- "$@" -u -b "$rate" -l "$bench_udp_len"
	bench_phase "$phase" ip netns exec "$ns_from" iperf3 "$@"
	rc=$?
	stop_pidfile "$pidfile"
	[ $rc -eq 0 ] || { [ -s "$DETAIL_FILE" ] ||
		detail "iperf3 $* failed ($rc): $(grep -m1 '"error"' "$d/$phase.out")"; return 1; }
	summary=$(bench_iperf_summary "$d/$phase.out" "${proto%10}") ||
		{ detail "iperf3 gave no result: $(head -c 200 "$d/$phase.out")"; return 1; }
	detail "${proto^^} ${from^^}->${to^^}${rate:+ at $rate offered}: $summary"
}

# The rate and BSS settings the link ran with: card A's view of the link
# and both sides' station entries.
bench_link() {
	local dev_a dev_b f=$LOGS/bench/link.txt
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) && dev_b=$(iface_of "$CARD_B_MAC" $ns_b) ||
		{ detail "interfaces not found in $ns_a/$ns_b"; return 1; }
	{
		echo "== card A: iw dev $dev_a link"
		ip netns exec $ns_a iw dev "$dev_a" link
		echo "== card A: iw dev $dev_a station dump"
		ip netns exec $ns_a iw dev "$dev_a" station dump
		echo "== card B: iw dev $dev_b station dump"
		ip netns exec $ns_b iw dev "$dev_b" station dump
	} > "$f" 2>&1
	detail "$(grep -E 'tx bitrate|bss flags' "$f" | tr -s ' \t' ' ' | tr '\n' ';')"
	grep -q 'tx bitrate' "$f"
}

# make bench's first boot of ours builds it and boots again, so that no
# measured boot is one that has just compiled for minutes; the boots of
# ours after it (on the same disk) check that build and measure.
run_driver_checks() {
	bench_fresh_state
	if [ "$BENCH_DRIVER" = dkms ] && [ ! -f "$(bench_dkms_mark)" ]; then
		run_check dkms-install 1500 check_bench_dkms_install
		[ "$(check_result_of dkms-install)" != pass ] || reboot_into "$(uname -r)"
		bench_measure_boot dkms-install
		return
	fi
	bench_measure_boot
}

run_driver_after_reboot() {
	# The next boot on this disk is a boot of its own, not this one's sequel.
	rm -f "$STATE/rebooted-into"
	bench_measure_boot
}

# bench_measure_boot [SETUP]: the driver loaded (ours after SETUP, by
# default dkms-reuse), both cards bound, open-ch6 up, every phase measured.
bench_measure_boot() {
	local setup=${1:-} loaded phase
	if [ "$BENCH_DRIVER" = dkms ]; then
		if [ -z "$setup" ]; then
			setup=dkms-reuse
			run_check dkms-reuse 120 check_bench_dkms_reuse
		fi
		kmsg_mark > "$WORK/dmesg-at-load"
		run_check driver-load 120 needs=$setup check_driver_load
		run_check module-is-ours 30 needs=driver-load check_module_is_ours
		loaded=module-is-ours
	else
		kmsg_mark > "$WORK/dmesg-at-load"
		run_check driver-load 120 check_driver_load
		loaded=driver-load
	fi
	run_check probe 60 needs=$loaded check_probe
	run_check netns 30 needs=probe check_netns
	run_check interfaces-up 60 needs=netns check_interfaces_up
	run_check ap-open-ch6 60 needs=interfaces-up check_ap open-ch6
	run_check assoc-open-ch6 90 needs=ap-open-ch6 check_assoc open-ch6
	run_check bench-ping 60 needs=assoc-open-ch6 bench_ping
	run_check bench-rtt-idle 60 needs=assoc-open-ch6 bench_pings rtt-idle "$bench_rtt_count" 1
	for phase in $bench_phases; do
		run_check "bench-$phase" 90 needs=assoc-open-ch6 bench_iperf "$phase"
	done
	run_check bench-rtt-after 60 needs=assoc-open-ch6 bench_pings rtt-after "$bench_rtt_count" 1
	run_check bench-link 30 needs=assoc-open-ch6 bench_link
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	run_check dmesg-clean 30 check_dmesg_clean
}

# The bench measures; the lab's checks are `make lab`'s job.
run_wifi_checks() { :; }
run_driver_extra_checks() { :; }
