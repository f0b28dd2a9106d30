// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The mac80211 side of the driver: module parameters, wiphy description,
 * reset and the ieee80211_ops callbacks.  Data paths live in tx.c, rx.c
 * and beacon.c; the interrupt handler in interrupt.c.
 */
#include <linux/etherdevice.h>
#include <linux/module.h>

#include "ath5k.h"

MODULE_AUTHOR("The ath5k-dkms authors");
MODULE_DESCRIPTION("Driver for Atheros AR5212-family 802.11a/b/g PCI cards");
MODULE_LICENSE("Dual BSD/GPL");
MODULE_VERSION(ATH5K_VERSION);

bool ath5k_nohwcrypt;
module_param_named(nohwcrypt, ath5k_nohwcrypt, bool, 0444);
MODULE_PARM_DESC(nohwcrypt, "Disable hardware encryption");

static bool ath5k_fastchanswitch;
module_param_named(fastchanswitch, ath5k_fastchanswitch, bool, 0444);
MODULE_PARM_DESC(fastchanswitch, "Retune without a full reset on AR2413/AR5413 radios");

bool ath5k_no_hw_rfkill;
module_param_named(no_hw_rfkill_switch, ath5k_no_hw_rfkill, bool, 0444);
MODULE_PARM_DESC(no_hw_rfkill_switch, "Ignore the GPIO rfkill switch state");

/*
 * The kernel's ath drivers move a world SKU's regulatory pair to the
 * country an AP advertises but leave its channel flags alone (the branch
 * of ath/regd.c meant to open them is dead, see upstream/); opening the
 * channels the country allows is the ath design, and a policy change for
 * cards in the field, so it waits to be asked for (regd.c).
 */
bool ath5k_world_follows_country_ie;
module_param_named(world_sku_follows_country_ie, ath5k_world_follows_country_ie,
		   bool, 0444);
MODULE_PARM_DESC(world_sku_follows_country_ie,
		 "World-SKU cards open the channels an AP's country IE allows (default: no, as the kernel's ath5k)");

/* ----- wiphy description ---------------------------------------------- */

/*
 * mac80211 built without mesh takes the mode out of interface_modes, and
 * cfg80211 refuses to register a wiphy whose combinations name a mode it
 * does not offer: both must agree.
 */
#define ATH5K_MESH_IFTYPE \
	(IS_ENABLED(CONFIG_MAC80211_MESH) ? BIT(NL80211_IFTYPE_MESH_POINT) : 0)

static const struct ieee80211_iface_limit ath5k_if_limits[] = {
	{ .max = 2048, .types = BIT(NL80211_IFTYPE_STATION) },
	{ .max = ATH5K_MAX_VIFS,
	  .types = BIT(NL80211_IFTYPE_AP) | ATH5K_MESH_IFTYPE },
};

static const struct ieee80211_iface_combination ath5k_if_comb = {
	.limits = ath5k_if_limits,
	.n_limits = ARRAY_SIZE(ath5k_if_limits),
	.max_interfaces = 2048,
	.num_different_channels = 1,
};

/* Fill the rate table of @band with the rates of @mode. */
static unsigned int ath5k_setup_rates(struct ath5k_dev *dev,
				      enum nl80211_band band,
				      enum ath5k_mode mode)
{
	struct ieee80211_rate *rates = dev->rates[band];
	unsigned int i, first, n;

	n = ath5k_band_rate_map(mode, &first, dev->rate_idx[band]);
	for (i = 0; i < n; i++) {
		const struct ath5k_rate_info *ri = &ath5k_rates[first + i];

		rates[i].bitrate = ri->bitrate;
		rates[i].hw_value = ri->code;
		rates[i].flags = 0;
		if (ri->code_short) {
			rates[i].hw_value_short = ri->code_short;
			rates[i].flags |= IEEE80211_RATE_SHORT_PREAMBLE;
		}
		if (ri->ofdm) {
			rates[i].flags |= IEEE80211_RATE_SUPPORTS_5MHZ |
					  IEEE80211_RATE_SUPPORTS_10MHZ;
			if (band == NL80211_BAND_2GHZ)
				rates[i].flags |= IEEE80211_RATE_ERP_G;
		}
	}
	return n;
}

/* Channels of @band the radio can tune, appended at @chans. */
static unsigned int ath5k_setup_channels(struct ath5k_dev *dev,
					 struct ieee80211_channel *chans,
					 unsigned int room, enum nl80211_band band)
{
	struct ath5k_chan_def plan[ATH5K_CHANNELS_MAX];
	bool is_5ghz = band == NL80211_BAND_5GHZ;
	unsigned int i, n, count = 0;

	n = ath5k_channels_fill(is_5ghz, plan, ARRAY_SIZE(plan));
	for (i = 0; i < n && count < room; i++) {
		if (!ath5k_hw_freq_supported(&dev->ah, plan[i].freq))
			continue;
		chans[count].band = band;
		chans[count].center_freq = plan[i].freq;
		chans[count].hw_value = plan[i].number;
		chans[count].max_power = 30;	/* dBm; regulatory narrows it */
		count++;
	}
	return count;
}

static int ath5k_setup_bands(struct ath5k_dev *dev)
{
	struct wiphy *wiphy = dev->hw->wiphy;
	struct ieee80211_channel *chans = dev->channels;
	unsigned int room = ARRAY_SIZE(dev->channels);
	struct ieee80211_supported_band *sband;
	bool has_g = ath5k_hw_mode_supported(&dev->ah, ATH5K_MODE_11G);
	bool has_b = ath5k_hw_mode_supported(&dev->ah, ATH5K_MODE_11B);

	if (has_g || has_b) {
		sband = &dev->sbands[NL80211_BAND_2GHZ];
		sband->band = NL80211_BAND_2GHZ;
		sband->bitrates = dev->rates[NL80211_BAND_2GHZ];
		/* without 11g only the four CCK rates exist */
		sband->n_bitrates = ath5k_setup_rates(dev, NL80211_BAND_2GHZ,
						      has_g ? ATH5K_MODE_11G :
							      ATH5K_MODE_11B);
		sband->channels = chans;
		sband->n_channels = ath5k_setup_channels(dev, chans, room,
							 NL80211_BAND_2GHZ);
		chans += sband->n_channels;
		room -= sband->n_channels;
		if (sband->n_channels)
			wiphy->bands[NL80211_BAND_2GHZ] = sband;
	}

	if (ath5k_hw_mode_supported(&dev->ah, ATH5K_MODE_11A)) {
		sband = &dev->sbands[NL80211_BAND_5GHZ];
		sband->band = NL80211_BAND_5GHZ;
		sband->bitrates = dev->rates[NL80211_BAND_5GHZ];
		sband->n_bitrates = ath5k_setup_rates(dev, NL80211_BAND_5GHZ,
						      ATH5K_MODE_11A);
		sband->channels = chans;
		sband->n_channels = ath5k_setup_channels(dev, chans, room,
							 NL80211_BAND_5GHZ);
		if (sband->n_channels)
			wiphy->bands[NL80211_BAND_5GHZ] = sband;
	}

	if (!wiphy->bands[NL80211_BAND_2GHZ] && !wiphy->bands[NL80211_BAND_5GHZ]) {
		dev_err(dev->dev, "the EEPROM enables no usable band\n");
		return -EINVAL;
	}
	return 0;
}

