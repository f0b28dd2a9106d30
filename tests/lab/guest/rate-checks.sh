# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh: rate control under loss.  The emulator's air
# loses every frame above a ceiling between the two cards (CARD
# rate-ceiling, tests/emulator/CARD.md), so mac80211's rate control, fed
# by the driver's TX status reports, has one best rate to find; the
# card's per-rate attempt and ACK counts (CARD rates) show which rates it
# really used, the station entries which rate the stack believes in.

# rate_ceiling_of NET: the ceiling for NET's band, in Mbit/s as the
# emulator spells it: 24 on 802.11a and g (three OFDM rates above it),
# 5.5 on 802.11b (one above it).
rate_ceiling_of() {
	case $1 in
	*-ch6) if [ "$(mode_24ghz)" = b ]; then echo 5.5; else echo 24; fi ;;
	*) echo 24 ;;
	esac
}

# rate_ceilings MBPS|off: both cards' ceiling for each other (off: none).
rate_ceilings() {
	local a b
	a=$(printf '%s' "$CARD_A_MAC" | lower)
	b=$(printf '%s' "$CARD_B_MAC" | lower)
	if [ "$1" = off ]; then
		emu_ask card0 rate-ceiling off && emu_ask card1 rate-ceiling off
	else
		emu_ask card0 rate-ceiling "$b" "$1" && emu_ask card1 rate-ceiling "$a" "$1"
	fi
}

# rate_acks BEFORE AFTER: the rates whose ACKed attempts grew between two
# answers of CARD rates ("ok: 1=A/K 2=A/K ..."), as RATE=GROWTH, the most
# ACKed first.
rate_acks() {
	local grown
	grown=$(awk -v before="$1" -v after="$2" 'BEGIN {
		n = split(before, b, " ")
		if (split(after, a, " ") != n || b[1] != "ok:" || a[1] != "ok:")
			exit 1
		for (i = 2; i <= n; i++) {
			split(b[i], was, "[=/]")
			split(a[i], now, "[=/]")
			if (now[3] > was[3])
				printf "%s=%d\n", was[1], now[3] - was[3]
		}
	}') || return 1
	printf '%s\n' "$grown" | sort -t= -k2,2 -rn | paste -sd ' ' -
}

# rate_top_used ACKS: the fastest rate that carried at least a fifth of
# rate_acks' ACKed attempts: the rate rate control sends at, while its
# fallbacks and probes share the rest (minstrel's retry chain is
# fastest, second fastest, most likely, lowest; a link with fading and
# 10 % loss pushes a good share of frames down it).
rate_top_used() {
	printf '%s\n' "$1" | tr ' ' '\n' | awk -F= '
		NF == 2 { rate[NR] = $1; n[NR] = $2; total += $2 }
		END {
			for (i in rate)
				if (n[i] * 5 >= total && rate[i] + 0 > top + 0)
					top = rate[i]
			print top + 0
		}'
}

# rate_tx_bitrate NS DEV PEER: the TX bitrate DEV's station entry for
# PEER shows (Mbit/s), the rate the stack last sent to it at.
rate_tx_bitrate() {
	ip netns exec "$1" timeout 10 iw dev "$2" station get "$3" |
		awk '/tx bitrate:/ { print $3 + 0; exit }'
}

