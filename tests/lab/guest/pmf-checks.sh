# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh: management frame protection (802.11w) on the
# WPA3-Personal network sae-ch6 (SAE, ieee80211w=2 on both sides).  Both
# drivers leave protected management frames to mac80211 (CCMP in
# software for unicast ones: SW_MGMT_TX; BIP for group ones: no key
# cache entry), so the emulator's crypto counts of management frames
# (`mgmt-protected`, `mgmt-bip`; tests/emulator/CARD.md) show what
# crossed the air, and a forged deauthentication (`CARD forge-deauth`)
# plays the attacker PMF exists for.

# pmf_count CARD NAME: one of the card's crypto counts (emu_crypto).
pmf_count() {
	local counts
	counts=$(emu_crypto "$1") || return 1
	crypto_delta '' "$counts" "$2"
}

# pmf_wait_count CARD NAME ABOVE SECONDS: the count passes ABOVE within
# SECONDS; prints its last value.
pmf_wait_count() {
	wait_field_above "$4" 1 "$3" pmf_count "$1" "$2"
}

# pmf_station_state DEV: "STATE BSSID" of wpa_supplicant on DEV.
pmf_station_state() {
	ip netns exec $ns_a wpa_cli -p /run/wpa-lab -i "$1" status 2>/dev/null |
		awk -F= '$1 == "wpa_state" { s = $2 } $1 == "bssid" { b = $2 } END { print s, b }'
}

# pmf_disconnects NET: how often station A has left NET so far.
pmf_disconnects() {
	grep -c 'CTRL-EVENT-DISCONNECTED' "$LOGS/wpa-$1.log"
}

# pmf_wait_left NET LEFT SECONDS: station A has left NET more than LEFT
# times within SECONDS.  A ping a second gives a station that missed its
# deauthentication a frame for the AP to refuse (the AP's deauth in
# clear, then the station's SA Query that nobody answers).
pmf_wait_left() {
	for _ in $(seq 1 "$3"); do
		[ "$(pmf_disconnects "$1")" -gt "$2" ] && return 0
		ip netns exec $ns_a ping -c 1 -W 1 $addr_b > /dev/null 2>&1 || sleep 1
	done
	[ "$(pmf_disconnects "$1")" -gt "$2" ]
}

# pmf_broadcast_deauth NET DEV_A DEV_B: the AP deauthenticates everyone
# by broadcast, BIP-protected (card B's tx mgmt-bip grows), card A
# receives it (its rx mgmt-bip grows), the station leaves and connects
# again.  A group-addressed frame has one attempt and no ACK, and the
# lab's air loses one attempt in ten (ath5k-emu's air=real, loss=10: the
# journal says "lost on the air"), so up to three deauthentications
# are sent, each judged; a station that missed one still leaves (see
# pmf_wait_left).  Passes when one reached card A and the station came
# back after each.
pmf_broadcast_deauth() {
	local net=$1 dev_a=$2 dev_b=$3 try left before_a before_b now out state received=''
	for try in 1 2 3; do
		left=$(pmf_disconnects "$net")
		before_b=$(pmf_count card1 tx_mgmt_bip) && before_a=$(pmf_count card0 rx_mgmt_bip) ||
			{ detail_add "no crypto counts from the emulator"; return 1; }
		out=$(ip netns exec $ns_b hostapd_cli -p /run/hostapd-lab -i "$dev_b" \
			deauthenticate ff:ff:ff:ff:ff:ff 2>&1)
		[ "$out" = OK ] || { detail_add "hostapd_cli deauthenticate broadcast: $out"; return 1; }
		if now=$(pmf_wait_count card0 rx_mgmt_bip "$before_a" 10); then
			detail_add "broadcast deauth $try: BIP sent $before_b -> $(pmf_count card1 tx_mgmt_bip), received $before_a -> $now"
			received=yes
		else
			detail_add "broadcast deauth $try: no BIP frame reached card A in 10 s ($before_a -> $now; AP sent $before_b -> $(pmf_count card1 tx_mgmt_bip); card B's journal in emulator.log: $(emu_ask card1 journal))"
		fi
		pmf_wait_left "$net" "$left" 30 ||
			{ detail_add "the station never left after deauth $try"; return 1; }
		state=$(wpa_wait_completed $ns_a "$dev_a")
		[ "$state" = COMPLETED ] ||
			{ detail_add "station not back in 60 s after deauth $try: $state"; return 1; }
		[ -z "$received" ] || return 0
	done
	detail_add "none of $try broadcast deauthentications reached card A"
	return 1
}

