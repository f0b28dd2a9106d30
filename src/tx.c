// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Transmit path: the descriptor block, the data and content-after-beacon
 * queues, per-frame descriptor setup with multi-rate retry, completion
 * with status for rate control, and the stuck-queue watchdog.
 *
 * A hardware queue follows a chain of descriptors and stops at a zero
 * link, leaving its descriptor pointer on the last one.  Frames are
 * appended by patching that last link and re-enabling the queue, so the
 * descriptor the hardware points at is never recycled until it moves on.
 */
#include <linux/dma-mapping.h>
#include <linux/err.h>
#include <linux/etherdevice.h>

#include "ath5k.h"
#include "frame.h"

#define ATH5K_DESC_COUNT (ATH5K_RX_BUFS + ATH5K_TX_BUFS + ATH5K_BEACON_BUFS)

/* ----- descriptor block ----------------------------------------------- */

/*
 * One coherent block holds every descriptor: RX ring first, then the TX
 * pool, then one beacon descriptor per beaconing interface.
 */
int ath5k_tx_init(struct ath5k_dev *dev)
{
	unsigned int i;

	dev->descs_len = ATH5K_DESC_COUNT * sizeof(struct ath5k_desc);
	dev->descs = dma_alloc_coherent(dev->dev, dev->descs_len,
					&dev->descs_dma, GFP_KERNEL);
	if (!dev->descs)
		return -ENOMEM;

	dev->bufs = kcalloc(ATH5K_DESC_COUNT, sizeof(*dev->bufs), GFP_KERNEL);
	if (!dev->bufs) {
		dma_free_coherent(dev->dev, dev->descs_len, dev->descs,
				  dev->descs_dma);
		dev->descs = NULL;
		return -ENOMEM;
	}

	for (i = 0; i < ATH5K_DESC_COUNT; i++) {
		dev->bufs[i].desc = &dev->descs[i];
		dev->bufs[i].desc_dma = dev->descs_dma +
					i * sizeof(struct ath5k_desc);
	}

	spin_lock_init(&dev->txbuf_lock);
	INIT_LIST_HEAD(&dev->txbuf_free);
	for (i = ATH5K_RX_BUFS; i < ATH5K_RX_BUFS + ATH5K_TX_BUFS; i++)
		list_add_tail(&dev->bufs[i].list, &dev->txbuf_free);
	dev->txbuf_free_len = ATH5K_TX_BUFS;
	return 0;
}

void ath5k_tx_deinit(struct ath5k_dev *dev)
{
	unsigned int q;

	for (q = 0; q < ATH5K_TXQ_COUNT; q++) {
		if (dev->txqs[q].active)
			ath5k_hw_txq_release(&dev->ah, q);
		dev->txqs[q].active = false;
	}
	kfree(dev->bufs);
	dev->bufs = NULL;
	if (dev->descs)
		dma_free_coherent(dev->dev, dev->descs_len, dev->descs,
				  dev->descs_dma);
	dev->descs = NULL;
}

static struct ath5k_buf *ath5k_txbuf_get(struct ath5k_dev *dev)
{
	struct ath5k_buf *bf = NULL;

	spin_lock_bh(&dev->txbuf_lock);
	if (!list_empty(&dev->txbuf_free)) {
		bf = list_first_entry(&dev->txbuf_free, struct ath5k_buf, list);
		list_del(&bf->list);
		dev->txbuf_free_len--;
	}
	/* out of descriptors: hold every queue until completions free some */
	if (!dev->txbuf_free_len)
		ieee80211_stop_queues(dev->hw);
	spin_unlock_bh(&dev->txbuf_lock);
	return bf;
}

static void ath5k_txbuf_put(struct ath5k_dev *dev, struct ath5k_buf *bf)
{
	spin_lock_bh(&dev->txbuf_lock);
	list_add_tail(&bf->list, &dev->txbuf_free);
	dev->txbuf_free_len++;
	spin_unlock_bh(&dev->txbuf_lock);
}

/* ----- queues --------------------------------------------------------- */

