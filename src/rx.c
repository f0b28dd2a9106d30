// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Receive path.  A ring of ATH5K_RX_BUFS descriptors, each new one linked
 * to itself so the hardware parks on the last instead of running off the
 * end; re-armed buffers are chained behind it.  A received buffer goes up
 * to mac80211 only when a replacement skb is at hand; otherwise the frame
 * is dropped and its buffer reused, so the ring never shrinks.
 */
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>

#include "ath5k.h"
#include "frame.h"

static struct sk_buff *ath5k_rx_skb_alloc(struct ath5k_dev *dev,
					  dma_addr_t *dma, gfp_t gfp)
{
	unsigned int misalign;
	struct sk_buff *skb;

	/* DMA wants the buffer on a cache-line boundary */
	skb = __dev_alloc_skb(dev->rx_bufsize + dev->cachelsz - 1, gfp);
	if (!skb)
		return NULL;
	misalign = (unsigned long)skb->data % dev->cachelsz;
	if (misalign)
		skb_reserve(skb, dev->cachelsz - misalign);

	*dma = dma_map_single(dev->dev, skb->data, dev->rx_bufsize,
			      DMA_FROM_DEVICE);
	if (dma_mapping_error(dev->dev, *dma)) {
		dev_kfree_skb_any(skb);
		return NULL;
	}
	return skb;
}

/* Give @bf back to the hardware at the end of the ring; rx_lock held. */
static void ath5k_rx_arm(struct ath5k_dev *dev, struct ath5k_buf *bf)
{
	struct ath5k_desc *d = bf->desc;

	ath5k_hw_rx_desc_setup(d, dev->rx_bufsize, true);
	d->link = cpu_to_le32(bf->desc_dma);
	d->data = cpu_to_le32(bf->skb_dma);
	dma_wmb();
	if (dev->rx_tail_link)
		*dev->rx_tail_link = cpu_to_le32(bf->desc_dma);
	dev->rx_tail_link = &d->link;
}

int ath5k_rx_init(struct ath5k_dev *dev)
{
	unsigned int i;

	spin_lock_init(&dev->rx_lock);
	INIT_LIST_HEAD(&dev->rx_ring);
	dev->rx_bufsize = roundup(ATH5K_MAX_FRAME, dev->cachelsz);

	for (i = 0; i < ATH5K_RX_BUFS; i++) {
		struct ath5k_buf *bf = &dev->bufs[i];

		bf->skb = ath5k_rx_skb_alloc(dev, &bf->skb_dma, GFP_KERNEL);
		if (!bf->skb) {
			ath5k_rx_deinit(dev);
			return -ENOMEM;
		}
		list_add_tail(&bf->list, &dev->rx_ring);
	}
	return 0;
}

void ath5k_rx_deinit(struct ath5k_dev *dev)
{
	struct ath5k_buf *bf, *next;

	list_for_each_entry_safe(bf, next, &dev->rx_ring, list) {
		if (bf->skb) {
			dma_unmap_single(dev->dev, bf->skb_dma, dev->rx_bufsize,
					 DMA_FROM_DEVICE);
			dev_kfree_skb_any(bf->skb);
			bf->skb = NULL;
		}
		list_del(&bf->list);
	}
}

/* Has the hardware completed the descriptor after @bf; rx_lock held. */
static bool ath5k_rx_left_behind(struct ath5k_dev *dev, struct ath5k_buf *bf)
{
	return !list_is_last(&bf->list, &dev->rx_ring) &&
	       ath5k_hw_rx_desc_done(list_next_entry(bf, list)->desc);
}

/* Chain the whole ring afresh and start DMA and the PCU receiver. */
int ath5k_rx_start(struct ath5k_dev *dev)
{
	struct ath5k_buf *bf;
	int ret;

	if (list_empty(&dev->rx_ring))
		return -ENOMEM;

	spin_lock_bh(&dev->rx_lock);
	dev->rx_tail_link = NULL;
	dev->rx_in_continuation = false;
	list_for_each_entry(bf, &dev->rx_ring, list)
		ath5k_rx_arm(dev, bf);
	bf = list_first_entry(&dev->rx_ring, struct ath5k_buf, list);
	ret = ath5k_hw_rx_set_rxdp(&dev->ah, bf->desc_dma);
	spin_unlock_bh(&dev->rx_lock);
	if (ret)
		return ret;	/* RX DMA would not stop */

	ath5k_hw_rx_start(&dev->ah);
	ath5k_hw_pcu_rx_start(&dev->ah);
	return 0;
}

void ath5k_rx_stop(struct ath5k_dev *dev)
{
	ath5k_hw_pcu_rx_stop(&dev->ah);
	ath5k_hw_rx_stop(&dev->ah);
}

