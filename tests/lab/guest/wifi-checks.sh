# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh: the checks every driver must pass on two emulated
# cards.  Card A is the station (namespace lab-a, 10.55.0.2), card B the
# access point (namespace lab-b, 10.55.0.1); each is found by the MAC the
# emulator was given (CARD_A_MAC, CARD_B_MAC).

ns_a=lab-a
ns_b=lab-b
addr_a=10.55.0.2
addr_b=10.55.0.1

# Kernel messages that mean the kernel, the driver or the card misbehaved:
# faults match case-sensitively ("loops_per_jiffy" is no oops), driver
# complaints in any case.
kernel_faults='WARNING:|BUG:|(^|[^[:alpha:]])Oops([^[:alpha:]]|$)|Call Trace:|general protection fault|Kernel panic'
driver_errors='ath5k.*(error|fail|timeout|unable|invalid|stuck)|phy[0-9]+:.*(error|fail|timeout)|calibration.*timeout'
# Each driver's own complaints, word for word (its dev_err/dev_warn or
# ATH5K_ERR/ATH5K_WARN text), matched as written right after the prefix
# the driver prints them with (anywhere after it): "ath5k 0000:00:04.0: " (dev_err),
# "ath5k: phy0: " (ATH5K_ERR), "ath5k: ath5k_fn: " (ATH5K_PRINTF) or
# "ath5k: " (before the wiphy exists).  mac80211's own lines about the
# interface ("ath5k 0000:00:04.0 wlan0: ...") do not have that prefix.
# The interop checks' copy of ours prints as "ath5k_swcrypto 0000:...".
own_prefix='ath5k(_swcrypto)?(:| [0-9a-f]+:[0-9a-f]+:[0-9a-f]+\\.[0-9]+:)( (phy[0-9]+|ath5k_[a-z0-9_]+):)? '
# Ours (src/):
ours_errors="chip did not|(RX DMA|TX queue [0-9]+) did not stop|timed out|cannot |radio( \\(rev [^)]*\\))? is not supported|, not supported|not supported by this card|unknown radio|unknown EEPROM|card does not answer|802\\.11n chip|self test failed|EEPROM(:| read of word| size field| enables no)|the EEPROM enables no usable band|not possible in mode|outside (the|this) card's range|not on the synthesiser grid|no TX power calibration|32-bit DMA is not available|BAR 0 is busy|fatal bus error|stuck|no ani sysfs|regulatory hint|chip reset (on [0-9]+ MHz )?failed|does not come back|stays asserted|not in the band of mode"
# The in-tree ath5k (drivers/net/wireless/ath/ath5k/):
in_tree_errors="can't |[Cc]ouldn't|could not|too many interrupts|didn't start/stop|out of range|not yet supported|zero retries|zero rate|empty rx buf pool|headroom|no further txbuf|bad mode|is too low|not available|out of supported|not A/B/G|out of memory|not found|POST Failed|Only one single ad-hoc"
# Any DKMS module signed with a key the guest has not enrolled (no Secure
# Boot in the lab) taints the kernel with this line: expected, not an error.
expected_lines='module verification failed: signature and/or required key missing'

bad_kernel_lines() {
	awk -v faults="$kernel_faults" -v errors="$driver_errors" \
		-v own="$own_prefix.*($ours_errors|$in_tree_errors)" -v expected="$expected_lines" \
		'$0 !~ expected && ($0 ~ faults || tolower($0) ~ errors || $0 ~ own)' "$@"
}

lower() { tr 'A-F' 'a-f'; }

# cards_lack FEATURE: whether a card of the run lacks it (CARD_MODELS:
# each card's ath5k-emu model=, A then B; expected_checks.py says which
# checks that leaves out).  The AR5211 has no AES-CCM unit in its key
# cache (attach.c: only from SREV 0x54 on), so mac80211 seals and opens
# CCMP in software; no 802.11g (caps.c), so its 2.4 GHz networks run
# 802.11b; and no BSSID mask (base.c ath5k_hw_hasbssidmask), so a card
# answers to one address only and cannot serve two interfaces.  The
# AR5210 lacks all three and any 2.4 GHz radio (caps.c: 11a only on an
# AR5K_AR5210): only the 5 GHz network runs there.  Neither runs ANI
# (ani.c: the AR5212 family only) or has multi-rate retry (caps.c
# cap_has_mrr_support: the AR5212 family's four rate series).
cards_lack() {
	case $1 in
	hw-ccmp | 11g | bssid-mask | ani | mrr)
		case " ${CARD_MODELS:-} " in *" ar5211 "* | *" ar5210 "*) return 0 ;; esac ;;
	2ghz) case " ${CARD_MODELS:-} " in *" ar5210 "*) return 0 ;; esac ;;
	esac
	return 1
}

# hostapd's hw_mode for the 2.4 GHz networks.
mode_24ghz() {
	if cards_lack 11g; then echo b; else echo g; fi
}

# Netdev of the wireless interface with MAC $1 in namespace $2 (or root).
iface_of() {
	local mac ns=${2:-} dev
	mac=$(printf '%s' "$1" | lower)
	for dev in $(in_ns "$ns" ls /sys/class/net); do
		[ "$(in_ns "$ns" cat "/sys/class/net/$dev/address")" = "$mac" ] || continue
		in_ns "$ns" test -e "/sys/class/net/$dev/phy80211" && { echo "$dev"; return 0; }
	done
	return 1
}

in_ns() {
	local ns=$1
	shift
	if [ -n "$ns" ]; then ip netns exec "$ns" "$@"; else "$@"; fi
}

phy_of() { cat "/sys/class/net/$1/phy80211/name"; }

# The emulator's control socket, wired by the host to a virtio port.
emu_port=/dev/virtio-ports/ath5k.control

# emu_ask WORDS...: prints ath5k-emu's one-line answer to one command.
emu_ask() {
	local answer=''
	if [ ! -e "$emu_port" ]; then
		modprobe virtio_console
		udevadm settle -t 10
	fi
	exec 7<> "$emu_port" || return 1
	printf '%s\n' "$*" >&7
	IFS= read -r -t 15 answer <&7
	exec 7>&-
	printf '%s\n' "${answer%$'\r'}"
}

# emu_crypto CARD: the card's crypto counts as shell assignments
# (tx_ccmp=N rx_miss=N tx_mgmt_protected=N ...), from "ok: tx wep=N ...;
# rx wep=N ...": every key of the line, whatever keys it has.
emu_crypto() {
	emu_ask "$1" crypto | awk '
		/^ok/ {
			sub(/^ok:? */, "")
			n = split($0, part, ";")
			for (i = 1; i <= n; i++) {
				m = split(part[i], w, " ")
				for (j = 2; j <= m; j++) {
					gsub(/-/, "_", w[j])
					printf "%s_%s ", w[1], w[j]
				}
			}
			ok = 1
		}
		END { exit !ok }'
}

# wifi_failure_state: what a failed check leaves for diagnosis without a
# rerun: every wireless interface's channel, link and stations as the
# kernel sees them (in each namespace), and each card's radio, counters
# and last frames (in emulator.log) as the emulator sees them.
wifi_failure_state() {
	local ns dev card
	echo "=== state after the failure ==="
	for ns in '' "$ns_a" "$ns_b"; do
		for dev in $(in_ns "$ns" ls /sys/class/net 2>/dev/null); do
			in_ns "$ns" test -e "/sys/class/net/$dev/phy80211" || continue
			echo "--- ${ns:-root} $dev ($(in_ns "$ns" cat "/sys/class/net/$dev/address"))"
			in_ns "$ns" timeout 10 iw dev "$dev" info
			in_ns "$ns" timeout 10 iw dev "$dev" link
			in_ns "$ns" timeout 10 iw dev "$dev" station dump
			# Packets as the netdev, the qdisc and ARP saw them.
			in_ns "$ns" ip -s link show dev "$dev"
			in_ns "$ns" tc -s qdisc show dev "$dev"
			in_ns "$ns" ip neigh show dev "$dev"
		done
	done
	for card in card0 card1; do
		echo "--- emulator $card radio: $(emu_ask "$card" radio)"
		echo "--- emulator $card stats: $(emu_ask "$card" stats)"
		# Its last frames other than beacons, and what became of each.
		echo "--- emulator $card journal: $(emu_ask "$card" journal)"
	done
	# Both drivers' own accounts (queues, resets, ANI), where debugfs has them.
	mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug 2>/dev/null
	for f in /sys/kernel/debug/ieee80211/phy*/{queues,ath5k/queue,ath5k/queues,ath5k/misc,ath5k/ani,ath5k/frameerrors,ath5k/beacon}; do
		[ -r "$f" ] || continue
		echo "--- $f"
		timeout 5 cat "$f"
	done
	echo "--- the kernel log's last 40 lines"
	dmesg | tail -n 40
}

