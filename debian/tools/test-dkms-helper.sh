#!/bin/sh
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# test-dkms-helper.sh TOP SCRATCH: exercise debian/dkms-helper.sh against a
# stand-in dkms and uname on PATH and a made-up /lib/modules, checking the
# dkms calls it makes and the lines it prints.  Touches nothing outside
# SCRATCH.
set -eu

helper="$1/debian/dkms-helper.sh"
scratch=$2
rm -rf "$scratch"
mkdir -p "$scratch/bin" "$scratch/modules" "$scratch/dkms"

# Stand-in dkms: logs each call; "build" exits with the status named in
# $scratch/build-status-<kernel> (default 0); "status" reports what was added.
cat >"$scratch/bin/dkms" <<'STUB'
#!/bin/sh
echo "$*" >>"$STUB_DIR/calls"
action=$1
kernel=
while [ $# -gt 0 ]; do
	[ "$1" = -k ] && kernel=$2
	shift
done
case $action in
add) touch "$STUB_DIR/added" ;;
status) [ -e "$STUB_DIR/added" ] && echo "ath5k/0.1.0: added" ;;
build) exit "$(cat "$STUB_DIR/build-status-$kernel" 2>/dev/null || echo 0)" ;;
esac
exit 0
STUB
printf '#!/bin/sh\necho 6.1.0-9-amd64\n' >"$scratch/bin/uname"
chmod +x "$scratch/bin/dkms" "$scratch/bin/uname"

STUB_DIR=$scratch PATH="$scratch/bin:$PATH" dkms_tree="$scratch/dkms" \
	ATH5K_MODULES_DIR="$scratch/modules"
export STUB_DIR PATH dkms_tree ATH5K_MODULES_DIR

failed=0
check() {
	# $1 description, $2 0 if it held
	if [ "$2" -eq 0 ]; then
		echo "test-dkms-helper: ok: $1"
	else
		echo "test-dkms-helper: FAIL: $1" >&2
		failed=1
	fi
}
holds() {
	if "$@"; then echo 0; else echo 1; fi
}

# The running kernel (6.1.0-9-amd64) is installed without headers.
mkdir -p "$scratch/modules/6.1.0-9-amd64"
hint=$(sh "$helper" headers-hint)
check "hint names the running kernel's headers package" \
	"$(holds test "$(printf '%s\n' "$hint" | grep -c 'install linux-headers-6.1.0-9-amd64')" -eq 1)"
check "hint is a single line" "$(holds test "$(printf '%s\n' "$hint" | wc -l)" -eq 1)"
mkdir -p "$scratch/modules/6.1.0-9-amd64/build/include"
check "no hint once the headers are there" "$(holds test -z "$(sh "$helper" headers-hint)")"

# Three kernels with headers: one builds, one is out of range (77), one has
# none; the running kernel lacks headers again.
rm -rf "$scratch/modules/6.1.0-9-amd64/build"
for k in 6.12.1-1-amd64 4.19.0-1-amd64; do mkdir -p "$scratch/modules/$k/build/include"; done
echo 77 >"$scratch/build-status-4.19.0-1-amd64"
out=$(sh "$helper" register 0.1.0 2>&1) && status=0 || status=$?
calls=$(cat "$scratch/calls")
check "register succeeds when every kernel builds or is skipped" "$(holds test "$status" -eq 0)"
check "register adds the module" "$(holds grep -qx 'add -m ath5k -v 0.1.0' "$scratch/calls")"
check "register installs for the kernel that built" \
	"$(holds grep -qx 'install -m ath5k -v 0.1.0 -k 6.12.1-1-amd64' "$scratch/calls")"
check "register does not install for the skipped kernel" \
	"$(holds test -z "$(printf '%s\n' "$calls" | grep 'install.*4.19.0-1-amd64')")"
check "register says the old kernel was skipped" \
	"$(holds test -n "$(printf '%s\n' "$out" | grep 'kernel 4.19.0-1-amd64 is not supported')")"
check "register leaves kernels without headers alone and says what to install" \
	"$(holds test -n "$(printf '%s\n' "$out" | grep 'install linux-headers-6.1.0-9-amd64')")"

# A failing build: status passed on, log path and error lines shown.
rm -f "$scratch/calls"
echo 10 >"$scratch/build-status-6.12.1-1-amd64"
mkdir -p "$scratch/dkms/ath5k/0.1.0/build"
printf '%s\n' "make: Entering directory" "src/main.c:12:3: error: 'foo' undeclared" \
	"make[1]: *** No rule to make target 'src/rx.o'.  Stop." \
	"make[1]: *** Waiting for unfinished jobs...." >"$scratch/dkms/ath5k/0.1.0/build/make.log"
out=$(sh "$helper" register 0.1.0 2>&1) && status=0 || status=$?
check "register fails when a build fails" "$(holds test "$status" -ne 0)"
check "a failed build names make.log" \
	"$(holds test -n "$(printf '%s\n' "$out" | grep "full log: $scratch/dkms/ath5k/0.1.0/build/make.log")")"
check "a failed build shows the compiler error" \
	"$(holds test -n "$(printf '%s\n' "$out" | grep "error: 'foo' undeclared")")"
check "a failed build shows make's error" \
	"$(holds test -n "$(printf '%s\n' "$out" | grep "No rule to make target")")"
check "a failed build leaves out make's noise" \
	"$(holds test -z "$(printf '%s\n' "$out" | grep -e "Waiting for unfinished" -e "Entering directory")")"

[ "$failed" -eq 0 ] || exit 1
echo "test-dkms-helper: all checks passed"
