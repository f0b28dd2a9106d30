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
#include <linux/netdevice.h>

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
	bool beacon_found;
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

/* ----- cfg80211 ------------------------------------------------------- */

struct ieee80211_iface_limit {
	u16 max;
	u16 types;
};

struct ieee80211_iface_combination {
	const struct ieee80211_iface_limit *limits;
	u32 num_different_channels;
	u16 max_interfaces;
	u8 n_limits;
};

#define WIPHY_FLAG_IBSS_RSN			BIT(7)
#define NL80211_EXT_FEATURE_CQM_RSSI_LIST	0

struct regulatory_request;
struct ieee80211_regdomain;

struct wiphy {
	struct ieee80211_supported_band *bands[NUM_NL80211_BANDS];
	u32 regulatory_flags;
	const struct ieee80211_regdomain *regd;
	void (*reg_notifier)(struct wiphy *wiphy,
			     struct regulatory_request *request);
	u16 interface_modes;
	u32 flags;
	const struct ieee80211_iface_combination *iface_combinations;
	int n_iface_combinations;
	u32 available_antennas_tx, available_antennas_rx;
	u32 ext_features;
	struct dentry *debugfsdir;
};

#define wiphy_ext_feature_set(w, f) ((w)->ext_features |= BIT(f))

enum nl80211_chan_width {
	NL80211_CHAN_WIDTH_20_NOHT,
	NL80211_CHAN_WIDTH_20,
	NL80211_CHAN_WIDTH_5 = 6,
	NL80211_CHAN_WIDTH_10,
};

struct cfg80211_chan_def {
	struct ieee80211_channel *chan;
	enum nl80211_chan_width width;
};

#define SURVEY_INFO_NOISE_DBM	BIT(0)
#define SURVEY_INFO_TIME	BIT(2)
#define SURVEY_INFO_TIME_BUSY	BIT(3)
#define SURVEY_INFO_TIME_RX	BIT(5)
#define SURVEY_INFO_TIME_TX	BIT(6)

struct survey_info {
	struct ieee80211_channel *channel;
	u64 time, time_busy, time_rx, time_tx;
	u32 filled;
	s8 noise;
};

#define WLAN_CIPHER_SUITE_WEP40		0x000fac01
#define WLAN_CIPHER_SUITE_TKIP		0x000fac02
#define WLAN_CIPHER_SUITE_CCMP		0x000fac04
#define WLAN_CIPHER_SUITE_WEP104	0x000fac05
#define NL80211_TKIP_DATA_OFFSET_TX_MIC_KEY	16
#define NL80211_TKIP_DATA_OFFSET_RX_MIC_KEY	24

#define IEEE80211_RATE_SHORT_PREAMBLE	BIT(0)
#define IEEE80211_RATE_ERP_G		BIT(4)
#define IEEE80211_RATE_SUPPORTS_5MHZ	BIT(5)
#define IEEE80211_RATE_SUPPORTS_10MHZ	BIT(6)

/* ----- mac80211: device, interfaces, keys ----------------------------- */

#define IEEE80211_CONF_MONITOR		BIT(0)
#define IEEE80211_CONF_CHANGE_MONITOR	BIT(3)
#define IEEE80211_CONF_CHANGE_POWER	BIT(5)
#define IEEE80211_CONF_CHANGE_CHANNEL	BIT(6)

struct ieee80211_conf {
	u32 flags;
	int power_level;
	struct cfg80211_chan_def chandef;
};

enum ieee80211_hw_flags {
	IEEE80211_HW_REPORTS_TX_ACK_STATUS,
	IEEE80211_HW_MFP_CAPABLE,
	IEEE80211_HW_SIGNAL_DBM,
	IEEE80211_HW_RX_INCLUDES_FCS,
	IEEE80211_HW_HOST_BROADCAST_PS_BUFFERING,
	IEEE80211_HW_SUPPORTS_RC_TABLE,
};

