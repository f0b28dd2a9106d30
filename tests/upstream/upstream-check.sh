#!/bin/bash
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# upstream-check.sh: the kernel patch series of upstream/ against a fresh
# kernel tree from Debian's linux-source packages.
#
#   tree      linux-source-6.12 unpacked into the cache and prepared for
#             external module builds (a small config with CONFIG_ATH5K=m,
#             `make modules_prepare`); kept, named by the hash of the
#             tarball and this preparation
#   apply     every patch of upstream/series applies, in order (git apply,
#             no fuzz)
#   build     drivers/net/wireless/ath (ath.ko, ath5k.ko) with W=1 C=1
#             before and after the series: no error, and no warning the
#             unpatched build does not have
#   alone     each patch alone on the pristine sources: applies and
#             builds with W=1 C=1 without new warnings
#   style     scripts/checkpatch.pl --strict of the base tree on every
#             patch (UNKNOWN_COMMIT_ID ignored: it needs the kernel's git
#             history, which a source package does not carry); a patch
#             may be let off one more message type only by a "# waive:
#             NNNN TYPE reason" line of upstream/series, and a waiver the
#             patch no longer needs fails
#   6.1       the series also applies to linux-source-6.1
#
# Each step prints a pass/fail line; the last line counts them.  Exit 0
# when every step passed.  Logs go to $ATH5K_CACHE/upstream/logs/.
set -uo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cache=${ATH5K_CACHE:-$HOME/.cache/ath5k-dkms}/upstream
series_dir=$top/upstream
base_tarball=${UPSTREAM_BASE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
other_tarball=${UPSTREAM_OTHER_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
jobs=${UPSTREAM_JOBS:-$(nproc)}
ath=drivers/net/wireless/ath
logs=$cache/logs

passed=0
failed=0

say() { echo "upstream-check: $*"; }

# step NAME OK DETAIL: one pass/fail line.
step() {
	if [ "$2" = 0 ]; then
		passed=$((passed + 1))
		say "$1: pass${3:+ ($3)}"
	else
		failed=$((failed + 1))
		say "$1: FAIL${3:+ ($3)}"
	fi
}

finish() {
	say "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

# The patches in series order (lines that are not comments).
mapfile -t patches < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$series_dir/series" | grep .)
if [ "${#patches[@]}" -eq 0 ]; then
	step series 1 "no patch named in upstream/series"
	finish
fi
for p in "${patches[@]}"; do
	[ -f "$series_dir/$p" ] || { step series 1 "upstream/$p is missing"; finish; }
done
step series 0 "${#patches[@]} patches, $(grep -m1 '^# base:' "$series_dir/series" | sed 's/^# base: *//')"

for t in "$base_tarball" "$other_tarball"; do
	[ -f "$t" ] || { step sources 1 "$t missing: install linux-source-6.12 and linux-source-6.1 (make deps)"; finish; }
done

mkdir -p "$cache" "$logs"

# The minimal configuration: x86_64 defconfig plus the wireless stack and
# ath5k with its optional parts (debugfs, tracing, LEDs), so every file of
# ath5k and ath.ko is compiled.
config_fragment='CONFIG_WLAN=y
CONFIG_CFG80211=m
CONFIG_MAC80211=m
CONFIG_MAC80211_LEDS=y
CONFIG_NEW_LEDS=y
CONFIG_LEDS_CLASS=y
CONFIG_DEBUG_FS=y
CONFIG_FTRACE=y
CONFIG_ENABLE_DEFAULT_TRACERS=y
CONFIG_WLAN_VENDOR_ATH=y
CONFIG_ATH_DEBUG=y
CONFIG_ATH5K=m
CONFIG_ATH5K_DEBUG=y
CONFIG_ATH5K_TRACER=y
CONFIG_ATH5K_PCI=y
CONFIG_MODULE_SIG=n
CONFIG_DEBUG_INFO_BTF=n'

# The prepared tree is named by what decides its content.
tree_key=$( { sha256sum "$base_tarball" | cut -d' ' -f1; echo "$config_fragment";
	sed -n '/^prepare_tree()/,/^}/p' "$0"; } | sha256sum | cut -c1-16)
tree=$cache/linux-6.12-$tree_key

prepare_tree() {
	local tmp=$tree.tmp
	rm -rf "$tmp" && mkdir -p "$tmp" || return 1
	say "tree: unpacking $base_tarball into $tmp (about a minute)"
	tar -xJf "$base_tarball" -C "$tmp" --strip-components=1 || return 1
	say "tree: x86_64 defconfig plus the ath5k fragment"
	{ make -C "$tmp" -s defconfig &&
	  printf '%s\n' "$config_fragment" >> "$tmp/.config" &&
	  make -C "$tmp" -s olddefconfig; } > "$logs/config.log" 2>&1 || return 1
	local opt
	for opt in CONFIG_ATH5K=m CONFIG_ATH5K_PCI=y CONFIG_ATH_COMMON=m CONFIG_MAC80211=m; do
		grep -qx "$opt" "$tmp/.config" || { say "tree: $opt did not stick in .config"; return 1; }
	done
	say "tree: make modules_prepare (a few minutes)"
	make -C "$tmp" -j"$jobs" modules_prepare > "$logs/modules_prepare.log" 2>&1 || return 1
	rm -rf "$tree" && mv "$tmp" "$tree"
}

if [ -f "$tree/.ath5k-prepared" ]; then
	step tree 0 "$tree, cached"
elif prepare_tree && touch "$tree/.ath5k-prepared"; then
	step tree 0 "$tree, prepared (log: $logs/modules_prepare.log)"
else
	step tree 1 "preparing $tree failed; see $logs/modules_prepare.log"
	finish
fi
version=$(make -C "$tree" -s kernelversion 2>/dev/null)

# fresh DIR: a pristine copy of the tree's ath/ directory in DIR.
fresh() {
	rm -rf "$1" && mkdir -p "$1/$ath" && cp -a "$tree/$ath/." "$1/$ath/"
}

# apply DIR PATCH...: git apply each patch in DIR (no fuzz); names the
# first that fails.
apply() {
	local dir=$1 p
	shift
	for p in "$@"; do
		(cd "$dir" && git apply --whitespace=error-all "$series_dir/$p") \
			> "$logs/apply.log" 2>&1 || { echo "$p"; return 1; }
	done
}

# build DIR LOG: ath.ko and ath5k.ko from DIR's ath/ against the prepared
# tree, W=1 C=1; the compiler's and sparse's diagnostics, without paths
# and line numbers (a patch moves lines), sorted, in LOG.diag.  The tree
# has no vmlinux (modules_prepare only), so modpost cannot resolve the
# kernel's symbols: it is told to warn, and its warnings are not counted.
build() {
	local dir=$1 log=$2
	make -C "$tree" M="$dir/$ath" W=1 C=1 KBUILD_MODPOST_WARN=1 -j"$jobs" modules > "$log" 2>&1
	local rc=$?
	grep -E '(warning|error):' "$log" |
		sed -E -e "s|$dir/||g" -e 's/:[0-9]+:[0-9]+:/:/' -e 's/:[0-9]+:/:/' |
		sort > "$log.diag"
	[ $rc -eq 0 ] && [ -f "$dir/$ath/ath.ko" ] && [ -f "$dir/$ath/ath5k/ath5k.ko" ]
}

# new_diags LOG: diagnostics of LOG the pristine build does not have.
new_diags() {
	comm -13 "$logs/pristine.log.diag" "$1.diag"
}

work=$cache/build
mkdir -p "$work"

say "build: unpatched $ath of $version (W=1 C=1)"
fresh "$work/pristine"
if build "$work/pristine" "$logs/pristine.log"; then
	step build-unpatched 0 "$(wc -l < "$logs/pristine.log.diag") diagnostics to compare against"
else
	step build-unpatched 1 "see $logs/pristine.log"
	finish
fi

say "apply: the series in order"
fresh "$work/series"
if bad=$(apply "$work/series" "${patches[@]}"); then
	step apply 0 "${#patches[@]} patches on $version"
	say "build: $ath with the whole series (W=1 C=1)"
	if ! build "$work/series" "$logs/series.log"; then
		step build-series 1 "see $logs/series.log"
	elif [ -n "$(new_diags "$logs/series.log")" ]; then
		new_diags "$logs/series.log" | sed 's/^/  new: /'
		step build-series 1 "new warnings, see $logs/series.log"
	else
		step build-series 0 "no new warning"
	fi
else
	sed 's/^/  /' "$logs/apply.log"
	step apply 1 "$bad does not apply to $version"
fi

for p in "${patches[@]}"; do
	name=${p%.patch}
	say "alone: ${name:0:40}... on the pristine sources"
	fresh "$work/alone"
	if ! apply "$work/alone" "$p" >/dev/null; then
		step "alone ${name:0:4}" 1 "does not apply alone"
	elif ! build "$work/alone" "$logs/alone-${name:0:4}.log"; then
		step "alone ${name:0:4}" 1 "build failed, see $logs/alone-${name:0:4}.log"
	elif [ -n "$(new_diags "$logs/alone-${name:0:4}.log")" ]; then
		new_diags "$logs/alone-${name:0:4}.log" | sed 's/^/  new: /'
		step "alone ${name:0:4}" 1 "new warnings"
	else
		step "alone ${name:0:4}" 0 "builds alone, no new warning"
	fi
done

# checkpatch PATCH [TYPE,...]: its --strict findings, those types ignored.
# It runs from the tree, which is not a git work tree.
checkpatch() {
	(cd "$tree" && perl scripts/checkpatch.pl --strict --quiet --show-types \
		--ignore "UNKNOWN_COMMIT_ID${2:+,$2}" "$series_dir/$1" 2>&1)
}

for p in "${patches[@]}"; do
	name=${p%.patch}
	waived=$(sed -n "s/^# waive: ${name:0:4} \([A-Z_]*\).*/\1/p" "$series_dir/series" |
		paste -sd, -)
	out=$(checkpatch "$p" "$waived")
	stale=''
	unwaived=$(checkpatch "$p")
	for type in ${waived//,/ }; do
		[[ $unwaived == *":$type:"* ]] || stale="$stale $type"
	done
	if [ -n "$out" ]; then
		printf '%s\n' "$out" | sed 's/^/  /'
		step "checkpatch ${name:0:4}" 1 "--strict has findings"
	elif [ -n "$stale" ]; then
		step "checkpatch ${name:0:4}" 1 "waiver no longer needed:$stale (upstream/series)"
	else
		step "checkpatch ${name:0:4}" 0 "--strict clean${waived:+, $waived waived in upstream/series}"
	fi
done

# The other Debian kernel: only its ath/ directory is needed.
other=$work/other
rm -rf "$other" && mkdir -p "$other"
other_name=$(tar -tJf "$other_tarball" 2>/dev/null | head -n1 | cut -d/ -f1)
tar -xJf "$other_tarball" -C "$other" --strip-components=1 "$other_name/$ath" "$other_name/Makefile"
other_version=$(awk -F' *= *' '$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
	$1 == "SUBLEVEL" { print v "." p "." $2; exit }' "$other/Makefile")
if bad=$(apply "$other" "${patches[@]}"); then
	step "apply $other_version" 0 "the series applies to $(basename "$other_tarball")"
else
	sed 's/^/  /' "$logs/apply.log"
	step "apply $other_version" 1 "$bad does not apply to $(basename "$other_tarball")"
fi

finish
