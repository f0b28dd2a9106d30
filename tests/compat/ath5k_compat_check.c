// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Uses each interface compat/ supplies, written against the newest kernel
 * API exactly as src/ would, so that a shim which does not build on some
 * kernel fails compile-matrix.  Compiled only; never loaded.
 */
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/pm.h>
#include <linux/workqueue.h>
#include <net/mac80211.h>

struct check_state {
	struct hrtimer hrtimer;
	int fired;
};

static enum hrtimer_restart check_hrtimer_fn(struct hrtimer *t)
{
	struct check_state *st = container_of(t, struct check_state, hrtimer);

	st->fired++;
	return HRTIMER_NORESTART;
}

void ath5k_compat_check_hrtimer(struct check_state *st);
void ath5k_compat_check_hrtimer(struct check_state *st)
{
	hrtimer_setup(&st->hrtimer, check_hrtimer_fn, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL);
	hrtimer_start(&st->hrtimer, ns_to_ktime(1000), HRTIMER_MODE_REL);
	hrtimer_cancel(&st->hrtimer);
}

struct check_napi {
	struct net_device *host;
	struct napi_struct napi;
	struct work_struct bh_work;
};

static int check_napi_poll(struct napi_struct *napi, int budget)
{
	napi_complete_done(napi, 0);
	return 0;
}

static void check_bh_work(struct work_struct *work)
{
	struct check_napi *cn = container_of(work, struct check_napi, bh_work);

	napi_schedule(&cn->napi);
}

int ath5k_compat_check_napi(struct check_napi *cn);
int ath5k_compat_check_napi(struct check_napi *cn)
{
	cn->host = alloc_netdev_dummy(0);
	if (!cn->host)
		return -ENOMEM;
	netif_napi_add(cn->host, &cn->napi, check_napi_poll);
	napi_enable(&cn->napi);
	INIT_WORK(&cn->bh_work, check_bh_work);
	queue_work(system_bh_highpri_wq, &cn->bh_work);
	cancel_work_sync(&cn->bh_work);
	napi_disable(&cn->napi);
	netif_napi_del(&cn->napi);
	free_netdev(cn->host);
	return 0;
}

static int check_suspend(struct device *dev)
{
	return 0;
}

static int check_resume(struct device *dev)
{
	return 0;
}

static DEFINE_SIMPLE_DEV_PM_OPS(check_pm_ops, check_suspend, check_resume);

const struct dev_pm_ops *ath5k_compat_check_pm(void);
const struct dev_pm_ops *ath5k_compat_check_pm(void)
{
	return pm_sleep_ptr(&check_pm_ops);
}

/* The mac80211 callbacks whose signatures changed, newest form. */
static void check_op_stop(struct ieee80211_hw *hw, bool suspend)
{
}

COMPAT_IEEE80211_OP_STOP(check_op_stop);

static int check_op_config(struct ieee80211_hw *hw, int radio_idx,
			   u32 changed)
{
	return 0;
}

COMPAT_IEEE80211_OP_CONFIG(check_op_config);

static void check_op_set_coverage_class(struct ieee80211_hw *hw,
					int radio_idx, s16 coverage_class)
{
}

COMPAT_IEEE80211_OP_SET_COVERAGE_CLASS(check_op_set_coverage_class);

static int check_op_set_antenna(struct ieee80211_hw *hw, int radio_idx,
				u32 tx_ant, u32 rx_ant)
{
	return 0;
}

COMPAT_IEEE80211_OP_SET_ANTENNA(check_op_set_antenna);

static int check_op_get_antenna(struct ieee80211_hw *hw, int radio_idx,
				u32 *tx_ant, u32 *rx_ant)
{
	return 0;
}

COMPAT_IEEE80211_OP_GET_ANTENNA(check_op_get_antenna);

static int check_op_conf_tx(struct ieee80211_hw *hw,
			    struct ieee80211_vif *vif, unsigned int link_id,
			    u16 ac, const struct ieee80211_tx_queue_params *p)
{
	return 0;
}

COMPAT_IEEE80211_OP_CONF_TX(check_op_conf_tx);

static u16 check_last_aid;

static void check_op_bss_info_changed(struct ieee80211_hw *hw,
				      struct ieee80211_vif *vif,
				      struct ieee80211_bss_conf *info,
				      u64 changed)
{
	if (compat_vif_cfg(vif)->assoc)
		check_last_aid = compat_vif_cfg(vif)->aid;
}

COMPAT_IEEE80211_OP_BSS_INFO_CHANGED(check_op_bss_info_changed);

static void check_op_tx(struct ieee80211_hw *hw,
			struct ieee80211_tx_control *control,
			struct sk_buff *skb)
{
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);

	compat_tx_status_set_ack_signal_valid(info);
	ieee80211_tx_status_skb(hw, skb);
}

static int check_op_start(struct ieee80211_hw *hw)
{
	return 0;
}

static int check_op_add_interface(struct ieee80211_hw *hw,
				  struct ieee80211_vif *vif)
{
	struct sk_buff *beacon = ieee80211_beacon_get(hw, vif, 0);

	dev_kfree_skb_any(beacon);
	return 0;
}

static void check_op_remove_interface(struct ieee80211_hw *hw,
				      struct ieee80211_vif *vif)
{
}

static void check_op_configure_filter(struct ieee80211_hw *hw,
				      unsigned int changed,
				      unsigned int *total, u64 multicast)
{
	*total = 0;
}

static const struct ieee80211_ops check_ops = {
	.tx = check_op_tx,
	.wake_tx_queue = ieee80211_handle_wake_tx_queue,
	.add_chanctx = ieee80211_emulate_add_chanctx,
	.remove_chanctx = ieee80211_emulate_remove_chanctx,
	.change_chanctx = ieee80211_emulate_change_chanctx,
	.switch_vif_chanctx = ieee80211_emulate_switch_vif_chanctx,
	.start = check_op_start,
	.stop = compat_op_stop(check_op_stop),
	.add_interface = check_op_add_interface,
	.remove_interface = check_op_remove_interface,
	.config = compat_op_config(check_op_config),
	.configure_filter = check_op_configure_filter,
	.bss_info_changed = compat_op_bss_info_changed(check_op_bss_info_changed),
	.conf_tx = compat_op_conf_tx(check_op_conf_tx),
	.set_coverage_class =
		compat_op_set_coverage_class(check_op_set_coverage_class),
	.set_antenna = compat_op_set_antenna(check_op_set_antenna),
	.get_antenna = compat_op_get_antenna(check_op_get_antenna),
};

const struct ieee80211_ops *ath5k_compat_check_mac80211(void);
const struct ieee80211_ops *ath5k_compat_check_mac80211(void)
{
	return &check_ops;
}

MODULE_DESCRIPTION("ath5k-dkms compat interface build check (never loaded)");
MODULE_LICENSE("Dual BSD/GPL");
