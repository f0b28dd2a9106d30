# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh after wifi-checks.sh, whose helpers it uses:
# traffic of particular shapes on the association network: lone-frame,
# frag-rts, erp-protection and dtim-multicast.

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
