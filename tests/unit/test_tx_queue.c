// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The driver's transmit path (src/tx.c) between a recording mac80211 and
 * a small model of the chip's TX queues, which follows descriptor links
 * from TXDP and writes each descriptor's status the way the chip does:
 *
 * - a queue whose last frame completed and whose TXDP the chip no longer
 *   reports on that descriptor sends the next frame all the same (issue
 *   12 finding 17: tail_link kept pointing into a freed descriptor); a
 *   completed frame not yet reaped is seen from memory (the NAPI poll's
 *   look after it lets the interrupts through), and a poll with nothing
 *   completed reads no register;
 * - the TX watchdog resets a queue that holds frames and completes none,
 *   however often the NAPI poll visits it, and leaves alone a queue that
 *   is slow but completing (the mark used to be cleared on every visit);
 * - a frame that reaches the queue lock after a reset marked the device
 *   INVALID is dropped before it touches the chip (finding 2);
 * - a frame whose TXDP the chip refuses (queue still enabled at the end
 *   of its chain) waits for the queue to end and is sent then, instead of
 *   being linked where the chip never looks;
 * - a frame with a hardware key counts the ICV/MIC the chip appends in
 *   both the frame and the buffer length (keys finding 4);
 * - a fragment gets every series of its station's rate table, and RTS
 *   when the table asks for it (issue 35: a fragment went out with the
 *   tries of one series and no fallback).
 *
 * Links: src/tx.c src/desc.c src/desc_2word.c src/txq_fill.c src/frame.c
 */
#include <stdio.h>
#include <string.h>

#include <linux/dma-mapping.h>

#include "ath5k.h"
#include "hw_internal.h"
#include "check.h"

/* ----- the chip's TX queues ------------------------------------------ */

#define TXS0_OK		BIT(0)	/* status word 0: acknowledged */
#define TX0_INTREQ	BIT(29)	/* control word 0: interrupt when done */
#define TXS1_DONE	BIT(0)	/* status word 1: descriptor done */

static struct {
	u32 txdp;
	bool enabled;
	unsigned int starts;
} chipq[ATH5K_TXQ_COUNT];

/* The chip parks TXDP on the last descriptor; this one forgets it. */
static bool chip_forgets_txdp;
/* The chip clears TXE at the end of a chain; this one only at chip_eol(). */
static bool chip_txe_lingers;

int ath5k_hw_txq_setup(struct ath5k_hw *ah, unsigned int q,
		       enum ath5k_txq_type type,
		       const struct ath5k_txq_params *p)
{
	return q < ATH5K_TXQ_COUNT ? 0 : -EINVAL;
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

void ath5k_hw_txq_release(struct ath5k_hw *ah, unsigned int q)
{
}

u8 ath5k_hw_desc_txpower(const struct ath5k_hw *ah, u8 half_dbm)
{
	return half_dbm / 2;
}

int ath5k_hw_txq_set_txdp(struct ath5k_hw *ah, unsigned int q, u32 paddr)
{
	if (chipq[q].enabled)
		return -EBUSY;
	chipq[q].txdp = paddr;
	return 0;
}

static unsigned int txdp_reads;

u32 ath5k_hw_txq_get_txdp(struct ath5k_hw *ah, unsigned int q)
{
	txdp_reads++;
	return chipq[q].txdp;
}

int ath5k_hw_txq_start(struct ath5k_hw *ah, unsigned int q)
{
	chipq[q].enabled = true;
	chipq[q].starts++;
	return 0;
}

/*
 * Let queue @q send up to @max frames: from TXDP, skip what is done,
 * complete the rest in link order, stop at a zero link.
 */
static unsigned int chip_send(unsigned int q, unsigned int max)
{
	unsigned int sent = 0;

	while (chipq[q].enabled && chipq[q].txdp) {
		struct ath5k_desc *d = ath5k_shim_coherent_at(chipq[q].txdp);

		if (!d) {
			printf("queue %u: TXDP %#x outside descriptor memory\n",
			       q, chipq[q].txdp);
			chipq[q].enabled = false;
			break;
		}
		if (!(le32_to_cpu(d->tx.status[1]) & TXS1_DONE)) {
			if (sent == max)
				break;
			d->tx.status[0] = cpu_to_le32(TXS0_OK);
			dma_wmb();
			d->tx.status[1] = cpu_to_le32(TXS1_DONE);
			sent++;
		}
		if (!d->link) {
			if (!chip_txe_lingers)
				chipq[q].enabled = false;
			if (chip_forgets_txdp)
				chipq[q].txdp = 0;
			break;
		}
		chipq[q].txdp = le32_to_cpu(d->link);
	}
	return sent;
}

/* ----- mac80211 and the rest of the driver, recording ---------------- */

static unsigned int tx_status_count, freed_count, resets;
/* The series the last status report gave mac80211. */
static struct ieee80211_tx_rate status_rates[IEEE80211_TX_MAX_RATES];
static unsigned long stopped_acs;

void ieee80211_stop_queues(struct ieee80211_hw *hw)
{
	stopped_acs = 0xf;
}

void ieee80211_wake_queues(struct ieee80211_hw *hw)
{
	stopped_acs = 0;
}

void ieee80211_stop_queue(struct ieee80211_hw *hw, int ac)
{
	stopped_acs |= BIT(ac);
}

void ieee80211_wake_queue(struct ieee80211_hw *hw, int ac)
{
	stopped_acs &= ~BIT(ac);
}

static void skb_release(struct sk_buff *skb)
{
	free(skb->head);
	free(skb);
}

void ieee80211_free_txskb(struct ieee80211_hw *hw, struct sk_buff *skb)
{
	freed_count++;
	skb_release(skb);
}

void ieee80211_tx_status_skb(struct ieee80211_hw *hw, struct sk_buff *skb)
{
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);

	CHECK(info->flags & IEEE80211_TX_STAT_ACK);
	memcpy(status_rates, info->status.rates, sizeof(status_rates));
	tx_status_count++;
	skb_release(skb);
}

