/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/leds.h>: the type the driver embeds. */
#ifndef ATH5K_SHIM_LINUX_LEDS_H
#define ATH5K_SHIM_LINUX_LEDS_H

enum led_brightness { LED_OFF = 0, LED_FULL = 255 };

struct led_classdev {
	const char *name;
	enum led_brightness brightness;
};

#endif
