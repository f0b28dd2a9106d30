// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Beacons for AP, mesh point and IBSS interfaces.  The chip raises a
 * software beacon alert (SWBA) shortly before each target beacon time; we
 * then hand it a fresh beacon from mac80211 on the beacon queue, which
 * the hardware releases at the beacon time, and queue the multicast
 * frames buffered for power-saving stations on the CAB queue behind it
 * (on a chip without one, linked behind the beacon on its own queue).
 * Several AP interfaces share the interval in equal slots.
 */
#include <linux/dma-mapping.h>
#include <linux/err.h>

#include "ath5k.h"

#define ATH5K_DEFAULT_BINTVAL	100	/* TU */
#define ATH5K_TU_SHIFT		10	/* 1 TU = 1024 us */
/* Lead before the first IBSS beacon: past the chip's SWBA lead time. */
#define ATH5K_FIRST_BEACON_TU	16
/* Share of the beacon interval after TBTT the CAB queue may send in. */
#define ATH5K_CAB_PERCENT	80

void ath5k_beacon_init(struct ath5k_dev *dev)
{
	unsigned int i;

	INIT_LIST_HEAD(&dev->bcbuf_free);
	INIT_LIST_HEAD(&dev->bcbuf_retired);
	for (i = 0; i < ATH5K_BEACON_BUFS; i++)
		list_add_tail(&dev->bufs[ATH5K_RX_BUFS + ATH5K_TX_BUFS + i].list,
			      &dev->bcbuf_free);
	INIT_WORK(&dev->beacon_sync_work, ath5k_beacon_sync_work);
	INIT_WORK(&dev->beacon_work, ath5k_beacon_work);
}

int ath5k_beacon_attach_vif(struct ath5k_dev *dev, struct ieee80211_vif *vif)
{
	struct ath5k_vif *avf = ath5k_vif_priv(vif);
	unsigned int slot;

	if (list_empty(&dev->bcbuf_free))
		return -ENOSPC;
	for (slot = 0; slot < ATH5K_BEACON_BUFS; slot++)
		if (!dev->bvif[slot])
			break;
	if (slot == ATH5K_BEACON_BUFS)
		return -ENOSPC;

	avf->beacon = list_first_entry(&dev->bcbuf_free, struct ath5k_buf, list);
	list_del(&avf->beacon->list);
	avf->beacon->skb = NULL;
	/* the beacon work finds avf->beacon set once it sees the slot */
	smp_store_release(&dev->bvif[slot], vif);
	WRITE_ONCE(dev->n_beaconing, dev->n_beaconing + 1);
	return 0;
}

/*
 * The beacon's buffer length as the descriptor gives it: the two-word
 * descriptor chips (AR5210, AR5211) fetch a beacon in whole 32-bit words,
 * so its buffer is rounded up to one, and mapped so.
 */
static unsigned int ath5k_beacon_buf_len(const struct sk_buff *skb)
{
	return ALIGN(skb->len, 4);
}

static void ath5k_beacon_release_skb(struct ath5k_dev *dev, struct ath5k_buf *bf)
{
	if (!bf->skb)
		return;
	dma_unmap_single(dev->dev, bf->skb_dma, ath5k_beacon_buf_len(bf->skb),
			 DMA_TO_DEVICE);
	dev_kfree_skb_any(bf->skb);
	bf->skb = NULL;
}

/* Whether the beacon queue still has @bf to send. */
static bool ath5k_beacon_queued(struct ath5k_dev *dev, struct ath5k_buf *bf)
{
	struct ath5k_hw *ah = &dev->ah;

	return bf->skb && !test_bit(ATH5K_INVALID, &dev->flags) &&
	       ath5k_hw_txq_pending(ah, ATH5K_TXQ_BEACON) &&
	       ath5k_hw_txq_get_txdp(ah, ATH5K_TXQ_BEACON) == bf->desc_dma;
}