static void ath5k_setup_wiphy(struct ath5k_dev *dev)
{
	struct ieee80211_hw *hw = dev->hw;
	struct wiphy *wiphy = hw->wiphy;

	ieee80211_hw_set(hw, REPORTS_TX_ACK_STATUS);
	/* series from the station's rate table, fragments included (tx.c) */
	ieee80211_hw_set(hw, SUPPORTS_RC_TABLE);
	ieee80211_hw_set(hw, MFP_CAPABLE);
	ieee80211_hw_set(hw, SIGNAL_DBM);
	ieee80211_hw_set(hw, RX_INCLUDES_FCS);
	ieee80211_hw_set(hw, HOST_BROADCAST_PS_BUFFERING);

	wiphy->interface_modes = BIT(NL80211_IFTYPE_AP) |
				 BIT(NL80211_IFTYPE_STATION) |
				 BIT(NL80211_IFTYPE_ADHOC) | ATH5K_MESH_IFTYPE;
	/*
	 * Several interfaces need the BSSID mask to receive for all their
	 * addresses; without one a chip runs one interface at a time.
	 */
	if (dev->ah.caps & ATH5K_CAP_BSSID_MASK) {
		wiphy->iface_combinations = &ath5k_if_comb;
		wiphy->n_iface_combinations = 1;
	}
	wiphy->flags |= WIPHY_FLAG_IBSS_RSN;
	wiphy->available_antennas_tx = 0x3;
	wiphy->available_antennas_rx = 0x3;
	wiphy_ext_feature_set(wiphy, NL80211_EXT_FEATURE_CQM_RSSI_LIST);

	/* room to pad 26- and 30-byte headers to a multiple of four */
	hw->extra_tx_headroom = 2;
	/* one data queue (the AR5210) means no WMM */
	hw->queues = (dev->ah.caps & ATH5K_CAP_WMM) ? ATH5K_TXQ_DATA_COUNT : 1;
	/* one rate in a descriptor (AR5211): the tries are the queue's */
	hw->max_rates = (dev->ah.caps & ATH5K_CAP_MRR) ? ATH5K_MRR_SERIES : 1;
	hw->max_rate_tries = 7;
	hw->vif_data_size = sizeof(struct ath5k_vif);
}

/* ----- operating mode and addresses ----------------------------------- */

struct ath5k_vif_scan {
	struct ath5k_dev *dev;
	u8 mask[ETH_ALEN];
};

/* Accumulate the BSSID mask: address bits that differ between vifs. */
static void ath5k_vif_scan_iter(void *data, u8 *mac, struct ieee80211_vif *vif)
{
	struct ath5k_vif_scan *scan = data;
	unsigned int i;

	for (i = 0; i < ETH_ALEN; i++)
		scan->mask[i] &= ~(scan->dev->ah.perm_addr[i] ^ mac[i]);
}

/*
 * Pick the chip's operating mode and BSSID mask from the active vifs and
 * @adding, which mac80211 does not count as active until we accept it.
 */
void ath5k_update_opmode(struct ath5k_dev *dev, struct ieee80211_vif *adding)
{
	struct ath5k_vif_scan scan = { .dev = dev };

	if (dev->n_ap || dev->n_mesh)
		dev->opmode = ATH5K_OPMODE_AP;
	else if (dev->n_ibss)
		dev->opmode = ATH5K_OPMODE_IBSS;
	else if (dev->n_sta || !(dev->hw->conf.flags & IEEE80211_CONF_MONITOR))
		dev->opmode = ATH5K_OPMODE_STA;
	else
		dev->opmode = ATH5K_OPMODE_MONITOR;

	eth_broadcast_addr(scan.mask);
	if (adding)
		ath5k_vif_scan_iter(&scan, adding->addr, adding);
	ieee80211_iterate_active_interfaces_atomic(dev->hw,
						   IEEE80211_IFACE_ITER_RESUME_ALL,
						   ath5k_vif_scan_iter, &scan);
	ether_addr_copy(dev->bssid_mask, scan.mask);
	if (!test_bit(ATH5K_INVALID, &dev->flags)) {
		ath5k_hw_set_opmode(&dev->ah, dev->opmode);
		ath5k_hw_set_bssid_mask(&dev->ah, dev->bssid_mask);
	}
}

/* RX filter for the current mode and what mac80211 asked for. */
static u32 ath5k_rx_filter(struct ath5k_dev *dev)
{
	unsigned int fif = dev->filter_flags;
	u32 f = ATH5K_RXF_UCAST | ATH5K_RXF_MCAST | ATH5K_RXF_BCAST;

	if (fif & (FIF_CONTROL | FIF_PSPOLL))
		f |= ATH5K_RXF_CONTROL;
	if (fif & (FIF_FCSFAIL | FIF_PLCPFAIL))
		f |= ATH5K_RXF_PHYERR;
	if (fif & FIF_BCN_PRBRESP_PROMISC || dev->opmode != ATH5K_OPMODE_AP)
		f |= ATH5K_RXF_BEACON;
	if (fif & FIF_PROBE_REQ || dev->opmode == ATH5K_OPMODE_AP ||
	    dev->opmode == ATH5K_OPMODE_IBSS)
		f |= ATH5K_RXF_PROBEREQ;
	if (fif & FIF_OTHER_BSS || dev->opmode == ATH5K_OPMODE_MONITOR)
		f |= ATH5K_RXF_PROM;
	return f;
}

static void ath5k_apply_filters(struct ath5k_dev *dev)
{
	ath5k_hw_rx_filter_set(&dev->ah, ath5k_rx_filter(dev));
	ath5k_hw_mcast_filter_set(&dev->ah, dev->mcast_filter);
}

/* ----- reset ---------------------------------------------------------- */

