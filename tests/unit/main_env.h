/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * What src/main.c calls outside itself and the hardware layer: the
 * driver's other files (TX, RX, beacons, interrupts, NAPI, LEDs, rfkill,
 * regulatory, debugfs) and mac80211, stood in by main_env.c.  Shared by
 * the tests that run main.c: test_reset_stop.c, with the hardware layer
 * stood in as well, and the hw-on-card harness, with the real one on
 * the emulated card.
 */
#ifndef ATH5K_UNIT_MAIN_ENV_H
#define ATH5K_UNIT_MAIN_ENV_H

#include "ath5k.h"

/*
 * The stand-ins whose order a test may check report their step ("rx_stop",
 * "wake_queues", ...) here; each test defines it.
 */
void main_env_step(const char *what);

/*
 * What probe has done before ath5k_init_device(): @hw allocated around
 * @dev and @wiphy, on @pdev, mac80211's channel @chan.
 */
void main_env_dev_wire(struct ath5k_dev *dev, struct ieee80211_hw *hw,
		       struct wiphy *wiphy, struct pci_dev *pdev,
		       struct ieee80211_channel *chan);

/* The work ieee80211_queue_work() was given last, NULL at start. */
extern struct work_struct *main_env_queued_work;
/* ieee80211_restart_hw() calls. */
extern unsigned int main_env_restarts;
/* Whether ieee80211_register_hw() refused the wiphy, as cfg80211 would. */
extern bool main_env_combination_refused;

#endif