void ath5k_beacon_detach_vif(struct ath5k_dev *dev, struct ieee80211_vif *vif)
{
	struct ath5k_vif *avf = ath5k_vif_priv(vif);
	unsigned int slot;

	if (!avf->beacon)
		return;

	for (slot = 0; slot < ATH5K_BEACON_BUFS; slot++)
		if (dev->bvif[slot] == vif)
			WRITE_ONCE(dev->bvif[slot], NULL);
	WRITE_ONCE(dev->n_beaconing, dev->n_beaconing - 1);
	/*
	 * A beacon run may have picked this interface just before: wait
	 * for it.  Later runs do not see it.  Nothing is held disabled
	 * across the queue stop below, which sleeps while beacon alerts
	 * keep queueing the work (issue 28 finding 4).
	 */
	flush_work(&dev->beacon_work);
	/*
	 * The queue may still hold this beacon for the next TBTT: stop it
	 * (the next alert restarts it for the others).  If it will not
	 * stop, the buffer waits for the reset that stops all DMA.
	 */
	if (ath5k_beacon_queued(dev, avf->beacon) &&
	    ath5k_hw_txq_stop(&dev->ah, ATH5K_TXQ_BEACON)) {
		list_add_tail(&avf->beacon->list, &dev->bcbuf_retired);
		ath5k_schedule_reset(dev);
	} else {
		ath5k_beacon_release_skb(dev, avf->beacon);
		list_add_tail(&avf->beacon->list, &dev->bcbuf_free);
	}
	avf->beacon = NULL;
}

/* DMA has stopped: beacons a detach could not take back are free now. */
void ath5k_beacon_reclaim(struct ath5k_dev *dev)
{
	struct ath5k_buf *bf, *next;

	list_for_each_entry_safe(bf, next, &dev->bcbuf_retired, list) {
		ath5k_beacon_release_skb(dev, bf);
		list_move_tail(&bf->list, &dev->bcbuf_free);
	}
}

static unsigned int ath5k_beacon_active(struct ath5k_dev *dev)
{
	unsigned int slot, n = 0;

	for (slot = 0; slot < ATH5K_BEACON_BUFS; slot++)
		if (dev->bvif[slot] && ath5k_vif_priv(dev->bvif[slot])->beacon_on)
			n++;
	return n;
}

/* Interval of the beacon timers: several APs share the beacon interval. */
static u32 ath5k_beacon_period(struct ath5k_dev *dev)
{
	u32 intval = dev->beacon_interval ? dev->beacon_interval :
					    ATH5K_DEFAULT_BINTVAL;

	if (dev->opmode == ATH5K_OPMODE_AP && dev->n_beaconing > 1)
		intval /= ATH5K_BEACON_BUFS;
	return intval;
}

/*
 * Arm the timers for the first TBTT of @period's grid far enough ahead of
 * the TSF for its alert to come, keeping the TSF.
 */
static void ath5k_beacon_arm(struct ath5k_dev *dev, u32 period)
{
	u32 tsf_tu = ath5k_hw_tsf_get(&dev->ah) >> ATH5K_TU_SHIFT;
	u32 next = roundup(tsf_tu + ATH5K_FIRST_BEACON_TU, period);

	ath5k_hw_beacon_timers_init(&dev->ah, next, period, false);
	WRITE_ONCE(dev->beacon_tbtt, next);
	WRITE_ONCE(dev->beacon_period, period);
}

/*
 * (Re)program beacon timing after a reset or a change of beaconing
 * interfaces; dev->lock held and the chip usable.
 */
