# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Userspace unit tests of the driver's pure logic.  Each tests/unit/test_*.c
# names the driver files it needs in a "Links:" line of its top comment;
# every test is built twice under out/unit/ (plain, and with ASan+UBSan)
# and run, and the last line says how many runs passed and failed.

DEPS_PACKAGES += gcc libasan8 libubsan1
CHECKS += check-unit

UNIT_DIR := $(TOP)/tests/unit
UNIT_OUT := $(OUT)/unit
# KBUILD_MODNAME: what kbuild defines for every object of ath5k.ko (the
# driver names its PCI driver, IRQ and BAR region after its module).
UNIT_CFLAGS := -std=c11 -Wall -Wextra -Werror -O1 -g \
	-I$(UNIT_DIR)/shim -I$(UNIT_DIR) -I$(TOP)/src -DKBUILD_MODNAME=\"ath5k\"
UNIT_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer

.PHONY: check-unit
check-unit: SHELL := /bin/bash
check-unit:
	@mkdir -p $(UNIT_OUT)/plain $(UNIT_OUT)/san
	@pass=0; fail=0; \
	for t in $(sort $(wildcard $(UNIT_DIR)/test_*.c)); do \
		name=$$(basename $$t .c); \
		links=$$(sed -n 's/^[ /*]*Links:\(.*\)$$/\1/p' $$t | head -n1); \
		srcs=$$(for f in $$links; do printf '%s ' "$(TOP)/$$f"; done); \
		for v in plain san; do \
			flags="$(UNIT_CFLAGS)"; \
			[ $$v = san ] && flags="$$flags $(UNIT_SAN)"; \
			bin=$(UNIT_OUT)/$$v/$$name; \
			if ! $(CC) $$flags -o $$bin $$t $$srcs; then \
				echo "FAIL $$name ($$v): does not build"; \
				fail=$$((fail + 1)); continue; \
			fi; \
			if $$bin > $$bin.log 2>&1; then \
				echo "ok   $$name ($$v): $$(tail -n1 $$bin.log)"; \
				pass=$$((pass + 1)); \
			else \
				echo "FAIL $$name ($$v):"; sed 's/^/     /' $$bin.log; \
				fail=$$((fail + 1)); \
			fi; \
		done; \
	done; \
	echo "$$pass passed, $$fail failed"; \
	[ $$fail -eq 0 ]
