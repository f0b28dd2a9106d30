# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=dkms: our source tree from the payload (VERSION, dkms.conf, src/,
# compat/) added, built and installed by dkms in the guest, then proven to be
# the module the kernel loaded.

driver_version() { cat "$PAYLOAD/driver/VERSION"; }

check_dkms_install() {
	local version kver log
	version=$(driver_version) || { detail "payload has no driver/VERSION"; return 1; }
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

check_driver_load() {
	modprobe ath5k $MODULE_OPTIONS || { detail "modprobe ath5k $MODULE_OPTIONS failed"; return 1; }
	detail "loaded $(modinfo -n ath5k) ($MODULE_OPTIONS)"
}

# The loaded module is the one dkms installed: its path, version and
# srcversion, read back from the running kernel.
check_module_is_ours() {
	local path version loaded_version loaded_src file_src
	path=$(modinfo -n ath5k)
	version=$(driver_version)
	loaded_version=$(cat /sys/module/ath5k/version 2>/dev/null)
	loaded_src=$(cat /sys/module/ath5k/srcversion 2>/dev/null)
	file_src=$(modinfo -F srcversion "$path")
	detail "path $path, version ${loaded_version:-none} (want $version), srcversion ${loaded_src:-none} (file $file_src)"
	case $path in */updates/dkms/*) ;; *) return 1 ;; esac
	[ "$loaded_version" = "$version" ] && [ -n "$loaded_src" ] && [ "$loaded_src" = "$file_src" ]
}

run_driver_checks() {
	run_check dkms-install 1500 check_dkms_install
	dmesg | wc -l > "$WORK/dmesg-at-load"
	run_check driver-load 120 needs=dkms-install check_driver_load
	run_check module-is-ours 30 needs=driver-load check_module_is_ours
}
