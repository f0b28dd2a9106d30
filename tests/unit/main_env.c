// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Stand-ins for what src/main.c calls besides the hardware layer
 * (main_env.h).  They do nothing a test does not need: those whose
 * order matters report their step, and the few that decide something
 * (queueing work, a restart, registration) leave it where a test can
 * look.
 */
#include "main_env.h"

struct work_struct *main_env_queued_work;
unsigned int main_env_restarts;
bool main_env_combination_refused;

void main_env_dev_wire(struct ath5k_dev *dev, struct ieee80211_hw *hw,
		       struct wiphy *wiphy, struct pci_dev *pdev,
		       struct ieee80211_channel *chan)
{
	hw->wiphy = wiphy;
	hw->priv = dev;
	hw->conf.chandef.chan = chan;
	dev->hw = hw;
	dev->pdev = pdev;
	dev->dev = &pdev->dev;
}

/* ----- the driver's other files --------------------------------------- */

int ath5k_tx_init(struct ath5k_dev *dev)
{
	return 0;
}

void ath5k_tx_deinit(struct ath5k_dev *dev)
{
	main_env_step("tx_deinit");
}

int ath5k_txq_setup_all(struct ath5k_dev *dev)
{
	return 0;
}

void ath5k_txq_drain_all(struct ath5k_dev *dev)
{
	main_env_step("txq_drain");
}

void ath5k_txq_sync(struct ath5k_dev *dev)
{
	main_env_step("txq_sync");
}

void ath5k_tx_op(struct ieee80211_hw *hw, struct ieee80211_tx_control *ctl,
		 struct sk_buff *skb)
{
}

void ath5k_tx_watchdog(struct work_struct *work)
{
}

int ath5k_txq_conf(struct ath5k_dev *dev, unsigned int ac,
		   const struct ieee80211_tx_queue_params *params)
{
	return 0;
}

int ath5k_rx_init(struct ath5k_dev *dev)
{
	return 0;
}

void ath5k_rx_deinit(struct ath5k_dev *dev)
{
	main_env_step("rx_deinit");
}

int ath5k_rx_start(struct ath5k_dev *dev)
{
	main_env_step("rx_start");
	return 0;
}

void ath5k_rx_stop(struct ath5k_dev *dev)
{
	main_env_step("rx_stop");
}

void ath5k_beacon_init(struct ath5k_dev *dev)
{
}

int ath5k_beacon_attach_vif(struct ath5k_dev *dev, struct ieee80211_vif *vif)
{
	return 0;
}

void ath5k_beacon_detach_vif(struct ath5k_dev *dev, struct ieee80211_vif *vif)
{
}

void ath5k_beacon_reclaim(struct ath5k_dev *dev)
{
	main_env_step("beacon_reclaim");
}

void ath5k_beacon_config(struct ath5k_dev *dev)
{
	main_env_step("beacon_config");
}

void ath5k_beacon_work(struct work_struct *work)
{
}

void ath5k_beacon_resync(struct ath5k_dev *dev)
{
}

void ath5k_debugfs_init(struct ath5k_dev *dev)
{
}

void ath5k_debugfs_exit(struct ath5k_dev *dev)
{
}

irqreturn_t ath5k_intr(int irq, void *data)
{
	return IRQ_NONE;
}

void ath5k_irq_enable(struct ath5k_dev *dev)
{
	main_env_step("irq_enable");
}

void ath5k_irq_disable(struct ath5k_dev *dev)
{
	main_env_step("irq_disable");
}

void ath5k_irq_work_quiesce(struct ath5k_dev *dev)
{
	main_env_step("irq_work_quiesce");
}

int ath5k_napi_init(struct ath5k_dev *dev)
{
	return 0;
}

void ath5k_napi_deinit(struct ath5k_dev *dev)
{
	main_env_step("napi_deinit");
}

void ath5k_napi_start(struct ath5k_dev *dev)
{
	main_env_step("napi_start");
}

void ath5k_calib_work(struct work_struct *work)
{
}

