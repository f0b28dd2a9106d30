#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Installed as /usr/libexec/ath5k-dkms/dkms-helper by both the .deb and the .rpm.
# It adds what dkms leaves out of its own messages: which headers package
# is missing, and the error lines of a failed build (dkms only names the
# log).  Registering and building the module is left to dkms's own
# scripts: dh-dkms's postinst and, in the .rpm, dkms's common.postinst.
#
#   dkms-helper headers-hint          one line if the running kernel has no headers
#   dkms-helper build-errors VERSION  path and last error lines of a failed build
set -u

module=ath5k
# Both default to what dkms uses; tests point them at scratch directories.
dkms_tree=${dkms_tree:-/var/lib/dkms}
modules_dir=${ATH5K_MODULES_DIR:-/lib/modules}

# The headers package of kernel $1 under this system's naming.
headers_package() {
	if command -v dpkg >/dev/null 2>&1; then
		echo "linux-headers-$1"
	else
		echo "kernel-devel-$1"
	fi
}

has_headers() {
	[ -e "$modules_dir/$1/build/include" ]
}

headers_hint() {
	kernel=$(uname -r)
	# In a chroot or image build the running kernel is the host's and is
	# not installed here: nothing useful to suggest.
	[ -d "$modules_dir/$kernel" ] || return 0
	has_headers "$kernel" && return 0
	echo "ath5k-dkms: no headers for the running kernel $kernel: install $(headers_package "$kernel") and the module builds automatically."
}

build_errors() {
	log="$dkms_tree/$module/$1/build/make.log"
	if [ ! -f "$log" ]; then
		echo "ath5k-dkms: setting up the module failed before compiling (no $log); see the dkms messages above." >&2
		return 0
	fi
	echo "ath5k-dkms: the module failed to build; full log: $log" >&2
	# Compiler ("error:"), make ("***") and modpost ("ERROR:") errors; a
	# log without any shows its tail.
	errors=$(grep -E 'error:|\*\*\*|ERROR:' "$log" | grep -v 'Waiting for unfinished jobs' | tail -n 12)
	[ -n "$errors" ] || errors=$(tail -n 12 "$log")
	printf '%s\n' "$errors" | sed 's/^/    /' >&2
}

case "${1:-}" in
headers-hint)
	headers_hint
	;;
build-errors)
	[ $# -eq 2 ] || { echo "usage: $0 build-errors VERSION" >&2; exit 2; }
	build_errors "$2"
	;;
*)
	echo "usage: $0 headers-hint | build-errors VERSION" >&2
	exit 2
	;;
esac
