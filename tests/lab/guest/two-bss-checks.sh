# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh after wifi-checks.sh, whose helpers it uses:
# two-bss, two WPA2 networks on the two cards at once.

# Two WPA2-CCMP networks at once (check_two_bss), so each card holds the
# pairwise and group keys of both in its key cache together: card B is the
# AP of ath5k-lab-two-b on its interface (10.55.0.1) with card A's
# interface its station (10.55.0.2), while a second interface on card A is
# the AP of ath5k-lab-two-a (10.56.0.1) with a second interface on card B
# its station (10.56.0.2).  An AP and a station on each card, not two
# stations on one: a station's group key lives in the default entry of its
# key ID, which two stations' group keys would both want.
two_bss_nets="two-a two-b"
two_bss_addr_ap=10.56.0.1
two_bss_addr_sta=10.56.0.2
two_bss_ap_if=lab-a-ap
two_bss_sta_if=lab-b-sta
two_bss_pings=20
two_bss_broadcasts=30
two_bss_broadcasts_min=18	# as check_rekey: group frames are never retried

# second_mac MAC: the address of a card's second interface: locally
# administered, differing from MAC in bit 2 of the first octet (the
# drivers clear it out of the BSSID mask).
second_mac() {
	local first=${1%%:*}
	printf '%02x:%s\n' $(((0x$first | 0x02) ^ 0x04)) "${1#*:}" | lower
}

# two_bss_hostapd NS DEV NET: hostapd for WPA2 network NET on DEV.
two_bss_hostapd() {
	local ns=$1 dev=$2 net=$3 conf state
	conf="$WORK/hostapd-$net.conf"
	{
		echo "interface=$dev"
		echo "driver=nl80211"
		echo "ctrl_interface=/run/hostapd-lab"
		echo "ssid=ath5k-lab-$net"
		echo "hw_mode=$(mode_24ghz)"
		echo "channel=6"
		echo "country_code=US"
		echo "beacon_int=100"
		echo "wpa=2"
		echo "wpa_key_mgmt=WPA-PSK"
		echo "rsn_pairwise=CCMP"
		echo "wpa_passphrase=$psk"
	} > "$conf"
	ip netns exec "$ns" hostapd -B -P "$WORK/hostapd-$net.pid" -f "$LOGS/hostapd-$net.log" "$conf" ||
		{ echo "hostapd for $net on $dev failed to start: $(tail -n 2 "$LOGS/hostapd-$net.log" | tr '\n' ' ')"; return 1; }
	state=$(hostapd_wait_enabled "$ns" "$dev") && return 0
	echo "hostapd for $net on $dev: state $state after 30 s"
	return 1
}

# two_bss_wpa_start NS DEV NET: wpa_supplicant on DEV for WPA2 network NET.
two_bss_wpa_start() {
	local ns=$1 dev=$2 net=$3 conf="$WORK/wpa-$3.conf"
	{
		echo "ctrl_interface=/run/wpa-lab"
		echo "country=US"
		echo "network={"
		echo "  ssid=\"ath5k-lab-$net\""
		echo "  scan_freq=$(network_freq 6)"
		echo "  key_mgmt=WPA-PSK"
		echo "  proto=RSN"
		echo "  pairwise=CCMP"
		echo "  group=CCMP"
		echo "  psk=\"$psk\""
		echo "}"
	} > "$conf"
	ip netns exec "$ns" wpa_supplicant -B -D nl80211 -i "$dev" -c "$conf" \
		-P "$WORK/wpa-$net.pid" -f "$LOGS/wpa-$net.log"
}

# two_bss_wpa_state NS DEV: DEV's wpa_state and bssid ("COMPLETED 02:...").
two_bss_wpa_state() {
	ip netns exec "$1" wpa_cli -p /run/wpa-lab -i "$2" status 2>/dev/null |
		awk -F= '$1 == "wpa_state" { s = $2 } $1 == "bssid" { b = $2 }
			END { print s, b }'
}

two_bss_stop() {
	local net
	for net in $two_bss_nets; do
		stop_pidfile "$WORK/wpa-$net.pid"
		stop_pidfile "$WORK/hostapd-$net.pid"
	done
	ip netns exec $ns_a iw dev $two_bss_ap_if del 2>/dev/null
	ip netns exec $ns_b iw dev $two_bss_sta_if del 2>/dev/null
	ip netns exec $ns_a sysctl -q -w net.ipv4.icmp_echo_ignore_broadcasts=1
	ip netns exec $ns_b sysctl -q -w net.ipv4.icmp_echo_ignore_broadcasts=1
	return 0
}