void ieee80211_queue_work(struct ieee80211_hw *hw, struct work_struct *w)
{
	w->queued++;
}

void ieee80211_queue_delayed_work(struct ieee80211_hw *hw,
				  struct delayed_work *w, unsigned long delay)
{
	w->work.queued++;
}

static struct ieee80211_rate rates[] = {
	{ .bitrate = 10, .hw_value = 0x1b },
	{ .bitrate = 20, .hw_value = 0x1a, .hw_value_short = 0x1e },
	{ .bitrate = 55, .hw_value = 0x19, .hw_value_short = 0x1d },
	{ .bitrate = 110, .hw_value = 0x18, .hw_value_short = 0x1c },
};

/* mac80211's rate table for the test's one station. */
static struct ieee80211_sta station;
static struct ieee80211_tx_rate station_table[IEEE80211_TX_MAX_RATES];

/*
 * As mac80211 (rate.c) does for SUPPORTS_RC_TABLE hardware: an entry
 * the frame carries itself (a probe rate) wins, the others come from the
 * station's table, and the list ends at the first empty entry.
 */
void ieee80211_get_tx_rates(struct ieee80211_vif *vif,
			    struct ieee80211_sta *sta, struct sk_buff *skb,
			    struct ieee80211_tx_rate *dest, int max_rates)
{
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	int i;

	for (i = 0; i < max_rates && i < IEEE80211_TX_MAX_RATES; i++) {
		if (info->control.rates[i].idx >= 0 && info->control.rates[i].count)
			dest[i] = info->control.rates[i];
		else if (sta == &station)
			dest[i] = station_table[i];
		else
			dest[i] = (struct ieee80211_tx_rate){ .idx = -1 };
		if (dest[i].idx < 0 || !dest[i].count)
			break;
	}
}

const struct ieee80211_rate *
ieee80211_get_rts_cts_rate(const struct ieee80211_hw *hw,
			   const struct ieee80211_tx_info *info)
{
	return &rates[0];
}

__le16 ieee80211_rts_duration(struct ieee80211_hw *hw,
			      struct ieee80211_vif *vif, size_t len,
			      const struct ieee80211_tx_info *info)
{
	return 0;
}

__le16 ieee80211_ctstoself_duration(struct ieee80211_hw *hw,
				    struct ieee80211_vif *vif, size_t len,
				    const struct ieee80211_tx_info *info)
{
	return 0;
}

void ath5k_irq_update(struct ath5k_dev *dev, u32 release, u32 hold)
{
}

void ath5k_schedule_reset(struct ath5k_dev *dev)
{
	resets++;
}

/* ----- a device with its queues set up -------------------------------- */

static struct ath5k_dev dev;
static struct ieee80211_hw hw;
static struct wiphy wiphy;
static struct device device = { .name = "tx" };
static struct ieee80211_supported_band band = {
	.bitrates = rates, .n_bitrates = ARRAY_SIZE(rates),
	.band = NL80211_BAND_2GHZ,
};

