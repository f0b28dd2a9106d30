// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The NAPI poll (src/napi.c) and the RX ring (src/rx.c) against a card
 * that keeps receiving: every time a frame goes up to mac80211, the card
 * has filled every descriptor re-armed so far.  One poll must hand up at
 * most its budget and stay scheduled with the RX interrupts still held,
 * instead of holding the softirq for as long as the air is busy (issue
 * 12 finding 14).  A poll that finds a few frames hands them up and
 * polls again after ATH5K_RX_POLL_US; one that finds none lets the
 * interrupts through again (issue 28):
 *
 * - an interrupt that schedules the context while it polls is not lost:
 *   the poll is repeated before the sources are released;
 * - frames completed around the release are polled at once;
 * - every poll keeps NAPI's contract (completed below the budget), and
 *   every poll reaps the TX queues too.
 *
 * A frame longer than a buffer spans descriptors: the first ones carry
 * "more", the last does not.  None of them goes up, and the last is not
 * taken for a frame of its own (issue 28 finding 8).  A poll that comes
 * due while a reset has the context stopped schedules nothing.
 *
 * Links: src/rx.c src/napi.c src/desc.c src/desc_2word.c src/frame.c src/keyslot.c
 */
#include <stdio.h>
#include <string.h>

#include "ath5k.h"
#include "check.h"
#include "rx_card.h"
#include "rx_dev.h"
#include "rx_hw_idle.h"

#define FRAME_LEN	(24 + 40 + FCS_LEN)

/* ----- the hardware layer, as far as rx.c uses it ---------------------- */

u64 ath5k_hw_tsf_get(struct ath5k_hw *ah)
{
	return 0x123456789ULL;
}

/* ----- the driver around rx.c, and mac80211, recording ------------------ */

static struct ath5k_dev dev;
static struct ieee80211_hw hw;
static struct device device = { .name = "rx" };
static struct ieee80211_rate rates[] = { { .bitrate = 10, .hw_value = RATE_1M } };
static struct ieee80211_channel chan = {
	.band = NL80211_BAND_2GHZ, .center_freq = 2412,
};
static u32 irq_released;
static unsigned int delivered, run_delivered, tx_completes;
static bool card_floods;
/* what the card does as the poll lets the RX interrupts through */
static unsigned int frames_at_release;
/* an interrupt for a held cause arrives during the next delivery */
static bool irq_during_poll;

static void card_fill_ring(unsigned int max);

void ath5k_irq_update(struct ath5k_dev *d, u32 release, u32 hold)
{
	irq_released |= release;
	if ((release & ATH5K_INT_RX_ANY) && frames_at_release) {
		card_fill_ring(frames_at_release);
		rx_card_advance(&dev);
		frames_at_release = 0;
	}
}

void ath5k_tx_complete(struct ath5k_dev *d)
{
	tx_completes++;
}

bool ath5k_tx_pending(struct ath5k_dev *d)
{
	return false;
}

/* The card writes a frame into @bf's buffer and completes it. */
static void card_receive(struct ath5k_buf *bf)
{
	u8 *buf = bf->skb->data;

	memset(buf, 0, FRAME_LEN);
	buf[0] = 0x08;				/* data frame */
	memset(buf + 4, 0x02, ETH_ALEN);
	rx_card_complete(bf, FRAME_LEN, RXS1_OK);
}

/* The card writes part of a long frame: "more" on all but the last. */
static void card_receive_part(struct ath5k_buf *bf, bool more)
{
	card_receive(bf);
	if (more)
		bf->desc->rx.status[0] |= cpu_to_le32(RXS0_MORE);
}

/* Fill every armed descriptor of the ring not already holding a frame. */
static void card_fill_ring(unsigned int max)
{
	struct ath5k_buf *bf;

	list_for_each_entry(bf, &dev.rx_ring, list) {
		if (!max)
			break;
		if (le32_to_cpu(bf->desc->rx.status[1]) & RXS1_DONE)
			continue;
		/* the last descriptor links to itself: the card parks there */
		if (le32_to_cpu(bf->desc->link) == bf->desc_dma)
			break;
		card_receive(bf);
		max--;
	}
	rx_card_advance(&dev);
}

void ieee80211_rx_napi(struct ieee80211_hw *h, struct ieee80211_sta *sta,
		       struct sk_buff *skb, struct napi_struct *napi)
{
	const struct ieee80211_rx_status *rxs = IEEE80211_SKB_RXCB(skb);

	CHECK_EQ(skb->len, FRAME_LEN);
	CHECK_EQ(rxs->freq, 2412);
	delivered++;
	run_delivered++;
	dev_kfree_skb_any(skb);
	if (run_delivered > 10 * ATH5K_RX_BUFS) {
		CHECK(!"the NAPI poll keeps running while frames arrive");
		exit(check_done("test_rx_budget"));
	}
	if (card_floods)
		card_fill_ring(ATH5K_RX_BUFS);
	if (irq_during_poll) {
		irq_during_poll = false;
		napi_schedule(&dev.napi);
	}
}