static void ath5k_chan_from_chandef(struct ath5k_dev *dev,
				    const struct cfg80211_chan_def *def)
{
	struct ath5k_chan *c = &dev->hwchan;

	dev->curchan = def->chan;
	c->freq = def->chan->center_freq;
	if (def->chan->band == NL80211_BAND_5GHZ)
		c->mode = ATH5K_MODE_11A;
	else if (ath5k_hw_mode_supported(&dev->ah, ATH5K_MODE_11G))
		c->mode = ATH5K_MODE_11G;
	else
		c->mode = ATH5K_MODE_11B;

	switch (def->width) {
	case NL80211_CHAN_WIDTH_5:
		c->bw = ATH5K_BW_5;
		break;
	case NL80211_CHAN_WIDTH_10:
		c->bw = ATH5K_BW_10;
		break;
	default:
		c->bw = ATH5K_BW_20;
		break;
	}
}

/* Restore everything a full chip reset forgets. */
static void ath5k_restore_config(struct ath5k_dev *dev)
{
	struct ath5k_hw *ah = &dev->ah;

	ath5k_hw_set_opmode(ah, dev->opmode);
	ath5k_hw_set_mac(ah, ah->perm_addr);
	ath5k_hw_set_bssid_mask(ah, dev->bssid_mask);
	ath5k_hw_set_bssid(ah, dev->bssid, dev->aid);
	ath5k_apply_filters(dev);
	ath5k_hw_set_coverage_class(ah, dev->coverage_class);
	if (dev->power_level)
		ath5k_hw_set_txpower_limit(ah, dev->power_level * 2);
}

/*
 * A chip reset of a running device failed: try again from the reset
 * work, then hand the device to mac80211 to restart (it calls op_start
 * and restores every interface and key); if that fails too, give up
 * until the next start.  Each step says so once.  A card that has left
 * the bus is given up at once: no reset can bring it back, and
 * mac80211 warns when a restart cannot start the device.
 */
static void ath5k_reset_failed(struct ath5k_dev *dev, int err)
{
	if (!test_bit(ATH5K_RUNNING, &dev->flags)) {
		dev_err(dev->dev, "chip reset on %u MHz failed: %d\n",
			dev->hwchan.freq, err);
		return;
	}
	if (ath5k_hw_gone(&dev->ah)) {
		if (dev->reset_failures <= ATH5K_RESET_TRIES)
			dev_err(dev->dev, "the card has gone from the bus (reset: %d); it stays down\n",
				err);
		dev->reset_failures = ATH5K_RESET_TRIES + 1;
		return;
	}
	dev->reset_failures++;
	if (dev->reset_failures < ATH5K_RESET_TRIES) {
		dev_err(dev->dev, "chip reset on %u MHz failed (%d); trying again\n",
			dev->hwchan.freq, err);
		ieee80211_queue_work(dev->hw, &dev->reset_work);
	} else if (dev->reset_failures == ATH5K_RESET_TRIES) {
		dev_err(dev->dev, "chip reset failed %u times (%d); restarting the device\n",
			ATH5K_RESET_TRIES, err);
		ieee80211_restart_hw(dev->hw);
	} else if (dev->reset_failures == ATH5K_RESET_TRIES + 1) {
		dev_err(dev->dev, "the chip does not come back (%d); it stays down until the interface is brought up again\n",
			err);
	}
}

/*
 * Bring the chip to @def's channel (NULL: the current one) with the
 * current configuration.  Called with dev->lock held; stops and restarts
 * all DMA.  With @fast only the channel changes when the radio supports it.
 */
int ath5k_reset(struct ath5k_dev *dev, const struct cfg80211_chan_def *def,
		bool fast)
{
	int ret;

	lockdep_assert_held(&dev->lock);

	/*
	 * No frame may reach a queue while DMA stops and the queues drain:
	 * mac80211 holds its queues, and a submitter already past that
	 * check sees INVALID under the queue lock (ath5k_tx_submit()).
	 */
	ieee80211_stop_queues(dev->hw);
	set_bit(ATH5K_INVALID, &dev->flags);
	ath5k_txq_sync(dev);
	ath5k_irq_disable(dev);
	ath5k_irq_work_quiesce(dev);

	ath5k_rx_stop(dev);
	/*
	 * Received frames take their channel from dev->curchan, so it may
	 * change only now that no RX pass runs: a beacon heard on the old
	 * channel and reported on the new one puts its BSS on the wrong
	 * channel (an IBSS joined on the next scan channel).  The ring's
	 * frames of the old channel are dropped when RX starts again.
	 */
	if (def)
		ath5k_chan_from_chandef(dev, def);
	if (ath5k_hw_dma_stop(&dev->ah)) {
		/* only a full reset is sure to stop what still runs */
		dev_warn(dev->dev, "DMA did not stop; full reset\n");
		fast = false;
	}

	ret = ath5k_hw_reset(&dev->ah, dev->opmode, &dev->hwchan, fast);
	if (ret && fast)
		ret = ath5k_hw_reset(&dev->ah, dev->opmode, &dev->hwchan, false);
	/* DMA stopped, or a full reset stopped it: buffers come back */
	ath5k_txq_drain_all(dev);
	ath5k_beacon_reclaim(dev);
	if (ret)
		goto failed;

	ath5k_restore_config(dev);
	ath5k_hw_ani_init(&dev->ah, dev->ani_mode);
	ret = ath5k_rx_start(dev);
	if (ret)
		goto failed;

	dev->reset_failures = 0;
	dev->beacon_miss = 0;
	dev->cal_next_short = jiffies + msecs_to_jiffies(ATH5K_CAL_SHORT_MS);
	dev->cal_next_long = jiffies + msecs_to_jiffies(ATH5K_CAL_LONG_MS);
	clear_bit(ATH5K_INVALID, &dev->flags);
	ath5k_napi_start(dev);
	ath5k_beacon_config(dev);
	ath5k_irq_enable(dev);
	ieee80211_wake_queues(dev->hw);
	return 0;

failed:
	/*
	 * The device stays INVALID with interrupts off and mac80211's
	 * queues stopped, so frames wait instead of being dropped, until
	 * a retry or mac80211's restart brings the chip back.
	 */
	ath5k_reset_failed(dev, ret);
	return ret;
}

static void ath5k_reset_work(struct work_struct *work)
{
	struct ath5k_dev *dev = container_of(work, struct ath5k_dev, reset_work);

	mutex_lock(&dev->lock);
	/* a device given up on waits for the next start */
	if (test_bit(ATH5K_RUNNING, &dev->flags) &&
	    dev->reset_failures <= ATH5K_RESET_TRIES) {
		if (!dev->reset_failures)
			dev_info(dev->dev, "resetting the chip to recover\n");
		ath5k_reset(dev, NULL, false);
	}
	mutex_unlock(&dev->lock);
}

