// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * GPIO pins, the rfkill switch wired to one of them (pin and polarity
 * from the EEPROM) and the LED lines in PCI configuration.  Register
 * facts from the Linux ath5k driver (its GPIO and rfkill code and registers, in Debian
 * linux-source-6.1).
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/gpio.c in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 *
 * From drivers/net/wireless/ath/ath5k/reg.h in Linux 6.1:
 *
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2007-2008 Michael Taylor <mike.taylor@apprion.com>
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

#include <linux/kernel.h>
#include <linux/errno.h>

#include "hw.h"
#include "hw_internal.h"
#include "reg.h"

int ath5k_hw_gpio_input(struct ath5k_hw *ah, unsigned int gpio)
{
	if (gpio >= ATH5K_GPIO_COUNT)
		return -EINVAL;
	ath5k_rmw(ah, R_GPIOCR, GPIOCR_MODE(gpio),
		  GPIOCR_MODE_IN << (2 * gpio));
	return 0;
}

int ath5k_hw_gpio_output(struct ath5k_hw *ah, unsigned int gpio)
{
	if (gpio >= ATH5K_GPIO_COUNT)
		return -EINVAL;
	ath5k_rmw(ah, R_GPIOCR, GPIOCR_MODE(gpio),
		  GPIOCR_MODE_OUT << (2 * gpio));
	return 0;
}

int ath5k_hw_gpio_get(struct ath5k_hw *ah, unsigned int gpio)
{
	if (gpio >= ATH5K_GPIO_COUNT)
		return -EINVAL;
	return !!(ath5k_rd(ah, R_GPIODI) & GPIODI_MASK & BIT(gpio));
}

int ath5k_hw_gpio_set(struct ath5k_hw *ah, unsigned int gpio, bool val)
{
	if (gpio >= ATH5K_GPIO_COUNT)
		return -EINVAL;
	ath5k_rmw(ah, R_GPIODO, BIT(gpio), val ? BIT(gpio) : 0);
	return 0;
}

/* One pin can interrupt: fire while it reads the opposite of @level. */
void ath5k_hw_gpio_irq(struct ath5k_hw *ah, unsigned int gpio, bool level)
{
	u32 cr;

	if (gpio >= ATH5K_GPIO_COUNT)
		return;
	cr = ath5k_rd(ah, R_GPIOCR) & ~(GPIOCR_INT_PIN | GPIOCR_INT_HIGH |
					GPIOCR_INT_ENA | GPIOCR_MODE(gpio));
	cr |= FIELD_PREP(GPIOCR_INT_PIN, gpio) | GPIOCR_INT_ENA;
	if (!level)
		cr |= GPIOCR_INT_HIGH;
	ath5k_wr(ah, R_GPIOCR, cr);
	/* the mask has one writer, which keeps its record in step */
	ath5k_hw_imr_set(ah, ah->imr | ATH5K_INT_GPIO);
}

static void gpio_irq_off(struct ath5k_hw *ah)
{
	ath5k_hw_imr_set(ah, ah->imr & ~ATH5K_INT_GPIO);
	ath5k_clear_bits(ah, R_GPIOCR, GPIOCR_INT_ENA);
}

/* ----- rfkill ------------------------------------------------------------ */

bool ath5k_hw_rfkill_present(const struct ath5k_hw *ah)
{
	return ah->ee.rfkill_gpio < ATH5K_GPIO_COUNT;
}

bool ath5k_hw_rfkill_blocked(struct ath5k_hw *ah)
{
	return ath5k_hw_gpio_get(ah, ah->ee.rfkill_gpio) ==
	       ah->ee.rfkill_active_high;
}

void ath5k_hw_rfkill_irq(struct ath5k_hw *ah, bool enable)
{
	unsigned int pin = ah->ee.rfkill_gpio;

	if (!enable || !ah->ee.rfkill_irq) {
		gpio_irq_off(ah);
		return;
	}
	ath5k_hw_gpio_input(ah, pin);
	/* interrupt on the next change from the current level */
	ath5k_hw_gpio_irq(ah, pin, ath5k_hw_gpio_get(ah, pin) > 0);
}

void ath5k_hw_rfkill_start(struct ath5k_hw *ah)
{
	unsigned int pin = ah->ee.rfkill_gpio;

	/* drive the line to "radio on" until the switch says otherwise */
	ath5k_hw_gpio_output(ah, pin);
	ath5k_hw_gpio_set(ah, pin, !ah->ee.rfkill_active_high);
	ath5k_hw_rfkill_irq(ah, true);
}

/*
 * A wired switch is left an input, so the poll still reads it while the
 * radio is off (driven, the pin would read the card's own level and a
 * block would never end); otherwise the line is driven to "radio off".
 */
void ath5k_hw_rfkill_stop(struct ath5k_hw *ah)
{
	unsigned int pin = ah->ee.rfkill_gpio;

	ath5k_hw_rfkill_irq(ah, false);
	if (ah->ee.rfkill_irq) {
		ath5k_hw_gpio_input(ah, pin);
		return;
	}
	ath5k_hw_gpio_output(ah, pin);
	ath5k_hw_gpio_set(ah, pin, ah->ee.rfkill_active_high);
}

/* ----- LED ----------------------------------------------------------------- */

void ath5k_hw_led_set(struct ath5k_hw *ah, enum ath5k_led_state state)
{
	u32 led;

	switch (state) {
	case ATH5K_LED_SCAN:
	case ATH5K_LED_AUTH:
		led = PCICFG_LED_PENDING;
		break;
	case ATH5K_LED_ASSOC:
	case ATH5K_LED_RUN:
		led = PCICFG_LED_ASSOC;
		break;
	default:
		led = PCICFG_LED_NONE;
		break;
	}
	/* LED mode 0: blink on traffic of this station */
	ath5k_rmw(ah, R_PCICFG, PCICFG_LEDMODE | PCICFG_LED,
		  FIELD_PREP(PCICFG_LED, led));
}
