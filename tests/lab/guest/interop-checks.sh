# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh after wifi-checks.sh, whose helpers it uses:
# the interop checks, a software-crypto copy of our driver against the
# driver under test.

# Interop: a card whose driver runs mac80211's software crypto against
# a card of the driver under test in its default mode (hardware crypto),
# both ways round (software station with the hardware AP, then software
# AP with the hardware station), WPA2-CCMP and WPA-TKIP.  Pings pass only
# when what the emulated key cache seals and opens is the standard's
# cipher.  nohwcrypt is a module parameter and both cards are in this one
# guest, so the software side is a second copy of our driver, built from
# the source the guest has under another module name (swcrypto.kbuild)
# and loaded with nohwcrypt=1; the card leaves the driver under test
# (ath5k, ours or the in-tree one) through its driver_override.  After
# each check, pass or fail, both cards are back on ath5k in their
# namespaces (interop_restore), and interop-restore says so at the end.
swcrypto_mod=ath5k_swcrypto

# interop_source: the tree the copy is built from: the one the driver
# under test was built from (/usr/src/ath5k-VERSION for dkms, deb and
# rpm), or for the in-tree and prebuilt drivers ours from the payload.
interop_source() {
	if [ -n "${EXPECT_VERSION:-}" ] && [ "$DRIVER" != prebuilt ]; then
		echo "/usr/src/ath5k-$EXPECT_VERSION"
	else
		echo "$PAYLOAD/driver"
	fi
}

# interop_restore: the copy unloaded, both cards' driver_override cleared
# and both bound to ath5k again, each at home (card_home).
interop_restore() {
	local card ns addr mac bdf drv dev text='' bad=''
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	if [ -e "/sys/module/$swcrypto_mod" ]; then
		rmmod "$swcrypto_mod" || bad+="rmmod $swcrypto_mod failed; "
	fi
	for card in a b; do
		eval "$(card_vars "$card")"
		bdf=$(interop_bdf "$card") || { bad+="card ${card^^}: no PCI address; "; continue; }
		echo > "/sys/bus/pci/devices/$bdf/driver_override"
		[ -n "$(pci_driver_of "$bdf")" ] || echo "$bdf" > /sys/bus/pci/drivers/ath5k/bind
		drv=$(pci_driver_of "$bdf")
		[ "$drv" = ath5k ] || { bad+="card ${card^^} ($bdf) on ${drv:-no driver}; "; continue; }
		dev=$(card_home "$card") || { bad+="card ${card^^} ($bdf): $dev; "; continue; }
		text+="card ${card^^} $bdf $dev on ath5k in $ns; "
	done
	echo "$text$bad"
	[ -z "$bad" ]
}

# interop_to_copy CARD: the card moves from ath5k to the copy, loaded
# with nohwcrypt=1 (the copy must not be loaded yet).
interop_to_copy() {
	local card=$1 bdf drv dev out
	bdf=$(interop_bdf "$card") || { echo "card ${card^^}: no PCI address"; return 1; }
	echo "$swcrypto_mod" > "/sys/bus/pci/devices/$bdf/driver_override" ||
		{ echo "cannot set the driver_override of $bdf"; return 1; }
	drv=$(pci_driver_of "$bdf")
	if [ -n "$drv" ]; then
		echo "$bdf" > "/sys/bus/pci/drivers/$drv/unbind" ||
			{ echo "cannot unbind $bdf from $drv"; return 1; }
	fi
	modprobe -a cfg80211 mac80211
	out=$(insmod "$WORK/swcrypto/src/$swcrypto_mod.ko" nohwcrypt=1 2>&1) ||
		{ echo "insmod $swcrypto_mod nohwcrypt=1 failed: $out $(dmesg | tail -n 2 | tr '\n' ' ')"; return 1; }
	drv=$(pci_driver_of "$bdf")
	[ "$drv" = "$swcrypto_mod" ] ||
		{ echo "card ${card^^} ($bdf) is on ${drv:-no driver}, not $swcrypto_mod"; return 1; }
	[ "$(cat "/sys/module/$swcrypto_mod/parameters/nohwcrypt")" = Y ] ||
		{ echo "$swcrypto_mod was loaded without nohwcrypt"; return 1; }
	dev=$(card_home "$card") || { echo "card ${card^^} ($bdf) on $swcrypto_mod: $dev"; return 1; }
	echo "card ${card^^} ($bdf, $dev) on $swcrypto_mod nohwcrypt=Y"
}