# two_bss_ping NS NAME DST [DEV]: pings DST from NS into
# $LOGS/checks/two-bss-NAME.log, broadcast out of DEV when DST is one.
# The sender's own namespace answers a broadcast at once, and ping stops
# at the count of first answers: one request more than judged gives the
# last judged one's remote answer time to come.
two_bss_ping() {
	local ns=$1 name=$2 dst=$3 dev=${4:-}
	if [ -n "$dev" ]; then
		ip netns exec "$ns" ping -b -I "$dev" -c $((two_bss_broadcasts + 1)) -i 0.5 -W 3 "$dst"
	else
		ip netns exec "$ns" ping -c $two_bss_pings -i 0.2 -W 3 "$dst"
	fi > "$LOGS/checks/two-bss-$name.log" 2>&1
}

# Where the stack threw frames away, while the interfaces still exist:
# mac80211's per-key replay and ICV/MIC counts, per-station RX drops and
# each netdev's RX dropped.  For a check that lost frames no card failed
# to send.
stack_drop_counts() {
	local f ns
	mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug 2>/dev/null
	for f in /sys/kernel/debug/ieee80211/phy*/keys/*/; do
		[ -r "$f/replays" ] || continue
		echo "$f: cipher $(cat "$f/algorithm" 2>/dev/null) replays $(cat "$f/replays") icverrors $(cat "$f/icverrors" 2>/dev/null) mic_failures $(cat "$f/mic_failures" 2>/dev/null)"
	done
	for ns in "$ns_a" "$ns_b"; do
		echo "--- $ns"
		ip -n "$ns" -s link show 2>/dev/null
		for f in $(ip netns exec "$ns" ls /sys/class/net); do
			ip netns exec "$ns" test -e "/sys/class/net/$f/phy80211" || continue
			ip netns exec "$ns" timeout 10 iw dev "$f" station dump | grep -E 'Station|rx drop|rx packets|tx failed|tx retries'
		done
	done
}

# Received count of a ping log.
ping_received() {
	sed -n 's/.* \([0-9][0-9]*\) received.*/\1/p' "$1" | head -n 1
}

# ping_answered_by LOG PEER [MAX]: echo requests of a ping log (up to
# icmp_seq MAX) answered by PEER (a broadcast ping also hears its own
# namespace answer it).
ping_answered_by() {
	awk -v from="from $2:" -v max="${3:-0}" 'index($0, from) {
			for (i = 1; i <= NF; i++)
				if ($i ~ /^icmp_seq=/) {
					seq = substr($i, 10) + 0
					if (!max || seq <= max)
						seen[seq] = 1
				}
		}
		END { n = 0; for (s in seen) n++; print n }' "$1"
}

