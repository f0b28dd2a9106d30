// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * IBSS beacon timers across a TSF jump (src/rx.c and src/beacon.c).  The
 * timers hold absolute TSF times.  When our cell merges with another,
 * the chip takes the later TSF from a beacon of the cell it hears; the
 * timers then wait for a TBTT the TSF has already passed and the station
 * stops beaconing (the in-tree driver re-arms them from its RX path).
 *
 * - beacons of our cell that leave the TSF where the timers expect it
 *   change nothing;
 * - after a jump forward past the next TBTT, the next beacon of our cell
 *   gets the timers re-armed on the grid of the new TSF, without
 *   resetting it; the same after a jump back;
 * - a beacon of another cell, or a station, does not touch them.
 *
 * Links: src/rx.c src/beacon.c src/desc.c src/desc_2word.c src/frame.c src/keyslot.c src/txq_fill.c
 */
#include <stdio.h>
#include <string.h>

#include <linux/err.h>

#include "ath5k.h"
#include "check.h"
#include "descblock.h"
#include "rx_dev.h"
#include "rx_hw_idle.h"

#define BUFS		(ATH5K_RX_BUFS + ATH5K_TX_BUFS + ATH5K_BEACON_BUFS)
#define RXS0_LEN	GENMASK(11, 0)
#define RXS0_RATE	GENMASK(19, 15)
#define RXS1_DONE	BIT(0)
#define RXS1_OK		BIT(1)
#define BEACON_LEN	(24 + 12 + FCS_LEN)
#define TU		1024ULL
#define INTVAL		100

/* ----- the hardware layer ------------------------------------------------ */

static u64 tsf;
static u32 rxdp;
static struct {
	unsigned int calls;
	u32 next;
	u32 period;
	bool reset_tsf;
} timers;

u64 ath5k_hw_tsf_get(struct ath5k_hw *ah)
{
	return tsf;
}

void ath5k_hw_beacon_timers_init(struct ath5k_hw *ah, u32 next_tbtt_tu,
				 u32 interval_tu, bool reset_tsf)
{
	timers.calls++;
	timers.next = next_tbtt_tu;
	timers.period = interval_tu;
	timers.reset_tsf = reset_tsf;
	if (reset_tsf)
		tsf = 0;
}

void ath5k_hw_beacon_timers_stop(struct ath5k_hw *ah)
{
	timers.period = 0;
}

int ath5k_hw_rx_set_rxdp(struct ath5k_hw *ah, u32 paddr)
{
	rxdp = paddr;
	return 0;
}

u32 ath5k_hw_rx_get_rxdp(struct ath5k_hw *ah)
{
	return rxdp;
}

/* The beacon queue sends each beacon before the next alert. */
unsigned int ath5k_hw_txq_pending(struct ath5k_hw *ah, unsigned int q)
{
	return 0;
}

u32 ath5k_hw_txq_get_txdp(struct ath5k_hw *ah, unsigned int q)
{
	return 0;
}

int ath5k_hw_txq_set_txdp(struct ath5k_hw *ah, unsigned int q, u32 paddr)
{
	return 0;
}

int ath5k_hw_txq_start(struct ath5k_hw *ah, unsigned int q)
{
	return 0;
}

int ath5k_hw_txq_stop(struct ath5k_hw *ah, unsigned int q)
{
	return 0;
}

u8 ath5k_hw_desc_txpower(const struct ath5k_hw *ah, u8 half_dbm)
{
	return half_dbm / 2;
}

int ath5k_hw_txq_set_params(struct ath5k_hw *ah, unsigned int q,
			    const struct ath5k_txq_params *p)
{
	return 0;
}

int ath5k_hw_txq_program(struct ath5k_hw *ah, unsigned int q)
{
	return 0;
}

/* ----- the driver around rx.c and beacon.c, and mac80211 ---------------- */

static struct ath5k_dev dev;
static struct ieee80211_hw hw;
static struct device device = { .name = "ibss" };
static struct ieee80211_rate rates[] = { { .bitrate = 10, .hw_value = RATE_1M } };
static struct ieee80211_channel chan = {
	.band = NL80211_BAND_2GHZ, .center_freq = 2412,
};
static struct ieee80211_vif vif = { .type = NL80211_IFTYPE_ADHOC };
static const u8 our_cell[ETH_ALEN] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
static const u8 other_cell[ETH_ALEN] = { 0x02, 0x66, 0x77, 0x88, 0x99, 0xaa };
static struct work_struct *queued;
static unsigned int delivered;

