# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh: the checks the driver issue asks of our driver
# beyond the bench issue's Wi-Fi checks (IBSS, monitor capture, hardware
# crypto, reload cycles).  They run after run_wifi_checks, with the cards'
# phys in namespaces lab-a and lab-b, and only for our driver.

ibss_ssid=ath5k-lab-ibss
# The extras run on channel 6, or on channel 36 when a card has no 2.4 GHz
# radio (the AR5210: cards_lack 2ghz, wifi-checks.sh).
extras_net() {
	if cards_lack 2ghz; then echo open-ch36; else echo open-ch6; fi
}
extras_freq() {
	if cards_lack 2ghz; then echo 5180; else echo 2437; fi
}
# A fixed BSSID lets both cards form one cell at once (reload cycles).
ibss_bssid=02:a5:1a:1b:55:00
reload_cycles=${RELOAD_CYCLES:-20}

# set_iftype NS DEV TYPE: DEV down, changed to TYPE, up again.
set_iftype() {
	ip -n "$1" link set "$2" down
	ip netns exec "$1" iw dev "$2" set type "$3" || return 1
	ip -n "$1" link set "$2" up
}

# ibss_bssid_of NS DEV: the BSSID of the IBSS cell DEV has joined.
ibss_bssid_of() {
	ip netns exec "$1" iw dev "$2" link | awk '/^Joined IBSS/ { print $3 }'
}

# channel_state NS DEV FREQ: how DEV's phy lists FREQ (its regulatory
# flags say why a join may be refused).
channel_state() {
	local phy
	phy=$(ip netns exec "$1" cat "/sys/class/net/$2/phy80211/name" 2>/dev/null) || return 0
	printf '%s: ' "$phy"
	ip netns exec "$1" iw phy "$phy" info 2>/dev/null |
		grep -m1 -F "* $3 MHz" | sed 's/^[[:space:]]*\* //'
}

# join_ibss FREQ [fixed]: both cards in one IBSS on FREQ MHz; card B
# starts the cell, card A finds it by scanning (no fixed BSSID) unless
# fixed is given.
join_ibss() {
	local freq=$1 fixed=${2:-} dev_a dev_b bssid_a bssid_b out
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) && dev_b=$(iface_of "$CARD_B_MAC" $ns_b) ||
		{ detail "interfaces not found in $ns_a/$ns_b"; return 1; }
	set_iftype $ns_b "$dev_b" ibss && set_iftype $ns_a "$dev_a" ibss ||
		{ detail "could not switch $dev_a/$dev_b to IBSS"; return 1; }
	ip -n $ns_a addr replace $addr_a/24 dev "$dev_a"
	ip -n $ns_b addr replace $addr_b/24 dev "$dev_b"
	out=$(ip netns exec $ns_b iw dev "$dev_b" ibss join $ibss_ssid "$freq" \
		fixed-freq $ibss_bssid 2>&1) ||
		{ detail "card B ($dev_b) could not start IBSS $ibss_ssid: ${out:-iw said nothing}; $(channel_state $ns_b "$dev_b" "$freq")"; return 1; }
	out=$(ip netns exec $ns_a iw dev "$dev_a" ibss join $ibss_ssid "$freq" \
		${fixed:+fixed-freq $ibss_bssid} 2>&1) ||
		{ detail "card A ($dev_a) could not join IBSS $ibss_ssid: ${out:-iw said nothing}; $(channel_state $ns_a "$dev_a" "$freq")"; return 1; }
	for _ in $(seq 1 60); do
		bssid_a=$(ibss_bssid_of $ns_a "$dev_a")
		bssid_b=$(ibss_bssid_of $ns_b "$dev_b")
		[ -n "$bssid_a" ] && [ "$bssid_a" = "$bssid_b" ] && break
		sleep 0.5
	done
	if [ -z "$bssid_a" ] || [ "$bssid_a" != "$bssid_b" ]; then
		detail "cards in different IBSS cells after 30 s: A ${bssid_a:-none}, B ${bssid_b:-none}"
		return 1
	fi
	echo "ibss cell $bssid_a"
}

# check_ibss FREQ: the two cards form one IBSS on FREQ MHz and ping.
check_ibss() {
	local freq=$1 cell rc
	cell=$(join_ibss "$freq") || return 1
	check_ping ibss
	rc=$?
	detail "$cell on $freq MHz; $(cat "$DETAIL_FILE")"
	return $rc
}