check_probe() {
	local dev n=0 bound=0 drv seen=''
	udevadm settle -t 30 || true
	for dev in /sys/bus/pci/devices/*; do
		[ "$(cat "$dev/vendor")" = 0x168c ] || continue
		n=$((n + 1))
		drv=$(basename "$(readlink "$dev/driver" 2>/dev/null)" 2>/dev/null)
		[ "$drv" = ath5k ] && bound=$((bound + 1))
		seen+="${dev##*/} $(cat "$dev/device")->${drv:-none}; "
	done
	detail "$bound of $CARD_COUNT Atheros cards bound to ath5k (${seen:-no 168c device on the bus})"
	[ $n -eq "$CARD_COUNT" ] && [ $bound -eq "$CARD_COUNT" ]
}

check_mac_addresses() {
	local mac dev ok=0 seen=''
	for mac in "$CARD_A_MAC" "$CARD_B_MAC"; do
		if dev=$(iface_of "$mac"); then
			seen+="$dev=$mac ($(phy_of "$dev")); "
		else
			seen+="no wireless interface has $mac; "
			ok=1
		fi
	done
	detail "$seen"
	return $ok
}

# Enabled channel frequencies of a phy, one per line.
enabled_freqs() {
	iw phy "$1" info | awk '/^[ \t]*\* [0-9]+(\.[0-9]+)? MHz \[/ && !/disabled/ { print int($2) }'
}

# card_bands N: the bands card N (1: A, 2: B) must offer: EXPECT_BANDS,
# less 2.4 GHz on a card without a 2.4 GHz radio (the AR5210's RF5110).
card_bands() {
	local model
	model=$(printf '%s\n' "${CARD_MODELS:-}" | awk -v n="$1" '{ print $n }')
	case $model in
	ar5210) echo 5 ;;
	*) echo "$EXPECT_BANDS" ;;
	esac
}

check_channels() {
	local mac dev phy freqs f missing='' extra='' n24 n5 text='' n=0 bands
	local want24='2412 2417 2422 2427 2432 2437 2442 2447 2452 2457 2462'
	local want5='5180 5200 5220 5240'
	for mac in "$CARD_A_MAC" "$CARD_B_MAC"; do
		n=$((n + 1))
		bands=$(card_bands $n)
		dev=$(iface_of "$mac") || { detail "no interface for $mac"; return 1; }
		phy=$(phy_of "$dev")
		iw phy "$phy" info	# into this check's log
		freqs=$(enabled_freqs "$phy")
		n24=$(printf '%s\n' "$freqs" | awk '$1 < 3000' | grep -c .)
		n5=$(printf '%s\n' "$freqs" | awk '$1 > 4900' | grep -c .)
		text+="$phy: $n24 enabled at 2.4 GHz, $n5 at 5 GHz; "
		for f in $want24; do
			case " $bands " in *" 2.4 "*) ;; *) continue ;; esac
			printf '%s\n' "$freqs" | grep -qx "$f" || missing+="$phy:$f "
		done
		for f in $want5; do
			case " $bands " in *" 5 "*) ;; *) continue ;; esac
			printf '%s\n' "$freqs" | grep -qx "$f" || missing+="$phy:$f "
		done
		case " $bands " in *" 5 "*) ;; *) [ "$n5" -eq 0 ] || extra+="$phy:5GHz " ;; esac
		case " $bands " in *" 2.4 "*) ;; *) [ "$n24" -eq 0 ] || extra+="$phy:2.4GHz " ;; esac
	done
	[ -z "$missing" ] || text+="missing: $missing; "
	[ -z "$extra" ] || text+="bands the EEPROM does not enable: $extra"
	detail "$text"
	[ -z "$missing" ] && [ -z "$extra" ]
}

check_netns() {
	local dev_a dev_b
	dev_a=$(iface_of "$CARD_A_MAC") && dev_b=$(iface_of "$CARD_B_MAC") ||
		{ detail "interfaces not found"; return 1; }
	ip netns add $ns_a && ip netns add $ns_b || return 1
	iw phy "$(phy_of "$dev_a")" set netns name $ns_a || return 1
	iw phy "$(phy_of "$dev_b")" set netns name $ns_b || return 1
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) && dev_b=$(iface_of "$CARD_B_MAC" $ns_b) ||
		{ detail "interfaces did not arrive in $ns_a/$ns_b"; return 1; }
	detail "$dev_a in $ns_a, $dev_b in $ns_b"
}

dmesg_since_load() {
	dmesg_after "$(cat "$WORK/dmesg-at-load" 2>/dev/null || echo -1)"
}

check_interfaces_up() {
	local dev_a dev_b bad
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) && dev_b=$(iface_of "$CARD_B_MAC" $ns_b) ||
		{ detail "interfaces not found in $ns_a/$ns_b"; return 1; }
	ip -n $ns_a link set lo up && ip -n $ns_b link set lo up
	ip -n $ns_a link set "$dev_a" up || { detail "$dev_a would not come up"; return 1; }
	ip -n $ns_b link set "$dev_b" up || { detail "$dev_b would not come up"; return 1; }
	ip -n $ns_a addr add $addr_a/24 dev "$dev_a"
	ip -n $ns_b addr add $addr_b/24 dev "$dev_b"
	sleep 3
	bad=$(dmesg_since_load | bad_kernel_lines | head -n 3)
	if [ -n "$bad" ]; then
		detail "dmesg after bringing up: $bad"
		return 1
	fi
	detail "$dev_a and $dev_b up, no driver error in dmesg"
}

stop_pidfile() {
	local pid
	[ -f "$1" ] || return 0
	pid=$(cat "$1")
	kill "$pid" 2>/dev/null
	for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
	kill -9 "$pid" 2>/dev/null
	rm -f "$1"
}

# ctrl_wait_state SECONDS KEY WANT NS CLI ARGS...: polls `CLI ARGS...
# status` in NS every half second until its KEY= line reads WANT, for up
# to SECONDS; prints the last value, true when it reached WANT.
ctrl_wait_state() {
	local seconds=$1 key=$2 want=$3 ns=$4 state=''
	shift 4
	for _ in $(seq 1 $((seconds * 2))); do
		state=$(ip netns exec "$ns" "$@" status 2>/dev/null | sed -n "s/^$key=//p")
		[ "$state" = "$want" ] && break
		sleep 0.5
	done
	echo "${state:-unknown}"
	[ "$state" = "$want" ]
}

# wait_field_above SECONDS FIELD ABOVE COMMAND...: runs COMMAND once a
# second until the number in field FIELD of its output passes ABOVE, for
# up to SECONDS; prints COMMAND's last output, true when it passed.
wait_field_above() {
	local seconds=$1 field=$2 above=$3 out='' value
	shift 3
	for _ in $(seq 1 "$seconds"); do
		out=$("$@")
		value=$(printf '%s\n' "$out" | awk -v f="$field" 'NR == 1 { print $f + 0 }')
		[ "${value:-0}" -gt "$above" ] && { echo "$out"; return 0; }
		sleep 1
	done
	echo "$out"
	return 1
}

# hostapd_wait_enabled NS DEV: hostapd on DEV up within 30 s.
hostapd_wait_enabled() {
	ctrl_wait_state 30 state ENABLED "$1" hostapd_cli -p /run/hostapd-lab -i "$2"
}

# wpa_wait_completed NS DEV: wpa_supplicant on DEV connected within 60 s.
wpa_wait_completed() {
	ctrl_wait_state 60 wpa_state COMPLETED "$1" wpa_cli -p /run/wpa-lab -i "$2"
}

# check_ap NETWORK: hostapd on card B for one of the networks below.
network_conf() {
	case $1 in
	open-ch6) echo "channel=6 hw_mode=$(mode_24ghz) security=open" ;;
	wpa2-ch6) echo "channel=6 hw_mode=$(mode_24ghz) security=wpa2" ;;
	tkip-ch6) echo "channel=6 hw_mode=$(mode_24ghz) security=tkip" ;;
	wep-ch6) echo "channel=6 hw_mode=$(mode_24ghz) security=wep104" ;;
	sae-ch6) echo "channel=6 hw_mode=$(mode_24ghz) security=sae" ;;
	open-ch36) echo "channel=36 hw_mode=a security=open" ;;
	# The SAE mesh (mesh-checks.sh), on the extras' channel: CCMP data
	# as in WPA2.
	mesh-sae)
		if cards_lack 2ghz; then echo "channel=36 hw_mode=a security=wpa2"
		else echo "channel=6 hw_mode=$(mode_24ghz) security=wpa2"; fi ;;
	*) return 1 ;;
	esac
}

network_freq() {
	local channel=$1
	if [ "$channel" -le 14 ]; then echo $((2407 + 5 * channel)); else echo $((5000 + 5 * channel)); fi
}

# The networks of the Wi-Fi checks, in the order they run (expected_checks.py);
# the 2.4 GHz ones only where every card has a 2.4 GHz radio.
wifi_networks="open-ch6 sae-ch6 wpa2-ch6 tkip-ch6 wep-ch6 open-ch36"
if cards_lack 2ghz; then wifi_networks="open-ch36"; fi
psk=ath5k-lab-passphrase
# WEP-104: 13 key bytes.
wep_key=a5a5a51ab0c0ffee0123456789
# The WPA2 network renews its group key this often (s), so group-addressed
# traffic is checked across rekeys (check_rekey).
group_rekey=6

