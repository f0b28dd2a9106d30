# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Faults injected at run time through the emulator's control socket while
# a guest driver uses the card (tests/lab/faults.py,
# tests/lab/guest/fault-checks.sh):
#   make faults CELL=debian-12 [DRIVERS="in-tree in-tree-patched dkms prebuilt"] [SEED=n]
# prints the table scenario x driver (recovered, refused, failed) and
# writes out/faults.md and out/faults.json.  Exits 1 when ours (dkms, or
# prebuilt: built on the host) has a failed scenario; in-tree is the
# anchor and never judged.  The long fuzz run of the hardware layer on
# the card model (make fuzz, tests/unit/hwemu/fuzz.mk: no guest) comes
# first: the same faults, from the inside.

DRIVERS ?= in-tree dkms
SEED ?= 1
FAULTS_RUN := python3 $(TOP)/tests/lab/faults.py

.PHONY: faults faults-quick
faults: fuzz $(LAB_NEEDS)
	@$(FAULTS_RUN) --cell $(CELL) --drivers "$(DRIVERS)" --seed $(SEED)

# make check: the cheap subset against ours on debian-12, after the lab
# stages (a few minutes of scenarios); fails on any failed scenario.
# out/faults-quick.md and .json.  Ours is built on the host in the
# image's root (DRIVER=prebuilt, tests/lab/image_prebuild.py): the faults
# judge recovery, and lab-deb has already built the package in a guest.
CHECKS += faults-quick
faults-quick: $(LAB_NEEDS)
	@$(FAULTS_RUN) --cell debian-12 --drivers prebuilt --seed 1 --quick
