#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# test-kernel-ath5k.sh TOP SCRATCH: the fallback to the kernel's own ath5k
# for the chips ours does not drive (debian/older-chips.modprobe.conf and
# debian/load-kernel-ath5k.sh).
#  - Every PCI ID of the kernel's ath5k (the pci.c of Debian's
#    linux-source) is in exactly one of src/pci.c and the modprobe.d
#    aliases, and the host's modprobe resolves each alias to the loader.
#  - The loader, against stand-in uname/modinfo/modprobe/insmod on PATH,
#    a made-up /lib/modules and /sys/module: what it loads, in which order,
#    with which options, and what it says when it cannot.
# Loads nothing; touches nothing outside SCRATCH.
set -eu

top=$1
scratch=$2
loader="$top/debian/load-kernel-ath5k.sh"
conf="$top/debian/older-chips.modprobe.conf"
rm -rf "$scratch"
mkdir -p "$scratch"

CHECKS_NAME=test-kernel-ath5k
# shellcheck source=debian/tools/checks.sh
. "$(dirname "$0")/checks.sh"

# pci_ids FILE: "vendor:device" of each PCI_VDEVICE line, lower case.
pci_ids() {
	sed -n 's/.*PCI_VDEVICE(\([A-Z0-9_]*\), *0x\([0-9a-fA-F]*\)).*/\1 \2/p' "$1" |
		while read -r vendor device; do
			case $vendor in
			ATHEROS) vendor=168c ;;
			3COM) vendor=10b7 ;;
			3COM_2) vendor=a727 ;;
			*) vendor="unknown-$vendor" ;;
			esac
			printf '%s:%04x\n' "$vendor" "0x$device"
		done | sort -u
}

tarball=$(find /usr/src -maxdepth 1 -name "linux-source-*.tar.xz" | sort -V | tail -n 1)
if [ -z "$tarball" ]; then
	echo "test-kernel-ath5k: no /usr/src/linux-source-*.tar.xz (make deps installs it)" >&2
	exit 1
fi
tar -xJOf "$tarball" --wildcards '*/drivers/net/wireless/ath/ath5k/pci.c' >"$scratch/kernel-pci.c"
pci_ids "$scratch/kernel-pci.c" >"$scratch/kernel.ids"
pci_ids "$top/src/pci.c" >"$scratch/ours.ids"
sed -n 's/^alias pci:v0000\([0-9A-F]*\)d0000\([0-9A-F]*\)sv\*sd\*bc\*sc\*i\* ath5k_kernel$/\1:\2/p' "$conf" |
	tr 'A-F' 'a-f' | sort -u >"$scratch/fallback.ids"
aliases=$(grep -c '^alias ' "$conf")

check "$(wc -l <"$scratch/kernel.ids") PCI IDs read from $(basename "$tarball")'s ath5k" \
	"$(holds test "$(wc -l <"$scratch/kernel.ids")" -ge 20)"
check "every alias line is an Atheros PCI ID leading to ath5k_kernel" \
	"$(holds test "$(wc -l <"$scratch/fallback.ids")" -eq "$aliases")"
both=$(comm -12 "$scratch/ours.ids" "$scratch/fallback.ids" | tr '\n' ' ')
check "no ID both ours and the kernel's (aliases win over depmod's): ${both:-none}" \
	"$(holds test -z "$both")"
sort -u "$scratch/ours.ids" "$scratch/fallback.ids" >"$scratch/covered.ids"
orphans=$(comm -23 "$scratch/kernel.ids" "$scratch/covered.ids" | tr '\n' ' ')
check "every ID of the kernel's ath5k has a driver: missing ${orphans:-none}" \
	"$(holds test -z "$orphans")"
strangers=$(comm -13 "$scratch/kernel.ids" "$scratch/fallback.ids" | tr '\n' ' ')
check "the aliases name only IDs of the kernel's ath5k: extra ${strangers:-none}" \
	"$(holds test -z "$strangers")"

mkdir -p "$scratch/modprobe.d"
cp "$conf" "$scratch/modprobe.d/ath5k-dkms.conf"
while IFS=: read -r vendor device; do
	vendor=$(echo "$vendor" | tr 'a-f' 'A-F')
	device=$(echo "$device" | tr 'a-f' 'A-F')
	id="pci:v0000${vendor}d0000${device}sv0000${vendor}sd00001234bc02sc00i00"
	via=$(modprobe -C "$scratch/modprobe.d" --show-depends "$id" 2>&1 || true)
	check "modprobe resolves $id to the loader" \
		"$(holds test "$via" = "install /usr/libexec/ath5k-dkms/load-kernel-ath5k \$CMDLINE_OPTS ")"
done <"$scratch/fallback.ids"