# The cipher the emulated card counts a network's frames under.
network_cipher() {
	case $1 in
	wpa2 | sae) echo ccmp ;;
	tkip) echo tkip ;;
	wep104) echo wep ;;
	*) return 1 ;;
	esac
}

check_ap() {
	local net=$1 channel hw_mode security dev conf state
	eval "$(network_conf "$net")"
	# A station still chasing the previous network would keep card A
	# hopping channels during the next scan.
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	dev=$(iface_of "$CARD_B_MAC" $ns_b) || { detail "card B not found"; return 1; }
	conf="$WORK/hostapd-$net.conf"
	{
		echo "interface=$dev"
		echo "driver=nl80211"
		echo "ctrl_interface=/run/hostapd-lab"
		echo "ssid=ath5k-lab-$net"
		echo "hw_mode=$hw_mode"
		echo "channel=$channel"
		echo "country_code=US"
		echo "beacon_int=100"
		# hostapd's default, written down: dtim-multicast tells CAB
		# frames from frames sent at the beacon alert only with DTIM > 1
		echo "dtim_period=2"
		case $security in
		wpa2)
			echo "wpa=2"
			echo "wpa_key_mgmt=WPA-PSK"
			echo "rsn_pairwise=CCMP"
			echo "wpa_passphrase=$psk"
			echo "wpa_group_rekey=$group_rekey"
			;;
		tkip)
			echo "wpa=1"
			echo "wpa_key_mgmt=WPA-PSK"
			echo "wpa_pairwise=TKIP"
			echo "wpa_passphrase=$psk"
			;;
		wep104)
			echo "auth_algs=1"
			echo "wep_default_key=0"
			echo "wep_key0=$wep_key"
			;;
		sae)
			# WPA3-Personal: management frame protection required
			echo "wpa=2"
			echo "wpa_key_mgmt=SAE"
			echo "rsn_pairwise=CCMP"
			echo "sae_password=$psk"
			echo "ieee80211w=2"
			;;
		esac
	} > "$conf"
	ip netns exec $ns_b hostapd -B -P "$WORK/hostapd.pid" -f "$LOGS/hostapd-$net.log" "$conf" ||
		{ detail "hostapd failed to start: $(tail -n 2 "$LOGS/hostapd-$net.log" | tr '\n' ' ')"; return 1; }
	if ! state=$(hostapd_wait_enabled $ns_b "$dev"); then
		detail "hostapd state $state after 30 s: $(tail -n 2 "$LOGS/hostapd-$net.log" | tr '\n' ' ')"
		return 1
	fi
	detail "AP ath5k-lab-$net on $dev, channel $channel, $security"
}

# Scans on card A until the AP's SSID shows up; a passive scan, so what is
# found was heard in a beacon.
check_scan() {
	local net=$1 channel hw_mode security dev freq out entry signal bss
	eval "$(network_conf "$net")"
	freq=$(network_freq "$channel")
	dev=$(iface_of "$CARD_A_MAC" $ns_a) || { detail "card A not found"; return 1; }
	for try in 1 2 3 4 5; do
		out=$(timeout 40 ip netns exec $ns_a iw dev "$dev" scan flush freq "$freq" passive 2>&1)
		printf 'try %s:\n%s\n' "$try" "$out" >> "$LOGS/scan-$net.log"
		entry=$(printf '%s\n' "$out" | awk -v ssid="ath5k-lab-$net" '
			/^BSS / { bss = substr($2, 1, 17); sig = "" }
			/signal:/ { sig = $2 }
			$1 == "SSID:" && $2 == ssid { print bss, sig; exit }')
		[ -n "$entry" ] && break
		sleep 1
	done
	if [ -z "$entry" ]; then
		detail "ath5k-lab-$net not heard on $freq MHz in 5 passive scans: $(printf '%s' "$out" | head -c 200)"
		return 1
	fi
	read -r bss signal <<< "$entry"
	detail "ath5k-lab-$net from $bss at $signal dBm on $freq MHz (try $try)"
	[ "$bss" = "$(printf '%s' "$CARD_B_MAC" | lower)" ] || { detail "SSID came from $bss, not card B"; return 1; }
	awk -v s="$signal" 'BEGIN { exit !(s < -10 && s > -100) }' ||
		{ detail "implausible signal $signal dBm from $bss"; return 1; }
}

check_assoc() {
	local net=$1 channel hw_mode security dev conf freq status state bssid
	eval "$(network_conf "$net")"
	freq=$(network_freq "$channel")
	stop_pidfile "$WORK/wpa.pid"
	dev=$(iface_of "$CARD_A_MAC" $ns_a) || { detail "card A not found"; return 1; }
	conf="$WORK/wpa-$net.conf"
	{
		echo "ctrl_interface=/run/wpa-lab"
		echo "country=US"
		echo "network={"
		echo "  ssid=\"ath5k-lab-$net\""
		echo "  scan_freq=$freq"
		case $security in
		wpa2)
			echo "  key_mgmt=WPA-PSK"
			echo "  proto=RSN"
			echo "  pairwise=CCMP"
			echo "  group=CCMP"
			echo "  psk=\"$psk\""
			;;
		tkip)
			echo "  key_mgmt=WPA-PSK"
			echo "  proto=WPA"
			echo "  pairwise=TKIP"
			echo "  group=TKIP"
			echo "  psk=\"$psk\""
			;;
		wep104)
			echo "  key_mgmt=NONE"
			echo "  wep_key0=$wep_key"
			echo "  wep_tx_keyidx=0"
			;;
		sae)
			echo "  key_mgmt=SAE"
			echo "  sae_password=\"$psk\""
			echo "  ieee80211w=2"
			;;
		*)
			echo "  key_mgmt=NONE"
			;;
		esac
		echo "}"
	} > "$conf"
	ip netns exec $ns_a wpa_supplicant -B -D nl80211 -i "$dev" -c "$conf" \
		-P "$WORK/wpa.pid" -f "$LOGS/wpa-$net.log" ||
		{ detail "wpa_supplicant failed to start"; return 1; }
	state=$(wpa_wait_completed $ns_a "$dev")
	status=$(ip netns exec $ns_a wpa_cli -p /run/wpa-lab -i "$dev" status 2>/dev/null)
	bssid=$(printf '%s\n' "$status" | sed -n 's/^bssid=//p')
	if [ "$state" != COMPLETED ]; then
		detail "wpa_state $state after 60 s: $(grep -E 'CTRL-EVENT|Associat|Authent' "$LOGS/wpa-$net.log" | tail -n 2 | tr '\n' ' ')"
		return 1
	fi
	detail "associated to $bssid ($(printf '%s\n' "$status" | grep -E '^(freq|key_mgmt|pairwise_cipher)=' | tr '\n' ' '))"
	[ "$bssid" = "$(printf '%s' "$CARD_B_MAC" | lower)" ]
}

check_ping() {
	local out summary
	out=$(ip netns exec $ns_a ping -c 20 -i 0.2 -W 3 $addr_b 2>&1)
	printf '%s\n' "$out" > "$LOGS/checks/ping-output-$1.log"
	summary=$(printf '%s\n' "$out" | grep -E 'packets transmitted|rtt' | tr '\n' ' ')
	detail "$summary"
	printf '%s\n' "$out" | grep -q ' 20 received, 0% packet loss'
}

# pings_answered COUNT LOG WHAT: COUNT pings from A to B, 0.2 s apart,
# added to checks/LOG.log; the summary goes to the detail after WHAT;
# true when every one was answered.
pings_answered() {
	local out
	out=$(ip netns exec $ns_a ping -c "$1" -i 0.2 -W 3 $addr_b 2>&1)
	printf '%s\n' "$out" >> "$LOGS/checks/$2.log"
	detail_add "$3$(printf '%s\n' "$out" | grep 'packets transmitted')"
	printf '%s\n' "$out" | grep -q " $1 received, 0% packet loss"
}

# crypto_delta BEFORE AFTER NAME: AFTER's count NAME minus BEFORE's.
crypto_delta() {
	local before=$1 after=$2 name=$3 b a
	b=$(printf '%s\n' "$before" | tr ' ' '\n' | sed -n "s/^$name=//p")
	a=$(printf '%s\n' "$after" | tr ' ' '\n' | sed -n "s/^$name=//p")
	echo $((${a:-0} - ${b:-0}))
}