static int ath5k_txq_add(struct ath5k_dev *dev, unsigned int q,
			 enum ath5k_txq_type type,
			 const struct ath5k_txq_params *params)
{
	struct ath5k_txq *txq = &dev->txqs[q];
	int ret;

	ret = ath5k_hw_txq_setup(&dev->ah, q, type, params);
	if (ret) {
		dev_err(dev->dev, "cannot set up TX queue %u: %d\n", q, ret);
		return ret;
	}
	txq->qnum = q;
	txq->active = true;
	spin_lock_init(&txq->lock);
	INIT_LIST_HEAD(&txq->frames);
	txq->tail_link = NULL;
	txq->txdp_pending = false;
	ath5k_txq_fill_reset(&txq->fill);
	return 0;
}

int ath5k_txq_setup_all(struct ath5k_dev *dev)
{
	struct ath5k_txq_params p = {
		.aifs = ATH5K_TXQ_DEFAULT,
		.cw_min = ATH5K_TXQ_DEFAULT,
		.cw_max = ATH5K_TXQ_DEFAULT,
	};
	unsigned int q;
	int ret;

	/*
	 * The AR5210 has one data queue (mac80211's only queue, AC 0) and
	 * no CAB queue: buffered multicast follows the beacon on the beacon
	 * queue (beacon.c).
	 */
	for (q = 0; q < ATH5K_TXQ_DATA_COUNT; q++) {
		if (!(dev->ah.caps & ATH5K_CAP_WMM) && q != ath5k_ac_to_hwq(0))
			continue;
		ret = ath5k_txq_add(dev, q, ATH5K_TXQ_TYPE_DATA, &p);
		if (ret)
			return ret;
	}
	/* beacon.c sets the CAB ready time once the interval is known */
	if (dev->ah.caps & ATH5K_CAP_WMM) {
		ret = ath5k_txq_add(dev, ATH5K_TXQ_CAB, ATH5K_TXQ_TYPE_CAB, &p);
		if (ret)
			return ret;
	}
	/* beacons go out without backoff */
	p.aifs = 0;
	p.cw_min = 0;
	p.cw_max = 0;
	return ath5k_txq_add(dev, ATH5K_TXQ_BEACON, ATH5K_TXQ_TYPE_BEACON, &p);
}

/* WMM parameters from mac80211 for access category @ac. */
int ath5k_txq_conf(struct ath5k_dev *dev, unsigned int ac,
		   const struct ieee80211_tx_queue_params *params)
{
	unsigned int q = ath5k_ac_to_hwq(ac);
	struct ath5k_txq_params p = {
		.aifs = params->aifs,
		.cw_min = params->cw_min,
		.cw_max = params->cw_max,
		.burst_time = params->txop * 32,	/* units of 32 us */
	};
	int ret;

	/* categories without a queue of their own (AR5210): nothing to do */
	if (!dev->txqs[q].active)
		return 0;
	ret = ath5k_hw_txq_set_params(&dev->ah, q, &p);
	if (ret)
		return ret;
	if (test_bit(ATH5K_INVALID, &dev->flags))
		return 0;
	return ath5k_hw_txq_program(&dev->ah, q);
}

/* ----- per-frame setup ------------------------------------------------ */

/* Bytes of padding the hardware wants after the 802.11 header. */
unsigned int ath5k_frame_pad(const struct sk_buff *skb)
{
	return ath5k_hdr_pad(ieee80211_get_hdrlen_from_skb(skb));
}

/* Pad the header of a frame from mac80211 the way the chip wants it. */
int ath5k_skb_hdr_pad(struct sk_buff *skb)
{
	unsigned int hdrlen = ieee80211_get_hdrlen_from_skb(skb);
	unsigned int pad = ath5k_hdr_pad(hdrlen);

	if (!pad)
		return 0;
	if (skb_headroom(skb) < pad)
		return -ENOMEM;
	ath5k_hdr_pad_insert(skb_push(skb, pad), hdrlen);
	return 0;
}

/* Undo ath5k_skb_hdr_pad() before the frame goes back to mac80211. */
void ath5k_skb_hdr_unpad(struct sk_buff *skb)
{
	unsigned int pad = ath5k_frame_pad(skb);

	if (!pad)
		return;
	ath5k_hdr_pad_remove(skb->data, ieee80211_get_hdrlen_from_skb(skb));
	skb_pull(skb, pad);
}