# Card A in monitor mode on channel 6 while card B is the open-ch6 AP (36
# and open-ch36 on cards without 2.4 GHz): the frames read from A's
# monitor interface must include beacons sent by card B (transmitter
# address) carrying the AP's SSID.
check_monitor() {
	local dev_a dev_b count net freq
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) && dev_b=$(iface_of "$CARD_B_MAC" $ns_b) ||
		{ detail "interfaces not found in $ns_a/$ns_b"; return 1; }
	ip netns exec $ns_a iw dev "$dev_a" ibss leave 2>/dev/null
	ip netns exec $ns_b iw dev "$dev_b" ibss leave 2>/dev/null
	set_iftype $ns_b "$dev_b" managed
	net=$(extras_net)
	freq=$(extras_freq)
	check_ap "$net" || return 1
	set_iftype $ns_a "$dev_a" monitor || { detail "$dev_a would not become a monitor"; return 1; }
	ip netns exec $ns_a iw dev "$dev_a" set freq "$freq" ||
		{ detail "monitor $dev_a could not tune to $freq MHz"; return 1; }
	count=$(ip netns exec $ns_a python3 - "$dev_a" "$CARD_B_MAC" "ath5k-lab-$net" <<'EOF'
# Counts beacons from one transmitter with one SSID on a monitor netdev:
# radiotap header, then the 802.11 header (frame control 0x80 = beacon,
# transmitter at bytes 10..15), 12 fixed bytes, then the SSID element.
import socket, sys, time
dev, mac, ssid = sys.argv[1], bytes.fromhex(sys.argv[2].replace(":", "")), sys.argv[3].encode()
s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(3))
s.bind((dev, 0))
s.settimeout(1)
seen = 0
frames = 0
end = time.monotonic() + 15
while time.monotonic() < end and seen < 5:
    try:
        pkt = s.recv(4096)
    except socket.timeout:
        continue
    frames += 1
    rt = int.from_bytes(pkt[2:4], "little")
    f = pkt[rt:]
    if len(f) < 38 or f[0] != 0x80 or f[10:16] != mac:
        continue
    body = f[36:]
    if len(body) >= 2 and body[0] == 0 and body[2:2 + body[1]] == ssid:
        seen += 1
print(seen, frames)
EOF
)
	stop_pidfile "$WORK/hostapd.pid"
	set_iftype $ns_a "$dev_a" managed
	read -r seen frames <<< "$count"
	detail "monitor $dev_a on $freq MHz: ${frames:-0} frames, ${seen:-0} beacons from card B ($CARD_B_MAC) with SSID ath5k-lab-$net"
	[ "${seen:-0}" -ge 5 ]
}

# Waits for both cards to come back after a load and puts them into their
# namespaces.
cards_back_in_ns() {
	local dev_a dev_b
	udevadm settle -t 30
	for _ in $(seq 1 60); do
		dev_a=$(iface_of "$CARD_A_MAC") && dev_b=$(iface_of "$CARD_B_MAC") && break
		sleep 0.5
	done
	[ -n "$dev_a" ] && [ -n "$dev_b" ] || return 1
	iw phy "$(phy_of "$dev_a")" set netns name $ns_a &&
		iw phy "$(phy_of "$dev_b")" set netns name $ns_b
}

# Kernel lines that report a leak: kmemleak (when the kernel has it) and
# the netdev reference leak message.
leak_lines='kmemleak|unregister_netdevice: waiting|leak'

