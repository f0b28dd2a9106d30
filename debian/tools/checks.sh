# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by the packaging tools' shell tests.  The test sets CHECKS_NAME
# (the prefix of its lines); check counts failures in $failed and
# checks_done ends the test with the verdict.

failed=0

# check DESCRIPTION STATUS: STATUS is 0 when what DESCRIPTION says held.
check() {
	if [ "$2" -eq 0 ]; then
		echo "$CHECKS_NAME: ok: $1"
	else
		echo "$CHECKS_NAME: FAIL: $1" >&2
		failed=1
	fi
}

# holds COMMAND...: 0 if COMMAND succeeds, else 1, for check's STATUS.
holds() {
	if "$@"; then echo 0; else echo 1; fi
}

checks_done() {
	[ "$failed" -eq 0 ] || exit 1
	echo "$CHECKS_NAME: all checks passed"
}