/* Full 64-bit TSF of a frame from its 15-bit receive timestamp. */
static u64 ath5k_rx_tsf(u64 now, u16 stamp, u16 mask)
{
	if ((now & mask) < stamp)
		now -= (u64)mask + 1;	/* the low bits wrapped since */
	return (now & ~(u64)mask) | stamp;
}

/*
 * Whether this descriptor belongs to a frame too long for one buffer:
 * the one flagged "more" and every one after it up to the frame's last,
 * which is not.  None of them is a frame of its own.
 */
static bool ath5k_rx_continued(struct ath5k_dev *dev,
			       const struct ath5k_rx_status *rs)
{
	bool part = rs->more || dev->rx_in_continuation;

	dev->rx_in_continuation = rs->more;
	return part;
}

/* Decide whether a frame goes up; sets error flags in @rxs. */
static bool ath5k_rx_accept(struct ath5k_dev *dev,
			    const struct ath5k_rx_status *rs,
			    struct ieee80211_rx_status *rxs)
{
	if (ath5k_rx_continued(dev, rs))
		return false;
	if (rs->flags & ATH5K_RXE_PHY) {
		/*
		 * Chips without PHY error counters feed ANI from here; the
		 * reports are zero-length, so before the length check.
		 */
		ath5k_hw_ani_phy_error(&dev->ah, rs->phyerr);
		return false;
	}
	if (rs->len < 10 + FCS_LEN || rs->len > dev->rx_bufsize)
		return false;
	if (!rs->flags)
		return true;
	if (rs->flags & ATH5K_RXE_CRC) {
		if (!(dev->filter_flags & FIF_FCSFAIL))
			return false;
		rxs->flag |= RX_FLAG_FAILED_FCS_CRC;
		return true;
	}
	/*
	 * Sealed as it came: no key for it here, or a frame the key cache
	 * cannot open (802.11w management frames, whose CCMP postdates
	 * it).  mac80211 opens it in software, or counts and drops it.
	 */
	if (rs->flags & ATH5K_RXE_DECRYPT)
		return true;
	if (rs->flags & ATH5K_RXE_MIC)
		rxs->flag |= RX_FLAG_MMIC_ERROR;
	return true;
}

/*
 * Whether the hardware decrypted this (unpadded) frame with one of our
 * keys; @key_id is the key ID of its IV, -1 if it has none.
 */
static bool ath5k_rx_decrypted(struct ath5k_dev *dev, struct sk_buff *skb,
			       const struct ath5k_rx_status *rs, int key_id)
{
	struct ieee80211_hdr *hdr = (struct ieee80211_hdr *)skb->data;

	if (!test_bit(ATH5K_HW_CRYPTO, &dev->flags) ||
	    !ieee80211_has_protected(hdr->frame_control) ||
	    (rs->flags & ATH5K_RXE_DECRYPT))
		return false;
	if (rs->key_valid)
		return true;
	/* default keys are not reported; the key ID is in the IV */
	return key_id >= 0 && ath5k_keyslot_used(&dev->keys, key_id);
}

/* Average signal of our own BSS's beacons: ANI backs off on weak links. */
static void ath5k_rx_track_beacon(struct ath5k_dev *dev, struct sk_buff *skb,
				  const struct ath5k_rx_status *rs)
{
	struct ieee80211_hdr *hdr = (struct ieee80211_hdr *)skb->data;
	int avg;

	if (dev->opmode != ATH5K_OPMODE_STA ||
	    !ieee80211_is_beacon(hdr->frame_control) ||
	    !ether_addr_equal(hdr->addr3, dev->bssid))
		return;
	avg = READ_ONCE(dev->beacon_rssi);
	WRITE_ONCE(dev->beacon_rssi, avg ? (avg * 7 + rs->rssi) / 8 : rs->rssi);
}

/*
 * A beacon of our IBSS cell carrying a later TSF moves the chip's TSF to
 * it (the merge of two cells): when that left the beacon timers behind,
 * re-arm them, under dev->lock, so from a work.  @tsf was read after the
 * frame came in.
 */
static void ath5k_rx_ibss_tsf(struct ath5k_dev *dev, struct sk_buff *skb,
			      u64 tsf)
{
	struct ieee80211_hdr *hdr = (struct ieee80211_hdr *)skb->data;

	if (dev->opmode != ATH5K_OPMODE_IBSS || skb->len < 24 ||
	    !ieee80211_is_beacon(hdr->frame_control) ||
	    !ether_addr_equal(hdr->addr3, dev->bssid))
		return;
	if (ath5k_beacon_timers_stale(dev, tsf))
		ieee80211_queue_work(dev->hw, &dev->beacon_sync_work);
}

static void ath5k_rx_deliver(struct ath5k_dev *dev, struct sk_buff *skb,
			     const struct ath5k_rx_status *rs,
			     struct ieee80211_rx_status *rxs, u64 tsf)
{
	struct ieee80211_channel *chan = dev->curchan;
	struct ieee80211_supported_band *sband = &dev->sbands[chan->band];
	unsigned int pad;
	int idx, key_id;

