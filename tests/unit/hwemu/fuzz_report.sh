#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# The end of a fuzz_hw_layer run (tests/unit/hwemu/fuzz.mk), from its
# libFuzzer log:
#   fuzz_report.sh ok NAME LOG SECONDS   one line: inputs, speed, coverage
#   fuzz_report.sh failed NAME LOG BIN   the finding: report, input, how
#                                        to run it again; exits 1
set -eu

what=$1 name=$2 log=$3

# libFuzzer's last status line: "#N DONE cov: C ft: F corp: K/..."
status=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
field() {
	echo "$status" | sed -n "s/.* $1: \([^ ]*\).*/\1/p"
}

case $what in
ok)
	secs=$4
	runs=$(echo "$status" | sed -n 's/^#\([0-9]*\).*/\1/p')
	rate=$(grep -o 'exec/s: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
	echo "$name: ${runs:-?} inputs in ${secs}s (${rate:-?} exec/s)," \
		"cov $(field cov) ft $(field ft)" \
		"corpus $(field corp), no finding (log: $log)"
	;;
failed)
	bin=$4
	# the sanitizer's or libFuzzer's report, without the mutation chatter
	grep -v -E '^#[0-9]+|^INFO:|^MS:|^base unit|^0x' "$log" | tail -n 60
	input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
	echo
	if [ -n "$input" ]; then
		echo "$name: FAILED: the input is $input"
		echo "$name: reproduce with: $bin $input"
		echo "$name: minimise with: $bin -minimize_crash=1 -runs=10000 $input"
	else
		echo "$name: FAILED with no input saved (log: $log)"
	fi
	exit 1
	;;
*)
	echo "usage: $0 ok|failed NAME LOG SECONDS|BIN" >&2
	exit 2
	;;
esac
