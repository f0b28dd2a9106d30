# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=in-tree-patched: the running kernel's own ath.ko and ath5k.ko,
# built on the host from the linux-source of this very kernel version
# with upstream/series applied (patched_prebuild.py, payload
# prebuilt/in-tree-patched/<release>/), installed under
# updates/in-tree-patched in place of the distribution's, and proven to
# be what the kernel loaded.

patched_dir=/lib/modules/$(uname -r)/updates/in-tree-patched

check_module_install() {
	local pre="$PAYLOAD/prebuilt/in-tree-patched/$(uname -r)" ko magic
	[ -f "$pre/ath5k.ko" ] && [ -f "$pre/ath.ko" ] ||
		{ detail "the payload has no patched modules for $(uname -r): $(ls "$PAYLOAD/prebuilt/in-tree-patched" 2>/dev/null | tr '\n' ' ')"; return 1; }
	for ko in ath ath5k; do
		magic=$(modinfo -F vermagic "$pre/$ko.ko" | cut -d' ' -f1)
		[ "$magic" = "$(uname -r)" ] || { detail "$ko.ko is for $magic, the kernel is $(uname -r)"; return 1; }
	done
	mkdir -p "$patched_dir" && cp "$pre/ath.ko" "$pre/ath5k.ko" "$patched_dir/" &&
		cp "$pre/build.log" "$LOGS/in-tree-patched-build.log" && depmod -a ||
		{ detail "cannot install the patched modules from $pre"; return 1; }
	detail "ath.ko and ath5k.ko of $(sed -n 's/^source //p' "$pre/provenance") with $(grep -c '^patch ' "$pre/provenance") patches of upstream/series, in $patched_dir"
}

check_driver_load() {
	modprobe ath5k $MODULE_OPTIONS || { detail "modprobe ath5k $MODULE_OPTIONS failed"; return 1; }
	detail "loaded $(modinfo -n ath5k) and $(modinfo -n ath) ($MODULE_OPTIONS)"
}

# Both modules loaded are the installed patched files (path and
# srcversion read back from the running kernel; the distribution's have
# no srcversion), built from the source package of the running kernel's
# own version.
check_module_is_patched() {
	local pre="$PAYLOAD/prebuilt/in-tree-patched/$(uname -r)" ko path loaded file kernel source rc=0
	for ko in ath ath5k; do
		path=$(modinfo -n $ko)
		loaded=$(cat /sys/module/$ko/srcversion 2>/dev/null)
		file=$(modinfo -F srcversion "$path")
		detail_add "$ko: $path, srcversion ${loaded:-none} (file ${file:-none})"
		case $path in "$patched_dir/"*) ;; *) rc=1 ;; esac
		[ -n "$loaded" ] && [ "$loaded" = "$file" ] || rc=1
	done
	kernel=$(dpkg-query -W -f '${Version}' "linux-image-$(uname -r)" 2>/dev/null)
	source=$(sed -n 's/^source linux-source-[^ ]* //p' "$pre/provenance")
	detail_add "sources $(sed -n 's/^source //p' "$pre/provenance"), running kernel package ${kernel:-unknown}"
	[ -n "$kernel" ] && [ "$source" = "$kernel" ] || rc=1
	return $rc
}

run_driver_checks() {
	run_check module-install 300 check_module_install
	kmsg_mark > "$WORK/dmesg-at-load"
	run_check driver-load 120 needs=module-install check_driver_load
	run_check module-is-patched 30 needs=driver-load check_module_is_patched
}