static void rx_up(void)
{
	rx_dev_setup(&dev, &hw, &device, &chan, rates, ATH5K_OPMODE_AP,
		     ATH5K_RX_BUFS);
	rx_card_up(&dev);
	irq_released = 0;
	delivered = 0;
	tx_completes = 0;
	card_floods = false;
}

/* The interrupt handler schedules the poll; the softirq runs it. */
static void rx_irq_poll(void)
{
	run_delivered = 0;
	rx_card_interrupt(&dev);
}

/* The poll timer runs out: the poll runs again. */
static bool rx_poll_due(void)
{
	run_delivered = 0;
	rx_card_advance(&dev);
	if (!ath5k_shim_hrtimer_fire(&dev.rx_poll))
		return false;
	CHECK(dev.napi.scheduled);
	CHECK(ath5k_shim_napi_run(&dev.napi, NAPI_POLL_WEIGHT) >= 0);
	return true;
}

static void test_few_frames(void)
{
	printf("check: three frames go up; RX stays masked and the ring is "
	       "polled again in %u us\n", ATH5K_RX_POLL_US);
	rx_up();
	card_fill_ring(3);
	rx_card_rxdp_reads = 0;
	rx_irq_poll();
	CHECK_EQ(delivered, 3);
	CHECK(!dev.napi.scheduled);
	CHECK(!(irq_released & ATH5K_INT_RX_ANY));
	/* TX completions are reaped on every poll and may interrupt again */
	CHECK_EQ(tx_completes, 1);
	CHECK(irq_released & ATH5K_INT_TXDESC);
	CHECK(dev.rx_poll.armed);
	CHECK_EQ(dev.rx_poll.delay, ATH5K_RX_POLL_US * 1000);
	/* issue 14: a bus read; the first two have a completed successor */
	CHECK_EQ(rx_card_rxdp_reads, 1);

	printf("check: a poll that finds two more goes on polling\n");
	card_fill_ring(2);
	CHECK(rx_poll_due());
	CHECK_EQ(run_delivered, 2);
	CHECK(dev.rx_poll.armed);
	CHECK(!(irq_released & ATH5K_INT_RX_ANY));

	printf("check: a poll that finds nothing lets the interrupts back\n");
	CHECK(rx_poll_due());
	CHECK_EQ(run_delivered, 0);
	CHECK(!dev.rx_poll.armed);
	CHECK(irq_released & ATH5K_INT_RX_ANY);
	CHECK(!dev.napi.scheduled);
	CHECK_EQ(delivered, 5);
	CHECK_EQ(tx_completes, 3);
	rx_card_down(&dev);
}

static void test_irq_during_poll(void)
{
	printf("check: an interrupt that schedules the poll while it runs "
	       "keeps the sources held; the poll runs again\n");
	rx_up();
	card_fill_ring(2);
	rx_card_advance(&dev);
	/* the first frame's delivery brings an interrupt: scheduled again */
	irq_during_poll = true;
	run_delivered = 0;
	napi_schedule(&dev.napi);
	CHECK_EQ(ath5k_shim_napi_run(&dev.napi, NAPI_POLL_WEIGHT), 2);
	CHECK(dev.napi.scheduled);
	CHECK(!dev.rx_poll.armed);
	CHECK(!(irq_released & ATH5K_INT_RX_ANY));
	/* the repeat finds nothing: now the sources go */
	CHECK_EQ(ath5k_shim_napi_run(&dev.napi, NAPI_POLL_WEIGHT), 0);
	CHECK(!dev.napi.scheduled);
	CHECK(irq_released & ATH5K_INT_RX_ANY);
	rx_card_down(&dev);
}

static void test_frames_at_release(void)
{
	printf("check: frames completed as the interrupts are let through "
	       "are polled without waiting for one\n");
	rx_up();
	frames_at_release = 2;
	rx_irq_poll();
	CHECK_EQ(run_delivered, 0);
	CHECK(irq_released & ATH5K_INT_RX_ANY);
	CHECK(dev.napi.scheduled);
	CHECK_EQ(ath5k_shim_napi_run(&dev.napi, NAPI_POLL_WEIGHT), 2);
	CHECK_EQ(delivered, 2);
	while (rx_poll_due())
		;
	rx_card_down(&dev);
}

static void test_invalid(void)
{
	printf("check: a poll while a reset or stop begins completes and "
	       "releases nothing\n");
	rx_up();
	card_fill_ring(3);
	set_bit(ATH5K_INVALID, &dev.flags);
	rx_irq_poll();
	CHECK_EQ(run_delivered, 0);
	CHECK(!dev.napi.scheduled);
	CHECK_EQ(irq_released, 0);
	CHECK_EQ(tx_completes, 0);
	clear_bit(ATH5K_INVALID, &dev.flags);
	rx_card_down(&dev);
}