static u8 ath5k_pkt_type(const struct sk_buff *skb)
{
	const struct ieee80211_hdr *hdr = (const struct ieee80211_hdr *)skb->data;

	if (ieee80211_is_beacon(hdr->frame_control))
		return ATH5K_PKT_BEACON;
	if (ieee80211_is_probe_resp(hdr->frame_control))
		return ATH5K_PKT_PROBE_RESP;
	if (ieee80211_is_atim(hdr->frame_control))
		return ATH5K_PKT_ATIM;
	if (ieee80211_is_pspoll(hdr->frame_control))
		return ATH5K_PKT_PSPOLL;
	return ATH5K_PKT_NORMAL;
}

/*
 * Rate series for @skb, as hardware rate codes.  With SUPPORTS_RC_TABLE
 * mac80211 leaves info->control.rates holding at most a probe rate; the
 * series come from the station's rate table.  Taking them from there
 * matters for fragments too: mac80211 strips series 1-3 of every
 * fragment but the last one, which then gets the tries of series 0
 * alone.  @bf keeps the series for the status report.
 */
static void ath5k_tx_rates(struct ath5k_dev *dev, struct ieee80211_sta *sta,
			   struct sk_buff *skb, struct ath5k_buf *bf,
			   struct ath5k_tx_params *p)
{
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	struct ieee80211_supported_band *sband = dev->hw->wiphy->bands[info->band];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bf->rates); i++) {
		bf->rates[i].idx = -1;
		bf->rates[i].count = 0;
		bf->rates[i].flags = 0;
	}
	ieee80211_get_tx_rates(info->control.vif, sta, skb, bf->rates,
			       ARRAY_SIZE(bf->rates));

	memset(p->rate, 0, sizeof(p->rate));
	memset(p->tries, 0, sizeof(p->tries));
	for (i = 0; i < ATH5K_MRR_SERIES; i++) {
		struct ieee80211_tx_rate *r = &bf->rates[i];
		const struct ieee80211_rate *rate;

		/* the first empty entry ends the list; later ones are stale */
		if (r->idx < 0 || !r->count || r->idx >= sband->n_bitrates)
			break;
		rate = &sband->bitrates[r->idx];
		p->rate[i] = rate->hw_value;
		if (r->flags & IEEE80211_TX_RC_USE_SHORT_PREAMBLE &&
		    rate->hw_value_short)
			p->rate[i] = rate->hw_value_short;
		p->tries[i] = r->count;
	}
	for (; i < ARRAY_SIZE(bf->rates); i++)
		bf->rates[i].idx = -1;
	/* mac80211 always fills series 0; guard a malformed table anyway */
	if (!p->tries[0]) {
		bf->rates[0].idx = 0;
		bf->rates[0].count = 1;
		bf->rates[0].flags = 0;
		p->rate[0] = sband->bitrates[0].hw_value;
		p->tries[0] = 1;
	}
}

/* RTS/CTS or CTS-to-self, as the first series asks. */
static void ath5k_tx_protection(struct ath5k_dev *dev, struct sk_buff *skb,
				const struct ath5k_buf *bf,
				struct ath5k_tx_params *p)
{
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	u16 flags = bf->rates[0].flags;
	const struct ieee80211_rate *rate;
	__le16 dur;

	if (!(flags & (IEEE80211_TX_RC_USE_RTS_CTS | IEEE80211_TX_RC_USE_CTS_PROTECT)))
		return;
	rate = ieee80211_get_rts_cts_rate(dev->hw, info);
	if (!rate)
		return;
	p->rtscts_rate = rate->hw_value;
	if (flags & IEEE80211_TX_RC_USE_RTS_CTS) {
		p->flags |= ATH5K_TXF_RTS;
		dur = ieee80211_rts_duration(dev->hw, info->control.vif,
					     p->frame_len, info);
	} else {
		p->flags |= ATH5K_TXF_CTS;
		dur = ieee80211_ctstoself_duration(dev->hw, info->control.vif,
						   p->frame_len, info);
	}
	p->rtscts_duration = le16_to_cpu(dur);
}

/*
 * A completion interrupt for one frame in ATH5K_TX_INTREQ_EVERY: each
 * interrupt costs a handler pass and several bus accesses, and the
 * queue's end-of-list interrupt reports the frames after the last one
 * that asked as soon as the queue runs dry.  Submitters racing on the
 * count only move which frame asks.
 */