void ath5k_beacon_config(struct ath5k_dev *dev)
{
	struct ath5k_hw *ah = &dev->ah;
	unsigned int active = ath5k_beacon_active(dev);
	struct ath5k_txq_params p = { };
	u32 intval;

	if (test_bit(ATH5K_INVALID, &dev->flags))
		return;
	if (!active || dev->opmode == ATH5K_OPMODE_STA ||
	    dev->opmode == ATH5K_OPMODE_MONITOR) {
		ath5k_irq_set_wanted(dev, 0, ATH5K_INT_SWBA);
		ath5k_hw_beacon_timers_stop(ah);
		WRITE_ONCE(dev->beacon_period, 0);
		return;
	}

	/* AP beacons burst out; IBSS stations contend among themselves */
	if (dev->opmode == ATH5K_OPMODE_IBSS)
		p.cw_max = 2 * 15;
	if (!ath5k_hw_txq_set_params(ah, ATH5K_TXQ_BEACON, &p))
		ath5k_hw_txq_program(ah, ATH5K_TXQ_BEACON);

	intval = dev->beacon_interval ? dev->beacon_interval :
					ATH5K_DEFAULT_BINTVAL;

	/* buffered multicast may follow the beacon for most of the interval */
	p.cw_min = ATH5K_TXQ_DEFAULT;
	p.cw_max = ATH5K_TXQ_DEFAULT;
	p.aifs = ATH5K_TXQ_DEFAULT;
	p.ready_time = intval * ATH5K_CAB_PERCENT / 100;
	if (dev->txqs[ATH5K_TXQ_CAB].active &&
	    !ath5k_hw_txq_set_params(ah, ATH5K_TXQ_CAB, &p))
		ath5k_hw_txq_program(ah, ATH5K_TXQ_CAB);

	intval = ath5k_beacon_period(dev);
	if (dev->opmode == ATH5K_OPMODE_AP) {
		/* an AP owns its TSF: restart it so the first TBTT is near */
		ath5k_hw_beacon_timers_init(ah, intval, intval, true);
		WRITE_ONCE(dev->beacon_tbtt, intval);
		WRITE_ONCE(dev->beacon_period, intval);
	} else {
		/* IBSS: keep the TSF the network agreed on */
		ath5k_beacon_arm(dev, intval);
	}

	dev->beacon_miss = 0;
	ath5k_irq_set_wanted(dev, ATH5K_INT_SWBA, 0);
}

/*
 * Whether the beacon timers lost touch with TSF @tsf.  They hold absolute
 * TSF times, so the TSF jumping over the next TBTT (an IBSS merge, where
 * the chip takes the later TSF of a beacon from its cell) leaves them
 * behind, where they never fire again, and a jump back leaves them far
 * ahead.  Normally the next TBTT lies between just passed (the alert's
 * work has not run yet) and one period plus the arming lead ahead.
 */
bool ath5k_beacon_timers_stale(struct ath5k_dev *dev, u64 tsf)
{
	u32 period = READ_ONCE(dev->beacon_period);
	s32 ahead;

	if (!period)
		return false;
	ahead = (s32)(READ_ONCE(dev->beacon_tbtt) -
		      (u32)(tsf >> ATH5K_TU_SHIFT));
	return ahead < -ATH5K_FIRST_BEACON_TU ||
	       ahead > (s32)period + ATH5K_FIRST_BEACON_TU;
}

/*
 * Re-arm timers the TSF left behind on the grid of the TSF as it is now:
 * they keep their phase to the TSF, as the cell's other stations do;
 * dev->lock held.
 */
void ath5k_beacon_resync(struct ath5k_dev *dev)
{
	u32 period = READ_ONCE(dev->beacon_period);

	if (!period || test_bit(ATH5K_INVALID, &dev->flags))
		return;
	if (!ath5k_beacon_timers_stale(dev, ath5k_hw_tsf_get(&dev->ah)))
		return;
	ath5k_beacon_arm(dev, period);
	dev->beacon_miss = 0;
}

void ath5k_beacon_sync_work(struct work_struct *work)
{
	struct ath5k_dev *dev = container_of(work, struct ath5k_dev,
					     beacon_sync_work);

	mutex_lock(&dev->lock);
	ath5k_beacon_resync(dev);
	mutex_unlock(&dev->lock);
}

/* The interface whose turn it is at this alert. */
static struct ieee80211_vif *ath5k_beacon_pick(struct ath5k_dev *dev)
{
	unsigned int intval, slot;
	u32 tsf_tu;