# check_crypto NETWORK [SW]: 20 pings over a protected network, and the
# emulated cards' counts say every one crossed the air sealed by the
# sending card's key cache: the cipher's tx count grows by at least 20 on
# both cards, and so does what each card received sealed (opened by its
# key cache, or for WEP at the AP handed up for mac80211 to open); no
# frame went out protected by software, in the clear to a keyed peer, or
# failed its ICV or MIC.
# SW "pmf" (a connection with management frame protection: sae-ch6, the
# SAE mesh): both cards' unicast is sealed and opened by mac80211, which
# keeps such keys in software on both drivers (each refuses a key marked
# IEEE80211_KEY_FLAG_RX_MGMT: the key cache cannot open 802.11w
# management frames), so each card's tx_sw and rx_miss grow by 20 while
# a group key may still sit in the AP's key cache.  SW "pmf-icv": the
# same, ICV failures allowed (counted in the detail): a mesh point whose
# driver keeps its own group key in a default key slot (the kernel's
# ath5k: mesh-checks.sh mesh_group_icv_expected).
# SW (a or b, the interop checks) names a card whose driver runs
# mac80211's software crypto (nohwcrypt=1): its key cache seals and opens
# nothing, so its frames go out sealed by mac80211 (tx sw, at least 20)
# and what it receives goes up sealed as it came (rx miss, at least 20),
# while the other card's key cache must open all it gets (no miss).
check_crypto() {
	local net=$1 sw=${2:-} channel hw_mode security cipher out before_a before_b after_a after_b
	local card name d tx rx sw_tx miss bad='' text='' before after
	eval "$(network_conf "$net")"
	cipher=$(network_cipher "$security") || { detail "$net is not protected"; return 1; }
	before_a=$(emu_crypto card0) && before_b=$(emu_crypto card1) ||
		{ detail "no crypto counts from the emulator on $emu_port"; return 1; }
	out=$(ip netns exec $ns_a ping -c 20 -i 0.2 -W 3 $addr_b 2>&1)
	after_a=$(emu_crypto card0) && after_b=$(emu_crypto card1) ||
		{ detail "no crypto counts from the emulator after the pings"; return 1; }
	printf 'card A before: %s\ncard A after: %s\ncard B before: %s\ncard B after: %s\n%s\n' \
		"$before_a" "$after_a" "$before_b" "$after_b" "$out" > "$LOGS/checks/crypto-counts-$net${sw:+-sw-$sw}.log"
	for card in a b; do
		eval "before=\$before_$card after=\$after_$card"
		tx=$(crypto_delta "$before" "$after" "tx_$cipher")
		rx=$(crypto_delta "$before" "$after" "rx_$cipher")
		sw_tx=$(crypto_delta "$before" "$after" tx_sw)
		miss=$(crypto_delta "$before" "$after" rx_miss)
		text+="card ${card^^}"
		if [ "$card" = "$sw" ] || [ "${sw%-icv}" = pmf ]; then
			text+=" (software):"
			[ "$sw_tx" -ge 20 ] || bad+="card ${card^^} tx_sw +$sw_tx (< 20); "
			[ "$miss" -ge 20 ] || bad+="card ${card^^} rx_miss +$miss (< 20); "
			if [ "${sw%-icv}" != pmf ] && { [ "$tx" -ne 0 ] || [ "$rx" -ne 0 ]; }; then
				bad+="card ${card^^} with nohwcrypt=1 sealed or opened in its key cache; "
			fi
		else
			text+=":"
			[ "$tx" -ge 20 ] || bad+="card ${card^^} tx_$cipher +$tx (< 20); "
			# Received sealed: opened by the card, or (a key-cache
			# miss) handed up still sealed for mac80211 to open.
			[ $((rx + miss)) -ge 20 ] || bad+="card ${card^^} rx_$cipher + rx_miss = $((rx + miss)) (< 20); "
			# A pairwise key is always in the cache, so a miss is a
			# bug; static WEP keys are group keys, which an AP keeps
			# outside the key-id slots (ath/key.c), so its card
			# cannot open WEP frames from stations and mac80211 does
			# (the in-tree driver's way too).
			[ "$cipher" = wep ] || [ "$miss" -eq 0 ] || bad+="card ${card^^} rx_miss +$miss; "
			[ "$sw_tx" -eq 0 ] || bad+="card ${card^^} tx_sw +$sw_tx; "
		fi
		text+=" tx_$cipher +$tx rx_$cipher +$rx${sw:+ tx_sw +$sw_tx} rx_miss +$miss"
		for name in tx_plain_keyed rx_plain_keyed rx_icv_fail rx_mic_fail; do
			d=$(crypto_delta "$before" "$after" "$name")
			if [ "$sw" = pmf-icv ] && [ "$name" = rx_icv_fail ]; then
				text+=" rx_icv_fail +$d (allowed)"
				continue
			fi
			[ "$d" -eq 0 ] || bad+="card ${card^^} $name +$d; "
		done
		text+="; "
	done
	text+=$(printf '%s\n' "$out" | grep -E 'packets transmitted' | tr '\n' ' ')
	printf '%s\n' "$out" | grep -q ' 20 received, 0% packet loss' || bad+="pings lost; "
	detail "$cipher: $text${bad:+ -- $bad}"
	[ -z "$bad" ]
}

# check_rekey NETWORK: the AP renews the group key every $group_rekey s;
# across at least two renewals, group-addressed frames from the AP
# (broadcast pings) still reach the station, opened with the new key by
# the card, and unicast traffic goes on.  Group frames are never retried,
# so some are lost to collisions with the unicast traffic; a station that
# lost the group key would answer none after the first renewal.
check_rekey() {
	local net=$1 channel hw_mode security cipher log n0 n1 before after d out text dev_b
	eval "$(network_conf "$net")"
	cipher=$(network_cipher "$security") || { detail "$net is not protected"; return 1; }
	log="$LOGS/wpa-$net.log"
	n0=$(grep -c 'Group rekeying completed' "$log")
	ip netns exec $ns_a sysctl -q -w net.ipv4.icmp_echo_ignore_broadcasts=0
	before=$(emu_crypto card0) || { detail "no crypto counts from the emulator"; return 1; }
	# Unicast under way while the group key changes.
	ip netns exec $ns_a ping -q -c 75 -i 0.2 -W 3 $addr_b > "$LOGS/checks/rekey-unicast-$net.log" 2>&1 &
	dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || { detail "card B not found"; return 1; }
	out=$(ip netns exec $ns_b ping -b -I "$dev_b" -c 30 -i 0.5 -W 3 255.255.255.255 2>&1)
	wait
	after=$(emu_crypto card0)
	n1=$(grep -c 'Group rekeying completed' "$log")
	printf '%s\n' "$out" > "$LOGS/checks/rekey-broadcast-$net.log"
	d=$(crypto_delta "$before" "$after" "rx_$cipher")
	text="$((n1 - n0)) group rekeys; broadcast: $(printf '%s\n' "$out" | grep -E 'packets transmitted' | tr '\n' ' ')"
	text+="; unicast: $(grep -E 'packets transmitted' "$LOGS/checks/rekey-unicast-$net.log")"
	text+="; card A rx_$cipher +$d, rx_miss +$(crypto_delta "$before" "$after" rx_miss)"
	# Without an AES unit every CCMP frame misses the key cache and
	# mac80211 opens it: only a failed ICV would be wrong then.
	cards_lack hw-ccmp && text+=" (CCMP in software: $CARD_MODELS)"
	detail "$text"
	[ $((n1 - n0)) -ge 2 ] || return 1
	# At least 18 of 30 answered, one of them in the last 10.
	printf '%s\n' "$out" | grep -qE ' (1[89]|2[0-9]|30) received' || return 1
	printf '%s\n' "$out" | grep -qE 'icmp_seq=(2[1-9]|30) ' || return 1
	grep -qE ' (6[8-9]|7[0-5]) received' "$LOGS/checks/rekey-unicast-$net.log" || return 1
	{ cards_lack hw-ccmp || [ "$(crypto_delta "$before" "$after" rx_miss)" -eq 0 ]; } &&
		[ "$(crypto_delta "$before" "$after" rx_icv_fail)" -eq 0 ]
}

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

# Interop: a card whose driver runs mac80211's software crypto against
# a card of the driver under test in its default mode (hardware crypto),
# both ways round (software station with the hardware AP, then software
# AP with the hardware station), WPA2-CCMP and WPA-TKIP.  Pings pass only
# when what the emulated key cache seals and opens is the standard's
# cipher.  nohwcrypt is a module parameter and both cards are in this one
# guest, so the software side is a second copy of our driver, built from
# the source the guest has under another module name (swcrypto.kbuild)
# and loaded with nohwcrypt=1; the card leaves the driver under test
# (ath5k, ours or the in-tree one) through its driver_override.  After
# each check, pass or fail, both cards are back on ath5k in their
# namespaces (interop_restore), and interop-restore says so at the end.
swcrypto_mod=ath5k_swcrypto

# interop_source: the tree the copy is built from: the one the driver
# under test was built from (/usr/src/ath5k-VERSION for dkms, deb and
# rpm), or for the in-tree and prebuilt drivers ours from the payload.
interop_source() {
	if [ -n "${EXPECT_VERSION:-}" ] && [ "$DRIVER" != prebuilt ]; then
		echo "/usr/src/ath5k-$EXPECT_VERSION"
	else
		echo "$PAYLOAD/driver"
	fi
}