# check_wpa3_sae NET: station A associated to AP B on NET with PMF:
# - hostapd lists the station with [MFP];
# - an unprotected deauthentication forged in the AP's name (reason 7)
#   reaches the station, which does not leave: wpa_supplicant checks
#   the AP with an SA Query, a protected action frame (card A's tx
#   mgmt-protected grows, and so does card B's with the answer), and the
#   link stays up with the same BSSID, pings answered;
# - the AP deauthenticates everyone by broadcast: BIP protects it (card
#   B's tx mgmt-bip, card A's rx mgmt-bip grow), the station honours it
#   and connects again (SAE), pings answered (pmf_broadcast_deauth).
check_wpa3_sae() {
	local net=$1 dev_a dev_b mac_a flags out before_a before_b now rc=0 state left
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) || { detail "card A not found"; return 1; }
	dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || { detail "card B not found"; return 1; }
	mac_a=$(printf '%s' "$CARD_A_MAC" | lower)
	flags=$(ip netns exec $ns_b hostapd_cli -p /run/hostapd-lab -i "$dev_b" sta "$mac_a" 2>&1 |
		sed -n 's/^flags=//p')
	case $flags in
	*'[MFP]'*) detail "hostapd: $flags" ;;
	*) detail "hostapd lists the station without [MFP]: ${flags:-not at all}"; return 1 ;;
	esac

	left=$(pmf_disconnects "$net")
	before_a=$(pmf_count card0 tx_mgmt_protected) && before_b=$(pmf_count card1 tx_mgmt_protected) ||
		{ detail_add "no crypto counts from the emulator"; return 1; }
	out=$(emu_ask card1 forge-deauth "$mac_a")
	case $out in ok*) ;; *) detail_add "forge-deauth: $out"; return 1 ;; esac
	if now=$(pmf_wait_count card0 tx_mgmt_protected "$before_a" 15); then
		detail_add "forged deauth: station's protected mgmt frames $before_a -> $now"
	else
		detail_add "forged deauth: the station sent no protected mgmt frame (SA Query) in 15 s ($before_a -> $now)"
		rc=1
	fi
	now=$(pmf_count card1 tx_mgmt_protected)
	[ "${now:-0}" -gt "$before_b" ] && detail_add "AP's $before_b -> $now" ||
		{ detail_add "the AP answered with no protected mgmt frame ($before_b -> ${now:-none})"; rc=1; }
	sleep 2
	state=$(pmf_station_state "$dev_a")
	if [ "$state" = "COMPLETED $(printf '%s' "$CARD_B_MAC" | lower)" ] &&
		[ "$(pmf_disconnects "$net")" = "$left" ]; then
		detail_add "station stayed ($state)"
	else
		detail_add "station after the forged deauth: ${state:-no status}"
		rc=1
	fi
	pings_answered 5 wpa3-sae-ping "after the forged deauth: " || rc=1

	pmf_broadcast_deauth "$net" "$dev_a" "$dev_b" || rc=1
	pings_answered 5 wpa3-sae-ping "after the protected deauth: " || rc=1
	return $rc
}

# The kernel's ath5k loses every frame of a connection whose keys
# mac80211 keeps in software (any PMF connection: ath5k_set_key() in
# ath5k/mac80211-ops.c refuses IEEE80211_KEY_FLAG_RX_MGMT keys) once a
# key has sat in a default key slot since the module was loaded:
# ath_key_delete() (ath/key.c) leaves slots 0-3 set in common->keymap,
# and ath5k_rx_decrypted() (ath5k/base.c) calls a frame the key cache
# did not open decrypted when the keymap bit of its key ID is set.
# upstream/0015 fixes it; until a kernel has that, the check holds the
# in-tree driver to the loss, so a kernel that fixes it is noticed.
keymap_fixed() { [ "$DRIVER" != in-tree ]; }

# pmf_rx_drops: station A's count of frames mac80211 dropped from B.
pmf_rx_drops() {
	ip netns exec $ns_a timeout 10 iw dev "$(iface_of "$CARD_A_MAC" $ns_a)" \
		station get "$(printf '%s' "$CARD_B_MAC" | lower)" |
		awk '/rx drop misc:/ { print $4; exit }'
}

# check_sae_after_wep: the WPA3 network (sae-ch6) once more after the
# WEP one, whose static key sat in default key slot 0: association and
# 20 of 20 pings (the kernel's ath5k: none, keymap_fixed).
check_sae_after_wep() {
	local text drops out
	check_ap sae-ch6 || return 1
	check_assoc sae-ch6 || return 1
	text=$(cat "$DETAIL_FILE")
	if keymap_fixed; then
		check_ping sae-after-wep
		return
	fi
	drops=$(pmf_rx_drops)
	out=$(ip netns exec $ns_a ping -c 20 -i 0.2 -W 3 $addr_b 2>&1)
	printf '%s\n' "$out" > "$LOGS/checks/ping-output-sae-after-wep.log"
	detail "$text; $(printf '%s\n' "$out" | grep 'packets transmitted'); rx drop misc ${drops:-?} -> $(pmf_rx_drops)"
	if printf '%s\n' "$out" | grep -q ' 0 received'; then
		detail_add "every frame lost, as the kernel's ath5k does (keymap_fixed, upstream/0015)"
		[ "$(pmf_rx_drops)" -gt "${drops:-0}" ]
		return
	fi
	detail_add "the kernel's ath5k passed data: does it have upstream/0015? update keymap_fixed"
	return 1
}
