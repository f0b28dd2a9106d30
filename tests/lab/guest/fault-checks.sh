# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh when lab.env sets FAULTS=yes (tests/lab/faults.py,
# `make faults`): instead of the Wi-Fi checks, the driver is set up once,
# the AP/STA link of the Wi-Fi checks is brought up (card A station in
# lab-a, card B access point in lab-b, open network on channel 6), and the
# scenarios named on the kernel command line (ath5k_lab_faults=a,b,...)
# run in turn.  Each scenario asks the emulator for a fault through a
# virtio port (emu_ask in wifi-checks.sh, wired by the host to
# ath5k-emu's control socket), drives traffic, clears the fault and reports one check
# fault-NAME whose detail starts with the outcome:
#   recovered  ping over the link answered within FAULT_RECOVER_LIMIT s
#              (and traffic kept going during the fault, where a
#              scenario judges that: reset-under-load)
#   refused    probe or bring-up failed with a kernel message, no oops
#   failed     oops, WARN, BUG, lockup, hung task, refcount leak, a guest
#              step that hung, or traffic that never came back
# The host (faults.py) turns these into the fault table.  A scenario is
# written to $STATE/faults-started before it runs, so a boot that hangs is
# not repeated by the boot the host starts after it.

FAULT_RECOVER_LIMIT=${FAULT_RECOVER_LIMIT:-90}
# Messages that make a scenario fail whatever the traffic did.
fault_kernel_lines='WARNING:|BUG:|(^|[^[:alpha:]])Oops([^[:alpha:]]|$)|Call Trace:|general protection fault|Kernel panic|soft lockup|hard LOCKUP|blocked for more than|hung_task|rcu: INFO|detected stall|refcount_t:|list_(add|del) corruption|UBSAN|KASAN'
card_a=card0
card_b=card1

# fault_cmd CARD WORDS...: one control-socket command; 0 when it said ok.
# The first "fault clear" of a scenario leaves the emulator's count of
# the fault's hits in $WORK/fault-hits (outcome judges it).
fault_cmd() {
	local answer
	answer=$(emu_ask "$@")
	echo "emulator <- $*: ${answer:-no answer}"
	if [ "$2 $3" = "fault clear" ] && [ ! -e "$WORK/fault-hits" ]; then
		printf '%s\n' "$answer" | sed -n 's/^ok: hits=\([0-9]*\).*$/\1/p' > "$WORK/fault-hits"
		case $answer in
		*"ended by a chip reset"*) touch "$WORK/fault-ended-by-reset" ;;
		esac
	fi
	case $answer in ok*) return 0 ;; *) return 1 ;; esac
}

# Kernel lines since line $1 of dmesg.
fault_kernel_trouble() {
	dmesg_after "$1" | grep -E -m 3 "$fault_kernel_lines"
}

# The first ath5k or phy line since $1 that reads like a complaint (our
# EEPROM checks name the bad field after "EEPROM: ").
driver_message() {
	dmesg_after "$1" | grep -iE 'ath5k|phy[0-9]+:' |
		grep -iE 'EEPROM: |error|fail|invalid|unable|timeout|timed out|not |cannot|can.t|bad|unsupported|refus|corrupt|gone|stuck' |
		head -n 1
}

# The driver's own first line about the card since line $1 of dmesg that
# tells of a hang and its cure (its device lines, not mac80211's).
recovery_message() {
	dmesg_after "$1" | grep -E 'ath5k [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]: ' |
		grep -iE 'stuck|not stop|reset' | head -n 1
}

pci_of_mac() {
	cat "$WORK/bdf-$1" 2>/dev/null
}

# Remembers the PCI address of each card while both are bound.
remember_bdfs() {
	local mac ns dev
	for mac in "$CARD_A_MAC" "$CARD_B_MAC"; do
		for ns in "" $ns_a $ns_b; do
			dev=$(iface_of "$mac" "$ns" 2>/dev/null) || continue
			basename "$(in_ns "$ns" readlink -f "/sys/class/net/$dev/device")" > "$WORK/bdf-$mac"
			break
		done
	done
}

bound_to_ath5k() {
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$1/driver" 2>/dev/null)" 2>/dev/null)" = ath5k ]
}