static bool ath5k_txq_wants_intreq(struct ath5k_txq *txq)
{
	unsigned int n = READ_ONCE(txq->since_intreq) + 1;

	if (n < ATH5K_TX_INTREQ_EVERY) {
		WRITE_ONCE(txq->since_intreq, n);
		return false;
	}
	WRITE_ONCE(txq->since_intreq, 0);
	return true;
}

/*
 * Start queue @txq on its frames; txq->lock held.  A new chain needs TXDP
 * on its first descriptor, which the chip refuses while the queue is
 * still enabled at the end of its previous chain.  Starting then would
 * send the queue on from its old TXDP, which no longer leads to these
 * frames, so they wait: the queue raises TXEOL as it clears TXE, and the
 * NAPI poll tries again.
 */
static void ath5k_txq_kick(struct ath5k_dev *dev, struct ath5k_txq *txq)
{
	struct ath5k_buf *first;

	if (txq->txdp_pending) {
		if (list_empty(&txq->frames))
			return;
		first = list_first_entry(&txq->frames, struct ath5k_buf, list);
		if (ath5k_hw_txq_set_txdp(&dev->ah, txq->qnum, first->desc_dma))
			return;
		txq->txdp_pending = false;
	}
	ath5k_hw_txq_start(&dev->ah, txq->qnum);
}

/*
 * Take a buffer and write the descriptor of @skb (header already padded)
 * for station @sta (or NULL: group-addressed, or no station entry),
 * unlinked and on no queue.  On error the caller still owns the skb.
 */
struct ath5k_buf *ath5k_tx_prepare(struct ath5k_dev *dev,
				   struct ieee80211_sta *sta,
				   struct sk_buff *skb, bool intreq)
{
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	struct ieee80211_key_conf *key = info->control.hw_key;
	struct ath5k_tx_params p = { };
	struct ath5k_buf *bf;
	int ret;

	bf = ath5k_txbuf_get(dev);
	if (!bf)
		return ERR_PTR(-ENOSPC);

	bf->skb_dma = dma_map_single(dev->dev, skb->data, skb->len,
				     DMA_TO_DEVICE);
	if (dma_mapping_error(dev->dev, bf->skb_dma)) {
		ath5k_txbuf_put(dev, bf);
		return ERR_PTR(-EIO);
	}

	p.frame_len = skb->len - ath5k_frame_pad(skb) + FCS_LEN;
	p.buf_len = skb->len;
	p.pkt_type = ath5k_pkt_type(skb);
	p.hdr_len = ieee80211_get_hdrlen_from_skb(skb);
	p.txpower = ath5k_hw_desc_txpower(&dev->ah,
					  min(dev->power_level * 2, 0xfe));
	p.flags = ATH5K_TXF_CLRDMASK;
	if (intreq)
		p.flags |= ATH5K_TXF_INTREQ;
	if (info->flags & IEEE80211_TX_CTL_NO_ACK)
		p.flags |= ATH5K_TXF_NOACK;
	p.key_index = ATH5K_KEY_INVALID;
	if (key) {
		/* the crypto engine appends the ICV or MIC: count its room */
		p.key_index = key->hw_key_idx;
		p.frame_len += key->icv_len;
		p.buf_len += key->icv_len;
	}
	ath5k_tx_rates(dev, sta, skb, bf, &p);
	ath5k_tx_protection(dev, skb, bf, &p);

	ret = ath5k_hw_tx_desc_setup(&dev->ah, bf->desc, &p);
	if (ret) {
		dma_unmap_single(dev->dev, bf->skb_dma, skb->len, DMA_TO_DEVICE);
		ath5k_txbuf_put(dev, bf);
		return ERR_PTR(ret);
	}
	bf->desc->link = 0;
	bf->desc->data = cpu_to_le32(bf->skb_dma);
	bf->skb = skb;
	return bf;
}

/* Undo ath5k_tx_prepare() for a frame never handed to the hardware. */
void ath5k_tx_unprepare(struct ath5k_dev *dev, struct ath5k_buf *bf)
{
	dma_unmap_single(dev->dev, bf->skb_dma, bf->skb->len, DMA_TO_DEVICE);
	bf->skb = NULL;
	ath5k_txbuf_put(dev, bf);
}