/* The next dev_up() brings up an AR5210 (one data queue, no CAB queue). */
static bool dev_is_5210;

static void dev_up(void)
{
	memset(&dev, 0, sizeof(dev));
	dev.ah.ar5210 = dev_is_5210;
	dev.ah.ar5211 = dev_is_5210;
	dev.ah.desc_ops = dev_is_5210 ? &ath5k_desc_5210_ops :
					&ath5k_desc_5212_ops;
	dev.ah.caps = dev_is_5210 ? ATH5K_CAPS_AR5210 : ATH5K_CAPS_AR5212;
	memset(chipq, 0, sizeof(chipq));
	ath5k_shim_coherent_used = 0;
	chip_forgets_txdp = false;
	chip_txe_lingers = false;
	tx_status_count = 0;
	freed_count = 0;
	resets = 0;
	stopped_acs = 0;
	wiphy.bands[NL80211_BAND_2GHZ] = &band;
	hw.wiphy = &wiphy;
	hw.priv = &dev;
	dev.hw = &hw;
	dev.dev = &device;
	dev.power_level = 20;
	dev.txq_limit = ATH5K_TXQ_LEN_MAX;
	CHECK_EQ(ath5k_tx_init(&dev), 0);
	CHECK_EQ(ath5k_txq_setup_all(&dev), 0);
	INIT_DELAYED_WORK(&dev.tx_watchdog, ath5k_tx_watchdog);
	set_bit(ATH5K_RUNNING, &dev.flags);
}

static void dev_down(void)
{
	set_bit(ATH5K_INVALID, &dev.flags);
	ath5k_txq_drain_all(&dev);
	ath5k_tx_deinit(&dev);
	CHECK_EQ(ath5k_shim_maps_live, 0);
}

/* A 24-byte-header data frame for access category @ac, one try. */
static struct sk_buff *frame(unsigned int ac)
{
	struct sk_buff *skb = calloc(1, sizeof(*skb));
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	struct ieee80211_hdr *h;

	skb->size = 128;
	skb->head = calloc(1, skb->size);
	skb->data = skb->head + 16;
	h = (void *)skb_put(skb, 24 + 40);
	h->frame_control = cpu_to_le16(IEEE80211_FTYPE_DATA);
	memset(h->addr1, 0x02, ETH_ALEN);
	skb->queue_mapping = ac;
	info->band = NL80211_BAND_2GHZ;
	info->control.rates[0].idx = 0;
	info->control.rates[0].count = 1;
	info->control.rates[1].idx = -1;
	return skb;
}

/* The NAPI poll's TX half, as a TX interrupt (or any other) runs it. */
static void tx_poll(void)
{
	ath5k_tx_complete(&dev);
}

static void watchdog_run(void)
{
	dev.tx_watchdog.work.func(&dev.tx_watchdog.work);
}

#define AC_BE	2

/* ----- tests ----------------------------------------------------------- */

static void test_queue_emptied(bool forgets)
{
	unsigned int q = ath5k_ac_to_hwq(AC_BE);

	printf("check: a frame after the queue emptied is sent (chip %s TXDP)\n",
	       forgets ? "forgets" : "keeps");
	dev_up();
	chip_forgets_txdp = forgets;
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	CHECK(!ath5k_tx_pending(&dev));
	CHECK_EQ(chip_send(q, 10), 1);
	/* what the poll looks at after releasing the interrupts */
	CHECK(ath5k_tx_pending(&dev));
	tx_poll();
	CHECK_EQ(tx_status_count, 1);
	CHECK(!ath5k_tx_pending(&dev));
	/* polls for RX with nothing sent cost no bus read */
	txdp_reads = 0;
	tx_poll();
	tx_poll();
	CHECK_EQ(txdp_reads, 0);

	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	CHECK(chipq[q].enabled);
	CHECK_EQ(chip_send(q, 10), 1);
	tx_poll();
	CHECK_EQ(tx_status_count, 2);

	/* and again, with two frames chained */
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	CHECK_EQ(chip_send(q, 10), 2);
	tx_poll();
	CHECK_EQ(tx_status_count, 4);
	CHECK_EQ(freed_count, 0);
	CHECK_EQ(stopped_acs, 0);
	dev_down();
}

/*
 * Item 1 of the remainder: a queue whose chain has ended but whose
 * TXE is still set refuses TXDP for the next frame.  Starting the queue
 * anyway left that frame, and every frame linked after it, where the chip
 * never looks until the watchdog reset the chip.  The frames now wait for
 * the queue's end (TXEOL runs the NAPI poll) and go out then.
 */