# card_vars CARD: the namespace, address and MAC of card a or b, as
# shell assignments.
card_vars() {
	case $1 in
	a) echo "ns=$ns_a addr=$addr_a mac=$CARD_A_MAC" ;;
	b) echo "ns=$ns_b addr=$addr_b mac=$CARD_B_MAC" ;;
	*) return 1 ;;
	esac
}

# pci_driver_of BDF: the driver the PCI device is bound to, if any.
pci_driver_of() {
	local link
	link=$(readlink "/sys/bus/pci/devices/$1/driver") && basename "$link"
}

# interop_bdf CARD: the card's PCI address, found through its interface
# (in its namespace or the root one) the first time and remembered.
interop_bdf() {
	local card=$1 ns addr mac dev where path file="$WORK/interop-bdf-$1"
	[ -s "$file" ] && { cat "$file"; return 0; }
	eval "$(card_vars "$card")"
	if dev=$(iface_of "$mac" "$ns"); then
		where=$ns
	else
		dev=$(iface_of "$mac") || return 1
		where=''
	fi
	path=$(in_ns "$where" readlink -f "/sys/class/net/$dev/device") &&
		[ -e "/sys/bus/pci/devices/${path##*/}" ] || return 1
	echo "${path##*/}" | tee "$file"
}

# card_home CARD: once the card is bound, its interface into the card's
# namespace, up, with its address (as interfaces-up left it); prints it.
card_home() {
	local ns addr mac dev
	eval "$(card_vars "$1")"
	udevadm settle -t 30
	for _ in $(seq 1 60); do
		iface_of "$mac" "$ns" > /dev/null && break
		if dev=$(iface_of "$mac"); then
			iw phy "$(phy_of "$dev")" set netns name "$ns" ||
				{ echo "cannot move $dev into $ns"; return 1; }
		else
			sleep 0.5
		fi
	done
	dev=$(iface_of "$mac" "$ns") || { echo "no interface with $mac in $ns"; return 1; }
	ip -n "$ns" link set lo up
	ip -n "$ns" link set "$dev" up && ip -n "$ns" addr replace "$addr/24" dev "$dev" ||
		{ echo "$dev would not come up with $addr in $ns"; return 1; }
	echo "$dev"
}

# interop_restore: the copy unloaded, both cards' driver_override cleared
# and both bound to ath5k again, each at home (card_home).
interop_restore() {
	local card ns addr mac bdf drv dev text='' bad=''
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	if [ -e "/sys/module/$swcrypto_mod" ]; then
		rmmod "$swcrypto_mod" || bad+="rmmod $swcrypto_mod failed; "
	fi
	for card in a b; do
		eval "$(card_vars "$card")"
		bdf=$(interop_bdf "$card") || { bad+="card ${card^^}: no PCI address; "; continue; }
		echo > "/sys/bus/pci/devices/$bdf/driver_override"
		[ -n "$(pci_driver_of "$bdf")" ] || echo "$bdf" > /sys/bus/pci/drivers/ath5k/bind
		drv=$(pci_driver_of "$bdf")
		[ "$drv" = ath5k ] || { bad+="card ${card^^} ($bdf) on ${drv:-no driver}; "; continue; }
		dev=$(card_home "$card") || { bad+="card ${card^^} ($bdf): $dev; "; continue; }
		text+="card ${card^^} $bdf $dev on ath5k in $ns; "
	done
	echo "$text$bad"
	[ -z "$bad" ]
}

# interop_to_copy CARD: the card moves from ath5k to the copy, loaded
# with nohwcrypt=1 (the copy must not be loaded yet).
interop_to_copy() {
	local card=$1 bdf drv dev out
	bdf=$(interop_bdf "$card") || { echo "card ${card^^}: no PCI address"; return 1; }
	echo "$swcrypto_mod" > "/sys/bus/pci/devices/$bdf/driver_override" ||
		{ echo "cannot set the driver_override of $bdf"; return 1; }
	drv=$(pci_driver_of "$bdf")
	if [ -n "$drv" ]; then
		echo "$bdf" > "/sys/bus/pci/drivers/$drv/unbind" ||
			{ echo "cannot unbind $bdf from $drv"; return 1; }
	fi
	modprobe -a cfg80211 mac80211
	out=$(insmod "$WORK/swcrypto/src/$swcrypto_mod.ko" nohwcrypt=1 2>&1) ||
		{ echo "insmod $swcrypto_mod nohwcrypt=1 failed: $out $(dmesg | tail -n 2 | tr '\n' ' ')"; return 1; }
	drv=$(pci_driver_of "$bdf")
	[ "$drv" = "$swcrypto_mod" ] ||
		{ echo "card ${card^^} ($bdf) is on ${drv:-no driver}, not $swcrypto_mod"; return 1; }
	[ "$(cat "/sys/module/$swcrypto_mod/parameters/nohwcrypt")" = Y ] ||
		{ echo "$swcrypto_mod was loaded without nohwcrypt"; return 1; }
	dev=$(card_home "$card") || { echo "card ${card^^} ($bdf) on $swcrypto_mod: $dev"; return 1; }
	echo "card ${card^^} ($bdf, $dev) on $swcrypto_mod nohwcrypt=Y"
}

# interop_prebuilt SRC KO: the copy the host built in this image's root
# (image_prebuild.py), to KO, when it is for the running kernel and SRC
# holds exactly the sources it was built from.
interop_prebuilt() {
	local pre="$PAYLOAD/prebuilt/$swcrypto_mod/$(uname -r)"
	[ -f "$pre/$swcrypto_mod.ko" ] && [ -f "$pre/sources.sha256" ] || return 1
	(cd "$1" && sha256sum --quiet --strict -c "$pre/sources.sha256") > /dev/null 2>&1 || return 1
	[ "$(modinfo -F vermagic "$pre/$swcrypto_mod.ko" | cut -d' ' -f1)" = "$(uname -r)" ] || return 1
	cp "$pre/$swcrypto_mod.ko" "$2" && cp "$pre/build.log" "$LOGS/swcrypto-build.log"
}

# The copy, from interop_source with swcrypto.kbuild, against the running
# kernel's headers, as dkms builds ours: on the host in the image's root
# when its sources match, else here.
check_interop_build() {
	local src dir="$WORK/swcrypto" ko card bdf bdfs='' how
	src=$(interop_source)
	[ -f "$src/src/Kbuild" ] || { detail "no driver source in $src"; return 1; }
	# Both cards are at home now: their PCI addresses, for the restores.
	rm -f "$WORK"/interop-bdf-*
	for card in a b; do
		bdf=$(interop_bdf "$card") || { detail "card ${card^^}: no PCI address"; return 1; }
		bdfs+="card ${card^^} $bdf "
	done
	rm -rf "$dir" && mkdir -p "$dir" && cp -a "$src/." "$dir/" &&
		mv "$dir/src/Kbuild" "$dir/src/ath5k.kbuild" &&
		cp "$PAYLOAD/guest/swcrypto.kbuild" "$dir/src/Kbuild" ||
		{ detail "cannot copy $src to $dir"; return 1; }
	ko="$dir/src/$swcrypto_mod.ko"
	if interop_prebuilt "$src" "$ko"; then
		how="built on the host in this image's root, sources identical to $src"
	elif make -C "/lib/modules/$(uname -r)/build" M="$dir/src" -j"$(nproc)" modules \
		> "$LOGS/swcrypto-build.log" 2>&1 && [ -f "$ko" ]; then
		how="built here from $src"
	else
		detail "building $swcrypto_mod from $src failed: $(grep -E -m 3 'error|Error' "$LOGS/swcrypto-build.log" | tr '\n' ' ')"
		return 1
	fi
	detail "$swcrypto_mod.ko $how: version $(modinfo -F version "$ko"), parameters: $(modinfo -F parm "$ko" | cut -d: -f1 | tr '\n' ' '); ${bdfs}"
	[ "$(modinfo -F name "$ko")" = "$swcrypto_mod" ] && modinfo -F parm "$ko" | grep -q '^nohwcrypt:'
}

# check_interop NETWORK SW: card SW (a, the station, or b, the AP) on the
# copy with software crypto, the other on the driver under test; then
# NETWORK's AP, association and check_crypto's pings and counts with SW
# as the software card; then both cards back on ath5k, pass or fail.
check_interop() {
	local net=$1 sw=$2 text rc restore
	text=$(interop_restore) || { detail "before the check: $text"; return 1; }
	if text=$(interop_to_copy "$sw"); then
		check_ap "$net" && check_assoc "$net" && check_crypto "$net" "$sw"
		rc=$?
		text+="; $(cat "$DETAIL_FILE")"
	else
		rc=1
	fi
	restore=$(interop_restore) || { rc=1; text+="; restoring: $restore"; }
	detail "$text"
	return $rc
}

# After the interop checks, whatever became of them (a check killed at its
# time limit restores nothing): both cards on ath5k, at home.
check_interop_restore() {
	local text rc
	text=$(interop_restore)
	rc=$?
	detail "$text"
	return $rc
}

