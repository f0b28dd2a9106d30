/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Delays advance the card's clock instead of burning time. */
#ifndef ATH5K_HWEMU_LINUX_DELAY_H
#define ATH5K_HWEMU_LINUX_DELAY_H

#include "card_bus.h"

#define udelay(us) (card_bus_busy_us += (us), card_bus_delay(us))
#define usleep_range(min_us, max_us) card_bus_delay(min_us)

#endif
