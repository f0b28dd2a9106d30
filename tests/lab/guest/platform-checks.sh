# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh: what a laptop does to the card besides
# Wi-Fi, with station A associated to AP B (platform_network): the
# interface taken down and up, the guest suspended and resumed, the
# rfkill switch moved, the LED, noise on the air.  The emulated card is
# the witness: it counts D3hot entries, frames sent, GPIO levels and the
# noise immunity the driver programs (tests/emulator/CARD.md).

# The network the platform checks run on: WPA2, so a resume that forgets
# the key cache shows; 5 GHz open where the cards have no 2.4 GHz.
platform_network() {
	if cards_lack 2ghz; then echo open-ch36; else echo wpa2-ch6; fi
}

# platform_link_back NAME: station A connected again and 3 of 3 pings to
# B answered, within 60 s; says how long it took.
platform_link_back() {
	local name=$1 dev_a start out
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) || { detail_add "$name: card A not found"; return 1; }
	start=$(date +%s)
	wpa_wait_completed $ns_a "$dev_a" > /dev/null ||
		{ detail_add "$name: station not connected after 60 s"; return 1; }
	while [ $(($(date +%s) - start)) -lt 60 ]; do
		out=$(ip netns exec $ns_a ping -c 3 -i 0.3 -W 2 $addr_b 2>&1)
		if printf '%s\n' "$out" | grep -q ' 3 received'; then
			printf '%s\n' "$out" >> "$LOGS/checks/$name-ping.log"
			return 0
		fi
		sleep 1
	done
	printf '%s\n' "$out" >> "$LOGS/checks/$name-ping.log"
	detail_add "$name: pings to B unanswered 60 s after: $(printf '%s\n' "$out" | grep 'packets transmitted')"
	return 1
}

# platform_dmesg_clean MARK NAME: no kernel fault or driver error since
# MARK (kmsg_mark).
platform_dmesg_clean() {
	local bad
	bad=$(dmesg_after "$1" | bad_kernel_lines | head -n 3)
	[ -z "$bad" ] && return 0
	detail_add "$2: dmesg: $bad"
	return 1
}

# emu_count CARD KEY: one number from the card's stats line.
emu_count() {
	local stats
	stats=$(emu_ask "$1" stats) || return 1
	crypto_delta '' "$stats" "$2"
}

# check_runtime_down_up: station A's interface down and up ten times
# while both hosts ping each other; after each, the station connects
# again and B answers it; no kernel warning or driver error.
PLATFORM_DOWN_UP_CYCLES=10
check_runtime_down_up() {
	local dev_a mark i cycles=0 rc=0 pid_a pid_b start
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) || { detail "card A not found"; return 1; }
	mark=$(kmsg_mark)
	start=$(date +%s)
	ip netns exec $ns_a ping -q -i 0.05 $addr_b > /dev/null 2>&1 &
	pid_a=$!
	ip netns exec $ns_b ping -q -i 0.05 $addr_a > /dev/null 2>&1 &
	pid_b=$!
	for i in $(seq 1 $PLATFORM_DOWN_UP_CYCLES); do
		ip -n $ns_a link set "$dev_a" down &&
			ip -n $ns_a link set "$dev_a" up ||
			{ detail_add "cycle $i: ip link set failed"; rc=1; break; }
		platform_link_back "runtime-down-up" || { detail_add "after cycle $i"; rc=1; break; }
		cycles=$i
	done
	kill "$pid_a" "$pid_b" 2>/dev/null
	wait "$pid_a" "$pid_b" 2>/dev/null
	platform_dmesg_clean "$mark" "runtime-down-up" || rc=1
	detail_add "$cycles of $PLATFORM_DOWN_UP_CYCLES down/up cycles under ping traffic, link back each time ($(($(date +%s) - start)) s)"
	return $rc
}