	if (dev->opmode != ATH5K_OPMODE_AP ||
	    READ_ONCE(dev->n_beaconing) < 2) {
		for (slot = 0; slot < ATH5K_BEACON_BUFS; slot++) {
			struct ieee80211_vif *vif = READ_ONCE(dev->bvif[slot]);

			if (vif)
				return vif;
		}
		return NULL;
	}
	intval = dev->beacon_interval ? dev->beacon_interval :
					ATH5K_DEFAULT_BINTVAL;
	tsf_tu = ath5k_hw_tsf_get(&dev->ah) >> ATH5K_TU_SHIFT;
	/* the alert comes ahead of the slot it prepares */
	slot = ((tsf_tu % intval) * ATH5K_BEACON_BUFS) / intval;
	return READ_ONCE(dev->bvif[(slot + 1) % ATH5K_BEACON_BUFS]);
}

/* Queue the multicast frames mac80211 held back for the DTIM. */
static void ath5k_beacon_send_cab(struct ath5k_dev *dev,
				  struct ieee80211_vif *vif)
{
	struct ath5k_txq *cabq = &dev->txqs[ATH5K_TXQ_CAB];
	struct sk_buff *skb;

	while ((skb = ieee80211_get_buffered_bc(dev->hw, vif))) {
		if (ath5k_skb_hdr_pad(skb) ||
		    ath5k_txq_fill_full(&cabq->fill, ATH5K_TXQ_LEN_MAX) ||
		    ath5k_tx_submit(dev, cabq, NULL, skb))
			ieee80211_free_txskb(dev->hw, skb);
	}
}

/*
 * Without a CAB queue (AR5210) the held multicast rides the beacon
 * queue: linked behind the beacon's descriptor onto @chain, the chip
 * sends it right after the beacon at TBTT, never before it (the
 * kernel's qcu.c puts the 5210's CAB queue on the beacon queue too).
 * Each asks for a completion interrupt: there is no later frame on that
 * queue to carry one.
 */
static void ath5k_beacon_chain_cab(struct ath5k_dev *dev,
				   struct ieee80211_vif *vif,
				   struct ath5k_buf *beacon,
				   struct list_head *chain)
{
	__le32 *link = &beacon->desc->link;
	unsigned int n = 0;
	struct ath5k_buf *bf;
	struct sk_buff *skb;

	while (n < ATH5K_TXQ_LEN_MAX &&
	       (skb = ieee80211_get_buffered_bc(dev->hw, vif))) {
		bf = ath5k_skb_hdr_pad(skb) ? ERR_PTR(-EINVAL) :
		     ath5k_tx_prepare(dev, NULL, skb, true);
		if (IS_ERR(bf)) {
			ieee80211_free_txskb(dev->hw, skb);
			continue;
		}
		*link = cpu_to_le32(bf->desc_dma);
		link = &bf->desc->link;
		list_add_tail(&bf->list, chain);
		n++;
	}
}

/* The beacon never went out: neither will the frames behind it. */
static void ath5k_beacon_drop_chain(struct ath5k_dev *dev,
				    struct list_head *chain)
{
	struct ath5k_buf *bf, *next;
	struct sk_buff *skb;

	list_for_each_entry_safe(bf, next, chain, list) {
		skb = bf->skb;
		list_del(&bf->list);
		ath5k_tx_unprepare(dev, bf);
		ieee80211_free_txskb(dev->hw, skb);
	}
}

static int ath5k_beacon_setup(struct ath5k_dev *dev, struct ath5k_buf *bf,
			      struct sk_buff *skb)
{
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	const struct ieee80211_rate *rate = ieee80211_get_tx_rate(dev->hw, info);
	struct ath5k_tx_params p = {
		.frame_len = skb->len + FCS_LEN,
		.buf_len = ath5k_beacon_buf_len(skb),
		.pkt_type = ATH5K_PKT_BEACON,
		.hdr_len = 24,		/* a management frame's header */
		.txpower = ath5k_hw_desc_txpower(&dev->ah,
						 min(dev->power_level * 2, 0xfe)),
		.flags = ATH5K_TXF_NOACK,
		.key_index = ATH5K_KEY_INVALID,
		.tries = { 1 },
	};
	unsigned int pad;
	int ret;

