// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The rfkill switch's GPIO interrupt through the driver's interrupt
 * handler and rfkill work (src/interrupt.c, src/rfkill.c), on a model
 * of the chip's level-triggered GPIO cause: it is asserted for as long as
 * the pin reads the level the interrupt was armed for, whatever the
 * handler acknowledges (issue 12 finding 6).
 *
 * - A switch flip costs the handler one pass, not ATH5K_IRQ_LOOPS: the
 *   cause is masked at first sight and held until the work re-armed
 *   the interrupt for the opposite level.
 * - The work reports the switch and re-arms, and the next flip (both
 *   ways) is seen again.
 * - A flip while the work reports the previous one is not lost: the
 *   interrupt is re-armed before the switch is read.
 * - Every change the hardware layer makes to the interrupt mask for the
 *   GPIO (read-modify-write of PIMR and ah->imr) runs under irq_lock, as
 *   ath5k_hw_imr_set() from the handler and the deferred handlers does.
 * - An RX cause held masked for the NAPI poll, read and acknowledged
 *   with the GPIO cause, still reaches the poll (issue 28 finding 1).
 *
 * The same handler on a line the chip holds with no cause it handles
 * (issue 28): IRQ_NONE each time, so the kernel's spurious-IRQ logic
 * sees it; after ATH5K_IRQ_UNHANDLED_MAX in a row the chip is masked
 * and reset, said once.
 *
 * Links: src/interrupt.c src/rfkill.c
 */
#include <stdio.h>
#include <string.h>

#include "ath5k.h"
#include "check.h"

bool ath5k_no_hw_rfkill;

static struct ath5k_dev dev;
static struct ieee80211_hw hw;
static struct wiphy wiphy;
static struct device device = { .name = "rfkill" };

/* ----- the chip: a switch on a GPIO pin, a level-triggered cause ------- */

static struct {
	bool pin;		/* what the switch drives */
	bool armed;		/* GPIO interrupt enabled */
	bool fire_level;	/* the cause is asserted while pin == this */
	unsigned int isr_reads;
	unsigned int mask_changes_unlocked;
	unsigned int masked_after_poll_queued;	/* RX, NAPI already scheduled */
	bool stuck;		/* INTPEND with a cause no one handles */
	bool rx_cause;		/* a frame came in; latched until read */
	bool rx_unmasked_fires;	/* and raises the line while unmasked */
} chip;

static bool chip_gpio_cause(void)
{
	return chip.armed && chip.pin == chip.fire_level;
}

static void chip_mask_change(void)
{
	if (!dev.irq_lock.held)
		chip.mask_changes_unlocked++;
}

u32 ath5k_hw_imr_set(struct ath5k_hw *ah, u32 flags)
{
	u32 old = ah->imr;

	chip_mask_change();
	if ((old & ATH5K_INT_RXOK) && !(flags & ATH5K_INT_RXOK) &&
	    dev.napi.scheduled)
		chip.masked_after_poll_queued++;
	ah->imr = flags;
	return old;
}

bool ath5k_hw_irq_pending(struct ath5k_hw *ah)
{
	return (ah->imr & ATH5K_INT_GLOBAL) &&
	       (chip.stuck || ((ah->imr & ATH5K_INT_GPIO) && chip_gpio_cause()) ||
		(chip.rx_unmasked_fires && chip.rx_cause &&
		 (ah->imr & ATH5K_INT_RXOK)));
}

/* Acknowledging does not clear a level: it is read again at once. */
int ath5k_hw_isr_read(struct ath5k_hw *ah, struct ath5k_isr *isr)
{
	memset(isr, 0, sizeof(*isr));
	chip.isr_reads++;
	if (chip_gpio_cause())
		isr->flags = ATH5K_INT_GPIO;	/* masked or not, as dma.c */
	if (chip.stuck)
		isr->flags |= ATH5K_INT_MIB;	/* never in the driver's mask */
	if (chip.rx_cause)
		isr->flags |= ATH5K_INT_RXOK;	/* acknowledged: read once */
	chip.rx_cause = false;
	return 0;
}

