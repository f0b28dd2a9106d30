# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh for `make shell` (LAB_MODE=script or shell in
# lab.env): once the driver is loaded and both cards are bound (the
# driver's own checks and run_card_checks, as before the Wi-Fi checks),
# either runs the person's script from the payload (LAB_MODE=script) or
# gives a root shell on the console, ttyS0 (LAB_MODE=shell).  Both report
# on the report port as the checks do:
#   ath5k-lab stdout LINE / stderr LINE    one line the script printed
#   ath5k-lab script-exit STATUS           the script ended with STATUS
#   ath5k-lab shell-exit STATUS            the shell ended with STATUS
# A bash script or the shell inherits every guest function (run-checks.sh
# exports them): `emu_ask card0 stats` asks the emulator about card A.

# Where the person's shell and script run, and the console they see.
session_home=/root
console=/dev/ttyS0

# The checks that ran before the script or shell, in order, as
# "NAME RESULT" lines (report.sh keeps each result in WORK/result.NAME).
bring_up_results() {
	local name
	awk '/^ath5k-lab result / { sub(/^ath5k-lab result /, ""); print }' \
		"$LOGS/report.log" 2>/dev/null |
		sed -n 's/^{"name": "\([^"]*\)".*/\1/p' |
		while read -r name; do
			echo "$name $(check_result_of "$name")"
		done
}

# bring_up_failed: the first check before the script that did not pass,
# or nothing (status 1) when all passed.
bring_up_failed() {
	bring_up_results | awk '$2 != "pass" { print $1; found = 1; exit } END { exit !found }'
}

# relay_lines KIND: each line of stdin to the host as "ath5k-lab KIND LINE"
# (a last line without a newline too), and into the script's log.
relay_lines() {
	local kind=$1 line
	# shellcheck disable=SC2154 # report_port: guest/report.sh
	while IFS= read -r line || [ -n "$line" ]; do
		printf 'ath5k-lab %s %s\n' "$kind" "$line"
		printf '%s\n' "$line" >> "$LOGS/script.log"
	done >> "$report_port"
}

# run_lab_script: the payload's script as root in /root, stdin /dev/null,
# killed after SCRIPT_LIMIT seconds (status 124); stdout and stderr go to
# the host line by line, then its exit status.  Not run when a check
# before it failed: the host then names that check.
run_lab_script() {
	local failed rc script=$WORK/lab-script
	if failed=$(bring_up_failed); then
		echo "ath5k-lab: the script does not run: $failed did not pass" > "$console"
		return
	fi
	# Onto the disk: the payload is unpacked in /run, mounted noexec.
	install -m 0755 "$PAYLOAD/script" "$script" || return
	report step script "$SCRIPT_LIMIT"
	# stdout through fd 3 to its relay, stderr through the inner pipe to
	# its own; the statement ends only once both relays have sent every
	# line, so the exit status comes after the output.
	{
		{
			(cd "$session_home" && HOME=$session_home timeout -k 10 "$SCRIPT_LIMIT" "$script" < /dev/null)
			echo $? > "$WORK/script.rc"
		} 2>&1 1>&3 3>&- | relay_lines stderr
	} 3>&1 | relay_lines stdout
	rc=$(cat "$WORK/script.rc")
	report script-exit "$rc"
}

# shell_banner: what a person at the console needs to know first.
shell_banner() {
	local results dev_a dev_b
	results=$(bring_up_results | tr '\n' ',' | sed 's/,$//; s/,/, /g')
	dev_a=$(iface_of "$CARD_A_MAC") || dev_a="no interface"
	dev_b=$(iface_of "$CARD_B_MAC") || dev_b="no interface"
	# shellcheck disable=SC2154 # emu_port: guest/wifi-checks.sh
	cat <<-EOF

	ath5k-lab: $CELL, DRIVER=$DRIVER, cards $CARD_MODELS: ${results:-no checks ran}
	ath5k-lab: card A $dev_a ($CARD_A_MAC), card B $dev_b ($CARD_B_MAC), both down
	ath5k-lab: emulator: emu_ask card0 stats (card0 is A, card1 B; the port is $emu_port)
	ath5k-lab: kernel messages are off the console (dmesg -w); guest scripts in \$PAYLOAD/guest
	ath5k-lab: leave with exit (exit N: make fails with N), poweroff, or Ctrl-A X

	EOF
}

# shell_term: the host terminal's TERM when the guest has its terminfo,
# else vt220, which every terminal emulator understands.
shell_term() {
	local t=${SHELL_TERM:-}
	if [ -n "$t" ] && { [ -e "/usr/share/terminfo/${t:0:1}/$t" ] ||
		[ -e "/lib/terminfo/${t:0:1}/$t" ]; }; then
		echo "$t"
	else
		echo vt220
	fi
}

# run_lab_shell: a login shell as root on the console, its own session
# with ttyS0 as its controlling terminal (job control, Ctrl-C), in the
# host terminal's size; kept even when a check before it failed, to look
# at why.
run_lab_shell() {
	local rc
	# The kernel would print into the middle of what the person types.
	dmesg -n 1
	stty -F "$console" sane ${SHELL_ROWS:+rows "$SHELL_ROWS"} ${SHELL_COLS:+cols "$SHELL_COLS"}
	shell_banner > "$console"
	report step shell "$SHELL_LIMIT"
	(cd "$session_home" && HOME=$session_home TERM=$(shell_term) setsid --ctty --wait bash --login) \
		<> "$console" >&0 2>&0
	rc=$?
	report shell-exit "$rc"
}

# run_lab_session: run-checks.sh's LAB_MODE=script|shell.
run_lab_session() {
	run_card_checks
	case $LAB_MODE in
	script) run_lab_script ;;
	shell) run_lab_shell ;;
	*) echo "ath5k-lab: unknown LAB_MODE $LAB_MODE" > "$console" ;;
	esac
}
