// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Interrupt handling.  The line is legacy INTx and may be shared, so the
 * handler first asks the chip whether the interrupt is ours.  RX and TX
 * completions go to NAPI (napi.c), beacon alerts to a BH work item, the
 * rfkill switch to a work item; while one is pending its interrupt
 * sources stay masked so a busy link cannot keep the CPU in hard-IRQ
 * context.  Calibration is started from here when due, in process
 * context.
 */
#include "ath5k.h"

/* Upper bound on causes handled per interrupt, against a stuck line. */
#define ATH5K_IRQ_LOOPS		1000

/* Program the mask from the wanted set minus what is held. */
static void ath5k_irq_write(struct ath5k_dev *dev)
{
	if (test_bit(ATH5K_INVALID, &dev->flags))
		return;
	ath5k_hw_imr_set(&dev->ah, (dev->imask & ~dev->irq_held) |
				   ATH5K_INT_GLOBAL);
}

/* Change one of the two mask words under the lock and reprogram. */
static void ath5k_irq_modify(struct ath5k_dev *dev, u32 *bits, u32 add,
			     u32 remove)
{
	unsigned long flags;
	u32 now;

	spin_lock_irqsave(&dev->irq_lock, flags);
	now = (*bits & ~remove) | add;
	/* the poll releases what it may not hold: no bus write for that */
	if (now != *bits) {
		*bits = now;
		ath5k_irq_write(dev);
	}
	spin_unlock_irqrestore(&dev->irq_lock, flags);
}

/* Release and/or hold sources on behalf of their handlers. */
void ath5k_irq_update(struct ath5k_dev *dev, u32 release, u32 hold)
{
	ath5k_irq_modify(dev, &dev->irq_held, hold, release);
}

/* Change the set of sources wanted while running (SWBA, GPIO). */
void ath5k_irq_set_wanted(struct ath5k_dev *dev, u32 add, u32 remove)
{
	ath5k_irq_modify(dev, &dev->imask, add, remove);
}

/* Nothing held, the wanted set programmed: after a reset, always. */
void ath5k_irq_enable(struct ath5k_dev *dev)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->irq_lock, flags);
	dev->irq_held = 0;
	ath5k_irq_write(dev);
	spin_unlock_irqrestore(&dev->irq_lock, flags);
}

/* Mask everything and wait for a handler running on another CPU. */
void ath5k_irq_disable(struct ath5k_dev *dev)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->irq_lock, flags);
	ath5k_hw_imr_set(&dev->ah, 0);
	spin_unlock_irqrestore(&dev->irq_lock, flags);
	synchronize_irq(dev->irq);
}

/*
 * With INVALID set and the interrupt off, wait until no deferred handler
 * runs or is queued.  Nothing queues one again until INVALID is cleared
 * and the interrupt is let through.  A disabled NAPI context is not
 * scheduled at all, so nothing spins while a reset sleeps (issue 28
 * finding 4).
 */
void ath5k_irq_work_quiesce(struct ath5k_dev *dev)
{
	ath5k_napi_stop(dev);
	cancel_work_sync(&dev->beacon_work);
	cancel_work_sync(&dev->rfkill_work);
}

/*
 * Hand on one batch of causes; false after a fatal one.  A source is
 * masked before its handler is queued: one already running elsewhere
 * may let its sources through as soon as it is queued again, and a mask
 * set after that would stay, with nothing left to lift it.
 */
static bool ath5k_irq_dispatch(struct ath5k_dev *dev,
			       const struct ath5k_isr *isr)
{
	if (isr->flags & ATH5K_INT_FATAL) {
		dev_warn(dev->dev, "fatal bus error interrupt\n");
		/* all masked but the line itself, until the reset's end */
		ath5k_irq_update(dev, 0, ~0U);
		ath5k_schedule_reset(dev);
		return false;
	}
	if (isr->flags & ATH5K_INT_SWBA)
		queue_work(system_bh_highpri_wq, &dev->beacon_work);
	if (isr->flags & ATH5K_INT_POLLED) {
		ath5k_irq_update(dev, 0, ATH5K_INT_POLLED);
		napi_schedule(&dev->napi);
	}
	if (isr->flags & ATH5K_INT_GPIO) {
		/* level-triggered: it fires until the work flips the level */
		ath5k_irq_update(dev, 0, ATH5K_INT_GPIO);
		ieee80211_queue_work(dev->hw, &dev->rfkill_work);
	}
	return true;
}

/*
 * The chip holds the line with nothing to handle: mask it at the chip and
 * reset; the reset's end unmasks.  Said once per device.
 */