void ath5k_irq_update(struct ath5k_dev *d, u32 release, u32 hold)
{
}

void ath5k_irq_set_wanted(struct ath5k_dev *d, u32 add, u32 remove)
{
}

void ath5k_schedule_reset(struct ath5k_dev *d)
{
	CHECK(!"no reset expected");
}

int ath5k_skb_hdr_pad(struct sk_buff *skb)
{
	return 0;
}

int ath5k_tx_submit(struct ath5k_dev *d, struct ath5k_txq *txq,
		    struct ieee80211_sta *sta, struct sk_buff *skb)
{
	CHECK(!"no CAB frame expected");
	return -EINVAL;
}

struct ath5k_buf *ath5k_tx_prepare(struct ath5k_dev *d,
				   struct ieee80211_sta *sta,
				   struct sk_buff *skb, bool intreq)
{
	CHECK(!"no CAB frame expected");
	return ERR_PTR(-EINVAL);
}

void ath5k_tx_unprepare(struct ath5k_dev *d, struct ath5k_buf *bf)
{
	CHECK(!"no CAB frame expected");
}

/* Nothing was held for the DTIM: the chain behind the beacon is empty. */
void ath5k_txq_adopt(struct ath5k_txq *txq, struct list_head *frames)
{
	CHECK(list_empty(frames));
}

struct sk_buff *ieee80211_get_buffered_bc(struct ieee80211_hw *h,
					  struct ieee80211_vif *v)
{
	return NULL;
}

void ieee80211_free_txskb(struct ieee80211_hw *h, struct sk_buff *skb)
{
	dev_kfree_skb_any(skb);
}

struct sk_buff *ieee80211_beacon_get(struct ieee80211_hw *h,
				     struct ieee80211_vif *v,
				     unsigned int link_id)
{
	return NULL;	/* nothing to send: only the timers matter here */
}

const struct ieee80211_rate *
ieee80211_get_tx_rate(const struct ieee80211_hw *h,
		      const struct ieee80211_tx_info *info)
{
	return &rates[0];
}

void ieee80211_queue_work(struct ieee80211_hw *h, struct work_struct *w)
{
	w->queued++;
	queued = w;
}

void ieee80211_rx_napi(struct ieee80211_hw *h, struct ieee80211_sta *sta,
		       struct sk_buff *skb, struct napi_struct *napi)
{
	delivered++;
	dev_kfree_skb_any(skb);
}

/* ----- the card ------------------------------------------------------------ */

/* The card receives a beacon of cell @bssid into the next descriptor. */
static void card_receive_beacon(const u8 *bssid)
{
	struct ath5k_buf *bf;
	u8 *buf;

	list_for_each_entry(bf, &dev.rx_ring, list)
		if (!(le32_to_cpu(bf->desc->rx.status[1]) & RXS1_DONE))
			break;
	CHECK(&bf->list != &dev.rx_ring);
	buf = bf->skb->data;
	memset(buf, 0, BEACON_LEN);
	buf[0] = 0x80;				/* beacon */
	memset(buf + 4, 0xff, ETH_ALEN);	/* broadcast */
	memcpy(buf + 10, bssid, ETH_ALEN);
	memcpy(buf + 16, bssid, ETH_ALEN);
	bf->desc->rx.status[0] = cpu_to_le32(FIELD_PREP(RXS0_LEN, BEACON_LEN) |
					     FIELD_PREP(RXS0_RATE, RATE_1M));
	dma_wmb();
	bf->desc->rx.status[1] = cpu_to_le32(RXS1_DONE | RXS1_OK);
	/* the card has moved on to the next descriptor */
	rxdp = (u32)list_next_entry(bf, list)->desc_dma;
}

static void rx_run(void)
{
	CHECK_EQ(ath5k_rx_poll(&dev, NAPI_POLL_WEIGHT), 1);
}

/* The software beacon alert just before the TBTT at @tbtt_tu. */
static void swba(u32 tbtt_tu)
{
	tsf = (tbtt_tu - 10) * TU;
	CHECK(queue_work(system_bh_highpri_wq, &dev.beacon_work));
	CHECK(flush_work(&dev.beacon_work));
}

/* A beacon of @bssid at TSF @now_tu; runs what it queued. */
static void hear_beacon(const u8 *bssid, u64 now_tu)
{
	struct work_struct *w;

	tsf = now_tu * TU + 300;
	queued = NULL;
	card_receive_beacon(bssid);
	rx_run();
	w = queued;
	if (w) {
		w->queued = 0;
		w->func(w);
	}
}