bool ath5k_hw_rfkill_present(const struct ath5k_hw *ah)
{
	return true;
}

bool ath5k_hw_rfkill_blocked(struct ath5k_hw *ah)
{
	return chip.pin == ah->ee.rfkill_active_high;
}

/* As gpio.c: arm for the opposite of the pin's level, RMW of the mask. */
void ath5k_hw_rfkill_irq(struct ath5k_hw *ah, bool enable)
{
	chip_mask_change();
	chip.armed = enable;
	chip.fire_level = !chip.pin;
	if (enable)
		ah->imr |= ATH5K_INT_GPIO;
	else
		ah->imr &= ~ATH5K_INT_GPIO;
}

void ath5k_hw_rfkill_start(struct ath5k_hw *ah)
{
	ath5k_hw_rfkill_irq(ah, true);
}

void ath5k_hw_rfkill_stop(struct ath5k_hw *ah)
{
	ath5k_hw_rfkill_irq(ah, false);
}

static bool chip_gone;
static unsigned int pin_made_input;

int ath5k_hw_gpio_input(struct ath5k_hw *ah, unsigned int gpio)
{
	pin_made_input++;
	return 0;
}

bool ath5k_hw_gone(struct ath5k_hw *ah)
{
	return chip_gone;
}

/* ----- the rest of the driver and the kernel, recording ----------------- */

static int hw_state_reports, last_blocked = -1;
static bool flip_while_reporting;
static unsigned int polling_started;

void wiphy_rfkill_start_polling(struct wiphy *w)
{
	polling_started++;
}

void wiphy_rfkill_set_hw_state(struct wiphy *w, bool blocked)
{
	hw_state_reports++;
	last_blocked = blocked;
	/* the user moves the switch back while cfg80211 hears of it */
	if (flip_while_reporting) {
		flip_while_reporting = false;
		chip.pin = !chip.pin;
	}
}

static unsigned int resets_scheduled, queue_stops;
static unsigned int napi_stops;

void ath5k_napi_stop(struct ath5k_dev *d)
{
	napi_stops++;
}

void ath5k_schedule_reset(struct ath5k_dev *d)
{
	CHECK(chip.stuck);
	resets_scheduled++;
}

void ieee80211_stop_queues(struct ieee80211_hw *h)
{
	queue_stops++;
}

int ath5k_reset(struct ath5k_dev *d, const struct cfg80211_chan_def *def,
		bool fast)
{
	return 0;
}

void ath5k_survey_update(struct ath5k_dev *d)
{
}

int ath5k_hw_calibrate(struct ath5k_hw *ah)
{
	return 0;
}

void ath5k_hw_nf_update(struct ath5k_hw *ah)
{
}

void ath5k_hw_ani_tick(struct ath5k_hw *ah, int beacon_rssi)
{
}

void ieee80211_queue_work(struct ieee80211_hw *h, struct work_struct *w)
{
	w->queued++;
}

void ieee80211_queue_delayed_work(struct ieee80211_hw *h,
				  struct delayed_work *w, unsigned long delay)
{
	w->work.queued++;
}

/* ----- tests ------------------------------------------------------------- */

static void dev_up(void)
{
	memset(&dev, 0, sizeof(dev));
	memset(&chip, 0, sizeof(chip));
	hw.wiphy = &wiphy;
	hw.priv = &dev;
	dev.hw = &hw;
	dev.dev = &device;
	dev.ah.ee.rfkill_irq = true;
	dev.ah.ee.rfkill_gpio = 0;
	dev.ah.ee.rfkill_active_high = false;	/* pin low: blocked */
	chip.pin = true;			/* radio allowed */
	spin_lock_init(&dev.irq_lock);
	INIT_WORK(&dev.rfkill_work, ath5k_rfkill_work);
	napi_enable(&dev.napi);		/* a poll the test never runs */
	dev.cal_next_short = jiffies + 100000;
	dev.imask = ATH5K_INT_RX_ANY;
	ath5k_rfkill_start(&dev);
	ath5k_irq_enable(&dev);
	CHECK(dev.ah.imr & ATH5K_INT_GPIO);
	CHECK(chip.armed && !chip_gpio_cause());
}

