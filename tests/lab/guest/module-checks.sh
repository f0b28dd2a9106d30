# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Sourced by the drivers that install our module (dkms, deb, rpm): is the
# loaded ath5k ours, is it signed, and is it gone again after removal.
# EXPECT_VERSION is the version the driver file installed.

in_tree_dir=kernel/drivers/net/wireless/ath/ath5k

# run_logged NAME COMMAND...: runs a package tool with its output in
# $WORK/NAME.out (for the checks to read) and logs/NAME.log, its exit
# status in $WORK/NAME.rc, and returns that status.
run_logged() {
	local name=$1 rc
	shift
	"$@" > "$WORK/$name.out" 2>&1
	rc=$?
	cp "$WORK/$name.out" "$LOGS/$name.log"
	echo "$rc" > "$WORK/$name.rc"
	return $rc
}

# dkms_versions: the versions of ath5k dkms knows, one per line.
dkms_versions() {
	dkms status -m ath5k 2>/dev/null | sed -n 's/^ath5k[/,] *\([^,:]*\).*/\1/p' | sort -u
}

# only_version_left VERSION OUTPUT: after a package upgrade to VERSION
# (the package tool's output in OUTPUT), VERSION is all that dkms, /usr/src
# and dkms's tree know, one module is installed for the running kernel,
# it is VERSION once reloaded, and the tool never said "already contains".
only_version_left() {
	local version=$1 output=$2 kver versions srcs trees modules count out
	kver=$(uname -r)
	versions=$(dkms_versions | tr '\n' ' ')
	srcs=$(ls -d /usr/src/ath5k-* 2>/dev/null | tr '\n' ' ')
	trees=$(find /var/lib/dkms/ath5k -mindepth 1 -maxdepth 1 -name '[0-9]*' -printf '%f ' 2>/dev/null)
	modules=$(find /lib/modules -path '*/updates/*' -name 'ath5k.ko*')
	count=$(printf '%s' "$modules" | grep -c .)
	out=$(reload_ath5k) || { detail "$out"; return 1; }
	detail "dkms versions: $versions; /usr/src: $srcs; /var/lib/dkms/ath5k: $trees; modules: $(echo $modules); dkms for $kver: $(dkms status -m ath5k -k "$kver" | tr '\n' ' '); loaded $(cat /sys/module/ath5k/version)"
	if grep -qi 'already contains' "$output"; then
		detail "the output says 'already contains': $(grep -i -m1 'already contains' "$output")"
		return 1
	fi
	[ "$versions" = "$version " ] && [ "$srcs" = "/usr/src/ath5k-$version " ] &&
		[ "$trees" = "$version " ] && [ "$count" -eq 1 ] &&
		case $modules in "/lib/modules/$kver/updates/"*) true ;; *) false ;; esac &&
		dkms status -m ath5k -v "$version" -k "$kver" | grep -q ': installed' &&
		[ "$(cat /sys/module/ath5k/version)" = "$version" ]
}

check_driver_load() {
	modprobe ath5k $MODULE_OPTIONS || { detail "modprobe ath5k $MODULE_OPTIONS failed"; return 1; }
	detail "loaded $(modinfo -n ath5k) ($MODULE_OPTIONS)"
}

# reload_ath5k: whatever ath5k is loaded goes, depmod's choice comes.
reload_ath5k() {
	stop_pidfile "$WORK/wpa.pid"
	stop_pidfile "$WORK/hostapd.pid"
	modprobe -r ath5k 2>/dev/null
	[ ! -e /sys/module/ath5k ] || { echo "ath5k is still loaded after modprobe -r"; return 1; }
	modprobe ath5k $MODULE_OPTIONS || { echo "modprobe ath5k $MODULE_OPTIONS failed"; return 1; }
	udevadm settle -t 30
}

# The loaded module is the one dkms installed for the running kernel (or,
# for DRIVER=prebuilt, the one its check installed: EXPECT_MODULE_DIR): its
# path, version and srcversion, read back from the running kernel.
loaded_module_facts() {
	local path loaded_version loaded_src file_src
	local dir=${EXPECT_MODULE_DIR:-/lib/modules/$(uname -r)/updates/dkms}
	path=$(modinfo -n ath5k)
	loaded_version=$(cat /sys/module/ath5k/version 2>/dev/null)
	loaded_src=$(cat /sys/module/ath5k/srcversion 2>/dev/null)
	file_src=$(modinfo -F srcversion "$path")
	echo "path $path, version ${loaded_version:-none} (want $EXPECT_VERSION), srcversion ${loaded_src:-none} (file $file_src)"
	case $path in "$dir/"*) ;; *) return 1 ;; esac
	[ "$loaded_version" = "$EXPECT_VERSION" ] && [ -n "$loaded_src" ] && [ "$loaded_src" = "$file_src" ]
}

check_module_is_ours() {
	local facts rc
	facts=$(loaded_module_facts)
	rc=$?
	detail "$facts"
	return $rc
}

