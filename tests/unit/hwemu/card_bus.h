/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The hardware layer on the emulated card, in one process: BAR0 accesses
 * go to the card model, delays move a virtual clock the card follows.
 */
#ifndef ATH5K_HWEMU_CARD_BUS_H
#define ATH5K_HWEMU_CARD_BUS_H

#include <stdint.h>

/* Where the test pretends BAR0 is mapped. */
#define CARD_BUS_BASE		((uintptr_t)0x40000000)

uint32_t card_bus_read(uintptr_t offset);
void card_bus_write(uintptr_t offset, uint32_t value);
void card_bus_delay(unsigned long us);

/*
 * Microseconds the hardware layer spent in busy-waits (udelay, atomic
 * polls) as opposed to sleeping ones: lets a test tell which it used.
 */
extern unsigned long long card_bus_busy_us;

#endif