/* The rfkill work runs if it was queued; whether it was. */
static bool rfkill_work_run(void)
{
	if (!dev.rfkill_work.queued)
		return false;
	dev.rfkill_work.queued = 0;
	dev.rfkill_work.func(&dev.rfkill_work);
	return true;
}

/* The switch moves to @pin; the line is handled, then the work runs. */
static void flip(bool pin, const char *how)
{
	unsigned int reads;

	printf("check: switch %s: one handler pass, cause held, then "
	       "reported and re-armed\n", how);
	chip.pin = pin;
	CHECK(ath5k_hw_irq_pending(&dev.ah));
	chip.isr_reads = 0;
	CHECK_EQ(ath5k_intr(0, &dev), IRQ_HANDLED);
	reads = chip.isr_reads;
	CHECK_EQ(reads, 1);
	/* held: the level no longer reaches the CPU before the work ran */
	CHECK(!(dev.ah.imr & ATH5K_INT_GPIO));
	CHECK(!ath5k_hw_irq_pending(&dev.ah));
	CHECK_EQ(ath5k_intr(0, &dev), IRQ_NONE);
	CHECK_EQ(dev.rfkill_work.queued, 1);

	CHECK(rfkill_work_run());
	CHECK_EQ(last_blocked, pin == dev.ah.ee.rfkill_active_high);
	CHECK_EQ(test_bit(ATH5K_RFKILL_BLOCKED, &dev.flags),
		 pin == dev.ah.ee.rfkill_active_high);
	CHECK(dev.ah.imr & ATH5K_INT_GPIO);
	CHECK(dev.ah.imr & ATH5K_INT_RX_ANY);
	CHECK(!ath5k_hw_irq_pending(&dev.ah));
	CHECK_EQ(chip.fire_level, !pin);
}

static void test_switch(void)
{
	dev_up();
	flip(false, "to blocked");
	flip(true, "back to allowed");
	flip(false, "to blocked again");
	CHECK_EQ(hw_state_reports, 3);
	ath5k_rfkill_stop(&dev);
	CHECK(!chip.armed);
	CHECK(!(dev.ah.imr & ATH5K_INT_GPIO));

	printf("check: every GPIO mask change happened under irq_lock\n");
	CHECK_EQ(chip.mask_changes_unlocked, 0);
}

/*
 * A hard block makes cfg80211 close the interfaces: the device stops,
 * its GPIO interrupt with it.  The rfkill core's poll must still see the
 * switch go back, or the radio stays blocked until the module reloads.
 */
static void test_poll_while_stopped(void)
{
	dev_up();
	printf("check: the rfkill core polls a wired switch from registration on, "
	       "its pin an input (another driver may have left it driven)\n");
	polling_started = 0;
	pin_made_input = 0;
	ath5k_rfkill_init(&dev);
	CHECK_EQ(polling_started, 1);
	CHECK_EQ(pin_made_input, 1);
	flip(false, "to blocked");
	/* cfg80211_rfkill_set_block: every interface down, the device stops */
	ath5k_irq_disable(&dev);
	ath5k_rfkill_stop(&dev);
	set_bit(ATH5K_INVALID, &dev.flags);
	CHECK(!chip.armed);

	printf("check: a poll while stopped and still blocked reports nothing\n");
	hw_state_reports = 0;
	ath5k_op_rfkill_poll(&hw);
	CHECK_EQ(hw_state_reports, 0);
	printf("check: the switch back while stopped: the poll reports the radio free\n");
	chip.pin = true;
	ath5k_op_rfkill_poll(&hw);
	CHECK_EQ(hw_state_reports, 1);
	CHECK_EQ(last_blocked, 0);
	CHECK(!test_bit(ATH5K_RFKILL_BLOCKED, &dev.flags));
	printf("check: a card gone from the bus is not believed\n");
	chip_gone = true;
	chip.pin = false;
	ath5k_op_rfkill_poll(&hw);
	CHECK_EQ(hw_state_reports, 1);
	chip_gone = false;

	printf("check: no switch in the EEPROM: neither polling nor reports\n");
	dev.ah.ee.rfkill_irq = false;
	polling_started = 0;
	pin_made_input = 0;
	ath5k_rfkill_init(&dev);
	ath5k_op_rfkill_poll(&hw);
	CHECK_EQ(polling_started, 0);
	CHECK_EQ(pin_made_input, 0);
	CHECK_EQ(hw_state_reports, 1);
}