check_iperf3() {
	local json bps
	ip netns exec $ns_b iperf3 -s -1 -D -B $addr_b --logfile "$LOGS/iperf3-server.log" ||
		{ detail "iperf3 server would not start"; return 1; }
	sleep 1
	json=$(ip netns exec $ns_a iperf3 -c $addr_b -t 10 -J --connect-timeout 10000)
	printf '%s\n' "$json" > "$LOGS/iperf3-client.json"
	bps=$(printf '%s' "$json" | python3 -c '
import json, sys
print(int(json.load(sys.stdin)["end"]["sum_received"]["bits_per_second"]))' 2>/dev/null)
	if [ -z "$bps" ] || [ "$bps" -le 0 ]; then
		detail "no throughput reported: $(printf '%s' "$json" | grep -m1 '"error"')"
		return 1
	fi
	detail "TCP 10 s A->B: $(awk -v b="$bps" 'BEGIN { printf "%.2f", b / 1e6 }') Mbit/s"
}

# A lone frame to the AP (card B) with no other network on the air: its
# receive interrupt is the only notice it came, since the AP filters no
# one's beacons in.  One lost after the iperf3 burst leaves the echo
# request in the ring until the next one, a second later.  So every
# reply must come, each within LONE_FRAME_MAX_MS; a correctness bound
# (TCG guests answer in tens of ms), not a timing goal.
LONE_FRAME_PINGS=30
LONE_FRAME_MAX_MS=1000
check_lone_frame() {
	local out replies slowest
	out=$(ip netns exec $ns_a ping -c $LONE_FRAME_PINGS -i 1 -W 3 $addr_b 2>&1)
	printf '%s\n' "$out" > "$LOGS/checks/lone-frame-ping.log"
	replies=$(printf '%s\n' "$out" | grep -c 'bytes from .*time=')
	slowest=$(printf '%s\n' "$out" | sed -n 's/.*bytes from .*time=\([0-9.]*\) ms.*/\1/p' |
		sort -n | tail -n 1)
	detail "$replies of $LONE_FRAME_PINGS replies, slowest ${slowest:-none} ms (bound $LONE_FRAME_MAX_MS)"
	[ "$replies" -eq $LONE_FRAME_PINGS ] &&
		awk -v s="$slowest" -v m=$LONE_FRAME_MAX_MS 'BEGIN { exit !(s < m) }'
}

# frag_rts_set NS DEV FRAG RTS: both thresholds of DEV's phy ("off" for none).
frag_rts_set() {
	local phy
	phy=$(in_ns "$1" cat "/sys/class/net/$2/phy80211/name") || return 1
	in_ns "$1" iw phy "$phy" set frag "$3" && in_ns "$1" iw phy "$phy" set rts "$4"
}

# frag_rts_ping NS ADDR NAME: 20 pings of 1,400 bytes, 0.3 s apart; true
# when all 20 came back.
frag_rts_ping() {
	local out
	out=$(ip netns exec "$1" ping -c 20 -s 1400 -i 0.3 -W 3 "$2" 2>&1)
	printf '%s\n' "$out" > "$LOGS/checks/frag-rts-ping-$3.log"
	detail_add "$3: $(printf '%s\n' "$out" | grep -E 'packets transmitted' | tr '\n' ' ')"
	printf '%s\n' "$out" | grep -q ' 20 received, 0% packet loss'
}

# The kernel's ath5k never asks for RTS/CTS or CTS-to-self on a frame to
# a station: ath5k_merge_ratetbl() (drivers/net/wireless/ath/ath5k/base.c,
# 730-764 in 6.1 and 6.12) copies the station's rate table without the
# protection flags mac80211's rate_fixup_ratelist() would add, and
# ath5k_txbuf_setup() (815-839) takes RTSENA/CTSENA from those flags
# alone.  upstream/0008 fixes it; until a kernel has that, the checks
# hold the in-tree driver to sending none, so a kernel that fixes it is
# noticed.  Ours takes its series from ieee80211_get_tx_rates().
protection_expected() { [ "$DRIVER" != in-tree ]; }

# check_frag_rts: the fragmentation threshold at 512 bytes and the RTS
# threshold at 256 on both phys, as in a noisy room; large pings both
# ways lose nothing, and the card model saw the exchanges on the air:
# each card sent fragments and RTS, and the other card answered CTS.
# Each 1,428-byte frame splits in three fragments, each above the RTS
# threshold, so 20 pings each way put well over 20 of both on each card.
check_frag_rts() {
	local dev_a dev_b before_a before_b after_a after_b rc=0 key card d
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) || { detail_add "card A not found"; return 1; }
	dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || { detail_add "card B not found"; return 1; }
	before_a=$(emu_ask card0 stats) && before_b=$(emu_ask card1 stats) ||
		{ detail_add "no counts from the emulator"; return 1; }
	if ! frag_rts_set $ns_a "$dev_a" 512 256 || ! frag_rts_set $ns_b "$dev_b" 512 256; then
		detail_add "iw would not set the thresholds"
		rc=1
	else
		frag_rts_ping $ns_a $addr_b a-to-b || rc=1
		frag_rts_ping $ns_b $addr_a b-to-a || rc=1
	fi
	frag_rts_set $ns_a "$dev_a" off off
	frag_rts_set $ns_b "$dev_b" off off
	after_a=$(emu_ask card0 stats) && after_b=$(emu_ask card1 stats) ||
		{ detail_add "no counts from the emulator"; return 1; }
	for card in a b; do
		if [ $card = a ]; then
			set -- "$before_a" "$after_a"
		else
			set -- "$before_b" "$after_b"
		fi
		d=''
		for key in tx_fragments rts_sent rts_failed cts_sent tx_xretry; do
			d="$d $key=$(crypto_delta "$1" "$2" $key)"
		done
		detail_add "card $card:$d"
		eval "${d# }"
		# shellcheck disable=SC2154 # set by the eval above
		if [ "$tx_fragments" -lt 40 ]; then
			detail_add "card $card: fewer than 40 fragments"
			rc=1
		elif ! protection_expected; then
			if [ "$rts_sent" -ne 0 ]; then
				detail_add "card $card: the kernel's ath5k sent RTS: does it have upstream/0008? update protection_expected"
				rc=1
			fi
		elif [ "$rts_sent" -lt 40 ] || [ "$cts_sent" -lt 40 ]; then
			detail_add "card $card: fewer than 40 RTS sent or CTS answered"
			rc=1
		fi
	done
	return $rc
}

# The virtual 802.11b station the emulator puts on the air next to card B
# (ath5k-emu's "legacy-sta", tests/emulator/CARD.md).
legacy_sta_mac=02:a5:1a:bb:00:0b

# legacy_sta_join DEV_B CHECK: the virtual station (11b on 2.4 GHz, 11a
# on 5 GHz) joins card B's AP (interface DEV_B) and hostapd lists it as associated; CHECK names the
# log of hostapd's view.  On failure it has left again.
legacy_sta_join() {
	local state sta
	state=$(emu_ask card1 legacy-sta join $legacy_sta_mac)
	[ "${state%%:*}" = ok ] || { detail_add "legacy-sta join: $state"; return 1; }
	for _ in $(seq 1 40); do
		state=$(emu_ask card1 legacy-sta)
		case $state in *state=associated*|*state=failed*) break ;; esac
		sleep 0.5
	done
	detail_add "virtual station: ${state#ok: }"
	sta=$(ip netns exec $ns_b hostapd_cli -p /run/hostapd-lab -i "$1" sta $legacy_sta_mac 2>&1)
	printf '%s\n' "$sta" > "$LOGS/checks/$2-hostapd-sta.log"
	case $state in
	*state=associated*) ;;
	*) detail_add "the virtual station did not associate"; emu_ask card1 legacy-sta leave > /dev/null; return 1 ;;
	esac
	printf '%s\n' "$sta" | grep -q '^flags=.*\[ASSOC\]' && return 0
	detail_add "hostapd does not list $legacy_sta_mac as associated"
	emu_ask card1 legacy-sta leave > /dev/null
	return 1
}

# erp_counts: "A B", the CTS-to-self counts of card A and card B.
erp_counts() {
	local a b
	a=$(emu_ask card0 stats) && b=$(emu_ask card1 stats) || return 1
	echo "$(crypto_delta '' "$a" cts_to_self) $(crypto_delta '' "$b" cts_to_self)"
}

# erp_ping COUNT NAME: COUNT pings A to B, all answered.
erp_ping() {
	local out
	out=$(ip netns exec $ns_a ping -c "$1" -i 0.2 -W 3 $addr_b 2>&1)
	printf '%s\n' "$out" > "$LOGS/checks/erp-protection-ping-$2.log"
	detail_add "$2: $(printf '%s\n' "$out" | grep -E 'packets transmitted' | tr '\n' ' ')"
	printf '%s\n' "$out" | grep -q " $1 received, 0% packet loss"
}