# rate_window DEV_A DEV_B: 300 pings of 1,000 bytes from A to B, 10 ms
# apart (replies from B to A), while each side's TX bitrate for the other
# is read 6 times.  Sets acks_a/acks_b (rate_acks of each card meanwhile),
# tx_a/tx_b (the TX bitrates read, in order) and received (the replies).
rate_window() {
	local before_a before_b after_a after_b out pid samples_a='' samples_b='' i
	before_a=$(emu_ask card0 rates) && before_b=$(emu_ask card1 rates) || return 1
	out=$WORK/rate-window.ping
	ip netns exec $ns_a ping -q -c 300 -s 1000 -i 0.01 -W 2 $addr_b > "$out" 2>&1 &
	pid=$!
	for i in 1 2 3 4 5 6; do
		sleep 0.5
		samples_a+=" $(rate_tx_bitrate $ns_a "$1" "$(printf '%s' "$CARD_B_MAC" | lower)")"
		samples_b+=" $(rate_tx_bitrate $ns_b "$2" "$(printf '%s' "$CARD_A_MAC" | lower)")"
	done
	wait "$pid"
	cat "$out" >> "$LOGS/checks/rate-control-ping.log"
	after_a=$(emu_ask card0 rates) && after_b=$(emu_ask card1 rates) || return 1
	acks_a=$(rate_acks "$before_a" "$after_a") && acks_b=$(rate_acks "$before_b" "$after_b") ||
		return 1
	tx_a=${samples_a# }
	tx_b=${samples_b# }
	received=$(sed -n 's/.* \([0-9]*\) received.*/\1/p' "$out")
}

# rate_passes TEST RATE...: whether any RATE passes TEST (a shell
# arithmetic comparison on $r, in tenths of Mbit/s).
rate_passes() {
	local test=$1 r
	shift
	for r in "$@"; do
		r=$(awk -v r="$r" 'BEGIN { printf "%d", r * 10 }')
		((test)) && return 0
	done
	return 1
}

# rate_settles DEV_A DEV_B WHAT TEST REPLIES: up to 6 windows of traffic
# until, in one window, both cards' top used rate (rate_top_used) passes
# TEST, each side's TX bitrate passes it in at least one of its reads,
# and at least REPLIES of the 300 pings were answered; says how many
# windows it took.
rate_settles() {
	local w ok
	for w in 1 2 3 4 5 6; do
		rate_window "$1" "$2" || { detail_add "$3: no counts from the emulator"; return 1; }
		ok=1
		rate_passes "$4" "$(rate_top_used "$acks_a")" || ok=0
		rate_passes "$4" "$(rate_top_used "$acks_b")" || ok=0
		# shellcheck disable=SC2086 # the reads, one word each
		rate_passes "$4" $tx_a && rate_passes "$4" $tx_b || ok=0
		[ "${received:-0}" -ge "$5" ] || ok=0
		if [ $ok = 1 ]; then
			detail_add "$3 in $w window(s): ACKed A->B $acks_a, B->A $acks_b; TX bitrate A $tx_a, B $tx_b; $received/300 replies"
			return 0
		fi
	done
	detail_add "$3: not in 6 windows: last ACKed A->B $acks_a, B->A $acks_b; TX bitrate A $tx_a, B $tx_b; ${received:-no} replies of 300"
	return 1
}

# check_rate_control NET: with station A associated to AP B on NET, the
# link between the cards loses every frame above a ceiling both ways;
# both sides' rate control settles on the ceiling (the fastest rate each
# card's frames are regularly ACKed at, and a TX bitrate the stack
# shows); the ceiling lifted, both climb above it again.  Traffic keeps
# flowing.
check_rate_control() {
	local ceiling dev_a dev_b rc=0 acks_a acks_b tx_a tx_b received tenths capped_replies=270
	ceiling=$(rate_ceiling_of "$1")
	tenths=$(awk -v r="$ceiling" 'BEGIN { printf "%d", r * 10 }')
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) || { detail "card A not found"; return 1; }
	dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || { detail "card B not found"; return 1; }
	# A check killed at its time limit must not leave the air capped.
	trap 'rate_ceilings off > /dev/null; exit 1' TERM
	case $(rate_ceilings "$ceiling" | tail -n 1) in
	ok*) ;;
	*) detail "the emulator refused the ceiling $ceiling"; rate_ceilings off > /dev/null; return 1 ;;
	esac
	# Without multi-rate retry a probe of a faster rate has no fallback:
	# minstrel_ht (net/mac80211/rc80211_minstrel_ht.c, minstrel_ht_get_rate)
	# sends a frame at a sample rate every MINSTREL_SAMPLE_INTERVAL (HZ/50),
	# alone in its rate table when the hardware takes one rate
	# (max_rates 1), and each one above the ceiling is lost: some half of
	# the pings 10 ms apart.  Real silicon would lose them too.
	cards_lack mrr && capped_replies=0
	rate_settles "$dev_a" "$dev_b" "settled at the ceiling of $ceiling Mbit/s" \
		"r == $tenths" $capped_replies || rc=1
	rate_ceilings off > /dev/null
	rate_settles "$dev_a" "$dev_b" "lifted: above $ceiling Mbit/s again" "r > $tenths" 270 || rc=1
	trap - TERM
	return $rc
}
