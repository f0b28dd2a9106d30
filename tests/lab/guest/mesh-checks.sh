# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by run-checks.sh: the two cards as 802.11s mesh points, open
# (the kernel's own peering) and secured (wpa_supplicant's SAE and AMPE),
# on the extras' channel (extras_freq, driver-checks.sh).  Each leaves
# both interfaces managed again, out of the mesh.

mesh_id=ath5k-lab-mesh

# mesh_devs: sets dev_a and dev_b, the cards' interfaces.
mesh_devs() {
	dev_a=$(iface_of "$CARD_A_MAC" $ns_a) && dev_b=$(iface_of "$CARD_B_MAC" $ns_b) ||
		{ detail_add "interfaces not found in $ns_a/$ns_b"; return 1; }
}

# mesh_plink NS DEV PEER: DEV's peer link state with PEER (ESTAB once
# peered), empty when PEER is no station of DEV.
mesh_plink() {
	ip netns exec "$1" timeout 10 iw dev "$2" station get "$3" 2>/dev/null |
		awk '/mesh plink:/ { print $3; exit }'
}

# mesh_wait_peered: both cards' links to each other ESTAB within 30 s;
# says how long it took or where each stood.
mesh_wait_peered() {
	local a b plink_a plink_b start
	a=$(printf '%s' "$CARD_A_MAC" | lower)
	b=$(printf '%s' "$CARD_B_MAC" | lower)
	start=$(date +%s)
	while [ $(($(date +%s) - start)) -lt 30 ]; do
		plink_a=$(mesh_plink $ns_a "$dev_a" "$b")
		plink_b=$(mesh_plink $ns_b "$dev_b" "$a")
		if [ "$plink_a" = ESTAB ] && [ "$plink_b" = ESTAB ]; then
			detail_add "peered in $(($(date +%s) - start)) s"
			return 0
		fi
		sleep 0.5
	done
	detail_add "not peered after 30 s: A's link to B ${plink_a:-none}, B's to A ${plink_b:-none}"
	return 1
}

# mesh_leave: both cards out of the mesh and managed again.
mesh_leave() {
	stop_pidfile "$WORK/mesh-a.pid"
	stop_pidfile "$WORK/mesh-b.pid"
	ip netns exec $ns_a iw dev "$dev_a" mesh leave 2> /dev/null
	ip netns exec $ns_b iw dev "$dev_b" mesh leave 2> /dev/null
	set_iftype $ns_a "$dev_a" managed
	set_iftype $ns_b "$dev_b" managed
}

# mesh_points: no AP or station left running; both interfaces mesh
# points with the lab's addresses.
mesh_points() {
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	set_iftype $ns_b "$dev_b" mp && set_iftype $ns_a "$dev_a" mp ||
		{ detail_add "could not make $dev_a/$dev_b mesh points"; return 1; }
	ip -n $ns_a addr replace $addr_a/24 dev "$dev_a"
	ip -n $ns_b addr replace $addr_b/24 dev "$dev_b"
}

# check_mesh_open: both cards join an open mesh (iw mesh join), the
# kernel peers them, and 20 of 20 pings cross it.
check_mesh_open() {
	local dev_a dev_b freq out rc=0
	freq=$(extras_freq)
	mesh_devs || return 1
	if ! mesh_points; then
		rc=1
	elif ! out=$(ip netns exec $ns_b iw dev "$dev_b" mesh join $mesh_id freq "$freq" 2>&1) ||
		! out=$(ip netns exec $ns_a iw dev "$dev_a" mesh join $mesh_id freq "$freq" 2>&1); then
		detail_add "mesh join $mesh_id on $freq MHz: ${out:-refused}"
		rc=1
	else
		detail_add "$mesh_id on $freq MHz"
		mesh_wait_peered && pings_answered 20 ping-output-mesh-open "" || rc=1
	fi
	mesh_leave
	return $rc
}

# mesh_sae_start NS DEV CARD: wpa_supplicant runs DEV as a mesh point of
# the SAE-secured mesh.  On an 802.11b band (cards_lack 11g) it is given
# that band's basic rates: its default set for 2.4 GHz has OFDM rates
# the band lacks, and the kernel refuses the join (EINVAL, after "Try
# downgrade to IEEE 802.11b" in its log).
mesh_sae_start() {
	local conf=$WORK/mesh-sae-$3.conf rates=''
	if [ "$freq" -lt 3000 ] && cards_lack 11g; then
		rates='  mesh_basic_rates=10 20 55 110'
	fi
	cat > "$conf" <<-EOF
	ctrl_interface=/run/wpa-lab-mesh-$3
	network={
	  ssid="$mesh_id"
	  mode=5
	  frequency=$freq
	  key_mgmt=SAE
	  sae_password="$psk"
	$rates
	}
	EOF
	ip netns exec "$1" wpa_supplicant -B -D nl80211 -i "$2" -c "$conf" \
		-P "$WORK/mesh-$3.pid" -f "$LOGS/wpa-mesh-sae-$3.log" ||
		{ detail_add "wpa_supplicant (mesh) failed to start on card ${3^^}"; return 1; }
}

# The kernel's ath5k puts a mesh point's own group key in the default
# key slot of its key ID (ath_key_config() in ath/key.c: no station, not
# an AP or IBSS, so key->keyidx; ath5k_set_key() refuses group keys for
# IBSS only), so the key cache tries the peer's group frames, sealed
# with the peer's group key under the same key ID, with its own: an ICV
# failure, then mac80211 opens them in software.  Ours keeps a mesh
# point's group key out of the default slots.
mesh_group_icv_expected() { [ "$DRIVER" = in-tree ] || [ "$DRIVER" = in-tree-patched ]; }

mesh_crypto_mode() {
	if mesh_group_icv_expected; then echo pmf-icv; else echo pmf; fi
}

# check_mesh_sae: both cards in a mesh secured by SAE (wpa_supplicant's
# mesh mode: SAE authentication, AMPE peering, CCMP); they peer and 20 of
# 20 pings cross it, then 20 more sealed and opened by mac80211 (mesh
# keys are management-frame keys: check_crypto's pmf counts).
check_mesh_sae() {
	local dev_a dev_b freq rc=0 text
	freq=$(extras_freq)
	mesh_devs || return 1
	if ! mesh_points || ! mesh_sae_start $ns_b "$dev_b" b || ! mesh_sae_start $ns_a "$dev_a" a; then
		rc=1
	elif ! mesh_wait_peered; then
		grep -E 'SAE|MESH|mesh' "$LOGS"/wpa-mesh-sae-[ab].log | tail -n 4 > "$WORK/mesh-sae.tail"
		detail_add "wpa_supplicant: $(tr '\n' ' ' < "$WORK/mesh-sae.tail")"
		rc=1
	elif ! pings_answered 20 ping-output-mesh-sae ""; then
		rc=1
	else
		# Resolved and routed now: the counts see only the unicast pings.
		text=$(cat "$DETAIL_FILE")
		check_crypto mesh-sae "$(mesh_crypto_mode)" || rc=1
		detail "$text; $(cat "$DETAIL_FILE")"
	fi
	mesh_leave
	return $rc
}