# platform_suspend: the whole guest through suspend and back.  With the
# kernel's PM test hook at "platform" a suspend to idle runs every
# device's suspend callbacks down to the noirq phase (where the PCI core
# puts a card in D3hot), waits pm_test_delay seconds and resumes: the
# driver's path of a real suspend, with no firmware wake-up to depend on.
platform_suspend() {
	local delay=/sys/module/suspend/parameters/pm_test_delay
	if [ ! -w /sys/power/pm_test ]; then
		detail_add "no /sys/power/pm_test (CONFIG_PM_DEBUG) in this kernel"
		return 1
	fi
	[ ! -w "$delay" ] || echo 2 > "$delay"
	echo platform > /sys/power/pm_test || return 1
	if ! echo freeze > /sys/power/state; then
		echo none > /sys/power/pm_test
		detail_add "echo freeze > /sys/power/state failed: $(dmesg | tail -n 2 | tr '\n' ' ')"
		return 1
	fi
	echo none > /sys/power/pm_test
}

# platform_restart_ap: hostapd on card B again, with the config it ran.
# Without WoWLAN cfg80211 stops every AP on suspend (cfg80211_leave_all);
# here the AP suspends with the station because both cards share the
# guest, where a user's AP would have stayed up: so the lab restarts it,
# and the check is about the station coming back and both cards working.
platform_restart_ap() {
	local net=$1 dev_b state
	dev_b=$(iface_of "$CARD_B_MAC" $ns_b) || { detail_add "card B not found"; return 1; }
	stop_pidfile "$WORK/hostapd.pid"
	ip netns exec $ns_b hostapd -B -P "$WORK/hostapd.pid" -f "$LOGS/hostapd-$net-resumed.log" \
		"$WORK/hostapd-$net.conf" || { detail_add "hostapd would not start again"; return 1; }
	state=$(hostapd_wait_enabled $ns_b "$dev_b") ||
		{ detail_add "hostapd state $state 30 s after its restart"; return 1; }
}

# check_suspend_resume NETWORK: three suspends with station A associated
# to NETWORK.  Each takes both cards to D3hot and back to D0 (the
# emulator's d3_entries and d0_resets; D0 is an internal reset: registers
# and key cache lost), and the link comes back with its keys (the AP
# restarted: platform_restart_ap); no kernel warning or driver error.
PLATFORM_SUSPENDS=3
check_suspend_resume() {
	local net=$1 mark i completed=0 rc=0 card d3 d0 d3_now d0_now
	mark=$(kmsg_mark)
	d3=$(emu_count card0 d3_entries) && d0=$(emu_count card0 d0_resets) ||
		{ detail "no counts from the emulator"; return 1; }
	d3="$d3 $(emu_count card1 d3_entries)"
	d0="$d0 $(emu_count card1 d0_resets)"
	for i in $(seq 1 $PLATFORM_SUSPENDS); do
		platform_suspend || { detail_add "suspend $i failed"; rc=1; break; }
		platform_restart_ap "$net" || { detail_add "after resume $i"; rc=1; break; }
		platform_link_back suspend-resume || { detail_add "after resume $i"; rc=1; break; }
		completed=$i
	done
	d3_now="$(emu_count card0 d3_entries) $(emu_count card1 d3_entries)"
	d0_now="$(emu_count card0 d0_resets) $(emu_count card1 d0_resets)"
	# shellcheck disable=SC2086 # two counts each, split on purpose
	set -- $d3 $d3_now $d0 $d0_now
	detail_add "$completed of $PLATFORM_SUSPENDS suspends (pm_test platform, s2idle); D3hot entries A $(($3 - $1)) B $(($4 - $2)), D0 resets A $(($7 - $5)) B $(($8 - $6))"
	for card in 0 1; do
		set -- $d3 $d3_now $d0 $d0_now
		shift "$card"
		if [ $(($3 - $1)) -lt $PLATFORM_SUSPENDS ] || [ $(($7 - $5)) -lt $PLATFORM_SUSPENDS ]; then
			detail_add "card $card did not go through D3hot and back each time"
			rc=1
		fi
	done
	platform_dmesg_clean "$mark" suspend-resume || rc=1
	return $rc
}

