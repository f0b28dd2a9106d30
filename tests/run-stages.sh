#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# make check: runs each stage (a make target) in turn, says when each
# starts and how long it took, goes on past a failed stage so one run
# shows every failure, and ends with a table of the stages' results and
# times.  Exits non-zero when any stage failed.
#
#   tests/run-stages.sh STAGE...      (MAKE names the make to run them with)
#
# With WARM_TARGET set, that make target runs in the background from the
# start (two jobs at once, output to WARM_LOG): it fills the caches later
# stages need while the first stages use the CPUs.  Its failure fails
# nothing: a stage builds what it still lacks itself.
set -uo pipefail

make_cmd=${MAKE:-make}
names=() results=() times=()
failed=0
start_all=$SECONDS

warm_pid=''
if [ -n "${WARM_TARGET:-}" ]; then
	warm_log=${WARM_LOG:-/dev/null}
	echo "== warm-up: $WARM_TARGET in the background (log: $warm_log)"
	"$make_cmd" --no-print-directory -j2 "$WARM_TARGET" > "$warm_log" 2>&1 &
	warm_pid=$!
fi

for stage in "$@"; do
	echo "== stage $stage: start ($(date -u +%H:%M:%S) UTC)"
	start=$SECONDS
	if "$make_cmd" --no-print-directory "$stage"; then
		result=pass
	else
		result=FAIL
		failed=$((failed + 1))
	fi
	took=$((SECONDS - start))
	echo "== stage $stage: $result in $((took / 60))m$((took % 60))s"
	names+=("$stage") results+=("$result") times+=("$took")
done

if [ -n "$warm_pid" ]; then
	if wait "$warm_pid"; then
		echo "== warm-up: done (log: $warm_log)"
	else
		echo "== warm-up: failed; the stages built what they needed (log: $warm_log)"
	fi
fi

total=$((SECONDS - start_all))
echo
printf '%-28s %-6s %8s\n' stage result time
for i in "${!names[@]}"; do
	printf '%-28s %-6s %5dm%02ds\n' "${names[$i]}" "${results[$i]}" \
		$((times[i] / 60)) $((times[i] % 60))
done
printf '%-28s %-6s %5dm%02ds\n' total '' $((total / 60)) $((total % 60))
echo "check: $(($# - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