# Puts each card's phy into its namespace (a new probe makes it appear in
# the root namespace), brings both up with their addresses.
place_cards() {
	local mac ns addr dev
	ip netns add $ns_a 2>/dev/null
	ip netns add $ns_b 2>/dev/null
	for mac in "$CARD_A_MAC" "$CARD_B_MAC"; do
		if [ "$mac" = "$CARD_A_MAC" ]; then ns=$ns_a addr=$addr_a; else ns=$ns_b addr=$addr_b; fi
		if ! dev=$(iface_of "$mac" $ns); then
			dev=$(iface_of "$mac") || { echo "no interface with $mac"; return 1; }
			iw phy "$(phy_of "$dev")" set netns name $ns || return 1
			dev=$(iface_of "$mac" $ns) || return 1
		fi
		ip -n $ns link set lo up
		# Bringing a card up programs its power table from the EEPROM:
		# a hang there must not take this shell with it.
		bounded "$FAULT_PROBE_LIMIT" ip -n $ns link set "$dev" up
		case $? in
		0) ;;
		124) echo "'ip link set $dev up' has not returned after $FAULT_PROBE_LIMIT s" > "$WORK/probe-stuck"
			echo "bringing $dev up hung"; return 5 ;;
		*) echo "$dev ($mac) would not come up"; return 2 ;;
		esac
		ip -n $ns addr replace $addr/24 dev "$dev"
	done
}

# traffic_within SECONDS: 0 once two pings in a row are answered.
traffic_within() {
	local end=$((SECONDS + $1)) good=0
	while [ $SECONDS -lt $end ]; do
		if ip netns exec $ns_a ping -c 1 -W 1 -q $addr_b > /dev/null 2>&1; then
			good=$((good + 1))
			[ $good -ge 2 ] && return 0
		else
			good=0
			sleep 0.5
		fi
	done
	return 1
}

# AP on card B, station on card A, then traffic.
link_up() {
	local rc
	place_cards
	rc=$?
	[ $rc -eq 0 ] || return $rc
	traffic_within 5 && return 0
	check_ap open-ch6 > /dev/null || { echo "AP did not start: $(cat "$DETAIL_FILE")"; return 1; }
	check_assoc open-ch6 > /dev/null || { echo "no association: $(cat "$DETAIL_FILE")"; return 1; }
	traffic_within 30 || { echo "associated but no ping answer in 30 s"; return 1; }
}

# bounded SECONDS COMMAND...: COMMAND's status, or 124 when it is still
# running after SECONDS (left running: a task stuck in the kernel cannot
# be killed, and this shell must stay free to report).
bounded() {
	local limit=$1 pid waited=0
	shift
	# Not on this shell's stdout: a caller's $(...) would wait for it.
	"$@" >> "$LOGS/checks/bounded.log" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2> /dev/null; do
		[ $waited -lt "$limit" ] || return 124
		sleep 1
		waited=$((waited + 1))
	done
	wait "$pid"
}

# Unbinds and binds card MAC again: a fresh probe reads the EEPROM.
# Returns 5 when the probe has not returned after FAULT_PROBE_LIMIT s: a
# writer stuck in the kernel cannot be killed, so it runs in the
# background and this shell stays free to report.
FAULT_PROBE_LIMIT=${FAULT_PROBE_LIMIT:-60}
reprobe() {
	local bdf pid waited=0
	[ ! -f "$WORK/probe-stuck" ] || return 5
	bdf=$(pci_of_mac "$1")
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	bound_to_ath5k "$bdf" && echo "$bdf" > /sys/bus/pci/drivers/ath5k/unbind
	sh -c "echo $bdf > /sys/bus/pci/drivers/ath5k/bind" > /dev/null 2>&1 &
	pid=$!
	while kill -0 "$pid" 2> /dev/null; do
		if [ $waited -ge "$FAULT_PROBE_LIMIT" ]; then
			echo "probe of $bdf still running after $FAULT_PROBE_LIMIT s" > "$WORK/probe-stuck"
			return 5
		fi
		sleep 1
		waited=$((waited + 1))
	done
	udevadm settle -t 20 || true
	bound_to_ath5k "$bdf"
}

# Pings from A to B for SECONDS in the background while a fault holds.
background_ping() {
	ip netns exec $ns_a ping -q -i 0.2 -w "$1" $addr_b > /dev/null 2>&1 &
	echo $!
}

