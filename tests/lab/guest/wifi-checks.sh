# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh: the helpers the guest's checks share, the
# checks every driver must pass on two emulated cards (probe, channels,
# AP, scan, association, ping, crypto, rekey, dmesg-clean) and
# run_wifi_checks, which runs them with those of two-bss-checks.sh,
# interop-checks.sh, traffic-checks.sh and regd-checks.sh.  Card A is the
# station (namespace lab-a, 10.55.0.2), card B the access point
# (namespace lab-b, 10.55.0.1); each is found by the MAC the emulator was
# given (CARD_A_MAC, CARD_B_MAC).

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
