/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_COMPAT_NET_MAC80211_H
#define ATH5K_COMPAT_NET_MAC80211_H

#include_next <net/mac80211.h>
#include <linux/build_bug.h>

/*
 * Multi-link operation (6.0) moved the association state from bss_conf to
 * vif->cfg, gave beacon_get() and the conf_tx callback a link and widened
 * bss_info_changed's flags to u64.  A driver without MLO uses link 0.
 */
#if COMPAT_KERNEL_BEFORE(6, 0, 0)
#define ieee80211_beacon_get(hw, vif, link_id)				\
	ieee80211_beacon_get_tim(hw, vif, NULL, NULL)

/* Where assoc and aid live: read as compat_vif_cfg(vif)->aid. */
#define compat_vif_cfg(vif) (&(vif)->bss_conf)

static inline void
compat_tx_status_set_ack_signal_valid(struct ieee80211_tx_info *info)
{
	info->status.is_valid_ack_signal = true;
}

#define COMPAT_IEEE80211_OP_CONF_TX(fn)					\
	static int fn##_compat(struct ieee80211_hw *hw,			\
			       struct ieee80211_vif *vif, u16 ac,	\
			       const struct ieee80211_tx_queue_params *p) \
	{								\
		return fn(hw, vif, 0, ac, p);				\
	}								\
	static_assert(1)
#define compat_op_conf_tx(fn) fn##_compat

#define COMPAT_IEEE80211_OP_BSS_INFO_CHANGED(fn)			\
	static void fn##_compat(struct ieee80211_hw *hw,		\
				struct ieee80211_vif *vif,		\
				struct ieee80211_bss_conf *info,	\
				u32 changed)				\
	{								\
		fn(hw, vif, info, changed);				\
	}								\
	static_assert(1)
#define compat_op_bss_info_changed(fn) fn##_compat
#else
#define compat_vif_cfg(vif) (&(vif)->cfg)

static inline void
compat_tx_status_set_ack_signal_valid(struct ieee80211_tx_info *info)
{
	info->status.flags |= IEEE80211_TX_STATUS_ACK_SIGNAL_VALID;
}

#define COMPAT_IEEE80211_OP_CONF_TX(fn) static_assert(1)
#define compat_op_conf_tx(fn) fn
#define COMPAT_IEEE80211_OP_BSS_INFO_CHANGED(fn) static_assert(1)
#define compat_op_bss_info_changed(fn) fn
#endif

/* 6.7 renamed ieee80211_tx_status() to ieee80211_tx_status_skb(). */
#if COMPAT_KERNEL_BEFORE(6, 7, 0)
#define ieee80211_tx_status_skb(hw, skb) ieee80211_tx_status(hw, skb)
#endif

/*
 * Before 6.2 mac80211 had no generic wake_tx_queue handler; a driver that
 * leaves the callback empty gets frames straight through its tx callback,
 * which is what the handler does on newer kernels.
 */
#if COMPAT_KERNEL_BEFORE(6, 2, 0)
#define ieee80211_handle_wake_tx_queue NULL
#endif

/*
 * 6.9 added channel-context emulation helpers for drivers with a single
 * channel; newer mac80211 refuses a driver without channel-context ops
 * (ieee80211_alloc_hw() warns and fails on 6.12 and 7.x).  Before 6.9 a
 * driver leaves these ops empty.
 */
#if COMPAT_KERNEL_BEFORE(6, 9, 0)
#define ieee80211_emulate_add_chanctx NULL
#define ieee80211_emulate_remove_chanctx NULL
#define ieee80211_emulate_change_chanctx NULL
#define ieee80211_emulate_switch_vif_chanctx NULL
#endif

/*
 * Callbacks whose signature gained arguments.  A driver writes each one
 * against the newest signature, follows its definition with
 * COMPAT_IEEE80211_OP_<NAME>(fn); and names it in its ops table as
 * compat_op_<name>(fn).  On older kernels the first macro defines a
 * wrapper with the old signature and the second picks that wrapper.
 */
#if COMPAT_KERNEL_BEFORE(6, 11, 0)
#define COMPAT_IEEE80211_OP_STOP(fn)					\
	static void fn##_compat(struct ieee80211_hw *hw)		\
	{								\
		fn(hw, false);						\
	}								\
	static_assert(1)
#define compat_op_stop(fn) fn##_compat
#else
#define COMPAT_IEEE80211_OP_STOP(fn) static_assert(1)
#define compat_op_stop(fn) fn
#endif

/* 6.17 added the radio index for multi-radio wiphys. */
#if COMPAT_KERNEL_BEFORE(6, 17, 0)
#define COMPAT_IEEE80211_OP_CONFIG(fn)					\
	static int fn##_compat(struct ieee80211_hw *hw, u32 changed)	\
	{								\
		return fn(hw, -1, changed);				\
	}								\
	static_assert(1)
#define compat_op_config(fn) fn##_compat

#define COMPAT_IEEE80211_OP_SET_COVERAGE_CLASS(fn)			\
	static void fn##_compat(struct ieee80211_hw *hw, s16 cls)	\
	{								\
		fn(hw, -1, cls);					\
	}								\
	static_assert(1)
#define compat_op_set_coverage_class(fn) fn##_compat

#define COMPAT_IEEE80211_OP_SET_ANTENNA(fn)				\
	static int fn##_compat(struct ieee80211_hw *hw, u32 tx, u32 rx)	\
	{								\
		return fn(hw, -1, tx, rx);				\
	}								\
	static_assert(1)
#define compat_op_set_antenna(fn) fn##_compat

#define COMPAT_IEEE80211_OP_GET_ANTENNA(fn)				\
	static int fn##_compat(struct ieee80211_hw *hw, u32 *tx, u32 *rx) \
	{								\
		return fn(hw, -1, tx, rx);				\
	}								\
	static_assert(1)
#define compat_op_get_antenna(fn) fn##_compat
#else
#define COMPAT_IEEE80211_OP_CONFIG(fn) static_assert(1)
#define compat_op_config(fn) fn
#define COMPAT_IEEE80211_OP_SET_COVERAGE_CLASS(fn) static_assert(1)
#define compat_op_set_coverage_class(fn) fn
#define COMPAT_IEEE80211_OP_SET_ANTENNA(fn) static_assert(1)
#define compat_op_set_antenna(fn) fn
#define COMPAT_IEEE80211_OP_GET_ANTENNA(fn) static_assert(1)
#define compat_op_get_antenna(fn) fn
#endif

#endif /* ATH5K_COMPAT_NET_MAC80211_H */
