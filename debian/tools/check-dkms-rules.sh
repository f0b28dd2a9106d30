#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# check-dkms-rules.sh TREE SCRATCH: run this host's dkms on the shipped
# dkms.conf in TREE and check which kernels it agrees to build for.  dkms
# works in a private tree under SCRATCH (--dkmstree/--sourcetree) against
# made-up kernel versions and configurations, so the host's dkms state and
# kernels are never touched and nothing is compiled: an accepted kernel
# stops at "headers not found", a refused one exits 77 before that.
set -eu

tree=$1
scratch=$2
version=$(cat "$tree/VERSION")

# dkms 3 creates a signing key in /var/lib/dkms before any build unless it
# finds no sign-file program; point it at none so the host keeps no trace.
sign_file=/nonexistent/ath5k-check-no-signing
export sign_file
host_state_before=$(ls -A /var/lib/dkms 2>/dev/null || true)

rm -rf "$scratch"
mkdir -p "$scratch/dkms" "$scratch/source"
cp -a "$tree" "$scratch/source/ath5k-$version"
dkms_args="--dkmstree $scratch/dkms --sourcetree $scratch/source -m ath5k -v $version"
# shellcheck disable=SC2086 # word splitting of $dkms_args is intended
dkms add $dkms_args >/dev/null

# A kernel "source dir" holding only a .config: all that dkms reads from it
# before deciding whether the module may be built.
make_config() {
	dir="$scratch/config-$1"
	mkdir -p "$dir"
	shift
	printf '%s\n' "$@" >"$dir/.config"
	echo "$dir"
}
full=$(make_config full CONFIG_PCI=y CONFIG_CFG80211=m CONFIG_MAC80211=m)
no_mac80211=$(make_config no-mac80211 CONFIG_PCI=y CONFIG_CFG80211=m)
no_cfg80211=$(make_config no-cfg80211 CONFIG_PCI=y CONFIG_MAC80211=m)
no_pci=$(make_config no-pci CONFIG_CFG80211=y CONFIG_MAC80211=y)

failed=0
# expect accepted|skipped KERNEL CONFIG_DIR
expect() {
	status=0
	# shellcheck disable=SC2086
	dkms build $dkms_args -k "$2" --kernelsourcedir "$3" >"$scratch/last.log" 2>&1 || status=$?
	# Accepted means dkms got past its build-exclusive rules to looking for
	# the (made-up) kernel's headers; anything else is a broken dkms.conf.
	if [ "$status" -eq 77 ]; then
		outcome=skipped
	elif grep -q "kernel headers for kernel $2 cannot be found" "$scratch/last.log"; then
		outcome=accepted
	else
		outcome=error
	fi
	if [ "$outcome" = "$1" ]; then
		echo "check-dkms-rules: ok: $2 with $(basename "$3"): $outcome (dkms exit $status)"
	else
		echo "check-dkms-rules: FAIL: $2 with $(basename "$3"): expected $1, got $outcome (dkms exit $status):" >&2
		sed 's/^/    /' "$scratch/last.log" >&2
		failed=1
	fi
}

expect skipped 4.19.0-27-amd64 "$full"
expect skipped 5.9.16-1-amd64 "$full"
expect accepted 5.10.0-30-amd64 "$full"
expect accepted 6.1.0-57-amd64-ath5k-test "$full"
expect accepted 6.12.48+deb13-amd64 "$full"
expect accepted 7.3.0-1-amd64 "$full"
expect skipped 7.4.0-1-amd64 "$full"
expect skipped 8.0.0-1-amd64 "$full"
expect skipped 7.3.0-1-amd64 "$no_mac80211"
expect skipped 7.3.0-1-amd64 "$no_cfg80211"
expect skipped 7.3.0-1-amd64 "$no_pci"

if [ "$(ls -A /var/lib/dkms 2>/dev/null || true)" != "$host_state_before" ]; then
	echo "check-dkms-rules: FAIL: /var/lib/dkms changed during the check" >&2
	failed=1
fi

[ "$failed" -eq 0 ] || exit 1
echo "check-dkms-rules: dkms $(dkms --version | sed 's/^dkms[-:]//') accepts exactly the supported kernels"