/* From atomic context: the hardware needs a full reset. */
void ath5k_schedule_reset(struct ath5k_dev *dev)
{
	if (test_bit(ATH5K_RUNNING, &dev->flags))
		ieee80211_queue_work(dev->hw, &dev->reset_work);
}

/* ----- start / stop --------------------------------------------------- */

/*
 * From the PCI resume, before mac80211 starts the device again: a card
 * back from D3hot went through an internal reset and is asleep, as at
 * power-on, where the MAC registers take no writes.  Wake it and hold it
 * in warm reset, the state a stop leaves it in, which the start's reset
 * (interrupt mask first) expects.
 */
void ath5k_resume_chip(struct ath5k_dev *dev)
{
	mutex_lock(&dev->lock);
	if (!ath5k_hw_gone(&dev->ah) && ath5k_hw_hold(&dev->ah))
		dev_warn(dev->dev, "chip not held in reset after resume\n");
	mutex_unlock(&dev->lock);
}

static int ath5k_op_start(struct ieee80211_hw *hw)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	int ret;

	mutex_lock(&dev->lock);
	dev->imask = ATH5K_INT_RXOK | ATH5K_INT_RXERR | ATH5K_INT_RXEOL |
		     ATH5K_INT_RXORN | ATH5K_INT_TXDESC | ATH5K_INT_TXEOL |
		     ATH5K_INT_FATAL;
	/*
	 * Still running: mac80211 restarts the device after failed resets
	 * (ath5k_reset_failed()).  A fresh start that fails just fails.
	 */
	if (!test_bit(ATH5K_RUNNING, &dev->flags))
		dev->reset_failures = 0;
	ret = ath5k_reset(dev, &hw->conf.chandef, false);
	if (ret) {
		clear_bit(ATH5K_RUNNING, &dev->flags);
		goto out;
	}
	/*
	 * mac80211 installs its keys after a start, and only those.  Attach
	 * cleared the cache, but a card back from D3hot (resume) holds a
	 * zero WEP-40 key in every entry, and some parts keep entries over a
	 * power-up: an entry left so would decrypt frames as a default key.
	 * Only here: the keys a running device holds outlive its resets.
	 */
	ath5k_hw_key_clear_all(&dev->ah);
	ath5k_keyslot_forget_all(&dev->keys);
	set_bit(ATH5K_RUNNING, &dev->flags);
	ath5k_rfkill_start(dev);
	ath5k_led_state(dev, ATH5K_LED_INIT);
	ieee80211_queue_delayed_work(hw, &dev->tx_watchdog,
				     msecs_to_jiffies(ATH5K_TX_WATCHDOG_SEC * 1000));
	ieee80211_queue_delayed_work(hw, &dev->ani_work,
				     msecs_to_jiffies(ATH5K_ANI_MS));
out:
	mutex_unlock(&dev->lock);
	return ret;
}

static void ath5k_op_stop(struct ieee80211_hw *hw, bool suspend)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	mutex_lock(&dev->lock);
	ieee80211_stop_queues(hw);
	ath5k_rfkill_stop(dev);
	ath5k_led_off(dev);

	set_bit(ATH5K_INVALID, &dev->flags);
	clear_bit(ATH5K_RUNNING, &dev->flags);
	ath5k_txq_sync(dev);
	ath5k_irq_disable(dev);
	ath5k_irq_work_quiesce(dev);
	ath5k_rx_stop(dev);
	ath5k_hw_stop(&dev->ah);
	/*
	 * Held in warm reset the chip does no DMA at all, even if a queue
	 * did not stop: only then are the TX buffers unmapped.
	 */
	if (ath5k_hw_hold(&dev->ah))
		dev_warn(dev->dev, "chip not held in reset after stop\n");
	ath5k_txq_drain_all(dev);
	ath5k_beacon_reclaim(dev);
	mutex_unlock(&dev->lock);

	cancel_delayed_work_sync(&dev->tx_watchdog);
	cancel_delayed_work_sync(&dev->ani_work);
	cancel_work_sync(&dev->reset_work);
	cancel_work_sync(&dev->calib_work);
	cancel_work_sync(&dev->beacon_sync_work);
}

COMPAT_IEEE80211_OP_STOP(ath5k_op_stop);

/* ----- interfaces ----------------------------------------------------- */

static unsigned int *ath5k_vif_counter(struct ath5k_dev *dev,
				       enum nl80211_iftype type)
{
	switch (type) {
	case NL80211_IFTYPE_AP:
		return &dev->n_ap;
	case NL80211_IFTYPE_MESH_POINT:
		return &dev->n_mesh;
	case NL80211_IFTYPE_ADHOC:
		return &dev->n_ibss;
	case NL80211_IFTYPE_STATION:
		return &dev->n_sta;
	case NL80211_IFTYPE_MONITOR:
		return &dev->n_monitor;
	default:
		return NULL;
	}
}

static int ath5k_op_add_interface(struct ieee80211_hw *hw,
				  struct ieee80211_vif *vif)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	struct ath5k_vif *avf = ath5k_vif_priv(vif);
	unsigned int *counter = ath5k_vif_counter(dev, vif->type);
	int ret = 0;

	if (!counter)
		return -EOPNOTSUPP;

	mutex_lock(&dev->lock);
	/* IBSS cannot share the chip with beaconing or another IBSS */
	if ((vif->type == NL80211_IFTYPE_ADHOC && dev->nvifs) ||
	    (dev->n_ibss && vif->type != NL80211_IFTYPE_MONITOR)) {
		ret = -EBUSY;
		goto out;
	}

	avf->type = vif->type;
	avf->beacon = NULL;
	avf->beacon_on = false;
	ether_addr_copy(avf->addr, vif->addr);
	if (vif->type == NL80211_IFTYPE_AP || vif->type == NL80211_IFTYPE_ADHOC ||
	    vif->type == NL80211_IFTYPE_MESH_POINT) {
		ret = ath5k_beacon_attach_vif(dev, vif);
		if (ret)
			goto out;
	}

	(*counter)++;
	dev->nvifs++;
	ath5k_update_opmode(dev, vif);
	if (!test_bit(ATH5K_INVALID, &dev->flags))
		ath5k_apply_filters(dev);
out:
	mutex_unlock(&dev->lock);
	return ret;
}

