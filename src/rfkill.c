// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Hardware rfkill switch on a GPIO named by the EEPROM.  While the radio
 * runs the line is driven to "on"; the switch is only believed when the
 * EEPROM header enables its interrupt (as Linux 6.1's ath5k does), and
 * its state reaches cfg80211 whenever that interrupt says it flipped.
 * A hard block makes cfg80211 close every interface, which stops the
 * chip and its interrupts: the rfkill core's poll then reads the switch
 * until it lets the radio go again.
 * no_hw_rfkill_switch ignores it for boards that wire the pin elsewhere.
 */
#include "ath5k.h"

static bool ath5k_rfkill_used(struct ath5k_dev *dev)
{
	return !ath5k_no_hw_rfkill && ath5k_hw_rfkill_present(&dev->ah);
}

static bool ath5k_rfkill_watched(struct ath5k_dev *dev)
{
	return ath5k_rfkill_used(dev) && dev->ah.ee.rfkill_irq;
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

/*
 * The GPIO interrupt setup changes the interrupt mask (PIMR and ah->imr)
 * read-modify-write: keep it apart from the interrupt handler and the
 * deferred handlers, which reprogram the mask under irq_lock.
 */
static void ath5k_rfkill_hw(struct ath5k_dev *dev,
			    void (*op)(struct ath5k_hw *ah))
{
	unsigned long flags;

	spin_lock_irqsave(&dev->irq_lock, flags);
	op(&dev->ah);
	spin_unlock_irqrestore(&dev->irq_lock, flags);
}

static void ath5k_rfkill_rearm_hw(struct ath5k_hw *ah)
{
	ath5k_hw_rfkill_irq(ah, true);
}

void ath5k_rfkill_start(struct ath5k_dev *dev)
{
	if (!ath5k_rfkill_used(dev))
		return;
	ath5k_rfkill_hw(dev, ath5k_hw_rfkill_start);
	if (dev->ah.ee.rfkill_irq)
		ath5k_irq_set_wanted(dev, ATH5K_INT_GPIO, 0);
}

static void ath5k_rfkill_listen_hw(struct ath5k_hw *ah)
{
	ath5k_hw_gpio_input(ah, ah->ee.rfkill_gpio);
}

/*
 * After registration: from now on the rfkill core polls once a second.
 * The pin is made an input first: a driver bound before us (the kernel's
 * ath5k drives it at stop) may have left it driven to "radio off".
 */
void ath5k_rfkill_init(struct ath5k_dev *dev)
{
	if (!ath5k_rfkill_watched(dev))
		return;
	ath5k_rfkill_hw(dev, ath5k_rfkill_listen_hw);
	wiphy_rfkill_start_polling(dev->hw->wiphy);
}

/*
 * mac80211's rfkill_poll, from the rfkill core's work while not
 * suspended: reads the pin, whether the radio runs (an input with its
 * interrupt armed) or not (an input, the chip held in warm reset).  A
 * card gone from the bus reads all ones and is not believed.
 */
void ath5k_op_rfkill_poll(struct ieee80211_hw *hw)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	if (!ath5k_rfkill_watched(dev))
		return;
	mutex_lock(&dev->lock);
	if (!ath5k_hw_gone(&dev->ah) &&
	    ath5k_hw_rfkill_blocked(&dev->ah) !=
	    test_bit(ATH5K_RFKILL_BLOCKED, &dev->flags))
		ath5k_rfkill_report(dev);
	mutex_unlock(&dev->lock);
}

void ath5k_rfkill_stop(struct ath5k_dev *dev)
{
	if (!ath5k_rfkill_used(dev))
		return;
	ath5k_irq_set_wanted(dev, 0, ATH5K_INT_GPIO);
	ath5k_rfkill_hw(dev, ath5k_hw_rfkill_stop);
}

/*
 * The switch moved: wait for the opposite level, report it, and only
 * then let the GPIO interrupt (held by the handler) through again.
 * Armed before the switch is read, a flip during the report fires anew
 * instead of leaving cfg80211 with the level before it.
 */
void ath5k_rfkill_work(struct work_struct *work)
{
	struct ath5k_dev *dev = container_of(work, struct ath5k_dev,
					     rfkill_work);

	if (test_bit(ATH5K_INVALID, &dev->flags) || !ath5k_rfkill_watched(dev))
		return;
	ath5k_rfkill_hw(dev, ath5k_rfkill_rearm_hw);
	ath5k_rfkill_report(dev);
	ath5k_irq_update(dev, ATH5K_INT_GPIO, 0);
}