/*
 * Hand @skb (header already padded) to queue @txq, for station @sta (or
 * NULL: group-addressed, or no station entry).  On error the caller
 * still owns the skb.
 */
int ath5k_tx_submit(struct ath5k_dev *dev, struct ath5k_txq *txq,
		    struct ieee80211_sta *sta, struct sk_buff *skb)
{
	struct ath5k_buf *bf;

	bf = ath5k_tx_prepare(dev, sta, skb, ath5k_txq_wants_intreq(txq));
	if (IS_ERR(bf))
		return PTR_ERR(bf);

	spin_lock_bh(&txq->lock);
	/* a reset stops DMA only after every submitter has left this lock */
	if (test_bit(ATH5K_INVALID, &dev->flags)) {
		spin_unlock_bh(&txq->lock);
		ath5k_tx_unprepare(dev, bf);
		return -ENETDOWN;
	}
	list_add_tail(&bf->list, &txq->frames);
	ath5k_txq_fill_queued(&txq->fill);
	/* the descriptor must be complete before the hardware can reach it */
	dma_wmb();
	if (txq->tail_link)
		*txq->tail_link = cpu_to_le32(bf->desc_dma);
	else
		txq->txdp_pending = true;	/* first of a new chain */
	txq->tail_link = &bf->desc->link;
	ath5k_txq_kick(dev, txq);
	spin_unlock_bh(&txq->lock);
	return 0;
}

/*
 * Take over @frames, prepared and already linked into a chain the
 * hardware was given some other way (behind a beacon), so that their
 * completions are reaped like the queue's own.
 */
void ath5k_txq_adopt(struct ath5k_txq *txq, struct list_head *frames)
{
	struct ath5k_buf *bf;

	spin_lock_bh(&txq->lock);
	list_for_each_entry(bf, frames, list)
		ath5k_txq_fill_queued(&txq->fill);
	list_splice_tail_init(frames, &txq->frames);
	spin_unlock_bh(&txq->lock);
}

void ath5k_tx_op(struct ieee80211_hw *hw, struct ieee80211_tx_control *ctl,
		 struct sk_buff *skb)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	unsigned int ac = skb_get_queue_mapping(skb);
	struct ath5k_txq *txq;

	if (ac >= ATH5K_TXQ_DATA_COUNT || test_bit(ATH5K_INVALID, &dev->flags))
		goto drop;
	txq = &dev->txqs[ath5k_ac_to_hwq(ac)];
	if (!txq->active)	/* AR5210: one queue, mac80211 uses AC 0 */
		goto drop;

	if (ath5k_skb_hdr_pad(skb))
		goto drop;

	if (ath5k_tx_submit(dev, txq, ctl ? ctl->sta : NULL, skb))
		goto drop;
	/* under the lock the NAPI poll wakes the queue with */
	spin_lock_bh(&txq->lock);
	if (ath5k_txq_fill_full(&txq->fill, READ_ONCE(dev->txq_limit)))
		ieee80211_stop_queue(hw, ac);
	spin_unlock_bh(&txq->lock);
	return;
drop:
	ieee80211_free_txskb(hw, skb);
}

/* ----- completion ----------------------------------------------------- */

/* Report @skb's outcome with the series ath5k_tx_rates() programmed. */
static void ath5k_tx_done(struct ath5k_dev *dev, struct sk_buff *skb,
			  const struct ath5k_tx_status *ts,
			  const struct ath5k_buf *bf)
{
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	u8 tries[ATH5K_MRR_SERIES], attempts[ATH5K_MRR_SERIES];
	unsigned int final, i;

	/* what the descriptor allowed: ath5k_tx_rates() ended the list */
	for (i = 0; i < ATH5K_MRR_SERIES; i++)
		tries[i] = bf->rates[i].idx < 0 ? 0 : bf->rates[i].count;
	BUILD_BUG_ON(sizeof(info->status.rates) != sizeof(bf->rates));
	memcpy(info->status.rates, bf->rates, sizeof(info->status.rates));
	ieee80211_tx_info_clear_status(info);
	final = ath5k_hw_tx_attempts(ts, tries, attempts);
	for (i = 0; i <= final; i++)
		info->status.rates[i].count = attempts[i];
	if (final + 1 < IEEE80211_TX_MAX_RATES)
		info->status.rates[final + 1].idx = -1;

	if (ts->flags & ATH5K_TXS_OK) {
		if (info->flags & IEEE80211_TX_CTL_NO_ACK) {
			info->flags |= IEEE80211_TX_STAT_NOACK_TRANSMITTED;
		} else {
			info->flags |= IEEE80211_TX_STAT_ACK;
			info->status.ack_signal = dev->ah.noise_floor +
						  ts->ack_rssi;
			compat_tx_status_set_ack_signal_valid(info);
		}
	} else if (ts->flags & ATH5K_TXS_FILTERED) {
		info->flags |= IEEE80211_TX_STAT_TX_FILTERED;
	}

	ath5k_skb_hdr_unpad(skb);
	ieee80211_tx_status_skb(dev->hw, skb);
}

