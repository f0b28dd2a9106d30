# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=bench (make bench): in one boot, the distro's in-tree ath5k and then
# ours (installed by dkms as in drivers/dkms.sh) each bring up the open-ch6
# network between the cards and are measured the same way: ping latency and
# a 10 s iperf3 TCP run, written to $LOGS/bench/<label>.json for the host.
# Numbers are recorded, never judged; a check fails only when a measurement
# could not be made.

# The in-tree driver's load check under its own name, then dkms.sh's
# install, load and provenance checks for ours.
# shellcheck source=/dev/null
. "$PAYLOAD/guest/drivers/in-tree.sh"
eval "bench_load_in_tree() $(declare -f check_driver_load | tail -n +2)"
# shellcheck source=/dev/null
. "$PAYLOAD/guest/drivers/dkms.sh"

# Leaves no trace of a round: daemons stopped, module unloaded, namespaces
# gone, so the next round starts as the first did.
bench_unload() {
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	if [ -e /sys/module/ath5k ]; then
		rmmod ath5k || { detail "rmmod ath5k failed"; return 1; }
	fi
	ip netns del $ns_a 2>/dev/null
	ip netns del $ns_b 2>/dev/null
	[ ! -e /sys/module/ath5k ] || { detail "ath5k still loaded"; return 1; }
	detail "ath5k unloaded, namespaces removed"
}

# bench_measure LABEL: ping A->B, then TCP A->B, into $LOGS/bench/LABEL.json.
bench_measure() {
	local label=$1 ping_out json
	mkdir -p "$LOGS/bench"
	ping_out=$(ip netns exec $ns_a ping -c 50 -i 0.2 -W 3 $addr_b 2>&1)
	printf '%s\n' "$ping_out" > "$LOGS/bench/$label-ping.txt"
	ip netns exec $ns_b iperf3 -s -1 -D -B $addr_b --logfile "$LOGS/bench/$label-iperf3-server.log" ||
		{ detail "iperf3 server would not start"; return 1; }
	sleep 1
	json=$(ip netns exec $ns_a iperf3 -c $addr_b -t 10 -J --connect-timeout 10000)
	printf '%s\n' "$json" > "$LOGS/bench/$label-iperf3.json"
	python3 - "$label" "$LOGS/bench" "$(modinfo -n ath5k)" \
		"$(cat /sys/module/ath5k/version 2>/dev/null)" <<'EOF' > "$DETAIL_FILE"
# Reduces the raw ping and iperf3 output to one result file; exits 1 when
# either measurement is missing.
import json, re, sys
label, d, module, version = sys.argv[1:5]
ping = open("%s/%s-ping.txt" % (d, label)).read()
res = {"label": label, "module": module, "version": version or None}
m = re.search(r"(\d+) packets transmitted, (\d+) received", ping)
r = re.search(r"= ([\d.]+)/([\d.]+)/([\d.]+)/([\d.]+) ms", ping)
if m:
    res["ping_sent"], res["ping_received"] = int(m.group(1)), int(m.group(2))
if r:
    res.update(ping_min_ms=float(r.group(1)), ping_avg_ms=float(r.group(2)),
               ping_max_ms=float(r.group(3)), ping_mdev_ms=float(r.group(4)))
try:
    end = json.load(open("%s/%s-iperf3.json" % (d, label)))["end"]
    res["tcp_bits_per_second"] = end["sum_received"]["bits_per_second"]
    res["tcp_retransmits"] = end["sum_sent"].get("retransmits")
except (ValueError, KeyError):
    pass
json.dump(res, open("%s/%s.json" % (d, label), "w"), indent=1)
ok = "ping_avg_ms" in res and res.get("tcp_bits_per_second", 0) > 0
print("%s: TCP %s Mbit/s, ping avg %s ms (%s of %s answered)%s" % (
    label, "%.2f" % (res["tcp_bits_per_second"] / 1e6) if "tcp_bits_per_second" in res else "none",
    res.get("ping_avg_ms", "none"), res.get("ping_received", 0), res.get("ping_sent", 0),
    "" if ok else "; measurement missing, see bench/%s-*" % label))
sys.exit(0 if ok else 1)
EOF
}

# One measured round with whatever ath5k is loaded.
bench_round() {
	local label=$1 after=$2
	run_check "$label-netns" 30 needs="$after" check_netns
	run_check "$label-interfaces-up" 60 needs="$label-netns" check_interfaces_up
	run_check "$label-ap" 60 needs="$label-interfaces-up" check_ap open-ch6
	run_check "$label-assoc" 90 needs="$label-ap" check_assoc open-ch6
	run_check "$label-measure" 120 needs="$label-assoc" bench_measure "$label"
}

run_driver_checks() {
	kmsg_mark > "$WORK/dmesg-at-load"
	run_check in-tree-load 120 bench_load_in_tree
	bench_round in-tree in-tree-load
	run_check in-tree-unload 60 bench_unload
	run_check dkms-install 1500 needs=in-tree-unload check_dkms_install
	kmsg_mark > "$WORK/dmesg-at-load"
	run_check driver-load 120 needs=dkms-install check_driver_load
	run_check module-is-ours 30 needs=driver-load check_module_is_ours
	bench_round ours module-is-ours
}

# The bench measures; the lab's checks are `make lab`'s job.
run_wifi_checks() { :; }
run_driver_extra_checks() { :; }