# hold CARD SECONDS FAULT...: sets the fault, pings through it, clears it.
hold() {
	local card=$1 seconds=$2 pid
	shift 2
	pid=$(background_ping "$seconds")
	fault_cmd "$card" fault "$@" || { kill "$pid" 2>/dev/null; return 1; }
	sleep "$seconds"
	fault_cmd "$card" fault clear
	wait "$pid" 2>/dev/null
	return 0
}

# bounce CARD_MAC: down and up again, which makes the driver stop its DMA.
bounce() {
	local ns dev
	if [ "$1" = "$CARD_A_MAC" ]; then ns=$ns_a; else ns=$ns_b; fi
	dev=$(iface_of "$1" $ns) || return 1
	ip -n $ns link set "$dev" down
	sleep 2
	ip -n $ns link set "$dev" up
}

# resets_under_load ROUNDS: card A's station sends at full load
# (1000-byte pings every 10 ms) while a bus error, every
# FAULT_ROUND_SECONDS for ROUNDS rounds, makes the driver reset the chip.
# Card A's frames on the air are counted twice a second throughout: a
# reset stops them for a moment, a queue the reset left stuck for
# seconds while frames wait.  Judged during the fault: a time without a
# frame of FAULT_GAP_LIMIT_MS or more leaves its reason in
# $WORK/during-fault.
FAULT_ROUND_SECONDS=${FAULT_ROUND_SECONDS:-4}
FAULT_GAP_LIMIT_MS=${FAULT_GAP_LIMIT_MS:-2000}
FAULT_LOAD_SETTLE=${FAULT_LOAD_SETTLE:-2}
resets_under_load() {
	local rounds=$1 pid i end now count last last_at gap round_gap longest=0 stuck=''
	ip netns exec $ns_a ping -q -i 0.01 -s 1000 \
		-w $((rounds * (FAULT_ROUND_SECONDS + 2) + 10)) $addr_b > /dev/null 2>&1 &
	pid=$!
	sleep "$FAULT_LOAD_SETTLE"
	last=$(emu_count $card_a tx_frames) || { kill "$pid"; return 1; }
	last_at=$(now_ms)
	for i in $(seq 1 "$rounds"); do
		fault_cmd $card_a fault bus-error > /dev/null || { kill "$pid"; return 1; }
		round_gap=0
		end=$(($(now_ms) + FAULT_ROUND_SECONDS * 1000))
		while now=$(now_ms) && [ "$now" -lt "$end" ]; do
			sleep 0.5
			count=$(emu_count $card_a tx_frames) || { kill "$pid"; return 1; }
			now=$(now_ms)
			if [ "$count" -gt "$last" ]; then
				last=$count
				last_at=$now
			fi
			gap=$((now - last_at))
			[ "$gap" -le "$round_gap" ] || round_gap=$gap
		done
		echo "round $i: card A's longest time without a new frame, sampled twice a second: $round_gap ms"
		[ "$round_gap" -lt "$FAULT_GAP_LIMIT_MS" ] || stuck+=" $i"
		[ "$round_gap" -le "$longest" ] || longest=$round_gap
	done
	kill "$pid" 2> /dev/null
	wait "$pid" 2> /dev/null
	fault_cmd $card_a fault clear
	if [ -n "$stuck" ]; then
		echo "TX stopped after a reset under load: card A sent nothing for $FAULT_GAP_LIMIT_MS ms or more in round(s)$stuck of $rounds (longest $longest ms)" > "$WORK/during-fault"
	else
		echo "$rounds resets under load, card A's longest time without a new frame (sampled twice a second) $longest ms" > "$WORK/during-fault-good"
	fi
	return 0
}