static void ibss_up(enum ath5k_opmode opmode)
{
	struct ath5k_vif *avf = ath5k_vif_priv(&vif);

	memset(&timers, 0, sizeof(timers));
	memset(vif.drv_priv, 0, sizeof(vif.drv_priv));
	rx_dev_setup(&dev, &hw, &device, &chan, rates, opmode, BUFS);
	dev.power_level = 20;
	dev.beacon_interval = INTVAL;
	ether_addr_copy(dev.bssid, our_cell);
	ath5k_beacon_init(&dev);
	CHECK_EQ(ath5k_rx_init(&dev), 0);
	CHECK_EQ(ath5k_rx_start(&dev), 0);
	CHECK_EQ(ath5k_beacon_attach_vif(&dev, &vif), 0);
	avf->beacon_on = true;
	delivered = 0;

	/* joined at TSF 5000 TU: the first TBTT on the grid past the lead */
	tsf = 5000 * TU + 300;
	ath5k_beacon_config(&dev);
	CHECK_EQ(timers.calls, 1);
	CHECK_EQ(timers.period, INTVAL);
	CHECK(!timers.reset_tsf);
	CHECK_EQ(timers.next, 5100);
}

static void ibss_down(void)
{
	ath5k_beacon_detach_vif(&dev, &vif);
	ath5k_rx_stop(&dev);
	ath5k_rx_deinit(&dev);
	CHECK_EQ(ath5k_shim_maps_live, 0);
	descblock_free(&dev);
}

/* ----- tests ----------------------------------------------------------- */

static void test_steady_cell(void)
{
	unsigned int i;

	printf("check: beacons of our cell with the TSF on time change nothing\n");
	ibss_up(ATH5K_OPMODE_IBSS);
	for (i = 0; i < 5; i++) {
		swba(5100 + i * INTVAL);
		/* a peer's beacon: at its TBTT, or late in the period */
		hear_beacon(our_cell, 5100 + i * INTVAL + 2);
		hear_beacon(our_cell, 5100 + i * INTVAL + 95);
	}
	CHECK_EQ(delivered, 10);
	CHECK_EQ(timers.calls, 1);
	ibss_down();
}

static void test_merge_forward(void)
{
	printf("check: a merge that moves the TSF past the next TBTT re-arms "
	       "the timers on the new TSF's grid\n");
	ibss_up(ATH5K_OPMODE_IBSS);
	swba(5100);
	hear_beacon(our_cell, 5130);
	CHECK_EQ(timers.calls, 1);

	/* the chip took a TSF 4321.5 TU later from the other cell's beacon */
	hear_beacon(our_cell, 9451);
	CHECK_EQ(timers.calls, 2);
	CHECK_EQ(timers.next, 9500);
	CHECK_EQ(timers.period, INTVAL);
	CHECK(!timers.reset_tsf);
	CHECK_EQ(tsf, 9451 * TU + 300);

	printf("check: the alerts then follow the new grid quietly\n");
	swba(9500);
	hear_beacon(our_cell, 9510);
	swba(9600);
	hear_beacon(our_cell, 9690);
	CHECK_EQ(timers.calls, 2);
	ibss_down();
}

static void test_jump_back(void)
{
	printf("check: a TSF that went back leaves timers far ahead: re-armed\n");
	ibss_up(ATH5K_OPMODE_IBSS);
	swba(5100);
	hear_beacon(our_cell, 1234);
	CHECK_EQ(timers.calls, 2);
	CHECK_EQ(timers.next, 1300);
	ibss_down();
}

static void test_other_cell(void)
{
	printf("check: another cell's beacon, or a station, leaves them alone\n");
	ibss_up(ATH5K_OPMODE_IBSS);
	swba(5100);
	hear_beacon(other_cell, 9451);
	CHECK_EQ(timers.calls, 1);
	ibss_down();

	ibss_up(ATH5K_OPMODE_IBSS);
	dev.opmode = ATH5K_OPMODE_STA;
	swba(5100);
	hear_beacon(our_cell, 9451);
	CHECK_EQ(timers.calls, 1);
	ibss_down();
}

int main(void)
{
	test_steady_cell();
	test_merge_forward();
	test_jump_back();
	test_other_cell();
	return check_done("test_ibss_merge");
}