/* Has the hardware completed the frame queued after @bf; txq->lock held. */
static bool ath5k_txq_left_behind(struct ath5k_dev *dev, struct ath5k_txq *txq,
				  struct ath5k_buf *bf)
{
	return !list_is_last(&bf->list, &txq->frames) &&
	       ath5k_hw_tx_desc_done(&dev->ah,
				     list_next_entry(bf, list)->desc);
}

/*
 * Has the oldest frame of @txq not yet reaped completed?  Past the
 * descriptor kept for the queue's TXDP, if any; from memory only.
 * txq->lock held.
 */
static bool ath5k_txq_done_waiting(struct ath5k_dev *dev,
				   struct ath5k_txq *txq)
{
	struct ath5k_buf *bf;

	list_for_each_entry(bf, &txq->frames, list)
		if (bf->skb)
			return ath5k_hw_tx_desc_done(&dev->ah, bf->desc);
	return false;
}

/* Reap finished frames of @txq; runs in the NAPI poll. */
static void ath5k_txq_reap(struct ath5k_dev *dev, struct ath5k_txq *txq)
{
	struct ath5k_buf *bf, *next;
	struct ath5k_tx_status ts;

	spin_lock(&txq->lock);
	/*
	 * The poll runs for RX as well: without a completion, leave the
	 * descriptor kept for TXDP to the next one rather than pay a bus
	 * read to learn whether the chip still points at it.
	 */
	if (!ath5k_txq_done_waiting(dev, txq) && !txq->txdp_pending) {
		spin_unlock(&txq->lock);
		return;
	}
	list_for_each_entry_safe(bf, next, &txq->frames, list) {
		if (bf->skb) {
			struct sk_buff *skb = bf->skb;

			if (ath5k_hw_tx_desc_status(&dev->ah, bf->desc, &ts) == -EINPROGRESS)
				break;
			/* progress: only a completion calms the watchdog */
			txq->watchdog_mark = false;
			dma_unmap_single(dev->dev, bf->skb_dma, skb->len,
					 DMA_TO_DEVICE);
			bf->skb = NULL;
			ath5k_txq_fill_completed(&txq->fill);
			ath5k_tx_done(dev, skb, &ts, bf);
		}
		/*
		 * Keep the descriptor the queue still points at; a completed
		 * successor shows it has moved on without a bus read.
		 */
		if (!ath5k_txq_left_behind(dev, txq, bf) &&
		    ath5k_hw_txq_get_txdp(&dev->ah, txq->qnum) == bf->desc_dma)
			break;
		list_del(&bf->list);
		ath5k_txq_fill_released(&txq->fill);
		ath5k_txbuf_put(dev, bf);
	}
	/* nothing left to link to: the next frame sets TXDP afresh */
	if (list_empty(&txq->frames))
		txq->tail_link = NULL;
	/* a chain the chip refused: its previous one has ended by now */
	else if (txq->txdp_pending)
		ath5k_txq_kick(dev, txq);
	spin_unlock(&txq->lock);
}

/*
 * Called by the NAPI poll: reap every queue, wake the data queues with
 * room.  The beacon queue's list holds no beacon, only the group frames
 * a chip without a CAB queue sends behind one (beacon.c).
 */