# rfkill_hard CARD_MAC NS: the hard block of the card's wiphy, 0 or 1.
# Read in the card's namespace: the wiphy, and the rfkill device under
# it, are hidden from a sysfs mounted in another.
rfkill_hard() {
	local dev
	dev=$(iface_of "$1" "$2") || return 1
	in_ns "$2" sh -c 'cat /sys/class/net/"$1"/phy80211/rfkill*/hard' sh "$dev" 2>/dev/null
}

# rfkill_wait_hard CARD_MAC NS WANT: the hard block reads WANT within 10 s.
rfkill_wait_hard() {
	local state=''
	for _ in $(seq 1 20); do
		state=$(rfkill_hard "$1" "$2")
		[ "$state" = "$3" ] && return 0
		sleep 0.5
	done
	echo "${state:-no rfkill device}"
	return 1
}

# rfkill_round CARD ROLE MAC NS: the switch of one card on and off.
# Blocked: the kernel shows the hard block and the card sends nothing for
# 3 s; unblocked: the block goes and station and AP talk again.
rfkill_round() {
	local card=$1 role=$2 mac=$3 ns=$4 answer state sent restarted
	answer=$(emu_ask "$card" rfkill)
	case $answer in
	*switch=wired*) ;;
	*) detail_add "card $role: no rfkill switch wired ($answer): run-cell.py gives each card rfkill-switch="; return 1 ;;
	esac
	answer=$(emu_ask "$card" rfkill on)
	case $answer in *radio=blocked*) ;; *) detail_add "card $role: rfkill on: $answer"; return 1 ;; esac
	if ! state=$(rfkill_wait_hard "$mac" "$ns" 1); then
		detail_add "card $role (${answer#ok: }): hard block not shown within 10 s (hard=$state)"
		emu_ask "$card" rfkill off > /dev/null
		return 1
	fi
	sleep 1
	sent=$(emu_count "$card" tx_frames)
	sleep 3
	sent=$(($(emu_count "$card" tx_frames) - sent))
	answer=$(emu_ask "$card" rfkill off)
	case $answer in *radio=free*) ;; *) detail_add "card $role: rfkill off: $answer"; return 1 ;; esac
	if ! state=$(rfkill_wait_hard "$mac" "$ns" 0); then
		detail_add "card $role: hard block still shown 10 s after the switch went off (hard=$state)"
		return 1
	fi
	if [ "$sent" -ne 0 ]; then
		detail_add "card $role sent $sent frames in 3 s while hard blocked"
		return 1
	fi
	# cfg80211 closes a hard-blocked wiphy's interfaces.  wpa_supplicant
	# opens its own again on the unblock; hostapd gives its AP up
	# ("INTERFACE-DISABLED", "nl80211: deinit" in its log) and never
	# comes back: user space's affair, so the lab starts it again and
	# judges the card's return by the station joining it.
	restarted=''
	if [ "$role" = B ]; then
		platform_restart_ap "$(platform_network)" || return 1
		restarted=", hostapd restarted"
	fi
	platform_link_back rfkill || return 1
	detail_add "card $role (polarity ${answer#*polarity=}): blocked, 0 frames sent, unblocked, link back$restarted"
}

# The kernel's ath5k never reports the switch: ath5k_hw_set_gpio_intr()
# unmasks the GPIO interrupt behind ath5k_hw_set_imr(), whose next write
# from ah->imask (no AR5K_INT_GPIO; base.c ath5k_start, every reset)
# masks it again (gpio.c:208-211, dma.c:760-814 in 6.12; upstream/0012);
# and stopped, it drives the pin and polls nothing (upstream/0013).  So
# for DRIVER=in-tree the check wants no hard block at all: a kernel with
# the fixes fails it and is noticed.
rfkill_expected() { [ "$DRIVER" != in-tree ]; }