# interop_prebuilt SRC KO: the copy the host built in this image's root
# (image_prebuild.py), to KO, when it is for the running kernel and SRC
# holds exactly the sources it was built from.
interop_prebuilt() {
	local pre="$PAYLOAD/prebuilt/$swcrypto_mod/$(uname -r)"
	[ -f "$pre/$swcrypto_mod.ko" ] && [ -f "$pre/sources.sha256" ] || return 1
	(cd "$1" && sha256sum --quiet --strict -c "$pre/sources.sha256") > /dev/null 2>&1 || return 1
	[ "$(modinfo -F vermagic "$pre/$swcrypto_mod.ko" | cut -d' ' -f1)" = "$(uname -r)" ] || return 1
	cp "$pre/$swcrypto_mod.ko" "$2" && cp "$pre/build.log" "$LOGS/swcrypto-build.log"
}

# The copy, from interop_source with swcrypto.kbuild, against the running
# kernel's headers, as dkms builds ours: on the host in the image's root
# when its sources match, else here.
check_interop_build() {
	local src dir="$WORK/swcrypto" ko card bdf bdfs='' how
	src=$(interop_source)
	[ -f "$src/src/Kbuild" ] || { detail "no driver source in $src"; return 1; }
	# Both cards are at home now: their PCI addresses, for the restores.
	rm -f "$WORK"/interop-bdf-*
	for card in a b; do
		bdf=$(interop_bdf "$card") || { detail "card ${card^^}: no PCI address"; return 1; }
		bdfs+="card ${card^^} $bdf "
	done
	rm -rf "$dir" && mkdir -p "$dir" && cp -a "$src/." "$dir/" &&
		mv "$dir/src/Kbuild" "$dir/src/ath5k.kbuild" &&
		cp "$PAYLOAD/guest/swcrypto.kbuild" "$dir/src/Kbuild" ||
		{ detail "cannot copy $src to $dir"; return 1; }
	ko="$dir/src/$swcrypto_mod.ko"
	if interop_prebuilt "$src" "$ko"; then
		how="built on the host in this image's root, sources identical to $src"
	elif make -C "/lib/modules/$(uname -r)/build" M="$dir/src" -j"$(nproc)" modules \
		> "$LOGS/swcrypto-build.log" 2>&1 && [ -f "$ko" ]; then
		how="built here from $src"
	else
		detail "building $swcrypto_mod from $src failed: $(grep -E -m 3 'error|Error' "$LOGS/swcrypto-build.log" | tr '\n' ' ')"
		return 1
	fi
	detail "$swcrypto_mod.ko $how: version $(modinfo -F version "$ko"), parameters: $(modinfo -F parm "$ko" | cut -d: -f1 | tr '\n' ' '); ${bdfs}"
	[ "$(modinfo -F name "$ko")" = "$swcrypto_mod" ] && modinfo -F parm "$ko" | grep -q '^nohwcrypt:'
}

# check_interop NETWORK SW: card SW (a, the station, or b, the AP) on the
# copy with software crypto, the other on the driver under test; then
# NETWORK's AP, association and check_crypto's pings and counts with SW
# as the software card; then both cards back on ath5k, pass or fail.
check_interop() {
	local net=$1 sw=$2 text rc restore
	text=$(interop_restore) || { detail "before the check: $text"; return 1; }
	if text=$(interop_to_copy "$sw"); then
		check_ap "$net" && check_assoc "$net" && check_crypto "$net" "$sw"
		rc=$?
		text+="; $(cat "$DETAIL_FILE")"
	else
		rc=1
	fi
	restore=$(interop_restore) || { rc=1; text+="; restoring: $restore"; }
	detail "$text"
	return $rc
}

# After the interop checks, whatever became of them (a check killed at its
# time limit restores nothing): both cards on ath5k, at home.
check_interop_restore() {
	local text rc
	text=$(interop_restore)
	rc=$?
	detail "$text"
	return $rc
}

check_iperf3() {
	local json bps
	ip netns exec $ns_b iperf3 -s -1 -D -B $addr_b --logfile "$LOGS/iperf3-server.log" ||
		{ detail "iperf3 server would not start"; return 1; }
	sleep 1
	json=$(ip netns exec $ns_a iperf3 -c $addr_b -t 10 -J --connect-timeout 10000)
	printf '%s\n' "$json" > "$LOGS/iperf3-client.json"
	bps=$(printf '%s' "$json" | python3 -c '
import json, sys
print(int(json.load(sys.stdin)["end"]["sum_received"]["bits_per_second"]))' 2>/dev/null)
	if [ -z "$bps" ] || [ "$bps" -le 0 ]; then
		detail "no throughput reported: $(printf '%s' "$json" | grep -m1 '"error"')"
		return 1
	fi
	detail "TCP 10 s A->B: $(awk -v b="$bps" 'BEGIN { printf "%.2f", b / 1e6 }') Mbit/s"
}