struct ieee80211_hw {
	struct ieee80211_conf conf;
	struct wiphy *wiphy;
	void *priv;
	unsigned long flags;
	u8 perm_addr[ETH_ALEN];
	unsigned int extra_tx_headroom;
	int vif_data_size;
	u16 queues;
	u8 max_rates;
	u8 max_rate_tries;
};

#define ieee80211_hw_set(hw, flg) ((hw)->flags |= BIT(IEEE80211_HW_##flg))
#define SET_IEEE80211_PERM_ADDR(hw, addr) \
	memcpy((hw)->perm_addr, addr, ETH_ALEN)

#define BSS_CHANGED_ASSOC		BIT(0)
#define BSS_CHANGED_ERP_SLOT		BIT(3)
#define BSS_CHANGED_BSSID		BIT(7)
#define BSS_CHANGED_BEACON		BIT(8)
#define BSS_CHANGED_BEACON_ENABLED	BIT(9)
#define BSS_CHANGED_BEACON_INT		BIT(11)
#define BSS_CHANGED_IBSS		BIT(14)

struct ieee80211_bss_conf {
	const u8 *bssid;
	u16 beacon_int;
	bool use_short_slot;
	bool enable_beacon;
};

struct ieee80211_vif_cfg {
	bool assoc;
	u16 aid;
};

struct ieee80211_vif {
	enum nl80211_iftype type;
	struct ieee80211_vif_cfg cfg;
	struct ieee80211_bss_conf bss_conf;
	u8 addr[ETH_ALEN];
	u8 drv_priv[64] __aligned(8);
};

#define compat_vif_cfg(vif) (&(vif)->cfg)

struct ieee80211_sta {
	u8 addr[ETH_ALEN];
};

enum set_key_cmd { SET_KEY, DISABLE_KEY };

#define IEEE80211_KEY_FLAG_GENERATE_IV		BIT(1)
#define IEEE80211_KEY_FLAG_GENERATE_MMIC	BIT(2)
#define IEEE80211_KEY_FLAG_PAIRWISE		BIT(3)
#define IEEE80211_KEY_FLAG_SW_MGMT_TX		BIT(4)
#define IEEE80211_KEY_FLAG_RX_MGMT		BIT(6)

struct ieee80211_key_conf {
	u32 cipher;
	u8 icv_len;
	u8 hw_key_idx;
	s8 keyidx;
	u16 flags;
	u8 keylen;
	u8 key[32];
};

struct ieee80211_low_level_stats {
	unsigned int dot11ACKFailureCount;
	unsigned int dot11RTSFailureCount;
	unsigned int dot11FCSErrorCount;
	unsigned int dot11RTSSuccessCount;
};

#define FIF_ALLMULTI			BIT(1)
#define FIF_PLCPFAIL			BIT(4)
#define FIF_BCN_PRBRESP_PROMISC		BIT(5)
#define FIF_CONTROL			BIT(6)
#define FIF_OTHER_BSS			BIT(7)
#define FIF_PSPOLL			BIT(8)
#define FIF_PROBE_REQ			BIT(9)

struct netdev_hw_addr {
	struct list_head list;
	u8 addr[ETH_ALEN];
};

struct netdev_hw_addr_list {
	struct list_head list;
};

#define netdev_hw_addr_list_for_each(ha, l) \
	list_for_each_entry(ha, &(l)->list, list)

#define IEEE80211_IFACE_ITER_RESUME_ALL	BIT(1)

struct ieee80211_tx_queue_params {
	u16 txop;
	u16 cw_min;
	u16 cw_max;
	u8 aifs;
};