static void test_flip_during_report(void)
{
	unsigned int runs;

	printf("check: a flip while the last one is reported fires again and "
	       "the final state reaches cfg80211\n");
	dev_up();
	hw_state_reports = 0;
	chip.pin = false;		/* to blocked ... */
	flip_while_reporting = true;	/* ... and back at once */
	CHECK_EQ(ath5k_intr(0, &dev), IRQ_HANDLED);
	for (runs = 0; runs < 4 && rfkill_work_run(); runs++)
		ath5k_intr(0, &dev);
	CHECK_EQ(last_blocked, chip.pin == dev.ah.ee.rfkill_active_high);
	CHECK_EQ(test_bit(ATH5K_RFKILL_BLOCKED, &dev.flags),
		 chip.pin == dev.ah.ee.rfkill_active_high);
	CHECK(hw_state_reports >= 2);
	CHECK(!ath5k_hw_irq_pending(&dev.ah));
	CHECK(dev.ah.imr & ATH5K_INT_GPIO);
	CHECK_EQ(chip.fire_level, !chip.pin);
}

static void test_stuck_line(void)
{
	unsigned int i, unhandled = 0;

	printf("check: a line held with nothing to handle: IRQ_NONE, one "
	       "pass each, until %u in a row\n", ATH5K_IRQ_UNHANDLED_MAX);
	dev_up();
	resets_scheduled = 0;
	queue_stops = 0;
	chip.stuck = true;
	for (i = 0; i < ATH5K_IRQ_UNHANDLED_MAX - 1; i++) {
		chip.isr_reads = 0;
		if (ath5k_intr(0, &dev) == IRQ_NONE)
			unhandled++;
		CHECK_EQ(chip.isr_reads, 1);
	}
	CHECK_EQ(unhandled, ATH5K_IRQ_UNHANDLED_MAX - 1);
	CHECK_EQ(resets_scheduled, 0);
	CHECK(dev.ah.imr & ATH5K_INT_GLOBAL);

	printf("check: then the chip is masked, the queues stopped and a "
	       "reset scheduled\n");
	CHECK_EQ(ath5k_intr(0, &dev), IRQ_HANDLED);
	CHECK_EQ(resets_scheduled, 1);
	CHECK_EQ(queue_stops, 1);
	CHECK(!(dev.ah.imr & ATH5K_INT_GLOBAL));
	CHECK(test_bit(ATH5K_INVALID, &dev.flags));
	CHECK(!ath5k_hw_irq_pending(&dev.ah));
	CHECK(dev.irq_stuck_said);
	CHECK_EQ(chip.mask_changes_unlocked, 0);

	printf("check: a deferred handler's release does not unmask it "
	       "before the reset\n");
	ath5k_irq_update(&dev, ATH5K_INT_RX_ANY, 0);
	CHECK(!(dev.ah.imr & ATH5K_INT_GLOBAL));

	printf("check: one handled cause starts the count over\n");
	clear_bit(ATH5K_INVALID, &dev.flags);
	ath5k_irq_enable(&dev);
	for (i = 0; i < ATH5K_IRQ_UNHANDLED_MAX - 1; i++)
		ath5k_intr(0, &dev);
	chip.pin = false;			/* the switch: a GPIO cause */
	CHECK_EQ(ath5k_intr(0, &dev), IRQ_HANDLED);
	chip.pin = true;
	CHECK_EQ(dev.irq_unhandled, 0);
	CHECK_EQ(ath5k_intr(0, &dev), IRQ_NONE);
	CHECK_EQ(resets_scheduled, 1);
	chip.stuck = false;
}