void ath5k_ani_work(struct work_struct *work)
{
}

int ath5k_regd_init(struct ath5k_dev *dev)
{
	return 0;
}

void ath5k_regd_hint(struct ath5k_dev *dev)
{
}

int ath5k_led_init(struct ath5k_dev *dev)
{
	return 0;
}

void ath5k_led_exit(struct ath5k_dev *dev)
{
}

void ath5k_led_state(struct ath5k_dev *dev, enum ath5k_led_state state)
{
}

void ath5k_led_off(struct ath5k_dev *dev)
{
}

void ath5k_rfkill_start(struct ath5k_dev *dev)
{
}

void ath5k_rfkill_stop(struct ath5k_dev *dev)
{
}

void ath5k_rfkill_work(struct work_struct *work)
{
}

void ath5k_rfkill_init(struct ath5k_dev *dev)
{
}

void ath5k_op_rfkill_poll(struct ieee80211_hw *hw)
{
}

/* ----- mac80211 and the kernel ----------------------------------------- */

void ieee80211_stop_queues(struct ieee80211_hw *hw)
{
	main_env_step("stop_queues");
}

void ieee80211_wake_queues(struct ieee80211_hw *hw)
{
	main_env_step("wake_queues");
}

void ieee80211_stop_queue(struct ieee80211_hw *hw, int queue)
{
}

void ieee80211_queue_work(struct ieee80211_hw *hw, struct work_struct *w)
{
	main_env_queued_work = w;
}

void ieee80211_restart_hw(struct ieee80211_hw *hw)
{
	main_env_step("restart_hw");
	main_env_restarts++;
}

void ieee80211_queue_delayed_work(struct ieee80211_hw *hw,
				  struct delayed_work *w, unsigned long delay)
{
}

void ieee80211_iterate_active_interfaces_atomic(struct ieee80211_hw *hw,
	u32 iter_flags,
	void (*iterator)(void *data, u8 *mac, struct ieee80211_vif *vif),
	void *data)
{
}

/*
 * cfg80211 refuses a wiphy whose interface combinations name a type it
 * does not offer (wiphy_register, with a WARN); mac80211 built without
 * mesh (CONFIG_MAC80211_MESH, off in this build) offers no mesh point.
 */
int ieee80211_register_hw(struct ieee80211_hw *hw)
{
	const struct wiphy *wiphy = hw->wiphy;
	const struct ieee80211_iface_combination *c;
	int i, j;

	for (i = 0; i < wiphy->n_iface_combinations; i++) {
		c = &wiphy->iface_combinations[i];
		for (j = 0; j < c->n_limits; j++) {
			if ((wiphy->interface_modes & c->limits[j].types) !=
			    c->limits[j].types) {
				main_env_combination_refused = true;
				return -EINVAL;
			}
		}
	}
	return 0;
}

void ieee80211_unregister_hw(struct ieee80211_hw *hw)
{
	main_env_step("unregister_hw");
}

void ieee80211_handle_wake_tx_queue(struct ieee80211_hw *hw, void *txq)
{
}

int ieee80211_emulate_add_chanctx(struct ieee80211_hw *hw,
				  struct ieee80211_chanctx_conf *ctx)
{
	return 0;
}

void ieee80211_emulate_remove_chanctx(struct ieee80211_hw *hw,
				      struct ieee80211_chanctx_conf *ctx)
{
}

void ieee80211_emulate_change_chanctx(struct ieee80211_hw *hw,
				      struct ieee80211_chanctx_conf *ctx,
				      u32 changed)
{
}

int ieee80211_emulate_switch_vif_chanctx(struct ieee80211_hw *hw, void *vifs,
					 int n_vifs, int mode)
{
	return 0;
}

int request_irq(unsigned int irq, irqreturn_t (*handler)(int, void *),
		unsigned long flags, const char *name, void *dev)
{
	return 0;
}

void free_irq(unsigned int irq, void *dev)
{
	main_env_step("free_irq");
}

void pci_clear_master(struct pci_dev *pdev)
{
	main_env_step("clear_master");
}
