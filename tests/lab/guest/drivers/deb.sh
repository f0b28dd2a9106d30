# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=deb: the user's life cycle of the ath5k-dkms .deb, served from a
# local apt repository so the guest runs `apt install ath5k-dkms` itself.
# The payload's driver/ holds repo-current/ (version PKG_VERSION) and
# repo-next/ (NEXT_VERSION), each a flat repository with its Packages file.
#
# LAB_PROFILE=full (make lab, make check), in this order:
#   deb-missing-headers  running kernel's headers removed, then install
#   deb-install          headers back: dkms's hook builds the module
#   driver-load, module-is-ours, older-chips, module-signature, Wi-Fi
#                        checks, extras
#   deb-upgrade          PKG_VERSION -> NEXT_VERSION (an unsupported kernel
#                        is present meanwhile)
#   unsupported-kernel   that kernel was skipped with a message
#   kernel-upgrade-build a newer kernel and headers from the image's
#                        offline repository: dkms builds for it; reboot
#   kernel-upgrade       (new kernel) the card probes with our module
#   build-failure        a broken source: make.log path and error shown
#   deb-purge            nothing left; the in-tree ath5k binds again
# LAB_PROFILE=matrix: deb-install (headers present), driver-load,
#   module-is-ours, older-chips, Wi-Fi checks, deb-purge.

. "$PAYLOAD/guest/module-checks.sh"
EXPECT_VERSION=$PKG_VERSION
[ "${LAB_PROFILE:-full}" != full ] || DRIVER_EXTRAS=yes

# Where the guest serves the packages from, and the only sources apt reads:
# the guest has no network, so the image's own archive lines are left out.
deb_repo=/srv/ath5k-dkms
kernel_repo=/var/lib/ath5k-lab/kernel-repo
lab_sources=/var/lib/ath5k-lab/apt-sources.list
# A kernel release outside dkms.conf's BUILD_EXCLUSIVE_KERNEL range.
unsupported_kernel=8.0.0-1-amd64

# deb_repo_add NAME: serves the payload's repo-NAME and refreshes apt.
deb_repo_add() {
	mkdir -p "$deb_repo"
	cp -a "$PAYLOAD/driver/repo-$1" "$deb_repo/$1" || return 1
	# apt reads file: sources as the _apt user.
	chmod -R a+rX "$deb_repo"
	echo "deb [trusted=yes] file:$deb_repo/$1 ./" >> "$lab_sources"
	apt-get -q update
}

deb_apt_setup() {
	mkdir -p "$(dirname "$lab_sources")" "$lab_sources.d"
	: > "$lab_sources"
	[ ! -f "$kernel_repo/Packages" ] ||
		echo "deb [trusted=yes] file:$kernel_repo ./" >> "$lab_sources"
	cat > /etc/apt/apt.conf.d/90ath5k-lab <<EOT
Dir::Etc::SourceList "$lab_sources";
Dir::Etc::SourceParts "$lab_sources.d";
Acquire::Languages "none";
EOT
	deb_repo_add current
}

# Every apt and dpkg run of the checks is unattended.
DEBIAN_FRONTEND=noninteractive

check_deb_missing_headers() {
	local kver status audit hints
	kver=$(uname -r)
	deb_apt_setup > "$LOGS/apt-setup.log" 2>&1 ||
		{ detail "could not set up the local apt repositories; see logs/apt-setup.log"; return 1; }
	run_logged remove-headers apt-get -y remove "linux-headers-$kver" linux-headers-amd64 ||
		{ detail "could not remove linux-headers-$kver; see logs/remove-headers.log"; return 1; }
	# Recommends names the headers metapackage; a user without it is the case.
	run_logged apt-install-no-headers apt install -y --no-install-recommends ath5k-dkms
	local rc=$?
	status=$(dpkg-query -W -f='${Status}' ath5k-dkms 2>/dev/null)
	audit=$(dpkg --audit 2>&1)
	hints=$(grep -c "^ath5k-dkms: no headers for the running kernel $kver: install linux-headers-$kver" "$WORK/apt-install-no-headers.out")
	detail "apt exit $rc; dpkg: ${status:-not installed}; dpkg --audit: ${audit:-clean}; $hints hint line(s): $(grep -m1 '^ath5k-dkms: no headers' "$WORK/apt-install-no-headers.out"); dkms: $(dkms status -m ath5k | tr '\n' ' ')"
	[ $rc -eq 0 ] && [ "$status" = "install ok installed" ] && [ -z "$audit" ] &&
		[ "$hints" -eq 1 ] && ! dkms status -m ath5k | grep -q installed
}