static void test_txdp_refused(void)
{
	unsigned int q = ath5k_ac_to_hwq(AC_BE);

	printf("check: a frame whose TXDP the still-enabled queue refuses "
	       "goes out once the queue ends\n");
	dev_up();
	chip_forgets_txdp = true;
	chip_txe_lingers = true;
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	CHECK_EQ(chip_send(q, 10), 1);
	tx_poll();
	CHECK_EQ(tx_status_count, 1);
	CHECK(list_empty(&dev.txqs[q].frames));

	/* TXE is still set: TXDP refused; a second frame chains behind */
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	CHECK_EQ(chipq[q].txdp, 0);

	/* the queue ends: TXE clears and TXEOL runs the poll */
	chipq[q].enabled = false;
	tx_poll();
	CHECK(chipq[q].enabled);
	CHECK_EQ(chip_send(q, 10), 2);
	tx_poll();
	CHECK_EQ(tx_status_count, 3);

	/* the watchdog has nothing to reset */
	watchdog_run();
	watchdog_run();
	CHECK_EQ(resets, 0);
	CHECK_EQ(freed_count, 0);
	dev_down();
}

/* Descriptors of queue @q's list that ask for a completion interrupt. */
static unsigned int count_intreq(unsigned int q)
{
	struct ath5k_buf *bf;
	unsigned int n = 0;

	list_for_each_entry(bf, &dev.txqs[q].frames, list)
		if (le32_to_cpu(bf->desc->tx.ctl[0]) & TX0_INTREQ)
			n++;
	return n;
}

/*
 * Issue 14: TXDP is a bus read.  Reaping a batch asks the card where it
 * is only for the last completed frame; the ones before it have a
 * completed successor, so the queue has left them.
 */
static void test_reap_reads_txdp_once(void)
{
	unsigned int q = ath5k_ac_to_hwq(AC_BE), i;

	printf("check: 8 queued frames, one in %u asks for an interrupt; "
	       "reaping 5 of them reads TXDP once\n", ATH5K_TX_INTREQ_EVERY);
	dev_up();
	for (i = 0; i < 8; i++)
		ath5k_tx_op(&hw, NULL, frame(AC_BE));
	CHECK_EQ(count_intreq(q), 8 / ATH5K_TX_INTREQ_EVERY);
	CHECK_EQ(chip_send(q, 5), 5);
	txdp_reads = 0;
	tx_poll();
	CHECK_EQ(tx_status_count, 5);
	CHECK_EQ(txdp_reads, 1);

	printf("check: the other 3 follow, the last kept while TXDP is on it\n");
	CHECK_EQ(chip_send(q, 10), 3);
	txdp_reads = 0;
	tx_poll();
	CHECK_EQ(tx_status_count, 8);
	CHECK_EQ(txdp_reads, 1);
	CHECK_EQ(dev.txqs[q].fill.descs, 1);
	CHECK_EQ(dev.txqs[q].fill.pending, 0);
	CHECK_EQ(freed_count, 0);
	dev_down();
}

static void test_watchdog_hung_queue(void)
{
	unsigned int q = ath5k_ac_to_hwq(AC_BE), i;

	printf("check: the watchdog resets a queue that completes nothing, "
	       "though the NAPI poll keeps visiting it\n");
	dev_up();
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	CHECK(chipq[q].enabled);
	/* the chip never sends; another queue's interrupts run the poll */
	for (i = 0; i < 3; i++) {
		tx_poll();
		watchdog_run();
		tx_poll();
	}
	CHECK(resets >= 1);
	CHECK_EQ(tx_status_count, 0);
	dev_down();

	printf("check: the watchdog leaves alone a slow queue that completes\n");
	dev_up();
	for (i = 0; i < 4; i++)
		ath5k_tx_op(&hw, NULL, frame(AC_BE));
	for (i = 0; i < 3; i++) {
		watchdog_run();
		CHECK_EQ(chip_send(q, 1), 1);
		tx_poll();
		tx_poll();
	}
	watchdog_run();
	CHECK_EQ(resets, 0);
	CHECK_EQ(tx_status_count, 3);
	dev_down();
}

/* The reset on the other CPU marks the device INVALID while we wait. */
static spinlock_t *race_lock;

static void reset_wins_race(spinlock_t *lock)
{
	if (lock == race_lock)
		set_bit(ATH5K_INVALID, &dev.flags);
}