static void ath5k_op_remove_interface(struct ieee80211_hw *hw,
				      struct ieee80211_vif *vif)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	unsigned int *counter = ath5k_vif_counter(dev, vif->type);

	mutex_lock(&dev->lock);
	ath5k_beacon_detach_vif(dev, vif);
	if (counter && *counter)
		(*counter)--;
	dev->nvifs--;
	ath5k_update_opmode(dev, NULL);
	if (!test_bit(ATH5K_INVALID, &dev->flags)) {
		ath5k_apply_filters(dev);
		ath5k_beacon_config(dev);
	}
	mutex_unlock(&dev->lock);
}

/* ----- configuration -------------------------------------------------- */

static int ath5k_op_config(struct ieee80211_hw *hw, int radio_idx, u32 changed)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	struct ieee80211_conf *conf = &hw->conf;
	int ret = 0;

	mutex_lock(&dev->lock);
	if (changed & IEEE80211_CONF_CHANGE_CHANNEL &&
	    conf->chandef.chan != dev->curchan) {
		/* the survey describes the channel in use only */
		ath5k_survey_update(dev);
		memset(&dev->survey, 0, sizeof(dev->survey));
		if (test_bit(ATH5K_RUNNING, &dev->flags))
			ret = ath5k_reset(dev, &conf->chandef,
					  ath5k_fastchanswitch &&
					  ath5k_hw_has_fast_chanswitch(&dev->ah));
		else
			ath5k_chan_from_chandef(dev, &conf->chandef);
	}

	if (changed & IEEE80211_CONF_CHANGE_POWER &&
	    conf->power_level != dev->power_level) {
		dev->power_level = conf->power_level;
		if (!test_bit(ATH5K_INVALID, &dev->flags))
			ath5k_hw_set_txpower_limit(&dev->ah, dev->power_level * 2);
	}

	if (changed & IEEE80211_CONF_CHANGE_MONITOR) {
		ath5k_update_opmode(dev, NULL);
		if (!test_bit(ATH5K_INVALID, &dev->flags))
			ath5k_apply_filters(dev);
	}
	mutex_unlock(&dev->lock);
	return ret;
}

COMPAT_IEEE80211_OP_CONFIG(ath5k_op_config);

static void ath5k_op_bss_info_changed(struct ieee80211_hw *hw,
				      struct ieee80211_vif *vif,
				      struct ieee80211_bss_conf *bss,
				      u64 changed)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	bool invalid;

	mutex_lock(&dev->lock);
	invalid = test_bit(ATH5K_INVALID, &dev->flags);

	if (changed & BSS_CHANGED_BSSID) {
		ether_addr_copy(dev->bssid, bss->bssid);
		dev->aid = compat_vif_cfg(vif)->aid;
		if (!invalid)
			ath5k_hw_set_bssid(&dev->ah, dev->bssid, dev->aid);
	}

	if (changed & BSS_CHANGED_BEACON_INT)
		dev->beacon_interval = bss->beacon_int;

	if (changed & BSS_CHANGED_ERP_SLOT && !invalid)
		ath5k_hw_set_slot_time(&dev->ah, bss->use_short_slot ? 9 : 20);

	if (changed & BSS_CHANGED_ASSOC && vif->type == NL80211_IFTYPE_STATION) {
		dev->assoc = compat_vif_cfg(vif)->assoc;
		dev->aid = compat_vif_cfg(vif)->aid;
		if (!invalid)
			ath5k_hw_set_bssid(&dev->ah, dev->bssid, dev->aid);
		ath5k_led_state(dev, dev->assoc ? ATH5K_LED_ASSOC :
						  ATH5K_LED_INIT);
	}

	/* recorded while resetting too: the reset's beacon setup reads it */
	if (changed & (BSS_CHANGED_BEACON | BSS_CHANGED_BEACON_ENABLED |
		       BSS_CHANGED_BEACON_INT | BSS_CHANGED_IBSS)) {
		ath5k_vif_priv(vif)->beacon_on = bss->enable_beacon;
		if (!invalid)
			ath5k_beacon_config(dev);
	}
	mutex_unlock(&dev->lock);
}

COMPAT_IEEE80211_OP_BSS_INFO_CHANGED(ath5k_op_bss_info_changed);

static u64 ath5k_op_prepare_multicast(struct ieee80211_hw *hw,
				      struct netdev_hw_addr_list *mc_list)
{
	struct netdev_hw_addr *ha;
	u64 filter = 0;

	netdev_hw_addr_list_for_each(ha, mc_list)
		filter |= BIT_ULL(ath5k_hw_mcast_hash(ha->addr));
	return filter;
}

#define ATH5K_SUPPORTED_FIF (FIF_ALLMULTI | FIF_FCSFAIL | FIF_PLCPFAIL | \
			     FIF_CONTROL | FIF_OTHER_BSS | FIF_PSPOLL | \
			     FIF_BCN_PRBRESP_PROMISC | FIF_PROBE_REQ)

static void ath5k_op_configure_filter(struct ieee80211_hw *hw,
				      unsigned int changed, unsigned int *total,
				      u64 multicast)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	mutex_lock(&dev->lock);
	*total &= ATH5K_SUPPORTED_FIF;
	dev->filter_flags = *total;
	dev->mcast_filter = *total & FIF_ALLMULTI ? ~0ULL : multicast;
	if (!test_bit(ATH5K_INVALID, &dev->flags))
		ath5k_apply_filters(dev);
	mutex_unlock(&dev->lock);
}

/* ----- keys ----------------------------------------------------------- */

/*
 * Where a key goes (keyslot.h): a station's group keys at their key ID,
 * every other key in an entry of its own.  Per-peer group keys of IBSS
 * and mesh peers cannot be told apart by the key cache: software.
 */
static int ath5k_key_use(const struct ieee80211_vif *vif,
			 const struct ieee80211_sta *sta, bool pairwise)
{
	if (pairwise)
		return sta ? ATH5K_KEY_PAIRWISE : -EOPNOTSUPP;
	if (sta)
		return -EOPNOTSUPP;
	switch (vif->type) {
	case NL80211_IFTYPE_AP:
	case NL80211_IFTYPE_MESH_POINT:
		return ATH5K_KEY_GROUP_TX;
	case NL80211_IFTYPE_STATION:
		return ATH5K_KEY_GROUP_RX;
	default:
		return -EOPNOTSUPP;
	}
}

