# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh: runs one check under a timeout and reports it to
# the host on the second serial port (ttyS1), one line per event:
#   ath5k-lab step NAME TIMEOUT      a check starts (host enforces TIMEOUT)
#   ath5k-lab result {JSON}          {name, result, detail, seconds}
#   ath5k-lab done                   every check has run
# A check is a shell function: it calls `detail TEXT` to say what it saw and
# returns 0 (pass), 77 (skip) or anything else (fail).

report_port=${REPORT_PORT:-/dev/ttyS1}

# Results live in files under WORK (on the guest's disk), so a check after
# a reboot can still depend on one from before it.
check_result_of() {
	cat "$WORK/result.$1" 2>/dev/null
}

# Appends: the same on the guest's serial port, and a file keeps every
# line where a test stands in for the port.
report() {
	printf 'ath5k-lab %s\n' "$*" >> "$report_port"
	printf 'ath5k-lab %s\n' "$*" >> "$LOGS/report.log"
}

json_string() {
	local s
	s=$(printf '%s' "$1" | tr '\n\t\r' '   ' | tr -d '\000-\037' |
		sed 's/\\/\\\\/g; s/"/\\"/g')
	printf '"%s"' "$s"
}

detail() {
	printf '%s' "$*" > "$DETAIL_FILE"
}

# detail_add TEXT: adds to what the check said so far ("; " between).
detail_add() {
	if [ -s "$DETAIL_FILE" ]; then
		printf '; %s' "$*" >> "$DETAIL_FILE"
	else
		printf '%s' "$*" > "$DETAIL_FILE"
	fi
}

# left_out NAME: NAME is one of LEAVE_OUT's (run-cell.py --leave-out), a
# check that neither runs nor reports; the host expects it not to.
left_out() {
	case " ${LEAVE_OUT:-} " in *" $1 "*) return 0 ;; esac
	return 1
}

# run_check NAME TIMEOUT [needs=OTHER[,OTHER]] FUNCTION [ARGS...]
# A slow cell (the debug kernel) multiplies every TIMEOUT by STEP_SCALE.
run_check() {
	local name=$1 limit_asked=$2 limit=$(($2 * ${STEP_SCALE:-1})) needs='' dep result rc='' start end seconds text
	! left_out "$name" || return 0
	shift 2
	case "$1" in needs=*) needs=${1#needs=}; shift ;; esac
	export DETAIL_FILE="$WORK/$name.detail"
	: > "$DETAIL_FILE"
	report step "$name" "$limit"
	start=$(date +%s.%N)
	for dep in ${needs//,/ }; do
		if [ "$(check_result_of "$dep")" != pass ]; then
			detail "needs $dep, which did not pass"
			rc=77
			break
		fi
	done
	if [ -z "$rc" ]; then
		# Each check runs in its own process group so a hung tool (iw
		# scan has been seen to hang) is killed with all its children.
		timeout -k 5 "$limit" bash -c '"$@"' check "$@" \
			> "$LOGS/checks/$name.log" 2>&1
		rc=$?
		if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
			text=$(cat "$DETAIL_FILE")
			detail "timed out after ${limit} s${text:+ (last: $text)}; log: checks/$name.log"
		fi
	fi
	end=$(date +%s.%N)
	case $rc in
	0) result=pass ;;
	77) result=skip ;;
	*) result=fail ;;
	esac
	# Whatever the check was, the cards' state goes into its log.
	if [ $result = fail ] && declare -F wifi_failure_state > /dev/null; then
		timeout -k 5 120 bash -c wifi_failure_state \
			>> "$LOGS/checks/$name.log" 2>&1
	fi
	echo "$result" > "$WORK/result.$name"
	seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
	text=$(cat "$DETAIL_FILE")
	[ -n "$text" ] || text="exit status $rc; log: checks/$name.log"
	report result "{\"name\": $(json_string "$name"), \"result\": \"$result\", \"detail\": $(json_string "$text"), \"seconds\": $seconds}"
	repeat_checks_after "$name" "$limit_asked" "$@"
}

# REPEAT_CHECKS="N NAME..." (ATH5K_LAB_REPEAT on the host), for hunting a
# rare failure: once the last NAME has run, the NAMEs run N times more in
# turn, as NAME-r1, NAME-r2, ..., without their needs=.  Only the
# first run of a NAME counts for the expected list; a failed repeat
# fails the run like any other check.
declare -A repeat_call
repeat_checks_after() {
	local name=$1 count names n i call
	shift
	[ -n "${REPEAT_CHECKS:-}" ] && [ -z "${repeating:-}" ] || return 0
	read -r count names <<< "$REPEAT_CHECKS"
	case " $names " in *" $name "*) ;; *) return 0 ;; esac
	repeat_call[$name]=$(printf '%q ' "$@")
	[ "$name" = "${names##* }" ] || return 0
	repeating=yes
	for i in $(seq 1 "$count"); do
		for n in $names; do
			call=${repeat_call[$n]:-}
			[ -n "$call" ] || continue
			eval "run_check $(printf '%q' "$n-r$i") $call"
		done
	done
	repeating=
}

# The kernel log by record sequence number (guest/kmsg.py): counting
# dmesg lines breaks once a WARN storm wraps the ring buffer.
kmsg_mark() {
	python3 "$PAYLOAD/guest/kmsg.py" mark
}

dmesg_after() {
	python3 "$PAYLOAD/guest/kmsg.py" since "$1"
}
