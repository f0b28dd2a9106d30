#!/bin/bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# image.sh CELL [--print-dir]
#
# Builds the lab image of one cell (tests/lab/cells/CELL.conf) with
# mmdebstrap from the distro's own archive, unless the cache already holds
# one made from the same recipe.  The cache entry
# $ATH5K_CACHE/images/CELL-HASH/ holds:
#   disk.qcow2            ext4 root, no partition table, label ath5kroot
#   vmlinuz, initrd.img   taken from the root's /boot, for direct kernel boot
#   root/                 the unpacked root (headers for compile-only builds)
#   image.env             facts about the image (kernel release, sizes)
# HASH covers this script, the cell file and tests/lab/guest-image/, so a
# changed recipe never reuses a stale image.  --print-dir prints the entry's
# path and builds nothing.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${ATH5K_CACHE:-$HOME/.cache/ath5k-dkms}

die() { echo "image: $*" >&2; exit 1; }

[ $# -ge 1 ] || die "usage: $0 CELL [--print-dir]"
cell=$1
cell_file="$here/cells/$cell.conf"
[ -f "$cell_file" ] || die "no cell '$cell' (known: $(cd "$here/cells" && ls *.conf | sed 's/\.conf$//' | tr '\n' ' '))"

distro='' suite='' suites='' security_suite='' backports_packages=''
kernel_packages='' extra_packages='' upgrade_kernel_suite='' local_kernel=''
# shellcheck source=cells/debian-12.conf
. "$cell_file"
[ -n "$suite" ] && [ -n "$kernel_packages" ] || die "$cell_file: suite and kernel_packages are required"

# What every cell's checks need, on top of the cell's own packages.
lab_packages=(
	systemd-sysv udev kmod procps iproute2 iputils-ping pciutils
	e2fsprogs openssl cloud-init
	dkms build-essential
	iw wireless-regdb hostapd wpasupplicant iperf3 tcpdump
)

# local_kernel=debug-kernel: the kernel is not the archive's but the lab's
# own build (tests/lab/debug-kernel/build.sh, cached on its own); its cache
# entry names the source version and config, so it is part of the recipe.
local_kernel_dir=''
case "$local_kernel" in
'') ;;
debug-kernel) local_kernel_dir=$("$here/debug-kernel/build.sh" --print-dir) ;;
*) die "$cell_file: unknown local_kernel '$local_kernel' (known: debug-kernel)" ;;
esac

recipe_hash() {
	{
		cat "$0" "$cell_file"
		echo "$local_kernel_dir"
		find "$here/guest-image" -type f -print0 | sort -z | xargs -0 cat
	} | sha256sum | cut -c1-12
}

dir="$cache/images/$cell-$(recipe_hash)"
if [ "${2:-}" = --print-dir ]; then
	echo "$dir"
	exit 0
fi
# One build per recipe at a time: a second caller waits for the first and
# then finds the image ready (several runs and the matrix share the cache).
mkdir -p "$cache/images"
exec 9> "$dir.lock"
if ! flock -n 9; then
	echo "image: $cell: waiting for another build of the same recipe"
	flock 9
fi
if [ -e "$dir/.complete" ]; then
	echo "image: $cell up to date at $dir"
	exit 0
fi

now() { date +%s; }
stage() { echo "image: $cell: $*"; }
t0=$(now)

read -r archive security < <("$here/debian-mirrors.sh")
sources=("deb $archive $suite main")
for s in $suites; do sources+=("deb $archive $s main"); done
[ -z "$security_suite" ] || sources+=("deb $security $security_suite main")
# The suite of the kernel-upgrade check's second kernel; never pinned, so
# nothing comes from it unless asked for.
if [ -n "$upgrade_kernel_suite" ]; then
	case " $suite $suites " in
	*" $upgrade_kernel_suite "*) ;;
	*) sources+=("deb $archive $upgrade_kernel_suite main") ;;
	esac
fi

pin_hook=true
if [ -n "$backports_packages" ]; then
	backports_suite=$(printf '%s\n' $suites | grep -- '-backports$' | head -n1) ||
		die "$cell_file: backports_packages needs a -backports suite in suites"
	pin_hook='mkdir -p "$1/etc/apt/preferences.d" && printf "%s\n" "Package: '"$backports_packages"'" "Pin: release n='"$backports_suite"'" "Pin-Priority: 990" > "$1/etc/apt/preferences.d/lab-backports"'
fi

# The packages checks' offline repository: this kernel's headers, and the
# cell's kernel metapackages from upgrade_kernel_suite.
stage_repo_hook=true
if [ -n "$upgrade_kernel_suite" ]; then
	upgrade_packages=$(printf '%s\n' $kernel_packages | grep '^linux-' | tr '\n' ' ')
	stage_repo_hook="$here/guest-image/stage-lab-repo.sh \"\$1\" $upgrade_kernel_suite $upgrade_packages"
