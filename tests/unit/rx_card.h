/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * For the tests that run src/rx.c under the NAPI poll of src/napi.c: the
 * card's side of the RX ring.  It completes descriptors in the AR5212
 * status layout that src/desc.c reads, and its RXDP register rests on
 * the first descriptor it has not filled.  The device comes up from
 * rx_dev.h's setup and goes down checking that nothing leaked.  Defines
 * the hardware layer's RXDP accessors and rx.c's IBSS beacon hooks:
 * include in one file of a test program.
 */
#ifndef ATH5K_UNIT_RX_CARD_H
#define ATH5K_UNIT_RX_CARD_H

#include "ath5k.h"
#include "check.h"
#include "descblock.h"
#include "rx_dev.h"

/* the AR5212 RX status words, as src/desc.c decodes them */
#define RXS0_LEN	GENMASK(11, 0)
#define RXS0_MORE	BIT(12)
#define RXS0_RATE	GENMASK(19, 15)
#define RXS1_DONE	BIT(0)
#define RXS1_OK		BIT(1)
#define RXS1_CRC	BIT(2)
#define RXS1_DECRYPT	BIT(3)
#define RXS1_KEY_VALID	BIT(8)
#define RXS1_KEY_INDEX	GENMASK(15, 9)
#define RXS1_KEY_MISS	BIT(31)

/* Only IBSS beacons of our cell would ask; no test here sends one. */
bool ath5k_beacon_timers_stale(struct ath5k_dev *d, u64 tsf)
{
	CHECK(!"beacon timers asked about");
	return false;
}

void ieee80211_queue_work(struct ieee80211_hw *h, struct work_struct *w)
{
	CHECK(!"work queued");
}

static u32 rx_card_rxdp;
static unsigned int rx_card_rxdp_reads;	/* each one a bus read */

int ath5k_hw_rx_set_rxdp(struct ath5k_hw *ah, u32 paddr)
{
	rx_card_rxdp = paddr;
	return 0;
}

u32 ath5k_hw_rx_get_rxdp(struct ath5k_hw *ah)
{
	rx_card_rxdp_reads++;
	return rx_card_rxdp;
}

/*
 * The card has written a frame of @len bytes at 1 Mbit/s into @bf's
 * buffer: it completes the descriptor with @s1's result bits.
 */
static inline void rx_card_complete(struct ath5k_buf *bf, unsigned int len,
				    u32 s1)
{
	struct ath5k_desc *d = bf->desc;

	d->rx.status[0] = cpu_to_le32(FIELD_PREP(RXS0_LEN, len) |
				      FIELD_PREP(RXS0_RATE, RATE_1M));
	/* DONE last: the driver trusts word 0 only once it sees DONE */
	dma_wmb();
	d->rx.status[1] = cpu_to_le32(RXS1_DONE | s1);
}

/* The card has moved on: RXDP on the first descriptor not yet filled. */
static inline void rx_card_advance(struct ath5k_dev *dev)
{
	struct ath5k_buf *bf;

	list_for_each_entry(bf, &dev->rx_ring, list)
		if (!(le32_to_cpu(bf->desc->rx.status[1]) & RXS1_DONE))
			break;
	rx_card_rxdp = (&bf->list == &dev->rx_ring) ? 0 : (u32)bf->desc_dma;
}

/* The @n-th descriptor of the ring, oldest first. */
static inline struct ath5k_buf *rx_ring_nth(struct ath5k_dev *dev,
					    unsigned int n)
{
	struct ath5k_buf *bf;

	list_for_each_entry(bf, &dev->rx_ring, list)
		if (!n--)
			return bf;
	return NULL;
}

/* Ring armed, receiving, NAPI on: @dev comes from rx_dev_setup(). */
static inline void rx_card_up(struct ath5k_dev *dev)
{
	mutex_init(&dev->lock);
	CHECK_EQ(ath5k_napi_init(dev), 0);
	CHECK_EQ(ath5k_rx_init(dev), 0);
	CHECK(!dev->rx_poll.armed);
	CHECK_EQ(ath5k_rx_start(dev), 0);
	CHECK_EQ(rx_card_rxdp, dev->bufs[0].desc_dma);
	mutex_lock(&dev->lock);
	ath5k_napi_start(dev);
	mutex_unlock(&dev->lock);
}

static inline void rx_card_down(struct ath5k_dev *dev)
{
	CHECK_EQ(dev->napi.contract_broken, 0);
	mutex_lock(&dev->lock);
	ath5k_napi_stop(dev);
	mutex_unlock(&dev->lock);
	CHECK(!dev->rx_poll.armed);
	ath5k_napi_deinit(dev);
	ath5k_rx_stop(dev);
	ath5k_rx_deinit(dev);
	/* every buffer handed up was freed by mac80211 (the test's stub) */
	CHECK_EQ(ath5k_shim_maps_live, 0);
	CHECK_EQ(ath5k_shim_skbs_live, 0);
	descblock_free(dev);
}

/*
 * The card interrupts for what it has completed: the handler schedules
 * the poll, the softirq runs it.  Returns what the poll took.
 */
static inline int rx_card_interrupt(struct ath5k_dev *dev)
{
	int done;

	rx_card_advance(dev);
	napi_schedule(&dev->napi);
	done = ath5k_shim_napi_run(&dev->napi, NAPI_POLL_WEIGHT);
	CHECK(done >= 0);
	return done;
}

#endif /* ATH5K_UNIT_RX_CARD_H */
