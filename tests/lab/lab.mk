# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# The VM lab: `make lab CELL=debian-12 DRIVER=in-tree|dkms` boots one cell
# (tests/lab/cells/CELL.conf) with two emulated cards on one air, runs the
# guest checks and writes out/lab/CELL-DRIVER.json; the toolbox and the
# cell's image are built on demand and cached under $(ATH5K_CACHE).

DEPS_PACKAGES += mmdebstrap gpg qemu-utils cloud-image-utils e2fsprogs uidmap \
	util-linux debian-archive-keyring python3 coreutils

CELL ?= debian-12
DRIVER ?= in-tree
LAB := $(TOP)/tests/lab
LAB_RUN := python3 $(LAB)/run-cell.py

# The emulator's fragment provides `emulator` (out/bin/ath5k-emu); a
# packaged driver needs its package built first.
LAB_NEEDS := $(if $(wildcard $(TOP)/tests/emulator/emulator.mk),emulator)
LAB_DRIVER_NEEDS_deb := deb
LAB_DRIVER_NEEDS_rpm := rpm

.PHONY: lab lab-in-tree lab-dkms toolbox image lab-cells bench

lab: $(LAB_NEEDS) $(LAB_DRIVER_NEEDS_$(DRIVER))
	@$(LAB_RUN) --cell $(CELL) --driver $(DRIVER)

# What `make check` runs: the distro's own ath5k on the emulated cards
# (about 3 min once toolbox and image are cached, 6 min from nothing).
CHECKS += lab-in-tree
lab-in-tree: $(LAB_NEEDS)
	@$(LAB_RUN) --cell debian-12 --driver in-tree

# Then ours, built by dkms in the guest, through the same checks plus the
# driver extras (IBSS, monitor, reload cycles); about 10 min under TCG.
CHECKS += lab-dkms
lab-dkms: $(LAB_NEEDS)
	@$(LAB_RUN) --cell debian-12 --driver dkms

# In one boot of CELL: in-tree ath5k, then ours (dkms): iperf3 TCP and ping
# side by side with the ratio; out/bench.json.  Never in CHECKS.
bench: $(LAB_NEEDS)
	@python3 $(LAB)/bench.py --cell $(CELL)

toolbox:
	@$(LAB)/toolbox.sh build

image:
	@$(LAB)/image.sh $(CELL)

lab-cells:
	@ls $(LAB)/cells | sed -n 's/\.conf$$//p'