struct ieee80211_tx_control {
	struct ieee80211_sta *sta;
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

/* The series for @skb: its own entries, the rest from @sta's table. */
void ieee80211_get_tx_rates(struct ieee80211_vif *vif,
			    struct ieee80211_sta *sta, struct sk_buff *skb,
			    struct ieee80211_tx_rate *dest, int max_rates);

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
#define FIF_FCSFAIL			BIT(2)

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
#define IEEE80211_FCTL_MOREFRAGS	0x0400
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
void wiphy_rfkill_start_polling(struct wiphy *wiphy);
struct sk_buff *ieee80211_beacon_get(struct ieee80211_hw *hw,
				     struct ieee80211_vif *vif,
				     unsigned int link_id);
struct sk_buff *ieee80211_get_buffered_bc(struct ieee80211_hw *hw,
					  struct ieee80211_vif *vif);
const struct ieee80211_rate *
ieee80211_get_tx_rate(const struct ieee80211_hw *hw,
		      const struct ieee80211_tx_info *info);
void ieee80211_rx_napi(struct ieee80211_hw *hw, struct ieee80211_sta *sta,
		       struct sk_buff *skb, struct napi_struct *napi);
void ieee80211_tx_status_skb(struct ieee80211_hw *hw, struct sk_buff *skb);
void ieee80211_queue_work(struct ieee80211_hw *hw, struct work_struct *w);
void ieee80211_restart_hw(struct ieee80211_hw *hw);
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


struct ieee80211_chanctx_conf;
struct ieee80211_bss_conf;

void ieee80211_iterate_active_interfaces_atomic(struct ieee80211_hw *hw,
	u32 iter_flags,
	void (*iterator)(void *data, u8 *mac, struct ieee80211_vif *vif),
	void *data);
struct ieee80211_ops;
struct ieee80211_hw *ieee80211_alloc_hw(size_t priv_len,
					const struct ieee80211_ops *ops);
void ieee80211_free_hw(struct ieee80211_hw *hw);
#define SET_IEEE80211_DEV(hw, d) ((void)(hw), (void)(d))
int ieee80211_register_hw(struct ieee80211_hw *hw);
void ieee80211_unregister_hw(struct ieee80211_hw *hw);
void ieee80211_handle_wake_tx_queue(struct ieee80211_hw *hw, void *txq);
int ieee80211_emulate_add_chanctx(struct ieee80211_hw *hw,
				  struct ieee80211_chanctx_conf *ctx);
void ieee80211_emulate_remove_chanctx(struct ieee80211_hw *hw,
				      struct ieee80211_chanctx_conf *ctx);
void ieee80211_emulate_change_chanctx(struct ieee80211_hw *hw,
				      struct ieee80211_chanctx_conf *ctx,
				      u32 changed);
int ieee80211_emulate_switch_vif_chanctx(struct ieee80211_hw *hw, void *vifs,
					 int n_vifs, int mode);

/* The ops main.c fills, with the newest kernel's signatures. */
struct ieee80211_ops {
	void (*tx)(struct ieee80211_hw *hw, struct ieee80211_tx_control *c,
		   struct sk_buff *skb);
	void (*wake_tx_queue)(struct ieee80211_hw *hw, void *txq);
	int (*add_chanctx)(struct ieee80211_hw *hw,
			   struct ieee80211_chanctx_conf *ctx);
	void (*remove_chanctx)(struct ieee80211_hw *hw,
			       struct ieee80211_chanctx_conf *ctx);
	void (*change_chanctx)(struct ieee80211_hw *hw,
			       struct ieee80211_chanctx_conf *ctx, u32 changed);
	int (*switch_vif_chanctx)(struct ieee80211_hw *hw, void *vifs,
				  int n_vifs, int mode);
	int (*start)(struct ieee80211_hw *hw);
	void (*stop)(struct ieee80211_hw *hw, bool suspend);
	int (*add_interface)(struct ieee80211_hw *hw, struct ieee80211_vif *vif);
	void (*remove_interface)(struct ieee80211_hw *hw,
				 struct ieee80211_vif *vif);
	int (*config)(struct ieee80211_hw *hw, int radio_idx, u32 changed);
	void (*bss_info_changed)(struct ieee80211_hw *hw,
				 struct ieee80211_vif *vif,
				 struct ieee80211_bss_conf *info, u64 changed);
	u64 (*prepare_multicast)(struct ieee80211_hw *hw,
				 struct netdev_hw_addr_list *mc_list);
	void (*configure_filter)(struct ieee80211_hw *hw, unsigned int changed,
				 unsigned int *total, u64 multicast);
	int (*set_key)(struct ieee80211_hw *hw, enum set_key_cmd cmd,
		       struct ieee80211_vif *vif, struct ieee80211_sta *sta,
		       struct ieee80211_key_conf *key);
	void (*sw_scan_start)(struct ieee80211_hw *hw,
			      struct ieee80211_vif *vif, const u8 *mac);
	void (*sw_scan_complete)(struct ieee80211_hw *hw,
				 struct ieee80211_vif *vif);
	int (*get_stats)(struct ieee80211_hw *hw,
			 struct ieee80211_low_level_stats *stats);
	int (*conf_tx)(struct ieee80211_hw *hw, struct ieee80211_vif *vif,
		       unsigned int link_id, u16 ac,
		       const struct ieee80211_tx_queue_params *params);
	u64 (*get_tsf)(struct ieee80211_hw *hw, struct ieee80211_vif *vif);
	void (*set_tsf)(struct ieee80211_hw *hw, struct ieee80211_vif *vif,
			u64 tsf);
	void (*reset_tsf)(struct ieee80211_hw *hw, struct ieee80211_vif *vif);
	int (*get_survey)(struct ieee80211_hw *hw, int idx,
			  struct survey_info *survey);
	void (*rfkill_poll)(struct ieee80211_hw *hw);
	void (*set_coverage_class)(struct ieee80211_hw *hw, int radio_idx,
				   s16 coverage_class);
	int (*set_antenna)(struct ieee80211_hw *hw, int radio_idx, u32 tx_ant,
			   u32 rx_ant);
	int (*get_antenna)(struct ieee80211_hw *hw, int radio_idx, u32 *tx_ant,
			   u32 *rx_ant);
	int (*set_ringparam)(struct ieee80211_hw *hw, u32 tx, u32 rx);
	void (*get_ringparam)(struct ieee80211_hw *hw, u32 *tx, u32 *tx_max,
			      u32 *rx, u32 *rx_max);
};

/* compat/include/net/mac80211.h on the newest kernel: no wrappers. */
#define ATH5K_SHIM_NO_WRAPPER	_Static_assert(1, "no compat wrapper")
#define COMPAT_IEEE80211_OP_STOP(fn) ATH5K_SHIM_NO_WRAPPER
#define COMPAT_IEEE80211_OP_CONFIG(fn) ATH5K_SHIM_NO_WRAPPER
#define COMPAT_IEEE80211_OP_CONF_TX(fn) ATH5K_SHIM_NO_WRAPPER
#define COMPAT_IEEE80211_OP_BSS_INFO_CHANGED(fn) ATH5K_SHIM_NO_WRAPPER
#define COMPAT_IEEE80211_OP_SET_COVERAGE_CLASS(fn) ATH5K_SHIM_NO_WRAPPER
#define COMPAT_IEEE80211_OP_SET_ANTENNA(fn) ATH5K_SHIM_NO_WRAPPER
#define COMPAT_IEEE80211_OP_GET_ANTENNA(fn) ATH5K_SHIM_NO_WRAPPER
#define compat_op_stop(fn) fn
#define compat_op_config(fn) fn
#define compat_op_conf_tx(fn) fn
#define compat_op_bss_info_changed(fn) fn
#define compat_op_set_coverage_class(fn) fn
#define compat_op_set_antenna(fn) fn
#define compat_op_get_antenna(fn) fn

#endif
