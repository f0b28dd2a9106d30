# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=dkms: our source tree from the payload (VERSION, dkms.conf, src/,
# compat/) added, built and installed by dkms in the guest, then proven to be
# the module the kernel loaded.  The developer's path (no package built);
# users get the .deb or .rpm (drivers deb.sh, rpm.sh).

. "$PAYLOAD/guest/module-checks.sh"
EXPECT_VERSION=$(cat "$PAYLOAD/driver/VERSION" 2>/dev/null)
DRIVER_EXTRAS=yes

check_dkms_install() {
	local kver log version=$EXPECT_VERSION
	[ -n "$version" ] || { detail "payload has no driver/VERSION"; return 1; }
	kver=$(uname -r)
	rm -rf "/usr/src/ath5k-$version"
	cp -a "$PAYLOAD/driver" "/usr/src/ath5k-$version"
	dkms add -m ath5k -v "$version" || { detail "dkms add failed"; return 1; }
	if ! dkms build -m ath5k -v "$version" -k "$kver"; then
		log=/var/lib/dkms/ath5k/$version/build/make.log
		cp "$log" "$LOGS/dkms-make.log" 2>/dev/null
		detail "dkms build failed; make.log: $(grep -E -m 3 'error|Error' "$log" | tr '\n' ' ')"
		return 1
	fi
	dkms install -m ath5k -v "$version" -k "$kver" || { detail "dkms install failed"; return 1; }
	detail "$(dkms status -m ath5k -v "$version" -k "$kver")"
	dkms status -m ath5k -v "$version" -k "$kver" | grep -q installed
}

run_driver_checks() {
	run_check dkms-install 1500 check_dkms_install
	kmsg_mark > "$WORK/dmesg-at-load"
	run_check driver-load 120 needs=dkms-install check_driver_load
	run_check module-is-ours 30 needs=driver-load check_module_is_ours
}