static irqreturn_t ath5k_intr_unhandled(struct ath5k_dev *dev)
{
	if (++dev->irq_unhandled < ATH5K_IRQ_UNHANDLED_MAX)
		return IRQ_NONE;
	dev->irq_unhandled = 0;
	if (!dev->irq_stuck_said) {
		dev->irq_stuck_said = true;
		dev_err(dev->dev, "interrupt line stays asserted with nothing to handle; resetting the chip\n");
	}
	ieee80211_stop_queues(dev->hw);
	spin_lock(&dev->irq_lock);
	set_bit(ATH5K_INVALID, &dev->flags);
	ath5k_hw_imr_set(&dev->ah, 0);
	spin_unlock(&dev->irq_lock);
	ath5k_schedule_reset(dev);
	return IRQ_HANDLED;
}

irqreturn_t ath5k_intr(int irq, void *data)
{
	struct ath5k_dev *dev = data;
	struct ath5k_hw *ah = &dev->ah;
	unsigned int loops = 0;
	struct ath5k_isr isr;
	u32 handled = 0;

	if (test_bit(ATH5K_INVALID, &dev->flags) || !ath5k_hw_irq_pending(ah))
		return IRQ_NONE;

	do {
		if (ath5k_hw_isr_read(ah, &isr) == -ENODEV) {
			/* all ones: the card has gone from the bus */
			set_bit(ATH5K_INVALID, &dev->flags);
			return IRQ_HANDLED;
		}
		/*
		 * What to handle follows what the driver wants, not what is
		 * unmasked this instant: a held source's cause, acknowledged
		 * with the rest, reaches its handler again instead of being
		 * lost (issue 28 finding 1).
		 */
		isr.flags &= READ_ONCE(dev->imask);
		if (!isr.flags)
			break;
		handled |= isr.flags;
		if (!ath5k_irq_dispatch(dev, &isr))
			break;
	} while (ath5k_hw_irq_pending(ah) && ++loops < ATH5K_IRQ_LOOPS);
	if (!handled)
		return ath5k_intr_unhandled(dev);
	dev->irq_unhandled = 0;

	if (time_is_before_eq_jiffies(dev->cal_next_short) &&
	    !work_pending(&dev->calib_work))
		ieee80211_queue_work(dev->hw, &dev->calib_work);
	return IRQ_HANDLED;
}

/*
 * Short calibration (noise floor) every ATH5K_CAL_SHORT_MS, the long
 * one (I/Q, gain) every ATH5K_CAL_LONG_MS; both touch PHY registers that
 * a concurrent reset would rewrite, hence the lock.
 */
void ath5k_calib_work(struct work_struct *work)
{
	struct ath5k_dev *dev = container_of(work, struct ath5k_dev, calib_work);
	int ret;

	mutex_lock(&dev->lock);
	if (!test_bit(ATH5K_RUNNING, &dev->flags) ||
	    test_bit(ATH5K_INVALID, &dev->flags))
		goto out;

	if (time_is_before_eq_jiffies(dev->cal_next_long)) {
		/* the long calibration measures the noise floor as well */
		dev->cal_next_long = jiffies + msecs_to_jiffies(ATH5K_CAL_LONG_MS);
		ret = ath5k_hw_calibrate(&dev->ah);
		if (ret > 0 || ret == -EAGAIN) {
			/* the gain settings drifted too far: start over */
			ath5k_reset(dev, NULL, false);
			goto out;
		}
	} else {
		ath5k_hw_nf_update(&dev->ah);
	}
	ath5k_survey_update(dev);
	dev->cal_next_short = jiffies + msecs_to_jiffies(ATH5K_CAL_SHORT_MS);
out:
	mutex_unlock(&dev->lock);
}

/*
 * Adaptive noise immunity: every ATH5K_ANI_MS the hardware layer weighs
 * PHY errors against listen time and retunes the receiver's sensitivity.
 * The error counters are polled here rather than through the MIB
 * interrupt, so a noisy channel cannot raise an interrupt storm.
 */
void ath5k_ani_work(struct work_struct *work)
{
	struct ath5k_dev *dev = container_of(work, struct ath5k_dev,
					     ani_work.work);

	mutex_lock(&dev->lock);
	if (test_bit(ATH5K_RUNNING, &dev->flags) &&
	    !test_bit(ATH5K_INVALID, &dev->flags))
		ath5k_hw_ani_tick(&dev->ah, READ_ONCE(dev->beacon_rssi));
	mutex_unlock(&dev->lock);

	if (test_bit(ATH5K_RUNNING, &dev->flags))
		ieee80211_queue_delayed_work(dev->hw, &dev->ani_work,
					     msecs_to_jiffies(ATH5K_ANI_MS));
}