# check_erp_protection: an 802.11b-only station joins card B's 11g AP
# (open-ch6).  Before it, nothing is protected; once hostapd counts it,
# the AP's beacons carry Use_Protection, card A (an 11g station of the
# same BSS) takes that up, and both cards send their OFDM frames behind
# CTS-to-self, losing none.  The station leaves at the end.
check_erp_protection() {
	local dev_a dev_b c0 c1 c2 state erp rc=0
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) || { detail_add "card A not found"; return 1; }
	dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || { detail_add "card B not found"; return 1; }
	c0=$(erp_counts) || { detail_add "no counts from the emulator"; return 1; }
	erp_ping 10 unprotected || rc=1
	c1=$(erp_counts) || { detail_add "no counts from the emulator"; return 1; }
	# shellcheck disable=SC2086 # two counts each, split on purpose
	set -- $c0 $c1
	if [ "$3" -ne "$1" ] || [ "$4" -ne "$2" ]; then
		detail_add "CTS-to-self before any 11b station: card A $(($3 - $1)), card B $(($4 - $2))"
		rc=1
	fi

	legacy_sta_join "$dev_b" erp-protection || return 1

	# a beacon or two later card A, a station of the BSS, has taken up
	# the ERP element's Use_Protection (mac80211's use_cts_prot, which
	# iw shows as a BSS flag)
	for _ in $(seq 1 20); do
		erp=$(ip netns exec $ns_a iw dev "$dev_a" link 2>/dev/null | sed -n 's/^[[:space:]]*bss flags:[[:space:]]*//p')
		case $erp in *CTS-protection*) break ;; esac
		sleep 0.5
	done
	ip netns exec $ns_a iw dev "$dev_a" scan dump > "$LOGS/checks/erp-protection-scan.log" 2>&1
	detail_add "card A's BSS flags: ${erp:-none}; beacon ERP: $(awk -v bss="$(printf '%s' "$CARD_B_MAC" | lower)" '
		/^BSS / { on = substr($2, 1, 17) == bss }
		on && /ERP:/ { sub(/^[ \t]*ERP: */, ""); print; exit }' "$LOGS/checks/erp-protection-scan.log")"
	case $erp in *CTS-protection*) ;; *) detail_add "card A did not take up the AP's Use_Protection"; rc=1 ;; esac

	erp_ping 20 protected || rc=1
	c2=$(erp_counts) || { detail_add "no counts from the emulator"; return 1; }
	# shellcheck disable=SC2086 # two counts each, split on purpose
	set -- $c1 $c2
	detail_add "CTS-to-self with the 11b station: card A $(($3 - $1)), card B $(($4 - $2))"
	if ! protection_expected; then
		if [ "$3" -ne "$1" ] || [ "$4" -ne "$2" ]; then
			detail_add "the kernel's ath5k sent CTS-to-self: does it have upstream/0008? update protection_expected"
			rc=1
		fi
	# minstrel's samples at CCK rates go unprotected: most, not all, frames
	elif [ $(($3 - $1)) -lt 10 ] || [ $(($4 - $2)) -lt 10 ]; then
		detail_add "fewer than 10 frames behind CTS-to-self on a card"
		rc=1
	fi
	state=$(emu_ask card1 legacy-sta leave)
	[ "${state%%:*}" = ok ] || { detail_add "legacy-sta leave: $state"; rc=1; }
	return $rc
}

# Broadcasts card A must answer of the 10 sent while the station dozes.
dtim_answers_min=5

# dtim_network: the network dtim-multicast runs on.
dtim_network() {
	if cards_lack 2ghz; then echo open-ch36; else echo open-ch6; fi
}

# dtim_counts: card B's "cab_after_dtim group_outside_dtim" so far.
dtim_counts() {
	local stats
	stats=$(emu_ask card1 stats) || return 1
	echo "$(crypto_delta '' "$stats" cab_after_dtim) $(crypto_delta '' "$stats" group_outside_dtim)"
}

# dtim_broadcast_pings COUNT NAME: COUNT broadcast pings from B's host; how
# many card A's host answered.
dtim_broadcast_pings() {
	local dev_b out
	dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || return 1
	out=$(ip netns exec $ns_b ping -b -I "$dev_b" -c "$1" -i 0.5 -W 2 255.255.255.255 2>&1)
	printf '%s\n' "$out" > "$LOGS/checks/dtim-multicast-ping-$2.log"
	printf '%s\n' "$out" | grep -c "bytes from $addr_a:"
}

# check_dtim_multicast: the virtual station joins card B's AP and
# dozes, so mac80211 holds group frames for the DTIM; B's host sends 10
# broadcast pings.  Every group data frame card B puts on the air must
# follow a DTIM beacon that announced it, with nothing else in between
# (ath5k-emu's cab_after_dtim), none may go out elsewhere, and card A, a
# station that stays awake, answers every ping.  Once the station wakes,
# broadcasts go out at once again (so the counts tell the two apart).
check_dtim_multicast() {
	local dev_b c0 c1 c2 state echo_ignore answered rc=0
	dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || { detail_add "card B not found"; return 1; }
	echo_ignore=$(ip netns exec $ns_a sysctl -n net.ipv4.icmp_echo_ignore_broadcasts)
	ip netns exec $ns_a sysctl -qw net.ipv4.icmp_echo_ignore_broadcasts=0
	legacy_sta_join "$dev_b" dtim-multicast || return 1
	state=$(emu_ask card1 legacy-sta doze)
	[ "${state%%:*}" = ok ] || { detail_add "legacy-sta doze: $state"; rc=1; }
	for _ in $(seq 1 20); do
		state=$(emu_ask card1 legacy-sta)
		case $state in *ps=doze*) break ;; esac
		sleep 0.5
	done
	case $state in
	*ps=doze*) ;;
	*) detail_add "the station's doze was not acknowledged: ${state#ok: }"; rc=1 ;;
	esac
	c0=$(dtim_counts) || { detail_add "no counts from the emulator"; rc=1; }

	answered=$(dtim_broadcast_pings 10 dozing)
	c1=$(dtim_counts) || { detail_add "no counts from the emulator"; rc=1; }
	# shellcheck disable=SC2086 # two counts each, split on purpose
	set -- $c0 $c1
	detail_add "station dozing: 10 broadcasts, card A answered ${answered:-0}; card B's group frames after a DTIM beacon $(($3 - $1)), elsewhere $(($4 - $2))"
	# group frames go out once, never retried, and the lab's air loses one
	# attempt in ten (AIR_REAL_LOSS_PERCENT): most answers, not all
	[ "${answered:-0}" -ge "$dtim_answers_min" ] ||
		{ detail_add "fewer than $dtim_answers_min answers: the held broadcasts did not reach card A"; rc=1; }
	if [ $(($3 - $1)) -lt 10 ] || [ "$4" -ne "$2" ]; then
		detail_add "group frames must all follow a DTIM beacon while a station dozes"
		rc=1
	fi

	state=$(emu_ask card1 legacy-sta wake)
	[ "${state%%:*}" = ok ] || { detail_add "legacy-sta wake: $state"; rc=1; }
	sleep 1
	answered=$(dtim_broadcast_pings 3 awake)
	c2=$(dtim_counts) || { detail_add "no counts from the emulator"; rc=1; }
	# shellcheck disable=SC2086 # two counts each, split on purpose
	set -- $c1 $c2
	detail_add "station awake: 3 broadcasts, answered ${answered:-0}, sent outside a DTIM $(($4 - $2))"
	if [ $(($4 - $2)) -lt 3 ]; then
		detail_add "with nobody dozing, broadcasts should not wait for a DTIM"
		rc=1
	fi
	state=$(emu_ask card1 legacy-sta leave)
	[ "${state%%:*}" = ok ] || { detail_add "legacy-sta leave: $state"; rc=1; }
	ip netns exec $ns_a sysctl -qw net.ipv4.icmp_echo_ignore_broadcasts="${echo_ignore:-1}"
	return $rc
}

# phy_channels NS DEV: DEV's phy's channels with the flags regulatory
# sets on them (disabled, no IR, radar), one line each.  Left out: DFS
# state and its timers, and the TX power limit, which cfg80211 does not
# restore on a disconnect for either driver (the kernel's ath5k keeps
# DE's 20 dBm on 5260-5320 after a DE country IE).
phy_channels() {
	local phy
	phy=$(in_ns "$1" cat "/sys/class/net/$2/phy80211/name") || return 1
	in_ns "$1" iw phy "$phy" channels | awk '
		/^[ \t]*\* [0-9]+ MHz/ { if (line) print line; line = $2 " " $5 " " $6; next }
		/No IR|no IR|Radar|radar|[Dd]isabled/ && !/DFS state|CAC/ {
			gsub(/^[ \t]+/, ""); line = line " | " $0 }
		END { if (line) print line }'
}

# regd_flags_now: both cards' channel lines, card A's then card B's.
regd_flags_now() {
	local dev_a dev_b
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) && dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || return 1
	phy_channels $ns_a "$dev_a" | sed 's/^/A /'
	phy_channels $ns_b "$dev_b" | sed 's/^/B /'
}