	rxs->mactime = ath5k_rx_tsf(tsf, rs->tstamp,
				    ath5k_hw_rx_tstamp_mask(&dev->ah));
	rxs->flag |= RX_FLAG_MACTIME_END;
	rxs->freq = chan->center_freq;
	rxs->band = chan->band;
	rxs->signal = dev->ah.noise_floor + rs->rssi;
	rxs->antenna = rs->antenna;

	idx = dev->rate_idx[chan->band][rs->rate % ATH5K_RATE_CODES];
	if (idx < 0 || idx >= sband->n_bitrates) {
		dev_dbg(dev->dev, "unknown RX rate code 0x%02x\n", rs->rate);
		idx = 0;
	}
	rxs->rate_idx = idx;
	if (sband->bitrates[idx].hw_value_short &&
	    rs->rate == sband->bitrates[idx].hw_value_short)
		rxs->enc_flags |= RX_ENC_FLAG_SHORTPRE;
	if (dev->hwchan.bw == ATH5K_BW_10)
		rxs->bw = RATE_INFO_BW_10;
	else if (dev->hwchan.bw == ATH5K_BW_5)
		rxs->bw = RATE_INFO_BW_5;

	/* the hardware pads 26- and 30-byte headers to a multiple of four */
	pad = ath5k_rx_frame_unpad(skb->data, skb->len,
				   ieee80211_get_hdrlen_from_skb(skb), &key_id);
	skb_pull(skb, pad);

	if (ath5k_rx_decrypted(dev, skb, rs, key_id))
		rxs->flag |= RX_FLAG_DECRYPTED;
	ath5k_rx_track_beacon(dev, skb, rs);
	ath5k_rx_ibss_tsf(dev, skb, tsf);
	ieee80211_rx_napi(dev->hw, NULL, skb, &dev->napi);
}

/* Called by the NAPI poll: returns the descriptors taken, at most @budget. */
int ath5k_rx_poll(struct ath5k_dev *dev, int budget)
{
	struct ath5k_hw *ah = &dev->ah;
	struct ieee80211_rx_status *rxs;
	struct ath5k_rx_status rs;
	struct ath5k_buf *bf;
	int done = 0;
	u64 tsf = 0;

	spin_lock(&dev->rx_lock);
	while (!list_empty(&dev->rx_ring) && done < budget) {
		struct ieee80211_rx_status status = { };
		struct sk_buff *skb, *fresh;
		dma_addr_t fresh_dma;

		bf = list_first_entry(&dev->rx_ring, struct ath5k_buf, list);
		if (ath5k_hw_rx_desc_status(&dev->ah, bf->desc, &rs) == -EINPROGRESS)
			break;
		/*
		 * The hardware may still write the descriptor it parks on;
		 * asking where it is costs a bus read, so only when no later
		 * descriptor shows that it has moved on.
		 */
		if (!ath5k_rx_left_behind(dev, bf) &&
		    ath5k_hw_rx_get_rxdp(ah) == bf->desc_dma)
			break;
		done++;

		if (!ath5k_rx_accept(dev, &rs, &status))
			goto rearm;
		fresh = ath5k_rx_skb_alloc(dev, &fresh_dma, GFP_ATOMIC);
		if (!fresh)
			goto rearm;

		skb = bf->skb;
		dma_unmap_single(dev->dev, bf->skb_dma, dev->rx_bufsize,
				 DMA_FROM_DEVICE);
		bf->skb = fresh;
		bf->skb_dma = fresh_dma;

		skb_put(skb, rs.len);
		rxs = IEEE80211_SKB_RXCB(skb);
		*rxs = status;
		if (!tsf)
			tsf = ath5k_hw_tsf_get(ah);
		ath5k_rx_deliver(dev, skb, &rs, rxs, tsf);
rearm:
		list_move_tail(&bf->list, &dev->rx_ring);
		ath5k_rx_arm(dev, bf);
	}
	spin_unlock(&dev->rx_lock);
	return done;
}

/*
 * Has the hardware left a completed frame at the head of the ring?  From
 * memory only: a frame on the descriptor the chip parks on is left to
 * its interrupt, whose cause the chip holds until it is read.
 */
bool ath5k_rx_pending(struct ath5k_dev *dev)
{
	struct ath5k_buf *bf;
	bool done;

	spin_lock(&dev->rx_lock);
	bf = list_first_entry_or_null(&dev->rx_ring, struct ath5k_buf, list);
	done = bf && ath5k_hw_rx_desc_done(bf->desc) &&
	       ath5k_rx_left_behind(dev, bf);
	spin_unlock(&dev->rx_lock);
	return done;
}