/*
 * kernel/irq/spurious.c disables a line once more than 99,900 of 100,000
 * interrupts on it went unhandled.  A stuck chip, reset each time the
 * count runs out, must stay clear of that with room for a few spurious
 * interrupts more: at most 99,000.
 */
static void test_stuck_line_spurious_margin(void)
{
	unsigned int i, unhandled = 0;

	printf("check: 100,000 interrupts of a stuck line, the chip reset each "
	       "time: at most 99,000 unhandled\n");
	dev_up();
	chip.stuck = true;
	for (i = 0; i < 100000; i++) {
		if (ath5k_intr(0, &dev) == IRQ_NONE)
			unhandled++;
		if (test_bit(ATH5K_INVALID, &dev.flags)) {
			/* the reset's end */
			clear_bit(ATH5K_INVALID, &dev.flags);
			ath5k_irq_enable(&dev);
		}
	}
	printf("       %u unhandled\n", unhandled);
	CHECK(unhandled <= 99000);
	CHECK(unhandled > 0);
	chip.stuck = false;
}

static void test_held_rx_cause(void)
{
	printf("check: an RX cause held for the poll and acknowledged with a "
	       "GPIO cause still reaches the poll (issue 28 finding 1)\n");
	dev_up();
	ath5k_irq_update(&dev, 0, ATH5K_INT_POLLED);	/* the poll runs */
	napi_schedule(&dev.napi);
	CHECK(!(dev.ah.imr & ATH5K_INT_RXOK));
	chip.rx_cause = true;		/* a frame: latched, masked */
	chip.pin = false;		/* the switch: GPIO fires */
	CHECK_EQ(ath5k_intr(0, &dev), IRQ_HANDLED);
	CHECK(!chip.rx_cause);		/* acknowledged with the GPIO cause */
	CHECK(dev.napi.missed);		/* the running poll goes round again */
	CHECK_EQ(dev.rfkill_work.queued, 1);
}

static void test_mask_before_schedule(void)
{
	printf("check: the RX sources are masked before the poll is "
	       "scheduled, never after (a poll elsewhere may release them)\n");
	dev_up();
	chip.rx_cause = true;
	chip.rx_unmasked_fires = true;
	CHECK_EQ(ath5k_intr(0, &dev), IRQ_HANDLED);
	CHECK(dev.napi.scheduled);
	CHECK(!(dev.ah.imr & ATH5K_INT_RXOK));
	CHECK_EQ(chip.masked_after_poll_queued, 0);
	chip.rx_unmasked_fires = false;
}

static void test_quiesce(void)
{
	printf("check: a reset's quiesce stops NAPI and leaves no work "
	       "queued, so nothing spins while it sleeps (issue 28 finding 4)\n");
	dev_up();
	napi_stops = 0;
	ieee80211_queue_work(&hw, &dev.rfkill_work);
	queue_work(system_bh_highpri_wq, &dev.beacon_work);
	set_bit(ATH5K_INVALID, &dev.flags);
	ath5k_irq_disable(&dev);
	ath5k_irq_work_quiesce(&dev);
	CHECK_EQ(napi_stops, 1);
	CHECK_EQ(dev.rfkill_work.queued, 0);
	CHECK_EQ(dev.beacon_work.queued, 0);
}

int main(void)
{
	test_switch();
	test_poll_while_stopped();
	test_flip_during_report();
	test_stuck_line();
	test_stuck_line_spurious_margin();
	test_held_rx_cause();
	test_mask_before_schedule();
	test_quiesce();
	return check_done("test_rfkill_irq");
}