# regd_disconnect_round COUNTRY: card B's AP (channel 6) advertises
# COUNTRY in its country IE; the user's country is back to US (hostapd
# sets its own) before card A connects and after it disconnects, the
# cards' channel flags are what they were before the connect.  The
# user's country and the connect happen with hostapd already up, so the
# country IE is the only change.
regd_disconnect_round() {
	local country=$1 dev_a dev_b conf state before during after
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) || { detail_add "card A not found"; return 1; }
	dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || { detail_add "card B not found"; return 1; }
	conf="$WORK/hostapd-regd-$country.conf"
	printf '%s\n' "interface=$dev_b" driver=nl80211 ctrl_interface=/run/hostapd-lab \
		"ssid=ath5k-lab-regd-$country" "hw_mode=$(mode_24ghz)" channel=6 \
		"country_code=$country" ieee80211d=1 beacon_int=100 > "$conf"
	ip netns exec $ns_b hostapd -B -P "$WORK/hostapd.pid" -f "$LOGS/hostapd-regd-$country.log" "$conf" ||
		{ detail_add "$country: hostapd failed to start"; return 1; }
	state=$(hostapd_wait_enabled $ns_b "$dev_b") ||
		{ detail_add "$country: hostapd state $state"; return 1; }
	user_country US || return 1
	sleep 1
	before=$(regd_flags_now) || { detail_add "$country: no channel list"; return 1; }
	printf '%s\n' "$before" > "$LOGS/checks/regd-disconnect-$country-before.log"

	printf '%s\n' ctrl_interface=/run/wpa-lab 'network={' "  ssid=\"ath5k-lab-regd-$country\"" \
		'  scan_freq=2437' '  key_mgmt=NONE' '}' > "$WORK/wpa-regd-$country.conf"
	ip netns exec $ns_a wpa_supplicant -B -D nl80211 -i "$dev_a" -c "$WORK/wpa-regd-$country.conf" \
		-P "$WORK/wpa.pid" -f "$LOGS/wpa-regd-$country.log" ||
		{ detail_add "$country: wpa_supplicant failed to start"; return 1; }
	state=$(wpa_wait_completed $ns_a "$dev_a") ||
		{ detail_add "$country: wpa_state $state after 60 s"; return 1; }
	sleep 2
	during=$(regd_flags_now)
	printf '%s\n' "$during" > "$LOGS/checks/regd-disconnect-$country-connected.log"
	stop_pidfile "$WORK/wpa.pid"
	# cfg80211 restores its settings from a work item after the disconnect
	for _ in $(seq 1 40); do
		after=$(regd_flags_now)
		[ "$after" = "$before" ] && break
		sleep 0.5
	done
	printf '%s\n' "$after" > "$LOGS/checks/regd-disconnect-$country-after.log"
	stop_pidfile "$WORK/hostapd.pid"
	detail_add "$country: $(iw reg get | sed -n '/^global/{n;p;q}'); connected, $(printf '%s\n' "$before" |
		diff - <(printf '%s\n' "$during") | grep -c '^>') channel lines changed, disconnected"
	if [ "$after" != "$before" ]; then
		detail_add "$country: after the disconnect: $(diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") |
			grep '^[<>]' | head -n 6 | tr '\n' ';')"
		return 1
	fi
}

# check_regd_disconnect: an AP's country IE, first another country's
# (DE) then the cards' own (US), changes nothing that outlasts the
# station's disconnect (regulatory_hint_disconnect() restores cfg80211's
# settings): both cards' channel flags come back to what they were.
check_regd_disconnect() {
	local rc=0
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	regd_disconnect_round DE || rc=1
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	regd_disconnect_round US || rc=1
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	user_country US || rc=1
	return $rc
}

check_dmesg_clean() {
	local bad
	dmesg > "$LOGS/dmesg.txt"
	bad=$(bad_kernel_lines "$LOGS/dmesg.txt")
	if [ -n "$bad" ]; then
		detail "$(printf '%s\n' "$bad" | wc -l) bad lines, first: $(printf '%s\n' "$bad" | head -n 3)"
		return 1
	fi
	detail "no WARN, BUG, oops or ath5k error in $(wc -l < "$LOGS/dmesg.txt") lines"
}

# Both cards bound to the driver, found by MAC, with the channels their
# EEPROM enables: the start of the Wi-Fi checks, and all that make shell
# runs before the person's shell or script (guest/shell.sh).
run_card_checks() {
	run_check probe 60 needs=driver-load check_probe
	run_check mac-addresses 30 needs=probe check_mac_addresses
	run_check channels 30 needs=probe check_channels
}

run_wifi_checks() {
	local net
	run_card_checks
	run_check netns 30 needs=mac-addresses check_netns
	run_check interfaces-up 60 needs=netns check_interfaces_up
	# 802.11s, open and with SAE (guest/mesh-checks.sh)
	run_check mesh-open 120 needs=interfaces-up check_mesh_open
	run_check mesh-sae 150 needs=interfaces-up check_mesh_sae
	for net in $wifi_networks; do
		run_check "ap-$net" 60 needs=interfaces-up check_ap "$net"
		run_check "scan-$net" 240 needs="ap-$net" check_scan "$net"
		run_check "assoc-$net" 90 needs="ap-$net" check_assoc "$net"
		run_check "ping-$net" 60 needs="assoc-$net" check_ping "$net"
		# TCP through the first network of the run.
		[ "$net" != "${wifi_networks%% *}" ] || run_check iperf3 60 needs="ping-$net" check_iperf3
		[ "$net" != "${wifi_networks%% *}" ] ||
			run_check lone-frame 90 needs=iperf3 check_lone_frame
		# the open network, where nothing but the rate differs (guest/rate-checks.sh)
		[ "$net" != "${wifi_networks%% *}" ] ||
			run_check rate-control 240 needs="ping-$net" check_rate_control "$net"
		# RTS/CTS is modelled for the AR5212 family's descriptor only
		[ "$net" != open-ch6 ] || cards_lack 11g ||
			run_check frag-rts 90 needs="ping-$net" check_frag_rts
		[ "$net" != open-ch6 ] || cards_lack 11g ||
			run_check erp-protection 90 needs="ping-$net" check_erp_protection
		# on 2.4 GHz where the cards have it (an 11b station there),
		# else on 5 GHz (an 11a one): the AR5210's CAB path
		[ "$net" != "$(dtim_network)" ] ||
			run_check dtim-multicast 90 needs="ping-$net" check_dtim_multicast
		case $net in
		# No card-sealed CCMP to count without an AES unit (cards_lack).
		wpa2-*) cards_lack hw-ccmp ||
			run_check "crypto-$net" 60 needs="assoc-$net" check_crypto "$net" ;;
		sae-*) run_check "crypto-$net" 60 needs="assoc-$net" check_crypto "$net" pmf ;;
		tkip-*|wep-*) run_check "crypto-$net" 60 needs="assoc-$net" check_crypto "$net" ;;
		esac
		[ "$net" != wpa2-ch6 ] || run_check "rekey-$net" 90 needs="assoc-$net" check_rekey "$net"
		# WPA3 once more, now that WEP's static key has used a default
		# key slot (guest/pmf-checks.sh)
		[ "$net" != wep-ch6 ] || run_check sae-after-wep 120 needs=assoc-sae-ch6 check_sae_after_wep
		# management frame protection (guest/pmf-checks.sh)
		[ "$net" != sae-ch6 ] || run_check wpa3-sae 240 needs="assoc-$net" check_wpa3_sae "$net"
		# suspend, rfkill, LED, ANI with this network's link up
		# (guest/platform-checks.sh)
		[ "$net" != "$(platform_network)" ] || run_platform_checks "$net"
	done
	# On channel 6, where every 2.4 GHz card can run an AP.
	cards_lack 2ghz || run_check regd-disconnect 180 needs=interfaces-up check_regd_disconnect
	# Two interfaces per card need a BSSID mask (cards_lack).
	cards_lack bssid-mask || run_check two-bss 120 needs=interfaces-up check_two_bss
	# Interop builds a module in the guest (minutes under TCG): the
	# matrix profile leaves it out.  It holds the hardware-crypto card to
	# its cipher's counts, which a card without AES-CCM cannot show.
	# It runs on the ch6 networks, which cards without 2.4 GHz never set up.
	if [ "${LAB_PROFILE:-full}" = full ] && ! cards_lack hw-ccmp && ! cards_lack 2ghz; then
		run_check interop-build 1200 needs=interfaces-up check_interop_build
		run_check interop-ccmp-sw-sta 150 needs=interop-build check_interop wpa2-ch6 a
		run_check interop-tkip-sw-sta 150 needs=interop-build check_interop tkip-ch6 a
		run_check interop-ccmp-sw-ap 150 needs=interop-build check_interop wpa2-ch6 b
		run_check interop-tkip-sw-ap 150 needs=interop-build check_interop tkip-ch6 b
		run_check interop-restore 120 needs=interop-build check_interop_restore
	fi
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	run_check dmesg-clean 30 check_dmesg_clean
}