# full profile: the headers arrive and dkms's header hook builds the module.
# matrix profile: headers are there; apt install builds it at once.
check_deb_install() {
	local kver state rc
	kver=$(uname -r)
	if [ "${LAB_PROFILE:-full}" = full ]; then
		run_logged headers-arrive apt-get install -y --no-install-recommends "linux-headers-$kver"
		rc=$?
		state=$(dkms status -m ath5k -v "$PKG_VERSION" -k "$kver")
		detail "installed linux-headers-$kver (apt exit $rc); dkms: ${state:-nothing}"
	else
		deb_apt_setup > "$LOGS/apt-setup.log" 2>&1 ||
			{ detail "could not set up the local apt repository; see logs/apt-setup.log"; return 1; }
		run_logged apt-install apt install -y ath5k-dkms
		rc=$?
		state=$(dkms status -m ath5k -v "$PKG_VERSION" -k "$kver")
		detail "apt install ath5k-dkms (exit $rc); dkms: ${state:-nothing}"
	fi
	[ $rc -eq 0 ] && printf '%s' "$state" | grep -q ': installed'
}

check_deb_upgrade() {
	local kver rc left
	kver=$(uname -r)
	# An unsupported kernel with headers, newest of all, so the package's
	# scripts try it (checked by unsupported-kernel).
	mkdir -p "/lib/modules/$unsupported_kernel"
	ln -sfn "/lib/modules/$kver/build" "/lib/modules/$unsupported_kernel/build"
	cp "/boot/config-$kver" "/boot/config-$unsupported_kernel"
	deb_repo_add next > "$LOGS/apt-update-next.log" 2>&1 ||
		{ detail "could not add repo-next; see logs/apt-update-next.log"; return 1; }
	run_logged apt-upgrade apt install -y ath5k-dkms
	rc=$?
	dkms status -m ath5k -k "$unsupported_kernel" > "$WORK/unsupported-dkms-status" 2>&1
	rm -rf "/lib/modules/$unsupported_kernel" "/boot/config-$unsupported_kernel"
	only_version_left "$NEXT_VERSION" "$WORK/apt-upgrade.out"
	left=$?
	detail "apt exit $rc; $(cat "$DETAIL_FILE")"
	[ $rc -eq 0 ] && [ $left -eq 0 ]
}

check_unsupported_kernel() {
	local said
	said=$(grep -E -m2 "BUILD_EXCLUSIVE|not supported|Skipped" "$WORK/apt-upgrade.out" | tr '\n' ' ')
	detail "apt exit $(cat "$WORK/apt-upgrade.rc"); for $unsupported_kernel apt printed: ${said:-nothing}; dkms status there: $(tr '\n' ' ' < "$WORK/unsupported-dkms-status")"
	[ "$(cat "$WORK/apt-upgrade.rc")" = 0 ] && grep -q "$unsupported_kernel" "$WORK/apt-upgrade.out" &&
		[ -n "$said" ] && ! grep -q -E 'built|installed' "$WORK/unsupported-dkms-status"
}

check_kernel_upgrade_build() {
	local kver new rc state
	kver=$(uname -r)
	run_logged kernel-upgrade apt-get install -y --no-install-recommends linux-image-amd64 linux-headers-amd64
	rc=$?
	new=$(ls /lib/modules | sort -V | tail -n1)
	[ "$new" != "$kver" ] || { detail "apt exit $rc, but no kernel newer than $kver; see logs/kernel-upgrade.log"; return 1; }
	state=$(dkms status -m ath5k -v "$NEXT_VERSION" -k "$new")
	detail "apt exit $rc; installed $new; dkms: ${state:-nothing}; module: $(ls "/lib/modules/$new/updates/dkms/" 2>/dev/null)"
	echo "$new" > "$WORK/new-kernel"
	[ $rc -eq 0 ] && printf '%s' "$state" | grep -q ': installed' &&
		[ -f "/boot/vmlinuz-$new" ] && [ -f "/boot/initrd.img-$new" ]
}

