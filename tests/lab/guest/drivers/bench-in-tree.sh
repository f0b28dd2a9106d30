# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=bench-in-tree (make bench): the distro's ath5k, loaded and checked
# as DRIVER=in-tree does, then measured (guest/bench-checks.sh).

# shellcheck source=/dev/null
. "$PAYLOAD/guest/drivers/in-tree.sh"
BENCH_DRIVER=in-tree
# shellcheck source=/dev/null
. "$PAYLOAD/guest/bench-checks.sh"