check_two_bss() {
	local dev_a dev_b phy_a phy_b mac_ap mac_sta mac_b st bssid start
	local before_a before_b after_a after_b card before after d text='' bad='' name got peer
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) && dev_b=$(iface_of "$CARD_B_MAC" $ns_b) ||
		{ detail "interfaces not found in $ns_a/$ns_b"; return 1; }
	# Whatever the previous network left running.
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	two_bss_stop
	phy_a=$(ip netns exec $ns_a cat "/sys/class/net/$dev_a/phy80211/name")
	phy_b=$(ip netns exec $ns_b cat "/sys/class/net/$dev_b/phy80211/name")
	mac_ap=$(second_mac "$CARD_A_MAC")
	mac_sta=$(second_mac "$CARD_B_MAC")
	mac_b=$(printf '%s' "$CARD_B_MAC" | lower)
	# Second interfaces, each with an address of its own.
	ip netns exec $ns_a iw phy "$phy_a" interface add $two_bss_ap_if type __ap &&
		ip -n $ns_a link set $two_bss_ap_if address "$mac_ap" &&
		ip -n $ns_a addr add $two_bss_addr_ap/24 dev $two_bss_ap_if ||
		{ detail "no second interface ($two_bss_ap_if, $mac_ap) on card A's $phy_a"; two_bss_stop; return 1; }
	ip netns exec $ns_b iw phy "$phy_b" interface add $two_bss_sta_if type managed &&
		ip -n $ns_b link set $two_bss_sta_if address "$mac_sta" &&
		ip -n $ns_b addr add $two_bss_addr_sta/24 dev $two_bss_sta_if &&
		ip -n $ns_b link set $two_bss_sta_if up ||
		{ detail "no second interface ($two_bss_sta_if, $mac_sta) on card B's $phy_b"; two_bss_stop; return 1; }
	# Both APs on channel 6 (one channel per card), then both stations.
	text=$(two_bss_hostapd $ns_b "$dev_b" two-b) &&
		text=$(two_bss_hostapd $ns_a $two_bss_ap_if two-a) ||
		{ detail "$text"; two_bss_stop; return 1; }
	start=$SECONDS
	two_bss_wpa_start $ns_a "$dev_a" two-b && two_bss_wpa_start $ns_b $two_bss_sta_if two-a ||
		{ detail "wpa_supplicant failed to start"; two_bss_stop; return 1; }
	for _ in $(seq 1 120); do
		[ "$(two_bss_wpa_state $ns_a "$dev_a")" = "COMPLETED $mac_b" ] &&
			[ "$(two_bss_wpa_state $ns_b $two_bss_sta_if)" = "COMPLETED $mac_ap" ] && break
		sleep 0.5
	done
	for st in "$ns_a $dev_a two-b $mac_b" "$ns_b $two_bss_sta_if two-a $mac_ap"; do
		set -- $st
		read -r got bssid <<< "$(two_bss_wpa_state "$1" "$2")"
		[ "$got $bssid" = "COMPLETED $4" ] ||
			bad+="$2 on ath5k-lab-$3: wpa_state ${got:-unknown} bssid ${bssid:-none}, want $4 ($(grep -E 'CTRL-EVENT|Associat|Authent' "$LOGS/wpa-$3.log" | tail -n 2 | tr '\n' ' ')); "
	done
	if [ -n "$bad" ]; then
		detail "not associated after 60 s: $bad"
		two_bss_stop
		return 1
	fi
	text="$dev_a -> ath5k-lab-two-b ($mac_b), $two_bss_sta_if -> ath5k-lab-two-a ($mac_ap) in $((SECONDS - start)) s; "
	ip netns exec $ns_a sysctl -q -w net.ipv4.icmp_echo_ignore_broadcasts=0
	ip netns exec $ns_b sysctl -q -w net.ipv4.icmp_echo_ignore_broadcasts=0
	before_a=$(emu_crypto card0) && before_b=$(emu_crypto card1) ||
		{ detail "${text}no crypto counts from the emulator on $emu_port"; two_bss_stop; return 1; }
	# Unicast both ways on both networks, and each AP's group-addressed
	# frames to its station, all at once.
	two_bss_ping $ns_a sta-a-to-ap-b $addr_b &
	two_bss_ping $ns_b ap-b-to-sta-a $addr_a &
	two_bss_ping $ns_b sta-b-to-ap-a $two_bss_addr_ap &
	two_bss_ping $ns_a ap-a-to-sta-b $two_bss_addr_sta &
	two_bss_ping $ns_b bcast-ap-b 255.255.255.255 "$dev_b" &
	two_bss_ping $ns_a bcast-ap-a 255.255.255.255 $two_bss_ap_if &
	wait
	after_a=$(emu_crypto card0) && after_b=$(emu_crypto card1) ||
		{ detail "${text}no crypto counts from the emulator after the pings"; two_bss_stop; return 1; }
	printf 'card A before: %s\ncard A after: %s\ncard B before: %s\ncard B after: %s\n' \
		"$before_a" "$after_a" "$before_b" "$after_b"
	stack_drop_counts > "$LOGS/checks/two-bss-stack.log" 2>&1
	two_bss_stop
	for name in sta-a-to-ap-b ap-b-to-sta-a sta-b-to-ap-a ap-a-to-sta-b; do
		got=$(ping_received "$LOGS/checks/two-bss-$name.log")
		text+="$name ${got:-0}/$two_bss_pings, "
		[ "${got:-0}" -eq $two_bss_pings ] || bad+="$name: ${got:-0} of $two_bss_pings answered; "
	done
	# Group frames are never retried, so some are lost to the unicast
	# traffic's collisions; a station without its group key in the card,
	# or with another BSS's there, answers none.
	for st in "bcast-ap-a $two_bss_addr_sta" "bcast-ap-b $addr_a"; do
		read -r name peer <<< "$st"
		got=$(ping_answered_by "$LOGS/checks/two-bss-$name.log" "$peer" $two_bss_broadcasts)
		text+="$name ${got:-0}/$two_bss_broadcasts, "
		[ "${got:-0}" -ge $two_bss_broadcasts_min ] ||
			bad+="$name: ${got:-0} of $two_bss_broadcasts broadcasts answered (< $two_bss_broadcasts_min); "
	done
	# Each card sends and receives the echo requests and replies of its
	# station and of its AP (4 x the pings) sealed by its key cache;
	# nothing missed its key, failed its MIC or went out in software or
	# in the clear.
	for card in a b; do
		eval "before=\$before_$card after=\$after_$card"
		text+="card ${card^^}:"
		for name in tx_ccmp rx_ccmp; do
			d=$(crypto_delta "$before" "$after" $name)
			text+=" $name +$d"
			[ "$d" -ge $((4 * two_bss_pings)) ] ||
				bad+="card ${card^^} $name +$d (< $((4 * two_bss_pings))); "
		done
		for name in rx_miss rx_icv_fail rx_mic_fail tx_sw tx_plain_keyed rx_plain_keyed; do
			d=$(crypto_delta "$before" "$after" $name)
			[ "$d" -eq 0 ] || { text+=" $name +$d"; bad+="card ${card^^} $name +$d; "; }
		done
		text+="; "
	done
	detail "ccmp: $text${bad:+ -- $bad}"
	[ -z "$bad" ]
}