static int ath5k_key_from_conf(struct ath5k_dev *dev,
			       const struct ieee80211_key_conf *conf,
			       struct ath5k_key *key)
{
	memset(key, 0, sizeof(*key));
	switch (conf->cipher) {
	case WLAN_CIPHER_SUITE_WEP40:
		key->cipher = ATH5K_CIPHER_WEP40;
		break;
	case WLAN_CIPHER_SUITE_WEP104:
		key->cipher = ATH5K_CIPHER_WEP104;
		break;
	case WLAN_CIPHER_SUITE_TKIP:
		key->cipher = ATH5K_CIPHER_TKIP;
		memcpy(key->tx_mic, conf->key + NL80211_TKIP_DATA_OFFSET_TX_MIC_KEY,
		       sizeof(key->tx_mic));
		memcpy(key->rx_mic, conf->key + NL80211_TKIP_DATA_OFFSET_RX_MIC_KEY,
		       sizeof(key->rx_mic));
		break;
	case WLAN_CIPHER_SUITE_CCMP:
		if (!ath5k_hw_has_aes(&dev->ah))
			return -EOPNOTSUPP;
		key->cipher = ATH5K_CIPHER_CCMP;
		break;
	default:
		return -EOPNOTSUPP;
	}
	key->len = min_t(u8, conf->keylen, sizeof(key->key));
	memcpy(key->key, conf->key, key->len);
	return 0;
}

static int ath5k_op_set_key(struct ieee80211_hw *hw, enum set_key_cmd cmd,
			    struct ieee80211_vif *vif, struct ieee80211_sta *sta,
			    struct ieee80211_key_conf *conf)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	bool pairwise = conf->flags & IEEE80211_KEY_FLAG_PAIRWISE;
	u8 group_mac[ETH_ALEN];
	struct ath5k_key key;
	const u8 *mac = NULL;
	int use, slot, ret;

	/* the AR5210 leaves every cipher to mac80211 */
	if (ath5k_nohwcrypt || !(dev->ah.caps & ATH5K_CAP_HW_CRYPTO))
		return -EOPNOTSUPP;
	/* management frame protection is done by mac80211 */
	if (conf->flags & IEEE80211_KEY_FLAG_RX_MGMT)
		return -EOPNOTSUPP;

	mutex_lock(&dev->lock);
	if (cmd == DISABLE_KEY) {
		ath5k_hw_key_delete(&dev->ah, conf->hw_key_idx);
		ath5k_keyslot_put(&dev->keys, conf->hw_key_idx);
		ret = 0;
		goto out;
	}

	use = ath5k_key_use(vif, sta, pairwise);
	ret = use < 0 ? use : ath5k_key_from_conf(dev, conf, &key);
	if (ret)
		goto out;
	slot = ath5k_keyslot_get(&dev->keys, use, conf->keyidx, vif,
				 key.cipher == ATH5K_CIPHER_TKIP);
	if (slot < 0) {
		ret = -EOPNOTSUPP;	/* mac80211 falls back to software */
		goto out;
	}
	if (use == ATH5K_KEY_PAIRWISE) {
		mac = sta->addr;
	} else if (use == ATH5K_KEY_GROUP_TX) {
		/* a group address: the entry never matches a sender */
		ether_addr_copy(group_mac, vif->addr);
		group_mac[0] |= 0x01;
		mac = group_mac;
	}
	ret = ath5k_hw_key_set(&dev->ah, slot, &key, mac);
	if (ret) {
		ath5k_keyslot_put(&dev->keys, slot);
		goto out;
	}

	conf->hw_key_idx = slot;
	conf->flags |= IEEE80211_KEY_FLAG_GENERATE_IV;
	if (key.cipher == ATH5K_CIPHER_TKIP)
		conf->flags |= IEEE80211_KEY_FLAG_GENERATE_MMIC;
	if (key.cipher == ATH5K_CIPHER_CCMP)
		conf->flags |= IEEE80211_KEY_FLAG_SW_MGMT_TX;
out:
	mutex_unlock(&dev->lock);
	return ret;
}

/* ----- scanning, statistics, survey ----------------------------------- */

static void ath5k_op_sw_scan_start(struct ieee80211_hw *hw,
				   struct ieee80211_vif *vif, const u8 *mac)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	if (!dev->assoc)
		ath5k_led_state(dev, ATH5K_LED_SCAN);
}

static void ath5k_op_sw_scan_complete(struct ieee80211_hw *hw,
				      struct ieee80211_vif *vif)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	ath5k_led_state(dev, dev->assoc ? ATH5K_LED_ASSOC : ATH5K_LED_INIT);
}

static int ath5k_op_get_stats(struct ieee80211_hw *hw,
			      struct ieee80211_low_level_stats *stats)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	mutex_lock(&dev->lock);
	if (!test_bit(ATH5K_INVALID, &dev->flags))
		ath5k_hw_mib_read(&dev->ah, &dev->mib);
	/* fields in declaration order: ACK failures, RTS failures, FCS
	 * errors, RTS successes (their names are 802.11 MIB CamelCase)
	 */
	*stats = (struct ieee80211_low_level_stats) {
		dev->mib.ack_fail, dev->mib.rts_fail, dev->mib.fcs_error,
		dev->mib.rts_ok,
	};
	mutex_unlock(&dev->lock);
	return 0;
}

/* MAC clock in MHz per mode: the unit of the cycle counters. */
static unsigned int ath5k_clock_mhz(const struct ath5k_chan *c)
{
	switch (c->mode) {
	case ATH5K_MODE_11A:
		return 40;
	case ATH5K_MODE_11B:
		return 22;
	default:
		return 44;
	}
}

/* Fold the chip's cycle counters into the survey; dev->lock held. */
void ath5k_survey_update(struct ath5k_dev *dev)
{
	const struct ath5k_cycles *total = &dev->ah.cycles_total;
	struct ath5k_cycles *seen = &dev->cycles_seen;
	unsigned int mhz = ath5k_clock_mhz(&dev->hwchan);
	struct ath5k_cycles d;

	if (test_bit(ATH5K_INVALID, &dev->flags))
		return;
	/*
	 * ANI reads the counters too; both see the running totals, whose
	 * 32-bit differences stay right across a wrap.
	 */
	ath5k_hw_cycles_read(&dev->ah, &d);
	dev->survey.time_us += (u32)(total->cycles - seen->cycles) / mhz;
	dev->survey.busy_us += (u32)(total->rx_busy - seen->rx_busy) / mhz;
	dev->survey.rx_us += (u32)(total->rx_frame - seen->rx_frame) / mhz;
	dev->survey.tx_us += (u32)(total->tx_frame - seen->tx_frame) / mhz;
	*seen = *total;
}