# The package hides the kernel's ath5k (same module name) but leaves it the
# chips ours does not drive: each PCI ID of the kernel's module must lead,
# through modprobe's configuration as installed, either to our module (an
# ID ours lists) or to ath5k_kernel, whose install command is the
# package's loader of the kernel's file (/usr/lib/modprobe.d/ath5k-dkms.conf),
# never nowhere.  modprobe -R resolves an alias to module names the way
# udev's modprobe does, but ignoring the blacklist: the lab boots with
# modprobe.blacklist=ath5k, under which an alias of ath5k resolves to
# nothing.
check_older_chips() {
	local kfile ours alias id name want routed=0 fallback=0 wrong="" install
	# dkms from 3.1 on moves the kernel's file to its archive meanwhile.
	kfile=$(find "/lib/modules/$(uname -r)/$in_tree_dir" \
		"/var/lib/dkms/ath5k/original_module/$(uname -r)/$(uname -m)" \
		-name 'ath5k.ko*' ! -name '*.origin' 2>/dev/null | head -n 1)
	[ -n "$kfile" ] || { detail "no ath5k of the kernel's own under $in_tree_dir or in dkms's archive"; return 1; }
	ours=$(modinfo -n ath5k)
	case $ours in */$in_tree_dir/*) detail "modprobe's ath5k is the kernel's ($ours)"; return 1 ;; esac
	install=$(modprobe --show-depends ath5k_kernel 2>&1 | tail -n 1)
	case $install in
	"install /usr/libexec/ath5k-dkms/load-kernel-ath5k"*) ;;
	*) detail "ath5k_kernel is not the package's loader: '${install:-nothing}'"; return 1 ;;
	esac
	modinfo -F alias "$kfile" > "$WORK/kernel-ath5k-aliases"
	while read -r alias; do
		# A device's modalias: the wildcards of the ID's alias filled in.
		id=$(printf '%s' "$alias" | sed 's/sv\*sd\*bc\*sc\*i\*$/sv00001234sd00005678bc02sc00i00/')
		name=$(modprobe -R "$id" 2>/dev/null | tr '\n' ' ')
		if modinfo -F alias "$ours" | grep -qxF "$alias"; then
			want=ath5k
		else
			want=ath5k_kernel
		fi
		if [ "$name" != "$want " ]; then
			wrong="$wrong $id -> '${name:-nothing}' (want '$want');"
		elif [ "$want" = ath5k ]; then
			routed=$((routed + 1))
		else
			fallback=$((fallback + 1))
		fi
	done < "$WORK/kernel-ath5k-aliases"
	detail "$((routed + fallback)) PCI IDs of $kfile: $routed to ath5k ($ours), $fallback to ath5k_kernel ($install)${wrong:+; wrong:$wrong}"
	[ -z "$wrong" ] && [ "$fallback" -gt 0 ] && [ "$routed" -gt 0 ]
}

# dkms signs what it builds with its MOK key pair (/var/lib/dkms/mok.key and
# mok.pub, made on first use; the image makes them ahead to save guest time).
# The module's signature must name that certificate's serial; Secure Boot
# then needs only the certificate enrolled (mokutil --import mok.pub).
check_module_signature() {
	local path signer sig_key cert=/var/lib/dkms/mok.pub serial
	path=$(modinfo -n ath5k)
	signer=$(modinfo -F signer "$path")
	sig_key=$(modinfo -F sig_key "$path" | hex_number)
	[ -f "$cert" ] || { detail "no $cert: dkms made no MOK key; $path signer '${signer:-none}'"; return 1; }
	serial=$(openssl x509 -inform DER -in "$cert" -noout -serial | cut -d= -f2 | hex_number)
	detail "$path: signer '${signer:-none}', key ${sig_key:-none}, $(modinfo -F sig_hashalgo "$path"); $cert serial $serial"
	[ -n "$signer" ] && [ -n "$sig_key" ] && [ "$sig_key" = "$serial" ]
}

# A hex number as modinfo (aa:0b:..) or openssl (AA0B...) prints it, in
# one spelling: upper case, no separators, no leading zeros.
hex_number() {
	tr -d ': \n' | tr 'a-f' 'A-F' | sed 's/^0*//'
}

# Every trace of the package: source trees, dkms's tree, built modules.
package_leftovers() {
	{
		ls -d /usr/src/ath5k-* /var/lib/dkms/ath5k /usr/lib/modprobe.d/ath5k-dkms.conf
		find /lib/modules -path '*/updates/*' -name 'ath5k.ko*'
	} 2>/dev/null
}

# After removal: nothing left, and the in-tree ath5k binds both cards again.
check_in_tree_back() {
	local left path out
	left=$(package_leftovers | tr '\n' ' ')
	if ! out=$(reload_ath5k); then
		detail "${left:+left behind: $left; }$out"
		return 1
	fi
	path=$(modinfo -n ath5k)
	check_probe
	local probe=$?
	detail "${left:-nothing} left in /usr/src, /var/lib/dkms and updates/; ath5k now $path; $(cat "$DETAIL_FILE")"
	[ -z "$left" ] && [ $probe -eq 0 ] && case $path in */$in_tree_dir/*) true ;; *) false ;; esac
}
