// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Hardware rfkill switch on a GPIO named by the EEPROM.  While the radio
 * runs the line is driven to "on"; the switch is only believed when the
 * EEPROM header enables its interrupt (as Linux 6.1's ath5k does), and
 * its state reaches cfg80211 whenever that interrupt says it flipped.
 * no_hw_rfkill_switch ignores it for boards that wire the pin elsewhere.
 */
#include "ath5k.h"

static bool ath5k_rfkill_used(struct ath5k_dev *dev)
{
	return !ath5k_no_hw_rfkill && ath5k_hw_rfkill_present(&dev->ah);
}

static void ath5k_rfkill_report(struct ath5k_dev *dev)
{
	bool blocked = ath5k_hw_rfkill_blocked(&dev->ah);

	if (blocked)
		set_bit(ATH5K_RFKILL_BLOCKED, &dev->flags);
	else
		clear_bit(ATH5K_RFKILL_BLOCKED, &dev->flags);
	wiphy_rfkill_set_hw_state(dev->hw->wiphy, blocked);
}

void ath5k_rfkill_start(struct ath5k_dev *dev)
{
	if (!ath5k_rfkill_used(dev))
		return;
	ath5k_hw_rfkill_start(&dev->ah);
	if (dev->ah.ee.rfkill_irq)
		ath5k_irq_set_wanted(dev, ATH5K_INT_GPIO, 0);
}

void ath5k_rfkill_stop(struct ath5k_dev *dev)
{
	if (!ath5k_rfkill_used(dev))
		return;
	ath5k_irq_set_wanted(dev, 0, ATH5K_INT_GPIO);
	ath5k_hw_rfkill_stop(&dev->ah);
}

/* The switch moved: report it and wait for the opposite level. */
void ath5k_rfkill_tasklet(struct tasklet_struct *t)
{
	struct ath5k_dev *dev = from_tasklet(dev, t, rfkill_tasklet);

	if (test_bit(ATH5K_INVALID, &dev->flags) || !ath5k_rfkill_used(dev) ||
	    !dev->ah.ee.rfkill_irq)
		return;
	ath5k_rfkill_report(dev);
	ath5k_hw_rfkill_irq(&dev->ah, true);
}
