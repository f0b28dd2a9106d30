# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=prebuilt (make faults-quick, make lab DRIVER=prebuilt): our
# ath5k.ko as the host built it in this image's root (image_prebuild.py,
# payload prebuilt/ath5k/<release>/), installed under updates/prebuilt and
# proven to be the module the kernel loaded.  The faults judge recovery,
# and a quick run the Wi-Fi checks, not the build: the dkms, deb and rpm
# runs build in the guest.

. "$PAYLOAD/guest/module-checks.sh"
EXPECT_VERSION=$(cat "$PAYLOAD/driver/VERSION" 2>/dev/null)
EXPECT_MODULE_DIR=/lib/modules/$(uname -r)/updates/prebuilt
# make lab DRIVER=prebuilt: our driver's own checks after the Wi-Fi ones.
DRIVER_EXTRAS=yes

check_module_install() {
	local pre="$PAYLOAD/prebuilt/ath5k/$(uname -r)" magic
	[ -f "$pre/ath5k.ko" ] ||
		{ detail "the payload has no ath5k.ko for $(uname -r): $(ls "$PAYLOAD/prebuilt/ath5k" 2>/dev/null | tr '\n' ' ')"; return 1; }
	magic=$(modinfo -F vermagic "$pre/ath5k.ko" | cut -d' ' -f1)
	[ "$magic" = "$(uname -r)" ] || { detail "ath5k.ko is for $magic, the kernel is $(uname -r)"; return 1; }
	mkdir -p "$EXPECT_MODULE_DIR" && cp "$pre/ath5k.ko" "$EXPECT_MODULE_DIR/" &&
		cp "$pre/build.log" "$LOGS/prebuilt-build.log" && depmod -a ||
		{ detail "cannot install $pre/ath5k.ko"; return 1; }
	detail "ath5k.ko $(modinfo -F version "$EXPECT_MODULE_DIR/ath5k.ko") built on the host in this image's root, in $EXPECT_MODULE_DIR"
}

run_driver_checks() {
	run_check module-install 300 check_module_install
	kmsg_mark > "$WORK/dmesg-at-load"
	run_check driver-load 120 needs=module-install check_driver_load
	run_check module-is-ours 30 needs=driver-load check_module_is_ours
}
