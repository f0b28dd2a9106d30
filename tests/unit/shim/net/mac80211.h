/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <net/mac80211.h>: the types and constants the
 * driver's mac80211 layer uses, laid out for the test, not as the kernel
 * lays them out.  The calls into mac80211 are only declared: each test
 * program defines them to record what the driver asked for.
 */
#ifndef ATH5K_SHIM_NET_MAC80211_H
#define ATH5K_SHIM_NET_MAC80211_H

#include <linux/types.h>
#include <linux/bits.h>
#include <linux/bitops.h>
#include <linux/compiler.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <asm/barrier.h>
#include <linux/skbuff.h>
#include <linux/etherdevice.h>
#include <linux/workqueue.h>

/* kbuild builds with -Wextra but without unused-parameter warnings */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#define FCS_LEN			4

enum nl80211_band {
	NL80211_BAND_2GHZ,
	NL80211_BAND_5GHZ,
	NUM_NL80211_BANDS,
};

enum nl80211_iftype {
	NL80211_IFTYPE_UNSPECIFIED,
	NL80211_IFTYPE_ADHOC,
	NL80211_IFTYPE_STATION,
	NL80211_IFTYPE_AP,
	NL80211_IFTYPE_MONITOR = 6,
	NL80211_IFTYPE_MESH_POINT,
};

struct ieee80211_channel {
	enum nl80211_band band;
	u32 center_freq;
	u16 hw_value;
	u32 flags;
	int max_power;
};

struct ieee80211_rate {
	u32 flags;
	u16 bitrate;
	u16 hw_value, hw_value_short;
};

struct ieee80211_supported_band {
	struct ieee80211_channel *channels;
	struct ieee80211_rate *bitrates;
	enum nl80211_band band;
	int n_channels;
	int n_bitrates;
};

struct wiphy {
	struct ieee80211_supported_band *bands[NUM_NL80211_BANDS];
};

struct ieee80211_hw {
	struct wiphy *wiphy;
	void *priv;
};

struct ieee80211_vif {
	enum nl80211_iftype type;
	u8 addr[ETH_ALEN];
	u8 drv_priv[64] __aligned(8);
};

struct ieee80211_key_conf {
	u32 cipher;
	u8 icv_len;
	u8 hw_key_idx;
	s8 keyidx;
};

struct ieee80211_tx_queue_params {
	u16 txop;
	u16 cw_min;
	u16 cw_max;
	u8 aifs;
};

struct ieee80211_tx_control {
	void *sta;
};

#define IEEE80211_TX_MAX_RATES			4
#define IEEE80211_TX_RC_USE_RTS_CTS		BIT(0)
#define IEEE80211_TX_RC_USE_CTS_PROTECT		BIT(1)
#define IEEE80211_TX_RC_USE_SHORT_PREAMBLE	BIT(2)

struct ieee80211_tx_rate {
	s8 idx;
	u8 count;
	u16 flags;
};

#define IEEE80211_TX_CTL_NO_ACK			BIT(2)
#define IEEE80211_TX_STAT_TX_FILTERED		BIT(8)
#define IEEE80211_TX_STAT_ACK			BIT(9)
#define IEEE80211_TX_STAT_NOACK_TRANSMITTED	BIT(24)
#define ATH5K_SHIM_TX_STATUS_FLAGS \
	(IEEE80211_TX_STAT_TX_FILTERED | IEEE80211_TX_STAT_ACK | \
	 IEEE80211_TX_STAT_NOACK_TRANSMITTED)

/* rates first in both views, as the status overwrites the control */
struct ieee80211_tx_info {
	u32 flags;
	u8 band;
	union {
		struct {
			struct ieee80211_tx_rate rates[IEEE80211_TX_MAX_RATES];
			struct ieee80211_vif *vif;
			struct ieee80211_key_conf *hw_key;
		} control;
		struct {
			struct ieee80211_tx_rate rates[IEEE80211_TX_MAX_RATES];
			s32 ack_signal;
			bool ack_signal_valid;
		} status;
	};
};

#define IEEE80211_SKB_CB(skb) ((struct ieee80211_tx_info *)(skb)->cb)

static inline void ieee80211_tx_info_clear_status(struct ieee80211_tx_info *i)
{
	unsigned int r;

	for (r = 0; r < IEEE80211_TX_MAX_RATES; r++)
		i->status.rates[r].count = 0;
	i->status.ack_signal = 0;
	i->status.ack_signal_valid = false;
	i->flags &= ~ATH5K_SHIM_TX_STATUS_FLAGS;
}

static inline void
compat_tx_status_set_ack_signal_valid(struct ieee80211_tx_info *info)
{
	info->status.ack_signal_valid = true;
}

/* ----- receive status ----------------------------------------------- */

#define RX_FLAG_MMIC_ERROR		BIT(0)
#define RX_FLAG_DECRYPTED		BIT(1)
#define RX_FLAG_MACTIME_END		BIT(2)
#define RX_FLAG_FAILED_FCS_CRC		BIT(3)
#define RX_ENC_FLAG_SHORTPRE		BIT(0)
#define FIF_FCSFAIL			BIT(3)

enum rate_info_bw { RATE_INFO_BW_20, RATE_INFO_BW_5, RATE_INFO_BW_10 };