static void test_parked_descriptor(void)
{
	struct ath5k_buf *third;

	printf("check: a completed descriptor the card still parks on stays\n");
	rx_up();
	card_fill_ring(3);
	third = list_next_entry(list_next_entry(list_first_entry(
		&dev.rx_ring, struct ath5k_buf, list), list), list);
	run_delivered = 0;
	rx_card_rxdp = (u32)third->desc_dma;
	napi_schedule(&dev.napi);
	CHECK_EQ(ath5k_shim_napi_run(&dev.napi, NAPI_POLL_WEIGHT), 2);
	CHECK_EQ(delivered, 2);
	/* its interrupt tells about it: no re-poll from the parked one */
	CHECK(!dev.napi.scheduled);
	CHECK(le32_to_cpu(third->desc->rx.status[1]) & RXS1_DONE);
	rx_card_down(&dev);
}

static void test_flood(void)
{
	unsigned int runs;

	printf("check: under a flood one poll hands up its budget and stays "
	       "scheduled, RX interrupts still held\n");
	rx_up();
	card_floods = true;
	card_fill_ring(ATH5K_RX_BUFS);
	rx_irq_poll();
	CHECK_EQ(run_delivered, NAPI_POLL_WEIGHT);
	CHECK(dev.napi.scheduled);
	CHECK(!(irq_released & ATH5K_INT_RX_ANY));

	printf("check: the next runs go on where it stopped; once the air "
	       "is quiet the interrupts come back\n");
	for (runs = 0; runs < 3; runs++) {
		run_delivered = 0;
		rx_card_advance(&dev);
		CHECK_EQ(ath5k_shim_napi_run(&dev.napi, NAPI_POLL_WEIGHT),
			 NAPI_POLL_WEIGHT);
		CHECK_EQ(run_delivered, NAPI_POLL_WEIGHT);
	}
	card_floods = false;
	for (runs = 0; runs < 4 && dev.napi.scheduled; runs++) {
		rx_card_advance(&dev);
		ath5k_shim_napi_run(&dev.napi, NAPI_POLL_WEIGHT);
	}
	for (runs = 0; runs < 4 && rx_poll_due(); runs++)
		;
	CHECK(!dev.napi.scheduled);
	CHECK(!dev.rx_poll.armed);
	CHECK(irq_released & ATH5K_INT_RX_ANY);
	rx_card_down(&dev);
}

static void test_poll_while_invalid(void)
{
	printf("check: a reset's stop cancels the poll the last run armed, "
	       "and one due anyway schedules nothing (issue 28 finding 4)\n");
	rx_up();
	card_fill_ring(3);
	rx_irq_poll();
	CHECK(dev.rx_poll.armed);
	set_bit(ATH5K_INVALID, &dev.flags);
	mutex_lock(&dev.lock);
	ath5k_napi_stop(&dev);
	mutex_unlock(&dev.lock);
	CHECK(!dev.rx_poll.armed);
	dev.rx_poll.armed = true;
	CHECK(ath5k_shim_hrtimer_fire(&dev.rx_poll));
	CHECK(!dev.napi.scheduled);
	clear_bit(ATH5K_INVALID, &dev.flags);
	mutex_lock(&dev.lock);
	ath5k_napi_start(&dev);
	mutex_unlock(&dev.lock);
	rx_card_down(&dev);
}

static void test_continuation(void)
{
	printf("check: a frame over three descriptors between two whole "
	       "ones: only the whole ones go up\n");
	rx_up();
	card_receive(rx_ring_nth(&dev, 0));
	card_receive_part(rx_ring_nth(&dev, 1), true);
	card_receive_part(rx_ring_nth(&dev, 2), true);
	card_receive_part(rx_ring_nth(&dev, 3), false);
	card_receive(rx_ring_nth(&dev, 4));
	rx_irq_poll();
	CHECK_EQ(delivered, 2);

	printf("check: a frame cut off by a ring restart is not continued "
	       "into the first frame after it\n");
	card_receive_part(rx_ring_nth(&dev, 0), true);
	rx_irq_poll();
	CHECK_EQ(delivered, 2);
	ath5k_rx_stop(&dev);
	CHECK_EQ(ath5k_rx_start(&dev), 0);
	card_receive(rx_ring_nth(&dev, 0));
	rx_irq_poll();
	CHECK_EQ(delivered, 3);
	rx_card_down(&dev);
}

int main(void)
{
	test_few_frames();
	test_irq_during_poll();
	test_frames_at_release();
	test_invalid();
	test_parked_descriptor();
	test_flood();
	test_poll_while_invalid();
	test_continuation();
	return check_done("test_rx_budget");
}