# Milliseconds of the wall clock.
now_ms() {
	local t=${EPOCHREALTIME//[.,]/}
	echo $((t / 1000))
}

FAULT_FUZZ_REGS='0x9864 0x804c 0x8050 0x8088 0x808c 0x8090 0x8094 0x8098 0x80ec 0x80f0 0x80f4 0x80f8 0x0a00'

# The scenarios.  Each prints what it did; apply_fault returns
#   0  the fault was applied and cleared: judge by traffic, and by
#      $WORK/during-fault where the scenario judged traffic during it
#   3  a probe-time fault: the card was probed again with it
#   4  the card was disconnected for good
#   6  the fault is in force on $cured_card until the driver resets
#      the chip (the card ends it then): judge by traffic with it left
#      in force, then by whether a reset ended it and, with $cure_told,
#      whether the driver said why it reset
#   1  the fault could not be applied
apply_fault() {
	local name=$1 bdf
	case $name in
	rx-bad-length | rx-bad-rate | rx-bad-keyix | rx-decrypt-crc | rx-mic | rx-phy-error)
		hold $card_a 8 "$name" ;;
	phy-error-storm) hold $card_a 10 phy-error-storm 500 ;;
	stuck-irq) hold $card_a 10 stuck-irq ;;
	intpend-stuck) hold $card_a 10 intpend-stuck ;;
	bus-error) hold $card_a 6 bus-error 500000 ;;
	reset-under-load) resets_under_load 10 ;;
	tx-underrun) hold $card_a 6 tx-underrun 100000 ;;
	rx-overrun) hold $card_a 6 rx-overrun 100000 ;;
	beacon-stuck)
		# the driver's own detection starts this cure: it must say so
		cured_card=$card_b cure_told=yes
		fault_cmd $card_b fault beacon-stuck || return 1
		sleep 15
		return 6 ;;
	reg-fuzz)
		# shellcheck disable=SC2086
		hold $card_a 10 reg-fuzz "${FAULT_SEED:-1}" $FAULT_FUZZ_REGS ;;
	tx-dma-stuck | rx-dma-stuck)
		cured_card=$card_a
		fault_cmd $card_a fault "$name" || return 1
		bounce "$CARD_A_MAC"
		return 6 ;;
	surprise-removal)
		bdf=$(pci_of_mac "$CARD_A_MAC")
		local pid
		pid=$(background_ping 6)
		fault_cmd $card_a fault surprise-removal || return 1
		sleep 6
		wait "$pid" 2>/dev/null
		# The hotplug removal the OS sees after the card left the slot.
		echo 1 > "/sys/bus/pci/devices/$bdf/remove"
		[ ! -e "/sys/bus/pci/devices/$bdf" ] || { echo "device $bdf still present after remove"; return 1; }
		fault_cmd $card_a fault clear
		echo 1 > /sys/bus/pci/rescan
		udevadm settle -t 30 || true
		bound_to_ath5k "$bdf" || echo "not bound again after the rescan"
		return 0 ;;
	eeprom-checksum) fault_cmd $card_a fault eeprom-checksum || return 1; return 3 ;;
	eeprom-random) fault_cmd $card_a fault eeprom-random "${FAULT_SEED:-1}" || return 1; return 3 ;;
	eeprom-empty-pd-mask) fault_cmd $card_a fault eeprom-edge empty-pd-mask || return 1; return 3 ;;
	eeprom-max-lists) fault_cmd $card_a fault eeprom-edge max-lists || return 1; return 3 ;;
	eeprom-pcdac-slope) fault_cmd $card_a fault eeprom-edge pcdac-slope || return 1; return 3 ;;
	disconnect)
		bdf=$(pci_of_mac "$CARD_A_MAC")
		fault_cmd $card_a disconnect || return 1
		sleep 10
		echo 1 > "/sys/bus/pci/devices/$bdf/remove"
		return 4 ;;
	*) echo "unknown scenario $name"; return 1 ;;
	esac
}

# outcome WORD TEXT: the detail the host reads ("WORD: TEXT").  A
# scenario that cleared its fault is judged only if the fault fired: a
# recovery from a fault the card never showed proves nothing.
outcome() {
	local word=$1 text=$2 hits
	if [ "$word" != failed ] && [ -n "${fault_in_force:-}" ]; then
		hits=$(cat "$WORK/fault-hits" 2>/dev/null)
		if [ -z "$hits" ]; then
			text="the emulator gave no hit count when the fault was cleared (was: $word: $text)"
			word=failed
		elif [ "$hits" -eq 0 ]; then
			text="the fault never fired (0 hits on the card) (was: $word: $text)"
			word=failed
		else
			text+="; the fault fired $hits times"
		fi
	fi
	detail "$word: $text"
	echo "outcome $word: $text"
	[ "$word" != failed ]
}

