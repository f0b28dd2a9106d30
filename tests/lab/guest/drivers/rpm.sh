# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=rpm: the ath5k-dkms .rpm in a Debian guest that has rpm and dkms
# (no RPM distribution's archive is reachable here).  rpm's own database
# knows nothing of what dpkg installed (dkms, a shell), hence --nodeps.
# The payload's driver/ holds current.rpm (PKG_VERSION) and next.rpm
# (NEXT_VERSION).
#   rpm-install      rpm -i: %post builds and installs for the running kernel
#   driver-load, module-is-ours, module-signature, Wi-Fi checks
#   rpm-upgrade      rpm -U to NEXT_VERSION: only it remains
#   rpm-remove       rpm -e: nothing left; the in-tree ath5k binds again
# The scriptlets always exit 0 (RPM cannot roll back), so each check judges
# by dkms's state and the files on disk.

. "$PAYLOAD/guest/module-checks.sh"
EXPECT_VERSION=$PKG_VERSION

# rpm_logged NAME ARGS...: rpm ARGS with its output in logs/NAME.log.
rpm_logged() {
	local name=$1
	shift
	"$@" > "$WORK/$name.out" 2>&1
	local rc=$?
	cp "$WORK/$name.out" "$LOGS/$name.log"
	return $rc
}

dkms_versions() {
	dkms status -m ath5k 2>/dev/null | sed -n 's/^ath5k[/,] *\([^,:]*\).*/\1/p' | sort -u
}

check_rpm_install() {
	local kver rc state
	kver=$(uname -r)
	rpm_logged rpm-install rpm -i --nodeps "$PAYLOAD/driver/current.rpm"
	rc=$?
	state=$(dkms status -m ath5k -v "$PKG_VERSION" -k "$kver")
	detail "rpm -i exit $rc; $(rpm -q ath5k-dkms); dkms: ${state:-nothing}"
	[ $rc -eq 0 ] && printf '%s' "$state" | grep -q ': installed'
}

check_rpm_upgrade() {
	local kver rc versions srcs out
	kver=$(uname -r)
	rpm_logged rpm-upgrade rpm -U --nodeps "$PAYLOAD/driver/next.rpm"
	rc=$?
	versions=$(dkms_versions | tr '\n' ' ')
	srcs=$(ls -d /usr/src/ath5k-* 2>/dev/null | tr '\n' ' ')
	out=$(reload_ath5k) || { detail "rpm -U exit $rc; $out"; return 1; }
	detail "rpm -U exit $rc; $(rpm -q ath5k-dkms | tr '\n' ' '); dkms versions: $versions; /usr/src: $srcs; dkms for $kver: $(dkms status -m ath5k -k "$kver" | tr '\n' ' '); loaded $(cat /sys/module/ath5k/version)"
	if grep -qi 'already contains' "$WORK/rpm-upgrade.out"; then
		detail "rpm output says 'already contains': $(grep -i -m1 'already contains' "$WORK/rpm-upgrade.out")"
		return 1
	fi
	[ $rc -eq 0 ] && [ "$versions" = "$NEXT_VERSION " ] &&
		[ "$srcs" = "/usr/src/ath5k-$NEXT_VERSION " ] &&
		dkms status -m ath5k -v "$NEXT_VERSION" -k "$kver" | grep -q ': installed' &&
		[ "$(cat /sys/module/ath5k/version)" = "$NEXT_VERSION" ]
}

check_rpm_remove() {
	local rc
	rpm_logged rpm-remove rpm -e --nodeps ath5k-dkms
	rc=$?
	check_in_tree_back
	local back=$?
	detail "rpm -e exit $rc; $(cat "$DETAIL_FILE")"
	[ $rc -eq 0 ] && [ $back -eq 0 ] && ! rpm -q ath5k-dkms > /dev/null 2>&1
}

run_driver_checks() {
	run_check rpm-install 1500 check_rpm_install
	dmesg | wc -l > "$WORK/dmesg-at-load"
	run_check driver-load 120 needs=rpm-install check_driver_load
	run_check module-is-ours 30 needs=driver-load check_module_is_ours
	run_check module-signature 30 needs=driver-load check_module_signature
}

run_driver_late_checks() {
	run_check rpm-upgrade 1500 needs=rpm-install check_rpm_upgrade
	run_check rpm-remove 600 needs=rpm-install check_rpm_remove
}
