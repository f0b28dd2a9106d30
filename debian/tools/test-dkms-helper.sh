#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# test-dkms-helper.sh TOP SCRATCH: exercise debian/dkms-helper.sh against a
# stand-in uname on PATH, a made-up /lib/modules and a made-up dkms tree,
# checking the lines it prints.  Touches nothing outside
# SCRATCH.
set -eu

helper="$1/debian/dkms-helper.sh"
scratch=$2
rm -rf "$scratch"
mkdir -p "$scratch/bin" "$scratch/modules" "$scratch/dkms"

# Stand-in uname: the running kernel is 6.1.0-9-amd64.
printf '#!/bin/sh\necho 6.1.0-9-amd64\n' >"$scratch/bin/uname"
chmod +x "$scratch/bin/uname"

PATH="$scratch/bin:$PATH" dkms_tree="$scratch/dkms" ATH5K_MODULES_DIR="$scratch/modules"
export PATH dkms_tree ATH5K_MODULES_DIR

CHECKS_NAME=test-dkms-helper
# shellcheck source=debian/tools/checks.sh
. "$(dirname "$0")/checks.sh"

# The running kernel (6.1.0-9-amd64) is installed without headers.
mkdir -p "$scratch/modules/6.1.0-9-amd64"
hint=$(sh "$helper" headers-hint)
check "hint names the running kernel's headers package" \
	"$(holds test "$(printf '%s\n' "$hint" | grep -c 'install linux-headers-6.1.0-9-amd64')" -eq 1)"
check "hint is a single line" "$(holds test "$(printf '%s\n' "$hint" | wc -l)" -eq 1)"
mkdir -p "$scratch/modules/6.1.0-9-amd64/build/include"
check "no hint once the headers are there" "$(holds test -z "$(sh "$helper" headers-hint)")"

# A failed build: log path and error lines shown, make's noise left out.
mkdir -p "$scratch/dkms/ath5k/0.1.0/build"
printf '%s\n' "make: Entering directory" "src/main.c:12:3: error: 'foo' undeclared" \
	"make[1]: *** No rule to make target 'src/rx.o'.  Stop." \
	"make[1]: *** Waiting for unfinished jobs...." >"$scratch/dkms/ath5k/0.1.0/build/make.log"
out=$(sh "$helper" build-errors 0.1.0 2>&1) && status=0 || status=$?
check "build-errors succeeds (the package scripts go on)" "$(holds test "$status" -eq 0)"
check "a failed build names make.log" \
	"$(holds test -n "$(printf '%s\n' "$out" | grep "full log: $scratch/dkms/ath5k/0.1.0/build/make.log")")"
check "a failed build shows the compiler error" \
	"$(holds test -n "$(printf '%s\n' "$out" | grep "error: 'foo' undeclared")")"
check "a failed build shows make's error" \
	"$(holds test -n "$(printf '%s\n' "$out" | grep "No rule to make target")")"
check "a failed build leaves out make's noise" \
	"$(holds test -z "$(printf '%s\n' "$out" | grep -e "Waiting for unfinished" -e "Entering directory")")"

checks_done
