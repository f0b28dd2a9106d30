// SPDX-License-Identifier: ISC AND (BSD-3-Clause OR GPL-2.0-only)
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * LEDs.  Every card has the link-state LED lines of its PCI interface,
 * driven from the association state.  Some laptops wire an activity LED
 * to a GPIO instead; for those, known by subsystem ID (facts from Linux
 * 6.1's ath5k led.c), we register rx/tx LED class devices that mac80211's
 * triggers blink.
 */
/*
 * This file incorporates work covered by the following copyright and permission notice:
 *
 * From drivers/net/wireless/ath/ath5k/led.c in Linux 6.1 (the LED quirk
 * table: subsystem IDs, GPIO pins and polarities):
 *
 * Copyright (c) 2002-2005 Sam Leffler, Errno Consulting
 * Copyright (c) 2004-2005 Atheros Communications, Inc.
 * Copyright (c) 2007 Jiri Slaby <jirislaby@gmail.com>
 * Copyright (c) 2009 Bob Copeland <me@bobcopeland.com>
 *
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions
 * are met:
 * 1. Redistributions of source code must retain the above copyright
 *    notice, this list of conditions and the following disclaimer,
 *    without modification.
 * 2. Redistributions in binary form must reproduce at minimum a disclaimer
 *    similar to the "NO WARRANTY" disclaimer below ("Disclaimer") and any
 *    redistribution must be conditioned upon including a substantially
 *    similar Disclaimer requirement for further binary redistribution.
 * 3. Neither the names of the above-listed copyright holders nor the names
 *    of any contributors may be used to endorse or promote products derived
 *    from this software without specific prior written permission.
 *
 * Alternatively, this software may be distributed under the terms of the
 * GNU General Public License ("GPL") version 2 as published by the Free
 * Software Foundation.
 *
 * NO WARRANTY
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
 * ``AS IS'' AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
 * LIMITED TO, THE IMPLIED WARRANTIES OF NONINFRINGEMENT, MERCHANTIBILITY
 * AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL
 * THE COPYRIGHT HOLDERS OR CONTRIBUTORS BE LIABLE FOR SPECIAL, EXEMPLARY,
 * OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
 * SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
 * INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER
 * IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE)
 * ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF
 * THE POSSIBILITY OF SUCH DAMAGES.
 */
#include <linux/pci.h>

#include "ath5k.h"

#define ATH5K_LED_QUIRK(pin, active_high) \
	.driver_data = ((pin) << 8) | (active_high)
#define ATH5K_LED_SUBSYS(svendor, sdevice)			\
	.vendor = PCI_VENDOR_ID_ATHEROS, .device = PCI_ANY_ID,	\
	.subvendor = (svendor), .subdevice = (sdevice)

static const struct pci_device_id ath5k_led_quirks[] = {
	/* Every AR5211 */
	{ PCI_VDEVICE(ATHEROS, 0x0012), ATH5K_LED_QUIRK(0, 0) },
	/* HP Compaq nc6xx, nc4000, nx6000 */
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_COMPAQ, PCI_ANY_ID), ATH5K_LED_QUIRK(1, 1) },
	/* Acer Aspire One A150, AO531h, AO751h */
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_FOXCONN, 0xe008), ATH5K_LED_QUIRK(3, 0) },
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_FOXCONN, 0xe00d), ATH5K_LED_QUIRK(3, 0) },
	/* Acer Ferrari 5000, E-machines E510 */
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_AMBIT, 0x0422), ATH5K_LED_QUIRK(1, 1) },
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_AMBIT, 0x0428), ATH5K_LED_QUIRK(3, 0) },
	/* BenQ Joybook R55v, Acer Extensa 5620z, Dell Vostro A860 */
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_QMI, 0x0100), ATH5K_LED_QUIRK(1, 0) },
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_QMI, 0x0105), ATH5K_LED_QUIRK(3, 0) },
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_QMI, 0x0112), ATH5K_LED_QUIRK(3, 0) },
	/* Fukato Datacask Jupiter 1014a */
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_AZWAVE, 0x1026), ATH5K_LED_QUIRK(3, 0) },
	/* IBM ThinkPad AR5BXB6, and IBM's own AR5212 device ID */
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_IBM, 0x058a), ATH5K_LED_QUIRK(1, 0) },
	{ PCI_VDEVICE(ATHEROS, 0x1014), ATH5K_LED_QUIRK(0, 0) },
	/* HP Compaq CQ60-206US, C700 */
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_HP, 0x137a), ATH5K_LED_QUIRK(3, 1) },
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_HP, 0x137b), ATH5K_LED_QUIRK(3, 0) },
	/* LiteOn AR5BXB63 */
	{ ATH5K_LED_SUBSYS(PCI_VENDOR_ID_ATHEROS, 0x3067), ATH5K_LED_QUIRK(3, 0) },
	{ }
};

