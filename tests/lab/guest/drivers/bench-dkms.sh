# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# DRIVER=bench-dkms (make bench): ours, installed by dkms with DRIVER=dkms's
# install and provenance checks (or, on a disk an earlier boot of the same
# bench set up, that build checked again), then measured
# (guest/bench-checks.sh).

# shellcheck source=/dev/null
. "$PAYLOAD/guest/drivers/dkms.sh"
BENCH_DRIVER=dkms
# shellcheck source=/dev/null
. "$PAYLOAD/guest/bench-checks.sh"