struct ieee80211_rx_status {
	u64 mactime;
	u32 flag;
	u16 freq;
	u8 enc_flags;
	u8 bw;
	u8 rate_idx;
	u8 antenna;
	enum nl80211_band band;
	s8 signal;
};

#define IEEE80211_SKB_RXCB(skb) ((struct ieee80211_rx_status *)(skb)->cb)

/* ----- 802.11 header ---------------------------------------------- */

struct ieee80211_hdr {
	__le16 frame_control;
	__le16 duration_id;
	u8 addr1[ETH_ALEN];
	u8 addr2[ETH_ALEN];
	u8 addr3[ETH_ALEN];
	__le16 seq_ctrl;
	u8 addr4[ETH_ALEN];
} __packed;

#define IEEE80211_FCTL_FTYPE		0x000c
#define IEEE80211_FCTL_STYPE		0x00f0
#define IEEE80211_FCTL_TODS		0x0100
#define IEEE80211_FCTL_FROMDS		0x0200
#define IEEE80211_FCTL_PROTECTED	0x4000
#define IEEE80211_FTYPE_MGMT		0x0000
#define IEEE80211_FTYPE_CTL		0x0004
#define IEEE80211_FTYPE_DATA		0x0008
#define IEEE80211_STYPE_QOS_DATA	0x0080

static inline bool ath5k_shim_fc_is(__le16 fc, u16 type_subtype)
{
	return (le16_to_cpu(fc) & (IEEE80211_FCTL_FTYPE | IEEE80211_FCTL_STYPE))
		== type_subtype;
}

#define ieee80211_is_beacon(fc) ath5k_shim_fc_is(fc, 0x0080)
#define ieee80211_is_probe_resp(fc) ath5k_shim_fc_is(fc, 0x0050)
#define ieee80211_is_atim(fc) ath5k_shim_fc_is(fc, 0x0090)
#define ieee80211_is_pspoll(fc) ath5k_shim_fc_is(fc, 0x00a4)

static inline bool ieee80211_has_protected(__le16 fc)
{
	return le16_to_cpu(fc) & IEEE80211_FCTL_PROTECTED;
}

static inline unsigned int ieee80211_hdrlen(__le16 fc)
{
	u16 f = le16_to_cpu(fc);
	unsigned int len = 24;

	if ((f & IEEE80211_FCTL_FTYPE) == IEEE80211_FTYPE_CTL)
		return (f & IEEE80211_FCTL_STYPE) >= 0x00a0 ? 16 : 10;
	if ((f & IEEE80211_FCTL_FTYPE) != IEEE80211_FTYPE_DATA)
		return len;
	if ((f & (IEEE80211_FCTL_TODS | IEEE80211_FCTL_FROMDS)) ==
	    (IEEE80211_FCTL_TODS | IEEE80211_FCTL_FROMDS))
		len += ETH_ALEN;
	if (f & IEEE80211_STYPE_QOS_DATA)
		len += 2;
	return len;
}

static inline unsigned int
ieee80211_get_hdrlen_from_skb(const struct sk_buff *skb)
{
	if (skb->len < 10)
		return 0;
	return ieee80211_hdrlen(((const struct ieee80211_hdr *)skb->data)
				->frame_control);
}

/* ----- calls into mac80211: defined by each test program ----------- */

void ieee80211_stop_queues(struct ieee80211_hw *hw);
void ieee80211_wake_queues(struct ieee80211_hw *hw);
void ieee80211_stop_queue(struct ieee80211_hw *hw, int queue);
void ieee80211_wake_queue(struct ieee80211_hw *hw, int queue);
void ieee80211_free_txskb(struct ieee80211_hw *hw, struct sk_buff *skb);
void wiphy_rfkill_set_hw_state(struct wiphy *wiphy, bool blocked);
struct sk_buff *ieee80211_beacon_get(struct ieee80211_hw *hw,
				     struct ieee80211_vif *vif,
				     unsigned int link_id);
struct sk_buff *ieee80211_get_buffered_bc(struct ieee80211_hw *hw,
					  struct ieee80211_vif *vif);
const struct ieee80211_rate *
ieee80211_get_tx_rate(const struct ieee80211_hw *hw,
		      const struct ieee80211_tx_info *info);
void ieee80211_rx(struct ieee80211_hw *hw, struct sk_buff *skb);
void ieee80211_tx_status_skb(struct ieee80211_hw *hw, struct sk_buff *skb);
void ieee80211_queue_work(struct ieee80211_hw *hw, struct work_struct *w);
void ieee80211_queue_delayed_work(struct ieee80211_hw *hw,
				  struct delayed_work *w, unsigned long delay);
const struct ieee80211_rate *
ieee80211_get_rts_cts_rate(const struct ieee80211_hw *hw,
			   const struct ieee80211_tx_info *info);
__le16 ieee80211_rts_duration(struct ieee80211_hw *hw,
			      struct ieee80211_vif *vif, size_t len,
			      const struct ieee80211_tx_info *info);
__le16 ieee80211_ctstoself_duration(struct ieee80211_hw *hw,
				    struct ieee80211_vif *vif, size_t len,
				    const struct ieee80211_tx_info *info);

#endif
