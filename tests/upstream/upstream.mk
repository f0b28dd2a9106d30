# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# The kernel patch series of upstream/: `make upstream-check` applies it to
# a fresh linux-source-6.12 tree (unpacked and prepared in the cache once),
# builds drivers/net/wireless/ath with W=1 C=1 before and after the series
# and with each patch alone, runs the tree's checkpatch --strict on every
# patch, and checks that the series also applies to linux-source-6.1
# (tests/upstream/upstream-check.sh).  Not part of `make check`: its first
# run prepares a kernel tree, and it builds ath5k nine times.

# src/module.mk already asks for linux-source-6.1, sparse, perl and
# xz-utils; a full tree's modules_prepare needs the rest.
DEPS_PACKAGES += linux-source-6.12 flex bison bc libelf-dev libssl-dev

.PHONY: upstream-check
upstream-check:
	@$(TOP)/tests/upstream/upstream-check.sh