static int ath5k_op_get_survey(struct ieee80211_hw *hw, int idx,
			       struct survey_info *survey)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	if (idx != 0)
		return -ENOENT;

	mutex_lock(&dev->lock);
	ath5k_survey_update(dev);
	memset(survey, 0, sizeof(*survey));
	survey->channel = hw->conf.chandef.chan;
	survey->filled = SURVEY_INFO_NOISE_DBM | SURVEY_INFO_TIME |
			 SURVEY_INFO_TIME_BUSY | SURVEY_INFO_TIME_RX |
			 SURVEY_INFO_TIME_TX;
	survey->noise = dev->ah.noise_floor;
	survey->time = div_u64(dev->survey.time_us, 1000);
	survey->time_busy = div_u64(dev->survey.busy_us, 1000);
	survey->time_rx = div_u64(dev->survey.rx_us, 1000);
	survey->time_tx = div_u64(dev->survey.tx_us, 1000);
	mutex_unlock(&dev->lock);
	return 0;
}

/* ----- WMM, TSF, coverage class, antennas ----------------------------- */

static int ath5k_op_conf_tx(struct ieee80211_hw *hw, struct ieee80211_vif *vif,
			    unsigned int link_id, u16 ac,
			    const struct ieee80211_tx_queue_params *params)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	int ret;

	if (ac >= ATH5K_TXQ_DATA_COUNT)
		return 0;
	mutex_lock(&dev->lock);
	ret = ath5k_txq_conf(dev, ac, params);
	mutex_unlock(&dev->lock);
	return ret;
}

COMPAT_IEEE80211_OP_CONF_TX(ath5k_op_conf_tx);

static u64 ath5k_op_get_tsf(struct ieee80211_hw *hw, struct ieee80211_vif *vif)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	u64 tsf = 0;

	mutex_lock(&dev->lock);
	if (!test_bit(ATH5K_INVALID, &dev->flags))
		tsf = ath5k_hw_tsf_get(&dev->ah);
	mutex_unlock(&dev->lock);
	return tsf;
}

static void ath5k_op_set_tsf(struct ieee80211_hw *hw, struct ieee80211_vif *vif,
			     u64 tsf)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	mutex_lock(&dev->lock);
	if (!test_bit(ATH5K_INVALID, &dev->flags)) {
		ath5k_hw_tsf_set(&dev->ah, tsf);
		/* the timers hold TSF times: a jump may have left them */
		ath5k_beacon_resync(dev);
	}
	mutex_unlock(&dev->lock);
}

static void ath5k_op_reset_tsf(struct ieee80211_hw *hw, struct ieee80211_vif *vif)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	mutex_lock(&dev->lock);
	if (!test_bit(ATH5K_INVALID, &dev->flags)) {
		/* an IBSS merge: restart beacons against the new TSF */
		ath5k_hw_tsf_reset(&dev->ah);
		ath5k_beacon_config(dev);
	}
	mutex_unlock(&dev->lock);
}

static void ath5k_op_set_coverage_class(struct ieee80211_hw *hw, int radio_idx,
					s16 coverage_class)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	mutex_lock(&dev->lock);
	dev->coverage_class = max_t(s16, coverage_class, 0);
	if (!test_bit(ATH5K_INVALID, &dev->flags))
		ath5k_hw_set_coverage_class(&dev->ah, dev->coverage_class);
	mutex_unlock(&dev->lock);
}

COMPAT_IEEE80211_OP_SET_COVERAGE_CLASS(ath5k_op_set_coverage_class);

/* Antenna bitmaps: bit 0 = A, bit 1 = B, both = diversity. */
static int ath5k_op_set_antenna(struct ieee80211_hw *hw, int radio_idx,
				u32 tx_ant, u32 rx_ant)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	enum ath5k_ant_mode mode;

	if (tx_ant == 1 && rx_ant == 1)
		mode = ATH5K_ANT_FIXED_A;
	else if (tx_ant == 2 && rx_ant == 2)
		mode = ATH5K_ANT_FIXED_B;
	else if ((tx_ant & 3) == 3 && (rx_ant & 3) == 3)
		mode = ATH5K_ANT_DIVERSITY;
	else
		return -EINVAL;

	mutex_lock(&dev->lock);
	ath5k_hw_set_antenna_mode(&dev->ah, mode);
	mutex_unlock(&dev->lock);
	return 0;
}

COMPAT_IEEE80211_OP_SET_ANTENNA(ath5k_op_set_antenna);

static int ath5k_op_get_antenna(struct ieee80211_hw *hw, int radio_idx,
				u32 *tx_ant, u32 *rx_ant)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	switch (dev->ah.ant_mode) {
	case ATH5K_ANT_FIXED_A:
		*tx_ant = 1;
		break;
	case ATH5K_ANT_FIXED_B:
		*tx_ant = 2;
		break;
	default:
		*tx_ant = 3;
		break;
	}
	*rx_ant = *tx_ant;
	return 0;
}

COMPAT_IEEE80211_OP_GET_ANTENNA(ath5k_op_get_antenna);

/* Only the TX queue depth can change; the RX ring is fixed. */
static int ath5k_op_set_ringparam(struct ieee80211_hw *hw, u32 tx, u32 rx)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);
	unsigned int ac;

	if (rx != ATH5K_RX_BUFS || !tx || tx > ATH5K_TXQ_LEN_MAX)
		return -EINVAL;
	WRITE_ONCE(dev->txq_limit, tx);
	for (ac = 0; ac < hw->queues; ac++) {
		struct ath5k_txq *txq = &dev->txqs[ath5k_ac_to_hwq(ac)];

		spin_lock_bh(&txq->lock);
		if (ath5k_txq_fill_full(&txq->fill, tx))
			ieee80211_stop_queue(hw, ac);
		spin_unlock_bh(&txq->lock);
	}
	return 0;
}

static void ath5k_op_get_ringparam(struct ieee80211_hw *hw, u32 *tx,
				   u32 *tx_max, u32 *rx, u32 *rx_max)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(hw);

	*tx = READ_ONCE(dev->txq_limit);
	*tx_max = ATH5K_TXQ_LEN_MAX;
	*rx = ATH5K_RX_BUFS;
	*rx_max = ATH5K_RX_BUFS;
}

/*
 * Every chip's operations but .conf_tx.  The AR5210 has one data queue,
 * so mac80211 keeps no EDCA parameters for it (ieee80211_set_wmm_default()
 * returns below IEEE80211_NUM_ACS queues, and so do the other callers of
 * .conf_tx) except in ieee80211_reconfig(), which on resume hands the
 * zeroed ones to .conf_tx and warns "invalid CW_min/CW_max: 0/0".  With
 * no .conf_tx it does not warn: ath5k_ops_one_queue.
 */