run_fault_scenario() {
	local name=$1 mark refs_before refs_after trouble rc why msg bdf t0
	local fault_in_force=yes cured_card='' cure_told=''
	rm -f "$WORK/fault-hits" "$WORK/fault-ended-by-reset" "$WORK/during-fault" "$WORK/during-fault-good"
	mark=$(kmsg_mark)
	refs_before=$(cat /sys/module/ath5k/refcnt 2>/dev/null)
	if ! traffic_within 10; then
		why=$(link_up) || { outcome failed "the link was down before the fault and did not come back: $why"; return; }
	fi
	t0=$SECONDS
	apply_fault "$name"
	rc=$?
	case $rc in
	1) outcome failed "fault not applied (emulator refused or a guest step failed); see checks/fault-$name.log"; return ;;
	3)
		bdf=$(pci_of_mac "$CARD_A_MAC")
		reprobe "$CARD_A_MAC"
		rc=$?
		if [ $rc -eq 5 ]; then
			sleep 5
			trouble=$(fault_kernel_trouble "$mark")
			outcome failed "probe did not return within $FAULT_PROBE_LIMIT s (hang)${trouble:+: $trouble}"
			return
		fi
		if [ $rc -ne 0 ]; then
			msg=$(driver_message "$mark")
			trouble=$(fault_kernel_trouble "$mark")
			fault_cmd $card_a fault clear
			touch "$WORK/restore-needed"
			if [ -n "$trouble" ]; then outcome failed "probe failed with: $trouble"
			elif [ -n "$msg" ]; then outcome refused "probe failed: $msg"
			else outcome failed "probe failed without a kernel message"; fi
			return
		fi
		why=$(link_up)
		rc=$?
		if [ $rc -eq 5 ]; then
			sleep 5
			trouble=$(fault_kernel_trouble "$mark")
			outcome failed "probe accepted the image, then $why (hang)${trouble:+: $trouble}"
			return
		fi
		if [ $rc -ne 0 ] || ! traffic_within "$FAULT_RECOVER_LIMIT"; then
			msg=$(driver_message "$mark")
			trouble=$(fault_kernel_trouble "$mark")
			fault_cmd $card_a fault clear
			touch "$WORK/restore-needed"
			if [ -n "$trouble" ]; then outcome failed "$trouble"
			elif [ -n "$msg" ]; then outcome refused "probe accepted the image, then: $msg ($why)"
			else outcome failed "probe accepted the image but the link did not work and the kernel said nothing: $why"; fi
			return
		fi
		why="probe accepted the image; ping answered $((SECONDS - t0)) s after the fault"
		fault_cmd $card_a fault clear
		touch "$WORK/restore-needed" ;;
	4)
		# The card is gone for good: the driver must let go of it cleanly.
		# Nothing clears this fault: the disconnect itself is the proof.
		fault_in_force=
		trouble=$(fault_kernel_trouble "$mark")
		msg=$(driver_message "$mark")
		if [ -n "$trouble" ]; then outcome failed "$trouble"
		else outcome refused "card disconnected, removed without oops${msg:+; kernel: $msg}"; fi
		return ;;
	6)
		# Nothing but the driver's own reset of the chip ends it.
		if link_up > /dev/null && traffic_within "$FAULT_RECOVER_LIMIT"; then
			why="ping answered $((SECONDS - t0)) s after the fault began"
		else
			why=''
		fi
		fault_cmd "$cured_card" fault clear
		if [ ! -e "$WORK/fault-ended-by-reset" ]; then
			outcome failed "the fault was still in force when the harness cleared it: the driver never reset the chip${why:+ (though $why)}"
			return
		fi
		msg=$(recovery_message "$mark")
		if [ -n "$cure_told" ] && [ -z "$msg" ]; then
			outcome failed "a chip reset ended the fault${why:+ and $why}, but the driver said nothing about it"
			return
		fi
		[ -z "$why" ] || why+="; a chip reset ended the fault${msg:+; the driver said: $msg}" ;;
	*)
		if link_up > /dev/null && traffic_within "$FAULT_RECOVER_LIMIT"; then
			why="ping answered $((SECONDS - t0)) s after the fault began"
		else
			why=''
		fi ;;
	esac
	trouble=$(fault_kernel_trouble "$mark")
	refs_after=$(cat /sys/module/ath5k/refcnt 2>/dev/null)
	if [ -n "$trouble" ]; then
		outcome failed "$trouble"
	elif [ "$refs_before" != "$refs_after" ]; then
		outcome failed "ath5k module refcount $refs_before before, $refs_after after"
	elif [ -s "$WORK/during-fault" ]; then
		outcome failed "during the fault: $(cat "$WORK/during-fault")${why:+; afterwards $why}"
	elif [ -z "$why" ]; then
		msg=$(driver_message "$mark")
		outcome failed "traffic did not resume within $FAULT_RECOVER_LIMIT s of clearing the fault${msg:+; kernel: $msg}"
	else
		outcome recovered "${why}$([ ! -s "$WORK/during-fault-good" ] || echo "; during the fault: $(cat "$WORK/during-fault-good")")"
	fi
}

