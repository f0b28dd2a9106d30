// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The order in which src/main.c stops, resets and tears down the chip,
 * against recording stand-ins for mac80211, the hardware layer and the
 * driver's other files (main_env.c; each logs the step it stands for):
 *
 * - reset: mac80211's queues stop and INVALID is set before DMA stops,
 *   submitters are waited for, and buffers are reclaimed only after the
 *   chip reset (issue 12 finding 2);
 * - reset when DMA will not stop: a full reset instead of a fast one,
 *   whatever was asked (finding 3);
 * - stop: the chip is held in warm reset before the TX buffers are
 *   unmapped (finding 3);
 * - remove: bus mastering is off before the rings are freed (finding 3);
 * - the AR5210's operations are the others without .conf_tx;
 * - beacon state mac80211 sets while a reset runs is kept for it
 *   (finding 18: beacon_on was dropped while INVALID);
 * - channel change: frames received on the old channel are never
 *   reported on the new one: dev->curchan changes only once no RX pass
 *   can run (issue 26: a beacon heard on 5180 MHz, reported on 5200
 *   while the scan moved on, put an IBSS on 5200);
 * - a reset that fails leaves mac80211's queues stopped, is tried again
 *   from the reset work, then handed to mac80211's restart; a restart
 *   that fails too gives up quietly until the next start (issue 28
 *   finding 6: the queues were woken and every frame dropped); a card
 *   that left the bus is given up at once (mac80211 warned "Hardware
 *   became unavailable during restart" in make faults' disconnect);
 * - registration: the interface combinations name only types the wiphy
 *   offers, so a kernel without mesh takes the device (the debug-kernel
 *   cell's cfg80211 refused it); the AR5211 registers one rate series
 *   and no interface combinations.
 *
 * Links: src/main.c src/ratemap.c src/rates.c src/channels.c src/keyslot.c src/txq_fill.c tests/unit/main_env.c
 */
#include <stdio.h>
#include <string.h>

#include "ath5k.h"
#include "check.h"
#include "main_env.h"

/* ----- the log ------------------------------------------------------- */

#define LOG_MAX	128

static const char *steps[LOG_MAX];
static unsigned int nsteps;
static struct ath5k_dev *the_dev;
static bool invalid_at_sync, invalid_at_dma_stop;
/* the channel RX would report when each RX stand-in runs */
static struct ieee80211_channel *chan_at_irq_work_quiesce, *chan_at_rx_stop;
static struct ieee80211_channel *chan_at_rx_start;
static u16 freq_at_hw_reset;

static void step(const char *what)
{
	if (nsteps < LOG_MAX)
		steps[nsteps++] = what;
}

/* Position of the first @what in the log, LOG_MAX when absent. */
static unsigned int at(const char *what)
{
	unsigned int i;

	for (i = 0; i < nsteps; i++)
		if (!strcmp(steps[i], what))
			return i;
	return LOG_MAX;
}

static void show_log(void)
{
	unsigned int i;

	printf("       steps:");
	for (i = 0; i < nsteps; i++)
		printf(" %s", steps[i]);
	printf("\n");
}

/* @a happened, and before @b, which happened too. */
#define CHECK_BEFORE(a, b)						\
	do {								\
		CHECK(at(a) < LOG_MAX && at(b) < LOG_MAX);		\
		CHECK(at(a) < at(b));					\
	} while (0)

/* ----- the hardware layer ------------------------------------------- */

static int dma_stop_result;
static int hw_reset_result;	/* what the chip reset returns */
static bool reset_fast_asked, reset_fast_done;

int ath5k_hw_dma_stop(struct ath5k_hw *ah)
{
	step("dma_stop");
	invalid_at_dma_stop = test_bit(ATH5K_INVALID, &the_dev->flags);
	return dma_stop_result;
}

int ath5k_hw_reset(struct ath5k_hw *ah, enum ath5k_opmode opmode,
		   const struct ath5k_chan *chan, bool fast)
{
	step(fast ? "hw_reset_fast" : "hw_reset_full");
	reset_fast_done = fast;
	freq_at_hw_reset = chan->freq;
	return hw_reset_result;
}

static bool card_gone;

bool ath5k_hw_gone(struct ath5k_hw *ah)
{
	return card_gone;
}

int ath5k_hw_stop(struct ath5k_hw *ah)
{
	step("hw_stop");
	return dma_stop_result;
}

int ath5k_hw_hold(struct ath5k_hw *ah)
{
	step("hw_hold");
	return 0;
}

void ath5k_hw_detach(struct ath5k_hw *ah)
{
	step("hw_detach");
}

int ath5k_hw_ani_init(struct ath5k_hw *ah, enum ath5k_ani_mode mode)
{
	return 0;
}

/* What the next attach finds: an AR5211 or an AR5212-family chip. */
static bool attach_ar5211;

int ath5k_hw_attach(struct ath5k_hw *ah, struct device *dev,
		    void __iomem *iomem, bool pcie)
{
	ah->ar5211 = attach_ar5211;
	ah->caps = attach_ar5211 ? ATH5K_CAPS_AR5211 : ATH5K_CAPS_AR5212;
	return 0;
}

void ath5k_hw_cycles_read(struct ath5k_hw *ah, struct ath5k_cycles *delta)
{
	memset(delta, 0, sizeof(*delta));
}

bool ath5k_hw_freq_supported(const struct ath5k_hw *ah, u16 freq)
{
	return true;
}

bool ath5k_hw_has_aes(const struct ath5k_hw *ah)
{
	return true;
}

bool ath5k_hw_has_fast_chanswitch(const struct ath5k_hw *ah)
{
	return true;
}

void ath5k_hw_key_delete(struct ath5k_hw *ah, u16 idx)
{
}

void ath5k_hw_key_clear_all(struct ath5k_hw *ah)
{
}

bool ath5k_hw_tkip_combined_mic(const struct ath5k_hw *ah)
{
	return true;
}

int ath5k_hw_key_set(struct ath5k_hw *ah, u16 idx, const struct ath5k_key *key,
		     const u8 *mac)
{
	return 0;
}

const char *ath5k_hw_mac_name(const struct ath5k_hw *ah)
{
	return "AR5212";
}

const char *ath5k_hw_radio_name(const struct ath5k_hw *ah)
{
	return "RF5112";
}

void ath5k_hw_mcast_filter_set(struct ath5k_hw *ah, u64 filter)
{
}

unsigned int ath5k_hw_mcast_hash(const u8 *addr)
{
	return addr[0] & 63;
}

void ath5k_hw_mib_read(struct ath5k_hw *ah, struct ath5k_mib *acc)
{
}

bool ath5k_hw_mode_supported(const struct ath5k_hw *ah, enum ath5k_mode mode)
{
	return true;
}

void ath5k_hw_rx_filter_set(struct ath5k_hw *ah, u32 filter)
{
}

void ath5k_hw_set_antenna_mode(struct ath5k_hw *ah, enum ath5k_ant_mode mode)
{
}

void ath5k_hw_set_bssid(struct ath5k_hw *ah, const u8 *bssid, u16 aid)
{
}

void ath5k_hw_set_bssid_mask(struct ath5k_hw *ah, const u8 *mask)
{
}

int ath5k_hw_set_coverage_class(struct ath5k_hw *ah, u8 coverage_class)
{
	return 0;
}

void ath5k_hw_set_mac(struct ath5k_hw *ah, const u8 *mac)
{
}

void ath5k_hw_set_opmode(struct ath5k_hw *ah, enum ath5k_opmode opmode)
{
}

void ath5k_hw_set_slot_time(struct ath5k_hw *ah, unsigned int us)
{
}

int ath5k_hw_set_txpower_limit(struct ath5k_hw *ah, u8 half_dbm)
{
	return 0;
}

u64 ath5k_hw_tsf_get(struct ath5k_hw *ah)
{
	return 0;
}

void ath5k_hw_tsf_reset(struct ath5k_hw *ah)
{
}

void ath5k_hw_tsf_set(struct ath5k_hw *ah, u64 tsf)
{
}

/* ----- what the stand-ins of main_env.c report ---------------------- */

void main_env_step(const char *what)
{
	step(what);
	if (!strcmp(what, "txq_sync")) {
		invalid_at_sync = test_bit(ATH5K_INVALID, &the_dev->flags);
	} else if (!strcmp(what, "rx_start")) {
		chan_at_rx_start = the_dev->curchan;
	} else if (!strcmp(what, "rx_stop")) {
		chan_at_rx_stop = the_dev->curchan;
	} else if (!strcmp(what, "irq_work_quiesce")) {
		CHECK(test_bit(ATH5K_INVALID, &the_dev->flags));
		chan_at_irq_work_quiesce = the_dev->curchan;
	} else if (!strcmp(what, "napi_start")) {
		CHECK(!test_bit(ATH5K_INVALID, &the_dev->flags));
	}
}

/* ----- tests ----------------------------------------------------------- */

static struct ath5k_dev dev;
static struct ieee80211_hw hw;
static struct wiphy wiphy;
static struct pci_dev pdev = { .dev = { .name = "reset" } };
static struct ieee80211_channel chan = {
	.band = NL80211_BAND_2GHZ, .center_freq = 2412,
};
static struct ieee80211_channel chan_5200 = {
	.band = NL80211_BAND_5GHZ, .center_freq = 5200,
};

/* A device that runs on channel 1, log cleared. */
static void dev_running(void)
{
	memset(&dev, 0, sizeof(dev));
	main_env_dev_wire(&dev, &hw, &wiphy, &pdev, &chan);
	the_dev = &dev;
	dma_stop_result = 0;
	CHECK_EQ(ath5k_init_device(&dev), 0);
	CHECK_EQ(ath5k_ops.start(&hw), 0);
	CHECK(!test_bit(ATH5K_INVALID, &dev.flags));
	nsteps = 0;
}

static void test_reset(void)
{
	printf("check: reset stops mac80211's queues and marks the device "
	       "INVALID before DMA stops, reclaims after the chip reset\n");
	dev_running();
	mutex_lock(&dev.lock);
	CHECK_EQ(ath5k_reset(&dev, NULL, false), 0);
	mutex_unlock(&dev.lock);
	show_log();
	CHECK_BEFORE("stop_queues", "dma_stop");
	CHECK_BEFORE("txq_sync", "dma_stop");
	CHECK(invalid_at_sync);
	CHECK(invalid_at_dma_stop);
	CHECK_BEFORE("dma_stop", "hw_reset_full");
	CHECK_BEFORE("hw_reset_full", "txq_drain");
	CHECK_BEFORE("hw_reset_full", "beacon_reclaim");
	CHECK_BEFORE("txq_drain", "wake_queues");
	/* completions flow again only once the rings are armed */
	CHECK_BEFORE("rx_start", "napi_start");
	CHECK_BEFORE("napi_start", "irq_enable");
	CHECK(!test_bit(ATH5K_INVALID, &dev.flags));
}

static void test_reset_dma_stuck(void)
{
	printf("check: a fast reset whose DMA will not stop becomes a full "
	       "one\n");
	dev_running();
	dma_stop_result = -EBUSY;
	reset_fast_asked = true;
	mutex_lock(&dev.lock);
	ath5k_reset(&dev, NULL, reset_fast_asked);
	mutex_unlock(&dev.lock);
	show_log();
	CHECK_EQ(at("hw_reset_fast"), LOG_MAX);
	CHECK(!reset_fast_done);
	CHECK_BEFORE("hw_reset_full", "txq_drain");

	printf("check: and with DMA stopped a fast reset stays fast\n");
	dev_running();
	mutex_lock(&dev.lock);
	ath5k_reset(&dev, NULL, true);
	mutex_unlock(&dev.lock);
	CHECK(reset_fast_done);
}

static void test_channel_change(void)
{
	printf("check: a channel change keeps reporting received frames on "
	       "the old channel until RX is quiesced\n");
	dev_running();
	hw.conf.chandef.chan = &chan_5200;
	CHECK_EQ(ath5k_ops.config(&hw, 0, IEEE80211_CONF_CHANGE_CHANNEL), 0);
	show_log();
	CHECK_BEFORE("irq_work_quiesce", "rx_stop");
	CHECK(chan_at_irq_work_quiesce == &chan);
	CHECK(chan_at_rx_stop == &chan);
	CHECK_EQ(freq_at_hw_reset, 5200);
	CHECK(chan_at_rx_start == &chan_5200);
	CHECK(dev.curchan == &chan_5200);
	CHECK_EQ(dev.hwchan.mode, ATH5K_MODE_11A);
	hw.conf.chandef.chan = &chan;
}

static void test_stop(void)
{
	printf("check: stop holds the chip in reset before the TX buffers "
	       "are unmapped\n");
	dev_running();
	dma_stop_result = -EBUSY;	/* a queue that would not stop */
	ath5k_ops.stop(&hw, false);
	show_log();
	CHECK_BEFORE("stop_queues", "txq_sync");
	CHECK(invalid_at_sync);
	CHECK_BEFORE("hw_stop", "txq_drain");
	CHECK_BEFORE("hw_hold", "txq_drain");
	CHECK_BEFORE("hw_hold", "beacon_reclaim");
	CHECK(test_bit(ATH5K_INVALID, &dev.flags));
	CHECK(!test_bit(ATH5K_RUNNING, &dev.flags));
}

static void test_remove(void)
{
	printf("check: remove turns bus mastering off before the rings are "
	       "freed\n");
	dev_running();
	ath5k_ops.stop(&hw, false);
	nsteps = 0;
	ath5k_deinit_device(&dev);
	show_log();
	CHECK_BEFORE("clear_master", "rx_deinit");
	CHECK_BEFORE("clear_master", "tx_deinit");
	CHECK_BEFORE("clear_master", "hw_detach");
}

static void test_beacon_on_while_resetting(void)
{
	struct ieee80211_vif vif = { .type = NL80211_IFTYPE_AP };
	struct ieee80211_bss_conf bss = { .enable_beacon = true };

	printf("check: beaconing enabled while the chip resets is kept for "
	       "the reset's beacon setup\n");
	dev_running();
	CHECK_EQ(ath5k_ops.add_interface(&hw, &vif), 0);
	set_bit(ATH5K_INVALID, &dev.flags);	/* a reset is running */
	nsteps = 0;
	ath5k_ops.bss_info_changed(&hw, &vif, &bss,
				   BSS_CHANGED_BEACON_ENABLED);
	CHECK(ath5k_vif_priv(&vif)->beacon_on);
	CHECK_EQ(at("beacon_config"), LOG_MAX);	/* not on a resetting chip */
	clear_bit(ATH5K_INVALID, &dev.flags);
	bss.enable_beacon = false;
	ath5k_ops.bss_info_changed(&hw, &vif, &bss,
				   BSS_CHANGED_BEACON_ENABLED);
	CHECK(!ath5k_vif_priv(&vif)->beacon_on);
	CHECK(at("beacon_config") < LOG_MAX);
}

static void test_register_without_mesh(void)
{
	printf("check: without mac80211 mesh the wiphy offers no mesh point "
	       "and cfg80211 accepts its interface combinations\n");
	dev_running();
	CHECK(!main_env_combination_refused);
	CHECK(!(wiphy.interface_modes & BIT(NL80211_IFTYPE_MESH_POINT)));
	CHECK(wiphy.interface_modes & BIT(NL80211_IFTYPE_AP));
	ath5k_ops.stop(&hw, false);
}

/*
 * The AR5210's table (src/pci.c picks it by PCI id): mac80211 gives a
 * one-queue device no EDCA parameters, only zeros on resume.
 */
static void test_one_queue_ops(void)
{
	struct ieee80211_ops full = ath5k_ops;

	printf("check: ath5k_ops_one_queue is ath5k_ops without .conf_tx\n");
	CHECK(full.conf_tx != NULL);
	CHECK(ath5k_ops_one_queue.conf_tx == NULL);
	full.conf_tx = NULL;
	CHECK(!memcmp(&full, &ath5k_ops_one_queue, sizeof(full)));
}

static void test_register_ar5211(void)
{
	printf("check: an AR5212-family chip offers four rate series and "
	       "several interfaces\n");
	memset(&wiphy, 0, sizeof(wiphy));
	dev_running();
	CHECK_EQ(hw.max_rates, ATH5K_MRR_SERIES);
	printf("check: it takes its series from mac80211's per-station rate "
	       "table (fragments keep their fallback series)\n");
	CHECK(hw.flags & BIT(IEEE80211_HW_SUPPORTS_RC_TABLE));
	CHECK_EQ(wiphy.n_iface_combinations, 1);
	ath5k_ops.stop(&hw, false);

	printf("check: the AR5211 offers one rate series (one rate in its "
	       "descriptor) and one interface (no BSSID mask)\n");
	memset(&wiphy, 0, sizeof(wiphy));
	attach_ar5211 = true;
	dev_running();
	attach_ar5211 = false;
	CHECK(dev.ah.ar5211);
	CHECK_EQ(hw.max_rates, 1);
	CHECK_EQ(wiphy.n_iface_combinations, 0);
	CHECK(!wiphy.iface_combinations);
	ath5k_ops.stop(&hw, false);
}

/* The reset work runs if it was queued; whether it was. */
static bool reset_work_runs(void)
{
	if (main_env_queued_work != &the_dev->reset_work)
		return false;
	main_env_queued_work = NULL;
	the_dev->reset_work.func(&the_dev->reset_work);
	return true;
}

static void test_reset_fails(void)
{
	printf("check: a failed reset keeps the queues stopped and the device "
	       "INVALID, and queues a retry\n");
	dev_running();
	main_env_queued_work = NULL;
	main_env_restarts = 0;
	hw_reset_result = -EIO;
	mutex_lock(&dev.lock);
	CHECK_EQ(ath5k_reset(&dev, NULL, false), -EIO);
	mutex_unlock(&dev.lock);
	show_log();
	CHECK_EQ(at("wake_queues"), LOG_MAX);
	CHECK_EQ(at("napi_start"), LOG_MAX);
	CHECK(test_bit(ATH5K_INVALID, &dev.flags));
	CHECK(main_env_queued_work == &dev.reset_work);

	printf("check: after %u failures in a row mac80211 restarts the "
	       "device, once\n", ATH5K_RESET_TRIES);
	CHECK(reset_work_runs());
	CHECK_EQ(main_env_restarts, 0);
	CHECK(reset_work_runs());
	CHECK_EQ(main_env_restarts, 1);
	CHECK(!reset_work_runs());
	CHECK_EQ(at("wake_queues"), LOG_MAX);

	printf("check: a restart that fails too gives up: no more resets "
	       "until the next start\n");
	CHECK_EQ(ath5k_ops.start(&hw), -EIO);
	CHECK(!test_bit(ATH5K_RUNNING, &dev.flags));
	nsteps = 0;
	dev.reset_work.func(&dev.reset_work);
	CHECK_EQ(at("hw_reset_full"), LOG_MAX);
	CHECK_EQ(main_env_restarts, 1);

	printf("check: the next start finds a working chip and wakes the "
	       "queues\n");
	hw_reset_result = 0;
	nsteps = 0;
	CHECK_EQ(ath5k_ops.start(&hw), 0);
	CHECK(at("wake_queues") < LOG_MAX);
	CHECK(!test_bit(ATH5K_INVALID, &dev.flags));
	CHECK_EQ(dev.reset_failures, 0);
	ath5k_ops.stop(&hw, false);

	printf("check: a chip back on the retry wakes the queues; the count "
	       "starts over\n");
	dev_running();
	hw_reset_result = -EIO;
	mutex_lock(&dev.lock);
	ath5k_reset(&dev, NULL, false);
	mutex_unlock(&dev.lock);
	hw_reset_result = 0;
	nsteps = 0;
	CHECK(reset_work_runs());
	CHECK(at("wake_queues") < LOG_MAX);
	CHECK(!test_bit(ATH5K_INVALID, &dev.flags));
	CHECK_EQ(dev.reset_failures, 0);
	CHECK(!reset_work_runs());
	ath5k_ops.stop(&hw, false);
}

static void test_reset_card_gone(void)
{
	printf("check: a reset that fails because the card left the bus "
	       "gives up at once: no retry, no restart\n");
	dev_running();
	main_env_queued_work = NULL;
	main_env_restarts = 0;
	card_gone = true;
	hw_reset_result = -EIO;
	mutex_lock(&dev.lock);
	CHECK_EQ(ath5k_reset(&dev, NULL, false), -EIO);
	CHECK_EQ(ath5k_reset(&dev, NULL, false), -EIO);
	mutex_unlock(&dev.lock);
	CHECK(main_env_queued_work == NULL);
	CHECK(!reset_work_runs());
	CHECK_EQ(main_env_restarts, 0);
	CHECK(test_bit(ATH5K_INVALID, &dev.flags));
	CHECK_EQ(at("wake_queues"), LOG_MAX);
	nsteps = 0;
	dev.reset_work.func(&dev.reset_work);
	CHECK_EQ(at("hw_reset_full"), LOG_MAX);
	card_gone = false;
	hw_reset_result = 0;
	ath5k_ops.stop(&hw, false);
}

int main(void)
{
	test_register_without_mesh();
	test_one_queue_ops();
	test_register_ar5211();
	test_reset();
	test_reset_dma_stuck();
	test_reset_fails();
	test_reset_card_gone();
	test_channel_change();
	test_stop();
	test_remove();
	test_beacon_on_while_resetting();
	return check_done("test_reset_stop");
}
