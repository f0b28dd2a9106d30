# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh after wifi-checks.sh, whose helpers it uses:
# regd-disconnect, what a country IE leaves on the channels once the
# station disconnects.

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