# After a probe-time scenario, its own check (so that a failure here is
# not blamed on the next scenario): card A, its own EEPROM back, is
# probed again and carries traffic.
check_fault_restore() {
	local why
	reprobe "$CARD_A_MAC" || { detail "card A was not bound again with its own EEPROM"; return 1; }
	why=$(link_up) || { detail "card A probed again, but: $why"; return 1; }
	traffic_within 30 || { detail "card A probed again and the link up, but ping got no answer in 30 s"; return 1; }
	detail "card A probed again with its own EEPROM; link up, ping answered"
}

check_fault_baseline() {
	local why
	fault_cmd $card_a fault help > /dev/null ||
		{ detail "no answer from the emulator's control socket on $emu_port"; return 1; }
	why=$(link_up) || { detail "$why"; return 1; }
	remember_bdfs
	detail "AP/STA link on channel 6 answers ping; cards at $(cat "$WORK/bdf-$CARD_A_MAC") (A) and $(cat "$WORK/bdf-$CARD_B_MAC") (B)"
}

# Both cards go when the module goes: nothing may hold it.
check_fault_unload() {
	local mark trouble
	if [ -f "$WORK/probe-stuck" ]; then
		detail "not tried: $(cat "$WORK/probe-stuck") and holds the driver"
		return 77
	fi
	mark=$(kmsg_mark)
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	if ! rmmod ath5k; then
		detail "rmmod ath5k failed: refcount $(cat /sys/module/ath5k/refcnt 2>/dev/null), holders: $(ls /sys/module/ath5k/holders 2>/dev/null | tr '\n' ' ')"
		return 1
	fi
	trouble=$(fault_kernel_trouble "$mark")
	[ -z "$trouble" ] || { detail "rmmod: $trouble"; return 1; }
	detail "rmmod ath5k: module released, no oops"
}

fault_scenarios_of_boot() {
	tr ' ' '\n' < /proc/cmdline | sed -n 's/^ath5k_lab_faults=//p' | tr ',' ' '
}

# One boot of `make faults`: driver setup on the first boot only (later
# boots of the same disk, after a hang or for another card model, load it).
run_fault_boot() {
	local s
	udevadm settle -t 30 || true
	if [ -f "$STATE/faults-setup" ]; then
		kmsg_mark > "$WORK/dmesg-at-load"
		run_check driver-load 120 check_driver_load
	else
		run_driver_checks
		[ "$(check_result_of driver-load)" = pass ] && touch "$STATE/faults-setup"
		sync
	fi
	run_check probe 60 needs=driver-load check_probe
	run_check baseline 300 needs=probe check_fault_baseline
	for s in $(fault_scenarios_of_boot); do
		grep -qx "$s" "$STATE/faults-started" 2>/dev/null && continue
		echo "$s" >> "$STATE/faults-started"
		sync
		rm -f "$WORK/restore-needed"
		run_check "fault-$s" 240 needs=baseline run_fault_scenario "$s"
		if [ -e "$WORK/restore-needed" ]; then
			rm -f "$WORK/restore-needed"
			run_check "restore-$s" 180 check_fault_restore
		fi
		# Logs of what ran so far, in case a later scenario kills the guest.
		dmesg > "$LOGS/dmesg.txt"
		sync
	done
	run_check unload 90 needs=driver-load check_fault_unload
	if [ -f "$WORK/probe-stuck" ]; then
		# The stuck task may hold the RTNL lock that run-checks.sh's
		# closing 'iw phy' needs: keep the kernel log and power off now.
		dmesg > "$LOGS/dmesg.txt"
		tar -C "$STATE" -cf "$RESULTS_DISK" logs 2>/dev/null
		sync
		report done
		echo o > /proc/sysrq-trigger
		sleep 60
	fi
}