	if (!rate)
		return -EINVAL;
	p.rate[0] = rate->hw_value;

	/* the rounding's bytes are the buffer's, zeroed, never the frame's */
	pad = p.buf_len - skb->len;
	if (skb_tailroom(skb) < pad &&
	    pskb_expand_head(skb, 0, pad, GFP_ATOMIC))
		return -ENOMEM;
	memset(skb_tail_pointer(skb), 0, pad);

	bf->skb_dma = dma_map_single(dev->dev, skb->data, p.buf_len,
				     DMA_TO_DEVICE);
	if (dma_mapping_error(dev->dev, bf->skb_dma))
		return -EIO;
	ret = ath5k_hw_tx_desc_setup(&dev->ah, bf->desc, &p);
	if (ret) {
		dma_unmap_single(dev->dev, bf->skb_dma, p.buf_len,
				 DMA_TO_DEVICE);
		return ret;
	}
	bf->desc->link = 0;
	bf->desc->data = cpu_to_le32(bf->skb_dma);
	bf->skb = skb;
	return 0;
}

static void ath5k_beacon_alert(struct ath5k_dev *dev)
{
	struct ath5k_hw *ah = &dev->ah;
	struct ieee80211_vif *vif;
	struct ath5k_vif *avf;
	struct sk_buff *skb;
	LIST_HEAD(chain);

	if (test_bit(ATH5K_INVALID, &dev->flags))
		return;
	/* the alert comes once per period: the timers wait for the next TBTT */
	WRITE_ONCE(dev->beacon_tbtt, READ_ONCE(dev->beacon_tbtt) +
				     READ_ONCE(dev->beacon_period));

	/* the previous beacon never left: the medium or the chip is stuck */
	if (ath5k_hw_txq_pending(ah, ATH5K_TXQ_BEACON)) {
		if (++dev->beacon_miss >= ATH5K_BEACON_STUCK) {
			dev_warn(dev->dev, "beacon queue stuck\n");
			ath5k_schedule_reset(dev);
		}
		return;
	}
	dev->beacon_miss = 0;

	vif = ath5k_beacon_pick(dev);
	if (!vif)
		return;
	avf = ath5k_vif_priv(vif);
	if (!avf->beacon || !avf->beacon_on)
		return;

	skb = ieee80211_beacon_get(dev->hw, vif, 0);
	if (!skb)
		return;
	ath5k_beacon_release_skb(dev, avf->beacon);
	if (ath5k_beacon_setup(dev, avf->beacon, skb)) {
		dev_kfree_skb_any(skb);
		return;
	}

	if (!dev->txqs[ATH5K_TXQ_CAB].active)
		ath5k_beacon_chain_cab(dev, vif, avf->beacon, &chain);

	dma_wmb();
	if (ath5k_hw_txq_set_txdp(ah, ATH5K_TXQ_BEACON, avf->beacon->desc_dma)) {
		ath5k_beacon_drop_chain(dev, &chain);
		return;
	}
	ath5k_hw_txq_start(ah, ATH5K_TXQ_BEACON);

	if (dev->txqs[ATH5K_TXQ_CAB].active)
		ath5k_beacon_send_cab(dev, vif);
	else
		ath5k_txq_adopt(&dev->txqs[ATH5K_TXQ_BEACON], &chain);
}

/*
 * At SWBA, queued by the interrupt handler on the high-priority BH
 * workqueue.  Kernels before 6.9 have none and run it on a thread
 * (compat/), so the body keeps BH off itself: mac80211 hands out
 * beacons and buffered multicast with BH disabled.
 */
void ath5k_beacon_work(struct work_struct *work)
{
	struct ath5k_dev *dev = container_of(work, struct ath5k_dev,
					     beacon_work);

	local_bh_disable();
	ath5k_beacon_alert(dev);
	local_bh_enable();
}
