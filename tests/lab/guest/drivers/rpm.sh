# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=rpm: the ath5k-dkms .rpm in a Debian guest that has rpm and dkms
# (no RPM distribution's archive is reachable here).  rpm's own database
# knows nothing of what dpkg installed (dkms, a shell), hence --nodeps.
# The payload's driver/ holds current.rpm (PKG_VERSION) and next.rpm
# (NEXT_VERSION).
#   rpm-install      rpm -i: %post builds and installs for the running kernel
#   driver-load, module-is-ours, older-chips, module-signature, Wi-Fi checks
#   rpm-upgrade      rpm -U to NEXT_VERSION: only it remains
#   rpm-remove       rpm -e: nothing left; the in-tree ath5k binds again
# The scriptlets always exit 0 (RPM cannot roll back), so each check judges
# by dkms's state and the files on disk.

. "$PAYLOAD/guest/module-checks.sh"
EXPECT_VERSION=$PKG_VERSION

check_rpm_install() {
	local kver rc state
	kver=$(uname -r)
	run_logged rpm-install rpm -i --nodeps "$PAYLOAD/driver/current.rpm"
	rc=$?
	state=$(dkms status -m ath5k -v "$PKG_VERSION" -k "$kver")
	detail "rpm -i exit $rc; $(rpm -q ath5k-dkms); dkms: ${state:-nothing}"
	[ $rc -eq 0 ] && printf '%s' "$state" | grep -q ': installed'
}

check_rpm_upgrade() {
	local rc left
	run_logged rpm-upgrade rpm -U --nodeps "$PAYLOAD/driver/next.rpm"
	rc=$?
	only_version_left "$NEXT_VERSION" "$WORK/rpm-upgrade.out"
	left=$?
	detail "rpm -U exit $rc; $(rpm -q ath5k-dkms); $(cat "$DETAIL_FILE")"
	[ $rc -eq 0 ] && [ $left -eq 0 ]
}

check_rpm_remove() {
	local rc
	run_logged rpm-remove rpm -e --nodeps ath5k-dkms
	rc=$?
	check_in_tree_back
	local back=$?
	detail "rpm -e exit $rc; $(cat "$DETAIL_FILE")"
	[ $rc -eq 0 ] && [ $back -eq 0 ] && ! rpm -q ath5k-dkms > /dev/null 2>&1
}

run_driver_checks() {
	run_check rpm-install 1500 check_rpm_install
	kmsg_mark > "$WORK/dmesg-at-load"
	run_check driver-load 120 needs=rpm-install check_driver_load
	run_check module-is-ours 30 needs=driver-load check_module_is_ours
	run_check older-chips 60 needs=driver-load check_older_chips
	run_check module-signature 30 needs=driver-load check_module_signature
}

run_driver_late_checks() {
	run_check rpm-upgrade 1500 needs=rpm-install check_rpm_upgrade
	run_check rpm-remove 600 needs=rpm-install check_rpm_remove
}