fi

# The local kernel's image and headers packages, installed before the
# root is configured (its initrd is then remade the lab's small way).
kernel_hook=true
if [ -n "$local_kernel" ]; then
	stage "$local_kernel: building or reusing $local_kernel_dir"
	"$here/$local_kernel/build.sh"
	kernel_hook='mkdir -p "$1/tmp/lab-kernel" && cp '"$local_kernel_dir"'/linux-image-*.deb '"$local_kernel_dir"'/linux-headers-*.deb "$1/tmp/lab-kernel/" && chroot "$1" sh -c "dpkg -i /tmp/lab-kernel/*.deb" && rm -rf "$1/tmp/lab-kernel"'
fi

# The kernel's drivers a guest on this bench can load: the card's, the
# virtio machine's, the console and the LED triggers.  The 3000 or so others
# (media, sound, USB, iio, other vendors' Wi-Fi) are never loaded, but
# every depmod reads them: under TCG that is 30-50 s per run, about ten runs
# in a package row (each dkms install and removal, each kernel install).
# dpkg keeps the filter for the guest's own later installs (the kernel
# upgrade); "*lib" is /lib before Debian 13 and /usr/lib after.
modules='/*lib/modules/*/kernel'
kept_drivers='net/wireless/ath virtio block char input md firmware leds crypto acpi tty pci rtc cdrom'
module_filter=(--dpkgopt="path-exclude=$modules/drivers/*"
	--dpkgopt="path-exclude=$modules/sound/*")
for d in $kept_drivers; do
	module_filter+=(--dpkgopt="path-include=$modules/drivers/$d/*")
done

work="$dir.tmp"
rm -rf "$work"
mkdir -p "$work"
all_packages="${lab_packages[*]} $kernel_packages $extra_packages"
stage "mmdebstrap $suite (${sources[*]#deb }) into $work/root (about 2 minutes)"
# Documentation and translations are never read in a throwaway guest.
# Testing's Release files expire within days; a mirror snapshot older than
# that is still signed and usable (forky), so expiry is not checked.
mmdebstrap --variant=minbase --components=main \
	--include="$(echo $all_packages | tr ' ' ,)" \
	--aptopt='Acquire::Retries "3"' \
	--aptopt='Acquire::Check-Valid-Until "false"' \
	--dpkgopt='path-exclude=/usr/share/man/*' \
	--dpkgopt='path-exclude=/usr/share/locale/*' \
	--dpkgopt='path-exclude=/usr/share/doc/*' \
	--dpkgopt='path-include=/usr/share/doc/*/copyright' \
	"${module_filter[@]}" \
	--setup-hook="$pin_hook" \
	--customize-hook="$kernel_hook" \
	--customize-hook="$here/guest-image/configure-root.sh \"\$1\"" \
	--customize-hook="$stage_repo_hook" \
	"$suite" "$work/root" "${sources[@]}" > "$work/mmdebstrap.log" 2>&1 ||
	die "mmdebstrap failed; see $work/mmdebstrap.log: $(tail -n 3 "$work/mmdebstrap.log" | tr '\n' ' ')"
t1=$(now)
stage "root built and configured for the lab in $((t1 - t0)) s"

kver=$(cd "$work/root/boot" && ls vmlinuz-* | sed 's/^vmlinuz-//' | sort -V | tail -n1)
[ -n "$kver" ] || die "no kernel in $work/root/boot"
cp "$work/root/boot/vmlinuz-$kver" "$work/vmlinuz"
cp "$work/root/boot/initrd.img-$kver" "$work/initrd.img"

# Room for DKMS builds and logs beyond what the packages use.
used_mib=$(du -sm "$work/root" | cut -f1)
size_mib=$((used_mib + 3072))
stage "packing ${used_mib} MiB root into a ${size_mib} MiB ext4 qcow2"
mkfs.ext4 -q -F -L ath5kroot -E root_owner=0:0 -d "$work/root" "$work/disk.raw" "${size_mib}M"
qemu-img convert -O qcow2 "$work/disk.raw" "$work/disk.qcow2"
rm -f "$work/disk.raw"
t2=$(now)

cat > "$work/image.env" <<EOF
cell=$cell
distro="$distro"
kernel_release=$kver
root_mib=$used_mib
build_seconds=$((t2 - t0))
EOF
touch "$work/.complete"
rm -rf "$dir"
mv "$work" "$dir"
# Older recipes of this cell are never used again (HASH is 12 characters,
# so another cell whose name starts with this one is left alone).
for old in "$cache/images/$cell-"????????????; do
	[ "$old" = "$dir" ] || [ ! -e "$old/.complete" ] || rm -rf "$old" "$old.lock"
done
stage "ready at $dir (kernel $kver; mmdebstrap $((t1 - t0)) s, pack $((t2 - t1)) s)"
