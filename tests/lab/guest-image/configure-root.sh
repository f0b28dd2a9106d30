#!/bin/bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# configure-root.sh ROOT
#
# Turns a freshly bootstrapped root into a lean lab guest: it boots from the
# ext4 labelled ath5kroot, runs cloud-init from a NoCloud seed only, and
# starts nothing the checks do not use (every unit costs seconds under TCG).
set -euo pipefail
root=$1
[ -d "$root/etc" ] || { echo "configure-root: $root is not a root tree" >&2; exit 1; }

echo 'LABEL=ath5kroot / ext4 rw,errors=remount-ro 0 1' > "$root/etc/fstab"
echo ath5k-lab > "$root/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 ath5k-lab\n' > "$root/etc/hosts"

# serial-getty on ttyS0 hangs up the console the checks write to; the
# timers and daemons below only cost boot time in a throwaway guest.
masked=(
	serial-getty@ttyS0.service serial-getty@ttyS1.service getty@.service
	getty-static.service
	apt-daily.timer apt-daily-upgrade.timer man-db.timer e2scrub_all.timer
	e2scrub_reap.service fstrim.timer dpkg-db-backup.timer
	systemd-timesyncd.service hostapd.service wpa_supplicant.service
	iperf3.service networking.service systemd-networkd-wait-online.service
	ModemManager.service cloud-init.service cloud-config.service
	cloud-final.service
)
for unit in "${masked[@]}"; do
	ln -sf /dev/null "$root/etc/systemd/system/$unit"
done

mkdir -p "$root/etc/systemd/journald.conf.d"
printf '[Journal]\nStorage=volatile\n' > "$root/etc/systemd/journald.conf.d/lab.conf"

# cloud-init: only the NoCloud seed, no network, and only its local stage
# (the lab's seed says dsmode: local and starts its work from bootcmd).
# Each further stage is another Python start, 7-20 s under TCG.
cat > "$root/etc/cloud/cloud.cfg.d/90-ath5k-lab.cfg" <<'EOF'
datasource_list: [NoCloud, None]
network: {config: disabled}
cloud_init_modules: [seed_random, bootcmd, write_files]
cloud_config_modules: []
cloud_final_modules: []
EOF

# A small initrd: just what finds and mounts the root disk (the default
# "most" is 30 MB that TCG has to unpack on every boot).
echo MODULES=list > "$root/etc/initramfs-tools/conf.d/ath5k-lab.conf"
printf '%s\n' virtio_pci virtio_blk ext4 > "$root/etc/initramfs-tools/modules"
chroot "$root" update-initramfs -u -k all

# dkms signs what it builds; making the key costs seconds in each guest.
if [ ! -f "$root/var/lib/dkms/mok.key" ]; then
	mkdir -p "$root/var/lib/dkms"
	openssl req -new -x509 -nodes -days 36500 -subj "/CN=ath5k-dkms lab signing key" \
		-newkey rsa:2048 -keyout "$root/var/lib/dkms/mok.key" \
		-outform DER -out "$root/var/lib/dkms/mok.pub" 2>/dev/null
fi