void ath5k_tx_complete(struct ath5k_dev *dev)
{
	unsigned int q;

	for (q = 0; q < ATH5K_TXQ_COUNT; q++)
		if (dev->txqs[q].active)
			ath5k_txq_reap(dev, &dev->txqs[q]);

	/*
	 * Wake every queue with room, not only those reaped: a queue may
	 * have been stopped because the shared descriptor pool ran dry.
	 */
	for (q = 0; q < ATH5K_TXQ_DATA_COUNT; q++) {
		struct ath5k_txq *txq = &dev->txqs[q];

		if (!txq->active)
			continue;
		spin_lock(&txq->lock);
		if (ath5k_txq_fill_has_room(&txq->fill,
					    READ_ONCE(dev->txq_limit)) &&
		    READ_ONCE(dev->txbuf_free_len))
			ieee80211_wake_queue(dev->hw, ath5k_hwq_to_ac(q));
		spin_unlock(&txq->lock);
	}
}

/* Has a queue's oldest frame completed?  From memory, for the poll. */
bool ath5k_tx_pending(struct ath5k_dev *dev)
{
	bool done = false;
	unsigned int q;

	for (q = 0; q < ATH5K_TXQ_COUNT && !done; q++) {
		struct ath5k_txq *txq = &dev->txqs[q];

		if (!txq->active)
			continue;
		spin_lock(&txq->lock);
		done = ath5k_txq_done_waiting(dev, txq);
		spin_unlock(&txq->lock);
	}
	return done;
}

/*
 * Wait for submitters that checked INVALID before it was set: after this
 * nobody adds to a queue until INVALID is cleared.
 */
void ath5k_txq_sync(struct ath5k_dev *dev)
{
	unsigned int q;

	for (q = 0; q < ATH5K_TXQ_COUNT; q++) {
		struct ath5k_txq *txq = &dev->txqs[q];

		if (!txq->active)
			continue;
		spin_lock_bh(&txq->lock);
		spin_unlock_bh(&txq->lock);
	}
}

/* Drop every queued frame; DMA must already be stopped. */
void ath5k_txq_drain_all(struct ath5k_dev *dev)
{
	unsigned int q;

	for (q = 0; q < ATH5K_TXQ_COUNT; q++) {
		struct ath5k_txq *txq = &dev->txqs[q];
		struct ath5k_buf *bf, *next;

		if (!txq->active)
			continue;
		spin_lock_bh(&txq->lock);
		list_for_each_entry_safe(bf, next, &txq->frames, list) {
			if (bf->skb) {
				dma_unmap_single(dev->dev, bf->skb_dma,
						 bf->skb->len, DMA_TO_DEVICE);
				ieee80211_free_txskb(dev->hw, bf->skb);
				bf->skb = NULL;
			}
			list_del(&bf->list);
			ath5k_txbuf_put(dev, bf);
		}
		ath5k_txq_fill_reset(&txq->fill);
		txq->tail_link = NULL;
		txq->txdp_pending = false;
		spin_unlock_bh(&txq->lock);
	}
}

/*
 * A data queue that holds frames but completed none for a whole period
 * has hung; only a reset brings it back.
 */
void ath5k_tx_watchdog(struct work_struct *work)
{
	struct ath5k_dev *dev = container_of(work, struct ath5k_dev,
					     tx_watchdog.work);
	bool stuck = false;
	unsigned int q;

	if (!test_bit(ATH5K_RUNNING, &dev->flags))
		return;

	for (q = 0; q < ATH5K_TXQ_DATA_COUNT; q++) {
		struct ath5k_txq *txq = &dev->txqs[q];

		if (!txq->active)
			continue;
		spin_lock_bh(&txq->lock);
		if (txq->fill.pending) {
			if (txq->watchdog_mark) {
				dev_warn(dev->dev, "TX queue %u stuck with %u frames\n",
					 q, txq->fill.pending);
				stuck = true;
			}
			txq->watchdog_mark = true;
		}
		spin_unlock_bh(&txq->lock);
	}
	if (stuck)
		ath5k_schedule_reset(dev);

	/* also covers calibration on an idle channel without interrupts */
	if (time_is_before_eq_jiffies(dev->cal_next_short))
		ieee80211_queue_work(dev->hw, &dev->calib_work);

	ieee80211_queue_delayed_work(dev->hw, &dev->tx_watchdog,
				     msecs_to_jiffies(ATH5K_TX_WATCHDOG_SEC * 1000));
}