static void ath5k_led_gpio(struct ath5k_dev *dev, bool on)
{
	if (dev->led_gpio < 0 || test_bit(ATH5K_INVALID, &dev->flags))
		return;
	ath5k_hw_gpio_set(&dev->ah, dev->led_gpio, on == dev->led_active_high);
}

static void ath5k_led_brightness(struct led_classdev *cdev,
				 enum led_brightness brightness)
{
	struct ath5k_led *led = container_of(cdev, struct ath5k_led, cdev);

	ath5k_led_gpio(led->dev, brightness != LED_OFF);
}

static void ath5k_led_register(struct ath5k_dev *dev, struct ath5k_led *led,
			       const char *kind, const char *trigger)
{
	snprintf(led->name, sizeof(led->name), "ath5k-%s::%s",
		 wiphy_name(dev->hw->wiphy), kind);
	led->dev = dev;
	led->cdev.name = led->name;
	led->cdev.default_trigger = trigger;
	led->cdev.brightness_set = ath5k_led_brightness;
	if (led_classdev_register(dev->dev, &led->cdev))
		dev_warn(dev->dev, "cannot register LED %s\n", led->name);
	else
		led->registered = true;
}

/* After ieee80211_register_hw(): the trigger names exist from then on. */
int ath5k_led_init(struct ath5k_dev *dev)
{
	const struct pci_device_id *quirk;

	dev->led_gpio = -1;
	dev->led_state = ATH5K_LED_INIT;
	quirk = pci_match_id(ath5k_led_quirks, dev->pdev);
	if (!quirk || !IS_ENABLED(CONFIG_MAC80211_LEDS))
		return 0;

	dev->led_gpio = quirk->driver_data >> 8;
	dev->led_active_high = quirk->driver_data & 1;
	ath5k_hw_gpio_output(&dev->ah, dev->led_gpio);
	ath5k_led_gpio(dev, false);
	ath5k_led_register(dev, &dev->rx_led, "rx",
			   ieee80211_get_rx_led_name(dev->hw));
	ath5k_led_register(dev, &dev->tx_led, "tx",
			   ieee80211_get_tx_led_name(dev->hw));
	return 0;
}

void ath5k_led_exit(struct ath5k_dev *dev)
{
	if (dev->rx_led.registered)
		led_classdev_unregister(&dev->rx_led.cdev);
	if (dev->tx_led.registered)
		led_classdev_unregister(&dev->tx_led.cdev);
	dev->rx_led.registered = false;
	dev->tx_led.registered = false;
}

/* Link-state LED; also re-arms the GPIO LED after a chip reset. */
void ath5k_led_state(struct ath5k_dev *dev, enum ath5k_led_state state)
{
	dev->led_state = state;
	if (test_bit(ATH5K_INVALID, &dev->flags))
		return;
	ath5k_hw_led_set(&dev->ah, state);
	if (dev->led_gpio >= 0)
		ath5k_hw_gpio_output(&dev->ah, dev->led_gpio);
}

void ath5k_led_off(struct ath5k_dev *dev)
{
	if (test_bit(ATH5K_INVALID, &dev->flags))
		return;
	ath5k_hw_led_set(&dev->ah, ATH5K_LED_INIT);
	ath5k_led_gpio(dev, false);
}