static void test_submit_during_reset(void)
{
	unsigned int q = ath5k_ac_to_hwq(AC_BE);
	unsigned int free_before;

	printf("check: a frame that reaches the queue lock after a reset "
	       "began is dropped before the chip sees it\n");
	dev_up();
	free_before = dev.txbuf_free_len;
	race_lock = &dev.txqs[q].lock;
	ath5k_shim_spin_lock_hook = reset_wins_race;
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	ath5k_shim_spin_lock_hook = NULL;
	CHECK_EQ(chipq[q].starts, 0);
	CHECK_EQ(chipq[q].txdp, 0);
	CHECK_EQ(freed_count, 1);
	CHECK_EQ(ath5k_shim_maps_live, 0);
	CHECK_EQ(dev.txbuf_free_len, free_before);
	CHECK(list_empty(&dev.txqs[q].frames));
	dev_down();
}

/*
 * Keys finding 4: the crypto engine appends the ICV/MIC, so both the
 * frame length and the buffer length the descriptor gives count it (the
 * in-tree driver adds icv_len to the length it passes for both).
 */
static void test_keyed_frame_lengths(void)
{
	struct ieee80211_key_conf key = {
		.cipher = WLAN_CIPHER_SUITE_CCMP, .icv_len = 8, .hw_key_idx = 9,
	};
	unsigned int q = ath5k_ac_to_hwq(AC_BE);
	struct sk_buff *skb = frame(AC_BE);
	struct ath5k_buf *bf;
	u32 c0, c1;

	printf("check: a hardware-keyed frame's lengths count the CCMP MIC\n");
	dev_up();
	IEEE80211_SKB_CB(skb)->control.hw_key = &key;
	ath5k_tx_op(&hw, NULL, skb);
	CHECK(!list_empty(&dev.txqs[q].frames));
	bf = list_first_entry(&dev.txqs[q].frames, struct ath5k_buf, list);
	c0 = le32_to_cpu(bf->desc->tx.ctl[0]);
	c1 = le32_to_cpu(bf->desc->tx.ctl[1]);
	CHECK_EQ(c0 & 0xfff, 24 + 40 + 8 + FCS_LEN);
	CHECK_EQ(c1 & 0xfff, 24 + 40 + 8);
	CHECK(c0 & BIT(30));			/* key valid */
	CHECK_EQ(c1 >> 13 & 0x7f, 9);		/* key index */
	CHECK_EQ(chip_send(q, 10), 1);
	tx_poll();
	dev_down();
}

/* A non-last fragment of a data frame to the station, as mac80211 hands it. */
static struct sk_buff *fragment(s8 probe_idx)
{
	struct sk_buff *skb = frame(AC_BE);
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	struct ieee80211_hdr *h = (void *)skb->data;
	unsigned int i;

	h->frame_control |= cpu_to_le16(IEEE80211_FCTL_MOREFRAGS);
	/*
	 * mac80211 fills no series itself for RC_TABLE hardware (a probe
	 * rate at most), and strips series 1-3 of a non-last fragment.
	 */
	for (i = 0; i < IEEE80211_TX_MAX_RATES; i++)
		info->control.rates[i] = (struct ieee80211_tx_rate){ .idx = -1 };
	if (probe_idx >= 0)
		info->control.rates[0] = (struct ieee80211_tx_rate){
			.idx = probe_idx, .count = 1,
		};
	return skb;
}

/* The tries and the rate code of series @s in @bf's descriptor. */
static unsigned int desc_tries(const struct ath5k_buf *bf, unsigned int s)
{
	return le32_to_cpu(bf->desc->tx.ctl[2]) >> (16 + 4 * s) & 0xf;
}

static unsigned int desc_rate(const struct ath5k_buf *bf, unsigned int s)
{
	return le32_to_cpu(bf->desc->tx.ctl[3]) >> (5 * s) & 0x1f;
}