check_reload_cycles() {
	local start cycle out got bad kmemleak
	start=$(kmsg_mark)
	for cycle in $(seq 1 "$reload_cycles"); do
		stop_pidfile "$WORK/wpa.pid"
		stop_pidfile "$WORK/hostapd.pid"
		rmmod ath5k || { detail "cycle $cycle: rmmod ath5k failed"; return 1; }
		[ ! -e /sys/module/ath5k ] || { detail "cycle $cycle: ath5k still loaded after rmmod"; return 1; }
		modprobe ath5k $MODULE_OPTIONS || { detail "cycle $cycle: modprobe ath5k failed"; return 1; }
		cards_back_in_ns || { detail "cycle $cycle: both interfaces did not come back"; return 1; }
		join_ibss "$(extras_freq)" fixed > /dev/null || { detail "cycle $cycle: $(cat "$DETAIL_FILE")"; return 1; }
		out=$(ip netns exec $ns_a ping -c 3 -i 0.2 -w 20 $addr_b 2>&1)
		got=$(printf '%s\n' "$out" | sed -n 's/.* \([0-9]*\) received.*/\1/p')
		echo "cycle $cycle: ${got:-0} of 3 pings answered"
		if [ "${got:-0}" -lt 3 ]; then
			# Still a failure; a second try says whether the cell
			# came up late or stays broken.  The cards' journals
			# first: the retry's frames would push out the failed
			# try's.
			printf '%s\n' "$out"
			echo "emulator journals (emulator.log): card0 $(emu_ask card0 journal), card1 $(emu_ask card1 journal)"
			out=$(ip netns exec $ns_a ping -c 3 -i 0.2 -w 10 $addr_b 2>&1)
			printf '%s\n' "$out"
			detail "cycle $cycle: only ${got:-0} of 3 pings answered over IBSS; a second try right after: $(printf '%s\n' "$out" | sed -n 's/.* \([0-9]*\) received.*/\1/p') of 3"
			return 1
		fi
	done
	kmemleak="kmemleak not in this kernel (CONFIG_DEBUG_KMEMLEAK unset), leak check is dmesg only"
	mount -t debugfs none /sys/kernel/debug 2>/dev/null
	if [ -w /sys/kernel/debug/kmemleak ]; then
		echo scan > /sys/kernel/debug/kmemleak
		sleep 5
		echo scan > /sys/kernel/debug/kmemleak
		cat /sys/kernel/debug/kmemleak > "$LOGS/kmemleak.txt"
		kmemleak="kmemleak: $(grep -c 'unreferenced object' "$LOGS/kmemleak.txt") unreferenced objects"
		grep -q 'unreferenced object' "$LOGS/kmemleak.txt" && { detail "$kmemleak"; return 1; }
	fi
	dmesg_after "$start" > "$LOGS/dmesg-reload-cycles.txt"
	bad=$( { bad_kernel_lines "$LOGS/dmesg-reload-cycles.txt"
		grep -E "$leak_lines" "$LOGS/dmesg-reload-cycles.txt"; } | head -n 3)
	if [ -n "$bad" ]; then
		detail "$reload_cycles cycles done, but dmesg: $bad"
		return 1
	fi
	detail "$reload_cycles rmmod/modprobe cycles, both interfaces back and 3 IBSS pings answered each time; no warning or leak line in dmesg; $kmemleak"
}

# user_country CC: the user names country CC (iw reg set) and cfg80211
# has applied it.
user_country() {
	local out
	out=$(iw reg set "$1" 2>&1) || { detail "iw reg set $1: ${out:-failed}"; return 1; }
	for _ in $(seq 1 40); do
		iw reg get | sed -n '/^global/{n;p;q}' | grep -q "^country $1:" && return 0
		sleep 0.25
	done
	detail "iw reg set $1: the global domain is still $(iw reg get | sed -n '/^global/{n;p;q}')"
	return 1
}

# An IBSS on channel 36 after card A is bound again while the user's
# country (US, the cards' own) is in force.  cfg80211 then lays the
# country over the new wiphy's start-up world set, whose 5 GHz channels
# are passive, and takes the card's own hint for one already applied: the
# driver must open what its country allows (src/regd.c).  Naming the world
# first makes US a new request whatever the earlier checks left.
check_ibss_5ghz() {
	local bdf dev
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	user_country 00 && user_country US || return 1
	bdf=$(interop_bdf a) || { detail "card A: no PCI address"; return 1; }
	echo "$bdf" > /sys/bus/pci/drivers/ath5k/unbind &&
		echo "$bdf" > /sys/bus/pci/drivers/ath5k/bind ||
		{ detail "card A ($bdf) would not bind to ath5k again"; return 1; }
	dev=$(card_home a) || { detail "card A ($bdf) after binding again: $dev"; return 1; }
	check_ibss 5180
}

# Our driver only (the in-tree module is the oracle, not the subject), and
# only where the driver's file asks for them (DRIVER_EXTRAS=yes): the
# matrix leaves them out to keep each cell short.
run_driver_extra_checks() {
	[ "$DRIVER" != in-tree ] && [ "${DRIVER_EXTRAS:-no}" = yes ] || return 0
	run_check ibss 120 needs=interfaces-up check_ibss "$(extras_freq)"
	run_check monitor 120 needs=interfaces-up check_monitor
	run_check reload-cycles 1200 needs=interfaces-up check_reload_cycles
	run_check ibss-5ghz 120 needs=interfaces-up check_ibss_5ghz
}
