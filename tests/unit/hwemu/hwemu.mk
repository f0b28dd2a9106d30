# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# The hardware layer (src/, register level) driven against the emulator's
# card model in one userspace process: tests/unit/hwemu/test_hw_on_card.c.
# src/main.c runs there too, on the real hardware layer, with the rest of
# the driver and mac80211 stood in (tests/unit/main_env.c).
# Needs the emulator library, so include this after emulator.mk:
#   include $(wildcard tests/unit/hwemu/hwemu.mk)
# Target: check-hw-on-card (built with ASan and UBSan).

CHECKS += check-hw-on-card

HWEMU_DIR := $(TOP)/tests/unit/hwemu
HWEMU_OUT := $(OUT)/hwemu
HWEMU_SRCS := $(addprefix $(TOP)/src/,hw_attach.c eeprom.c initvals.c \
	rfbanks.c reset.c phy.c pcu.c qcu.c dma.c desc.c desc_2word.c \
	keycache.c gpio.c rates.c noise_immunity.c ar5210.c ar5211.c main.c \
	keyslot.c \
	ratemap.c \
	channels.c txq_fill.c) $(TOP)/tests/unit/main_env.c
# KBUILD_MODNAME: as unit.mk, for main.c
HWEMU_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O1 -g \
	-DKBUILD_MODNAME=\"ath5k\" \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer \
	-I$(HWEMU_DIR)/shim -I$(TOP)/tests/unit/shim -I$(HWEMU_DIR) \
	-I$(TOP)/tests/unit -I$(TOP)/src -I$(TOP)/tests/emulator

.PHONY: check-hw-on-card
check-hw-on-card: $(EMU_SAN_LIB)
	@mkdir -p $(HWEMU_OUT)
	$(CC) $(HWEMU_CFLAGS) -o $(HWEMU_OUT)/test_hw_on_card \
		$(HWEMU_DIR)/test_hw_on_card.c $(HWEMU_SRCS) $(EMU_SAN_LIB) $(EMU_LDLIBS)
	@$(HWEMU_OUT)/test_hw_on_card > $(HWEMU_OUT)/test_hw_on_card.log 2>&1 || \
		{ cat $(HWEMU_OUT)/test_hw_on_card.log; exit 1; }
	@tail -n1 $(HWEMU_OUT)/test_hw_on_card.log