static void test_fragment_series(void)
{
	struct ieee80211_tx_control ctl = { .sta = &station };
	unsigned int q = ath5k_ac_to_hwq(AC_BE), s;
	struct ath5k_buf *bf;

	printf("check: a non-last fragment gets all four series of the "
	       "station's rate table, not one series of one try\n");
	dev_up();
	for (s = 0; s < IEEE80211_TX_MAX_RATES; s++)
		station_table[s] = (struct ieee80211_tx_rate){
			.idx = 3 - s, .count = 2,
		};
	station_table[0].flags = IEEE80211_TX_RC_USE_RTS_CTS;
	ath5k_tx_op(&hw, &ctl, fragment(-1));
	CHECK(!list_empty(&dev.txqs[q].frames));
	bf = list_first_entry(&dev.txqs[q].frames, struct ath5k_buf, list);
	for (s = 0; s < ATH5K_MRR_SERIES; s++) {
		CHECK_EQ(desc_tries(bf, s), 2);
		CHECK_EQ(desc_rate(bf, s), rates[3 - s].hw_value);
	}
	printf("check: the table's RTS/CTS flag puts RTS on the fragment\n");
	CHECK(le32_to_cpu(bf->desc->tx.ctl[0]) & BIT(22));
	CHECK_EQ(le32_to_cpu(bf->desc->tx.ctl[3]) >> 20 & 0x1f, rates[0].hw_value);

	printf("check: its status reports the table's first rate to mac80211\n");
	CHECK_EQ(chip_send(q, 10), 1);
	tx_poll();
	CHECK_EQ(tx_status_count, 1);
	CHECK_EQ(status_rates[0].idx, 3);
	CHECK_EQ(status_rates[0].count, 1);
	CHECK_EQ(status_rates[1].idx, -1);

	printf("check: a probe rate goes first, the table's series 1-3 after\n");
	ath5k_tx_op(&hw, &ctl, fragment(1));
	bf = list_last_entry(&dev.txqs[q].frames, struct ath5k_buf, list);
	CHECK_EQ(desc_tries(bf, 0), 1);
	CHECK_EQ(desc_rate(bf, 0), rates[1].hw_value);
	for (s = 1; s < ATH5K_MRR_SERIES; s++)
		CHECK_EQ(desc_rate(bf, s), rates[3 - s].hw_value);
	CHECK(!(le32_to_cpu(bf->desc->tx.ctl[0]) & BIT(22)));
	CHECK_EQ(chip_send(q, 10), 1);
	tx_poll();

	printf("check: a table of two series ends the list after two\n");
	station_table[2].idx = -1;
	ath5k_tx_op(&hw, &ctl, fragment(-1));
	bf = list_last_entry(&dev.txqs[q].frames, struct ath5k_buf, list);
	CHECK_EQ(desc_tries(bf, 1), 2);
	CHECK_EQ(desc_tries(bf, 2), 0);
	CHECK_EQ(desc_tries(bf, 3), 0);
	CHECK_EQ(chip_send(q, 10), 1);
	tx_poll();
	CHECK_EQ(tx_status_count, 3);
	CHECK_EQ(freed_count, 0);
	dev_down();
}

/*
 * The AR5210: mac80211 runs one queue (AC 0), so the driver sets up one
 * data queue and no CAB queue; the NAPI poll and the watchdog pass over
 * the queues never set up, and a frame for another category is dropped.
 */
static void test_ar5210_one_queue(void)
{
	unsigned int q = ath5k_ac_to_hwq(0), i;

	printf("check: AR5210: one data queue for AC 0, no CAB queue\n");
	dev_is_5210 = true;
	dev_up();
	dev_is_5210 = false;
	for (i = 0; i < ATH5K_TXQ_DATA_COUNT; i++)
		CHECK_EQ(dev.txqs[i].active, i == q);
	CHECK(!dev.txqs[ATH5K_TXQ_CAB].active);
	CHECK(dev.txqs[ATH5K_TXQ_BEACON].active);

	/* (this chip model writes 4-word status: completion is not checked) */
	printf("check: AR5210: its frames reach the chip; AC 2 has no queue\n");
	ath5k_tx_op(&hw, NULL, frame(0));
	CHECK_EQ(chip_send(q, 10), 1);
	tx_poll();
	ath5k_tx_op(&hw, NULL, frame(AC_BE));
	CHECK_EQ(freed_count, 1);
	CHECK_EQ(chip_send(ath5k_ac_to_hwq(AC_BE), 10), 0);
	watchdog_run();
	CHECK_EQ(resets, 0);
	CHECK_EQ(stopped_acs, 0);
	dev_down();
}

int main(void)
{
	test_fragment_series();
	test_queue_emptied(false);
	test_queue_emptied(true);
	test_txdp_refused();
	test_reap_reads_txdp_once();
	test_watchdog_hung_queue();
	test_submit_during_reset();
	test_keyed_frame_lengths();
	test_ar5210_one_queue();
	return check_done("test_tx_queue");
}
