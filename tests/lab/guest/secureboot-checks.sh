# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh on a Secure Boot cell (SECURE_BOOT=yes, the
# cell's secure_boot=yes): the guest came up through OVMF's Secure Boot
# firmware, shim, GRUB and Debian's signed kernel, with dkms's MOK
# certificate enrolled by the host (tests/lab/labvm.py).
#   sb-state            mokutil --sb-state: SecureBoot enabled
#   lockdown            /sys/kernel/security/lockdown: integrity or
#                       confidentiality selected
#   mok-enrolled        shim and the kernel both hold dkms's certificate
# After the driver checks (our module, or the in-tree one, loaded):
#   module-sig-trusted  (our module) signed with that certificate's key,
#                       and the kernel did not mark it unsigned (taint E)
#   unsigned-refused    a copy of the loaded ath5k without its signature is
#                       refused by insmod, the same copy signed again with a
#                       trusted key gets past the signature check

mok_cert=/var/lib/dkms/mok.pub

check_sb_state() {
	local state
	state=$(mokutil --sb-state 2>&1)
	detail "mokutil --sb-state: $state"
	printf '%s\n' "$state" | grep -qx 'SecureBoot enabled'
}

check_lockdown() {
	local f=/sys/kernel/security/lockdown mode
	mountpoint -q /sys/kernel/security || mount -t securityfs none /sys/kernel/security
	[ -r $f ] || { detail "no $f (kernel without the lockdown LSM?)"; return 1; }
	mode=$(cat $f)
	detail "$f: $mode"
	case $mode in *'[integrity]'* | *'[confidentiality]'*) true ;; *) false ;; esac
}

# The certificate's subject as the kernel logs it when it loads a key.
mok_subject_cn() {
	openssl x509 -inform DER -in "$mok_cert" -noout -subject -nameopt multiline |
		sed -n 's/^ *commonName *= *//p'
}

check_mok_enrolled() {
	local test cn loaded
	[ -f "$mok_cert" ] || { detail "no $mok_cert in the image"; return 1; }
	test=$(mokutil --test-key "$mok_cert" 2>&1)
	cn=$(mok_subject_cn)
	# The kernel copies shim's MokListRT into its platform keyring at boot.
	loaded=$(dmesg | grep -F "Loaded X.509 cert '$cn" | head -n1 | sed 's/^\[[^]]*\] *//')
	detail "mokutil --test-key: $test; kernel: ${loaded:-no line loading '$cn'}"
	printf '%s' "$test" | grep -q 'is already enrolled' && [ -n "$loaded" ]
}

check_module_sig_trusted() {
	local taint
	check_module_signature || return 1
	taint=$(cat /sys/module/ath5k/taint 2>/dev/null)
	detail "$(cat "$DETAIL_FILE"); /sys/module/ath5k/taint '${taint}'"
	case $taint in *E*) false ;; *) true ;; esac
}

# The loaded ath5k's file as an uncompressed module in $1.
module_copy() {
	local path
	path=$(modinfo -n ath5k) || return 1
	case $path in
	*.ko.xz) xz -dc "$path" > "$1" ;;
	*.ko.zst) zstd -qdc "$path" > "$1" ;;
	*.ko.gz) gzip -dc "$path" > "$1" ;;
	*) cp "$path" "$1" ;;
	esac
}

check_unsigned_refused() {
	local dir=$WORK/unsigned signed unsigned resigned stripped mark out rc said
	local sign_file hash kver
	kver=$(uname -r)
	rm -rf "$dir" && mkdir -p "$dir" || return 1
	signed=$dir/ath5k-signed.ko unsigned=$dir/ath5k-unsigned.ko resigned=$dir/ath5k-resigned.ko
	module_copy "$signed" || { detail "cannot copy $(modinfo -n ath5k)"; return 1; }
	stripped=$(python3 "$PAYLOAD/guest/modsig.py" strip "$signed" "$unsigned" 2>&1) ||
		{ detail "$(modinfo -n ath5k): $stripped"; return 1; }
	[ -z "$(modinfo -F signer "$unsigned")" ] ||
		{ detail "modinfo still finds a signer in the stripped copy"; return 1; }
	mark=$(kmsg_mark)
	out=$(insmod "$unsigned" 2>&1)
	rc=$?
	said=$(dmesg_after "$mark" | grep -E -m1 'unsigned module|Lockdown:|rejected' | sed 's/^\[[^]]*\] *//')
	detail "$(modinfo -n ath5k): $stripped; insmod exit $rc: ${out:-nothing}; kernel: ${said:-nothing}"
	[ $rc -ne 0 ] || { rmmod ath5k; return 1; }
	printf '%s' "$out" | grep -qE 'Key was rejected by service|Operation not permitted' &&
		[ -n "$said" ] || return 1
	# The control: the very same bytes signed again with dkms's key pass the
	# kernel's signature check, so what insmod refused was the missing
	# signature.  ath5k is loaded, so they stop at the next step, "File
	# exists" (the signature is checked before the module's name).
	sign_file=/usr/lib/linux-kbuild-${kver%.*}/scripts/sign-file
	[ -x "$sign_file" ] || sign_file=/lib/modules/$kver/build/scripts/sign-file
	hash=$(modinfo -F sig_hashalgo "$signed")
	cp "$unsigned" "$resigned" &&
		"$sign_file" "${hash:-sha512}" /var/lib/dkms/mok.key "$mok_cert" "$resigned" ||
		{ detail "$(cat "$DETAIL_FILE"); $sign_file could not sign the control copy"; return 1; }
	out=$(insmod "$resigned" 2>&1)
	rc=$?
	detail "$(cat "$DETAIL_FILE"); the copy signed again with $mok_cert: insmod exit $rc: ${out:-loaded}"
	[ $rc -ne 0 ] && printf '%s' "$out" | grep -q 'File exists'
}

run_secureboot_early_checks() {
	run_check sb-state 30 check_sb_state
	run_check lockdown 30 check_lockdown
	run_check mok-enrolled 30 check_mok_enrolled
}

run_secureboot_module_checks() {
	case $DRIVER in
	dkms | deb | rpm)
		run_check module-sig-trusted 30 needs=driver-load check_module_sig_trusted ;;
	esac
	run_check unsigned-refused 60 needs=driver-load check_unsigned_refused
}