#define ATH5K_OPS_BUT_CONF_TX \
	.tx = ath5k_tx_op, \
	.wake_tx_queue = ieee80211_handle_wake_tx_queue, \
	.add_chanctx = ieee80211_emulate_add_chanctx, \
	.remove_chanctx = ieee80211_emulate_remove_chanctx, \
	.change_chanctx = ieee80211_emulate_change_chanctx, \
	.switch_vif_chanctx = ieee80211_emulate_switch_vif_chanctx, \
	.start = ath5k_op_start, \
	.stop = compat_op_stop(ath5k_op_stop), \
	.add_interface = ath5k_op_add_interface, \
	.remove_interface = ath5k_op_remove_interface, \
	.config = compat_op_config(ath5k_op_config), \
	.bss_info_changed = compat_op_bss_info_changed(ath5k_op_bss_info_changed), \
	.prepare_multicast = ath5k_op_prepare_multicast, \
	.configure_filter = ath5k_op_configure_filter, \
	.set_key = ath5k_op_set_key, \
	.sw_scan_start = ath5k_op_sw_scan_start, \
	.sw_scan_complete = ath5k_op_sw_scan_complete, \
	.get_stats = ath5k_op_get_stats, \
	.get_tsf = ath5k_op_get_tsf, \
	.set_tsf = ath5k_op_set_tsf, \
	.reset_tsf = ath5k_op_reset_tsf, \
	.get_survey = ath5k_op_get_survey, \
	.rfkill_poll = ath5k_op_rfkill_poll, \
	.set_coverage_class = compat_op_set_coverage_class(ath5k_op_set_coverage_class), \
	.set_antenna = compat_op_set_antenna(ath5k_op_set_antenna), \
	.get_antenna = compat_op_get_antenna(ath5k_op_get_antenna), \
	.set_ringparam = ath5k_op_set_ringparam, \
	.get_ringparam = ath5k_op_get_ringparam,

const struct ieee80211_ops ath5k_ops = {
	ATH5K_OPS_BUT_CONF_TX
	.conf_tx = compat_op_conf_tx(ath5k_op_conf_tx),
};

const struct ieee80211_ops ath5k_ops_one_queue = {
	ATH5K_OPS_BUT_CONF_TX
};

/* ----- probe and remove ----------------------------------------------- */

int ath5k_init_device(struct ath5k_dev *dev)
{
	struct ieee80211_hw *hw = dev->hw;
	struct ath5k_hw *ah = &dev->ah;
	int ret;

	mutex_init(&dev->lock);
	spin_lock_init(&dev->irq_lock);
	INIT_WORK(&dev->reset_work, ath5k_reset_work);
	INIT_WORK(&dev->calib_work, ath5k_calib_work);
	INIT_DELAYED_WORK(&dev->tx_watchdog, ath5k_tx_watchdog);
	INIT_DELAYED_WORK(&dev->ani_work, ath5k_ani_work);
	INIT_WORK(&dev->rfkill_work, ath5k_rfkill_work);
	set_bit(ATH5K_INVALID, &dev->flags);
	dev->led_gpio = -1;
	dev->power_level = ATH5K_DEFAULT_TXPOWER;
	dev->txq_limit = ATH5K_TXQ_LEN_MAX;
	dev->ani_mode = ATH5K_ANI_AUTO;

	ret = ath5k_hw_attach(ah, dev->dev, ah->iomem, pci_is_pcie(dev->pdev));
	if (ret) {
		dev_err(dev->dev, "hardware attach failed: %d\n", ret);
		return ret;
	}
	dev_info(dev->dev, "%s MAC rev 0x%02x, %s radio rev 0x%02x\n",
		 ath5k_hw_mac_name(ah), ah->srev, ath5k_hw_radio_name(ah),
		 ah->radio_rev);
	dev->keys.split_mic = !ath5k_hw_tkip_combined_mic(ah);

	ret = ath5k_napi_init(dev);
	if (ret)
		goto err_detach;
	ret = request_irq(dev->irq, ath5k_intr, IRQF_SHARED, KBUILD_MODNAME, dev);
	if (ret) {
		dev_err(dev->dev, "cannot get IRQ %u: %d\n", dev->irq, ret);
		goto err_napi;
	}

	ath5k_setup_wiphy(dev);
	ret = ath5k_setup_bands(dev);
	if (ret)
		goto err_irq;

	ret = ath5k_tx_init(dev);
	if (ret)
		goto err_irq;
	ret = ath5k_rx_init(dev);
	if (ret)
		goto err_tx;
	ath5k_beacon_init(dev);
	ret = ath5k_txq_setup_all(dev);
	if (ret)
		goto err_rx;

	SET_IEEE80211_PERM_ADDR(hw, ah->perm_addr);
	eth_broadcast_addr(dev->bssid_mask);
	dev->opmode = ATH5K_OPMODE_STA;
	if (!ath5k_nohwcrypt)
		set_bit(ATH5K_HW_CRYPTO, &dev->flags);

	ret = ath5k_regd_init(dev);
	if (ret)
		goto err_rx;

	ret = ieee80211_register_hw(hw);
	if (ret) {
		dev_err(dev->dev, "cannot register with mac80211: %d\n", ret);
		goto err_rx;
	}
	ath5k_regd_hint(dev);
	ath5k_rfkill_init(dev);
	ath5k_led_init(dev);
	ath5k_debugfs_init(dev);
	return 0;

err_rx:
	ath5k_rx_deinit(dev);
err_tx:
	ath5k_tx_deinit(dev);
err_irq:
	free_irq(dev->irq, dev);
err_napi:
	ath5k_napi_deinit(dev);
err_detach:
	ath5k_hw_detach(ah);
	return ret;
}

void ath5k_deinit_device(struct ath5k_dev *dev)
{
	ath5k_debugfs_exit(dev);
	ath5k_led_exit(dev);
	ieee80211_unregister_hw(dev->hw);
	free_irq(dev->irq, dev);
	/* stopped, so quiesced: nothing queues these any more */
	ath5k_napi_deinit(dev);
	cancel_work_sync(&dev->beacon_work);
	cancel_work_sync(&dev->rfkill_work);
	/* no bus mastering once the rings are gone, whatever the chip does */
	pci_clear_master(dev->pdev);
	ath5k_rx_deinit(dev);
	ath5k_tx_deinit(dev);
	ath5k_hw_detach(&dev->ah);
}