# rfkill_round_unreported CARD ROLE MAC NS: the kernel driver's known
# bug: the switch on for 10 s and no hard block; then off, link still up.
rfkill_round_unreported() {
	local card=$1 role=$2 mac=$3 ns=$4 answer state
	answer=$(emu_ask "$card" rfkill on)
	case $answer in *radio=blocked*) ;; *) detail_add "card $role: rfkill on: $answer"; return 1 ;; esac
	state=$(rfkill_wait_hard "$mac" "$ns" 1)
	answer=$(emu_ask "$card" rfkill off)
	case $answer in *radio=free*) ;; *) detail_add "card $role: rfkill off: $answer"; return 1 ;; esac
	if [ -z "$state" ]; then
		detail_add "card $role: the kernel's ath5k reported the hard block: a fixed kernel (rfkill_expected)"
		return 1
	fi
	platform_link_back rfkill || return 1
	detail_add "card $role: switch on 10 s, no hard block reported (the kernel's ath5k: upstream/0012), link up"
}

# check_rfkill: station A's switch, then AP B's (the two polarities).
check_rfkill() {
	local mark rc=0 round=rfkill_round
	mark=$(kmsg_mark)
	rfkill_expected || round=rfkill_round_unreported
	$round card0 A "$CARD_A_MAC" $ns_a || rc=1
	[ $rc -ne 0 ] || $round card1 B "$CARD_B_MAC" $ns_b || rc=1
	platform_dmesg_clean "$mark" rfkill || rc=1
	return $rc
}

# The LED quirk of the card models here (led.c's PCI id table): the
# AR5211 (0x168c:0x0012) lights pin 0 when low.
led_of_model() {
	case $1 in ar5211) echo "0 0" ;; *) return 1 ;; esac
}

# led_state CARD PIN LIT: "lit" or "dark" and the pin's change count.
led_state() {
	local stats driven high changes
	stats=$(emu_ask "$1" stats) || return 1
	driven=$(crypto_delta '' "$stats" gpio_driven)
	high=$(crypto_delta '' "$stats" gpio_driven_high)
	changes=$(crypto_delta '' "$stats" "gpio_changes.$2")
	if [ $((driven >> $2 & 1)) -eq 1 ] && [ $((high >> $2 & 1)) -eq "$3" ]; then
		echo "lit $changes"
	else
		echo "dark $changes"
	fi
}

# check_led: station A's LED (card A's model has one: led_of_model)
# blinks with the traffic of 20 pings while the interface is up and
# associated, and is dark and still after the interface goes down.
check_led() {
	local pin lit dev_a up down after rc=0 model
	model=${CARD_MODELS%% *}
	read -r pin lit <<< "$(led_of_model "$model")" ||
		{ detail "card A ($model) has no LED"; return 1; }
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) || { detail "card A not found"; return 1; }
	up=$(led_state card0 "$pin" "$lit") || { detail "no stats from the emulator"; return 1; }
	ip netns exec $ns_a ping -c 20 -i 0.2 -W 2 $addr_b > "$LOGS/checks/led-ping.log" 2>&1
	after=$(led_state card0 "$pin" "$lit")
	# shellcheck disable=SC2086 # state and count, split on purpose
	set -- $up $after
	detail_add "up and associated: pin $pin changed $(($4 - $2)) times over 20 pings"
	[ $(($4 - $2)) -ge 2 ] || { detail_add "the LED did not blink with the traffic"; rc=1; }
	ip -n $ns_a link set "$dev_a" down
	sleep 2
	down=$(led_state card0 "$pin" "$lit")
	sleep 3
	after=$(led_state card0 "$pin" "$lit")
	set -- $down $after
	detail_add "down: LED $1, then $(($4 - $2)) changes in 3 s"
	{ [ "$1" = dark ] && [ "$3" = dark ] && [ "$4" -eq "$2" ]; } ||
		{ detail_add "the LED must be dark and still with the interface down"; rc=1; }
	ip -n $ns_a link set "$dev_a" up
	platform_link_back led || rc=1
	return $rc
}