# The loader against stand-ins.  Each stand-in appends its arguments to
# calls.log; modprobe fails for the module named in fail-modprobe, insmod
# when fail-insmod exists.
kver=6.1.0-9-amd64
bin="$scratch/bin"
mkdir -p "$bin"
# shellcheck disable=SC2016 # the stand-in's own script
printf '#!/bin/sh\nif [ "${1:-}" = -m ]; then echo x86_64; else echo %s; fi\n' "$kver" >"$bin/uname"
cat >"$bin/modinfo" <<'STUB'
#!/bin/sh
echo "modinfo $*" >>"$STUB_DIR/calls.log"
echo "mac80211,ath,cfg80211"
STUB
cat >"$bin/modprobe" <<'STUB'
#!/bin/sh
echo "modprobe $*" >>"$STUB_DIR/calls.log"
if [ "$1" = -c ]; then
	printf '%s\n' "alias foo bar" "options ath5k nohwcrypt=1" "options ath9k nohwcrypt=0"
	exit 0
fi
[ "$1" != "$(cat "$STUB_DIR/fail-modprobe" 2>/dev/null)" ]
STUB
cat >"$bin/insmod" <<'STUB'
#!/bin/sh
echo "insmod $*" >>"$STUB_DIR/calls.log"
[ ! -e "$STUB_DIR/fail-insmod" ]
STUB
chmod +x "$bin"/*

# run_loader CASE [ARGS]: a fresh world for CASE, the loader's exit status
# in $status, its stderr in $said, the calls in $calls, kmsg in $logged.
run_loader() {
	name=$1
	shift
	world="$scratch/$name"
	mkdir -p "$world/modules/$kver/kernel/drivers/net/wireless/ath/ath5k" "$world/sys" \
		"$world/dkms/ath5k/original_module/$kver/x86_64"
	: >"$world/calls.log"
	: >"$world/kmsg"
	file="$world/modules/$kver/kernel/drivers/net/wireless/ath/ath5k/ath5k.ko.xz"
	# dkms 3.1+ moved the kernel's file into its archive
	if [ "$name" = archived ]; then
		file="$world/dkms/ath5k/original_module/$kver/x86_64/ath5k.ko.xz"
		# dkms's note of where the file came from
		echo "$world/modules/$kver/kernel/drivers/net/wireless/ath/ath5k/ath5k.ko.xz" >"$file.origin"
	fi
	[ "$name" = no-module ] || : >"$file"
	case $name in
	ours-loaded) mkdir -p "$world/sys/ath5k" && : >"$world/sys/ath5k/version" ;;
	kernels-loaded) mkdir -p "$world/sys/ath5k" ;;
	dep-fails) echo ath >"$world/fail-modprobe" ;;
	insmod-fails) : >"$world/fail-insmod" ;;
	esac
	status=0
	said=$(PATH="$bin:$PATH" STUB_DIR="$world" ATH5K_MODULES_DIR="$world/modules" \
		ATH5K_DKMS_TREE="$world/dkms" ATH5K_SYS_MODULE="$world/sys" ATH5K_KMSG="$world/kmsg" \
		sh "$loader" "$@" 2>&1 >/dev/null) || status=$?
	calls=$(cat "$world/calls.log")
	logged=$(cat "$world/kmsg")
}

run_loader plain debug=0
check "plain: exit 0" "$(holds test "$status" -eq 0)"
expected=$(printf '%s\n' "modinfo -F depends $file" "modprobe mac80211" "modprobe ath" \
	"modprobe cfg80211" "modprobe -c" "insmod $file nohwcrypt=1 debug=0")
check "plain: dependencies first, then the kernel's file with configured then given options" \
	"$(holds test "$calls" = "$expected")"
check "plain: the kernel log says what was loaded" \
	"$(holds test -n "$(printf '%s\n' "$logged" | grep "loaded the kernel's own ath5k ($file)")")"

run_loader archived
check "archived by dkms: the kernel's file is loaded from dkms's archive" \
	"$(holds test "$status" -eq 0 -a -n "$(printf '%s\n' "$calls" | grep -xF "insmod $file nohwcrypt=1")")"

run_loader ours-loaded
check "ours loaded: exit 1" "$(holds test "$status" -eq 1)"
check "ours loaded: nothing loaded" "$(holds test -z "$calls")"
check "ours loaded: says how to switch" \
	"$(holds test -n "$(printf '%s\n' "$said" | grep "modprobe -r ath5k")")"
check "ours loaded: the kernel log says it too" "$(holds test "$logged" = "$said")"

run_loader kernels-loaded
check "kernel's loaded: exit 0, nothing loaded" \
	"$(holds test "$status" -eq 0 -a -z "$calls")"

run_loader no-module
check "no kernel module: exit 1, nothing loaded" "$(holds test "$status" -eq 1 -a -z "$calls")"
check "no kernel module: says so" \
	"$(holds test -n "$(printf '%s\n' "$said" | grep "kernel $kver has no ath5k module of its own")")"

run_loader dep-fails
check "dependency fails: exit 1, no insmod" \
	"$(holds test "$status" -eq 1 -a -z "$(printf '%s\n' "$calls" | grep insmod)")"
check "dependency fails: names it" \
	"$(holds test -n "$(printf '%s\n' "$said" | grep "cannot load ath,")")"

run_loader insmod-fails
check "insmod fails: exit 1 and says so" \
	"$(holds test "$status" -eq 1 -a -n "$(printf '%s\n' "$said" | grep "insmod $file failed")")"

checks_done