# After the reboot: the new kernel runs and binds both cards with our module.
check_kernel_upgrade() {
	local want facts rc
	want=$(cat "$WORK/new-kernel")
	[ "$(uname -r)" = "$want" ] || { detail "running $(uname -r), expected $want"; return 1; }
	modprobe ath5k $MODULE_OPTIONS || { detail "modprobe ath5k failed on $want"; return 1; }
	EXPECT_VERSION=$NEXT_VERSION
	facts=$(loaded_module_facts)
	rc=$?
	check_probe
	local probe=$?
	detail "kernel $want: $facts; $(cat "$DETAIL_FILE")"
	[ $rc -eq 0 ] && [ $probe -eq 0 ]
}

# A source tree that cannot compile, rebuilt by the package's own postinst:
# it must fail and say where make.log is and what went wrong.
check_build_failure() {
	local src=/usr/src/ath5k-$NEXT_VERSION/src/ath5k.h rc log
	[ -f "$src" ] || { detail "no $src to break"; return 1; }
	echo '#error lab-injected failure' >> "$src"
	run_logged build-failure dpkg-reconfigure ath5k-dkms
	rc=$?
	log=/var/lib/dkms/ath5k/$NEXT_VERSION/build/make.log
	detail "dpkg-reconfigure exit $rc; $(grep -m1 'full log:' "$WORK/build-failure.out"); $(grep -m1 'lab-injected failure' "$WORK/build-failure.out" | sed 's/^ *//')"
	[ $rc -ne 0 ] && grep -q "full log: $log" "$WORK/build-failure.out" &&
		grep -q 'error: #error lab-injected failure' "$WORK/build-failure.out"
}

check_deb_purge() {
	local rc
	run_logged purge apt-get purge -y ath5k-dkms
	rc=$?
	check_in_tree_back
	local back=$?
	detail "apt-get purge exit $rc; $(cat "$DETAIL_FILE")"
	[ $rc -eq 0 ] && [ $back -eq 0 ] && ! dpkg-query -W ath5k-dkms > /dev/null 2>&1
}

run_driver_checks() {
	if [ "${LAB_PROFILE:-full}" = full ]; then
		run_check deb-missing-headers 600 check_deb_missing_headers
		run_check deb-install 1500 needs=deb-missing-headers check_deb_install
	else
		run_check deb-install 1500 check_deb_install
	fi
	kmsg_mark > "$WORK/dmesg-at-load"
	run_check driver-load 120 needs=deb-install check_driver_load
	run_check module-is-ours 30 needs=driver-load check_module_is_ours
	run_check older-chips 60 needs=driver-load check_older_chips
	[ "${LAB_PROFILE:-full}" != full ] ||
		run_check module-signature 30 needs=driver-load check_module_signature
}

run_driver_late_checks() {
	if [ "${LAB_PROFILE:-full}" != full ]; then
		run_check deb-purge 600 needs=deb-install check_deb_purge
		return
	fi
	run_check deb-upgrade 1500 needs=deb-install check_deb_upgrade
	run_check unsupported-kernel 30 needs=deb-upgrade check_unsupported_kernel
	run_check kernel-upgrade-build 1800 needs=deb-upgrade check_kernel_upgrade_build
	if [ "$(check_result_of kernel-upgrade-build)" = pass ]; then
		reboot_into "$(cat "$WORK/new-kernel")"
	fi
	# No reboot: the remaining checks still run on this kernel.
	run_check build-failure 600 needs=deb-install check_build_failure
	run_check deb-purge 600 needs=deb-install check_deb_purge
}

run_driver_after_reboot() {
	run_check kernel-upgrade 120 check_kernel_upgrade
	run_check build-failure 600 check_build_failure
	run_check deb-purge 600 check_deb_purge
}