# ani_counts CARD: "raised lowered noise_imm" from the card's ANI answer.
ani_counts() {
	emu_ask "$1" ani | awk '/^ok/ {
		for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		print v["raised"] + 0, v["lowered"] + 0, v["noise_imm"] + 0; ok = 1 }
		END { exit !ok }'
}

# ani_wait CARD FIELD FROM SECONDS: FIELD (1 raised, 2 lowered) of
# ani_counts grown past FROM within SECONDS; prints the last counts.
ani_wait() {
	wait_field_above "$4" "$2" "$3" ani_counts "$1"
}

# The driver's own account of ANI, where its debugfs has one.
ani_driver_state() {
	local f
	mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug 2>/dev/null
	for f in /sys/kernel/debug/ieee80211/phy*/ath5k/ani; do
		[ -r "$f" ] || continue
		grep -m1 -i 'noise immunity' "$f" | tr -s '\t ' ' '
	done | head -n 2 | tr '\n' ' '
}

# check_ani: 2000 OFDM PHY errors a second on station A's channel: its
# driver's ANI raises the noise immunity (the emulator decodes the
# baseband writes), pings keep being answered, the kernel log does not
# flood; the noise stops and ANI lowers the immunity again.
ANI_NOISE=2000
check_ani() {
	local mark lines out rc=0 ani_seen
	mark=$(kmsg_mark)
	ani_seen=$(ani_counts card0) || { detail "no ANI answer from the emulator"; return 1; }
	out=$(emu_ask card0 noise ofdm=$ANI_NOISE)
	case $out in ok*) ;; *) detail "noise ofdm=$ANI_NOISE: $out"; return 1 ;; esac
	ani_step 1 "noise ofdm=$ANI_NOISE: immunity raised" || rc=1
	out=$(ip netns exec $ns_a ping -c 10 -i 0.3 -W 2 $addr_b 2>&1)
	printf '%s\n' "$out" > "$LOGS/checks/ani-ping.log"
	printf '%s\n' "$out" | grep -q ' 10 received' ||
		{ detail_add "under noise: $(printf '%s\n' "$out" | grep 'packets transmitted')"; rc=1; }
	emu_ask card0 noise off > /dev/null
	ani_step 2 "noise off: immunity lowered again" || rc=1
	lines=$(dmesg_after "$mark" | wc -l)
	detail_add "$lines kernel log lines meanwhile"
	[ "$lines" -le 40 ] || { detail_add "a flood of kernel messages under noise"; rc=1; }
	platform_dmesg_clean "$mark" ani || rc=1
	return $rc
}

# ani_step FIELD WHAT: waits up to 60 s for card A's ANI count FIELD (1
# raised, 2 lowered) to pass its value in the caller's ani_seen, which it
# then moves on; says WHAT happened, or that it did not.
ani_step() {
	local base counts
	base=$(printf '%s\n' "$ani_seen" | awk -v f="$1" '{ print $f + 0 }')
	if counts=$(ani_wait card0 "$1" "$base" 60); then
		detail_add "$2 (raised lowered noise_imm: $ani_seen -> $counts; driver: $(ani_driver_state))"
		ani_seen=$counts
		return 0
	fi
	detail_add "$2: not within 60 s ($ani_seen -> $counts)"
	return 1
}

# run_platform_checks NETWORK: after NETWORK's own checks, its station and
# AP still up.  ANI is the AR5212 family's (ani.c runs on nothing older).
run_platform_checks() {
	local net=$1
	run_check runtime-down-up 300 needs="assoc-$net" check_runtime_down_up
	run_check suspend-resume 300 needs="assoc-$net" check_suspend_resume "$net"
	run_check rfkill 180 needs="assoc-$net" check_rfkill
	! led_of_model "${CARD_MODELS%% *}" > /dev/null ||
		run_check led 120 needs="assoc-$net" check_led
	cards_lack ani || run_check ani 180 needs="assoc-$net" check_ani
}
