// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Regulatory glue: turns the EEPROM's regulatory code (regd_table.c) into
 * cfg80211 settings.  Cards sold with a world SKU start from one of the
 * built-in world domains below and follow country IEs; every other card
 * hints its country to cfg80211 once registered.  Rule limits are facts
 * from Linux 6.1's ath/regd.c.
 */
/*
 * This file incorporates work covered by the following copyright and permission notice:
 *
 * From drivers/net/wireless/ath/regd.c in Linux 6.1:
 *
 * Copyright (c) 2008-2009 Atheros Communications Inc.
 *
 * Permission to use, copy, modify, and/or distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */
#include <net/cfg80211.h>

#include "ath5k.h"

/* Frequencies in MHz; widths, gains and powers as REG_RULE() takes them. */
#define ATH5K_RULE_2G_1_11 \
	REG_RULE(2402, 2472, 40, 0, 20, 0)
#define ATH5K_RULE_2G_12_13 \
	REG_RULE(2457, 2482, 40, 0, 20, NL80211_RRF_NO_IR)
#define ATH5K_RULE_2G_14 \
	REG_RULE(2474, 2494, 40, 0, 20, NL80211_RRF_NO_IR | NL80211_RRF_NO_OFDM)
#define ATH5K_RULE_5G_LOW \
	REG_RULE(5140, 5360, 80, 0, 30, NL80211_RRF_NO_IR)
#define ATH5K_RULE_5G_MID_HIGH \
	REG_RULE(5460, 5860, 80, 0, 30, NL80211_RRF_NO_IR)
#define ATH5K_RULE_5G_HIGH \
	REG_RULE(5715, 5860, 80, 0, 30, NL80211_RRF_NO_IR)

static const struct ieee80211_regdomain ath5k_world_60 = {
	.n_reg_rules = 5,
	.alpha2 = "99",
	.reg_rules = {
		ATH5K_RULE_2G_1_11, ATH5K_RULE_2G_12_13, ATH5K_RULE_2G_14,
		ATH5K_RULE_5G_LOW, ATH5K_RULE_5G_MID_HIGH,
	}
};

static const struct ieee80211_regdomain ath5k_world_63 = {
	.n_reg_rules = 4,
	.alpha2 = "99",
	.reg_rules = {
		ATH5K_RULE_2G_1_11, ATH5K_RULE_2G_12_13,
		ATH5K_RULE_5G_LOW, ATH5K_RULE_5G_HIGH,
	}
};

static const struct ieee80211_regdomain ath5k_world_64 = {
	.n_reg_rules = 3,
	.alpha2 = "99",
	.reg_rules = {
		ATH5K_RULE_2G_1_11, ATH5K_RULE_5G_LOW, ATH5K_RULE_5G_HIGH,
	}
};

static const struct ieee80211_regdomain ath5k_world_66 = {
	.n_reg_rules = 3,
	.alpha2 = "99",
	.reg_rules = {
		ATH5K_RULE_2G_1_11, ATH5K_RULE_5G_LOW, ATH5K_RULE_5G_MID_HIGH,
	}
};

static const struct ieee80211_regdomain ath5k_world_67 = {
	.n_reg_rules = 4,
	.alpha2 = "99",
	.reg_rules = {
		ATH5K_RULE_2G_1_11, ATH5K_RULE_2G_12_13,
		ATH5K_RULE_5G_LOW, ATH5K_RULE_5G_MID_HIGH,
	}
};

static const struct ieee80211_regdomain *ath5k_world_domain(u8 world)
{
	switch (world) {
	case ATH5K_WORLD_60:
		return &ath5k_world_60;
	case ATH5K_WORLD_63:
		return &ath5k_world_63;
	case ATH5K_WORLD_66:
		return &ath5k_world_66;
	case ATH5K_WORLD_67:
		return &ath5k_world_67;
	default:
		/* also what non-world cards use until their country applies */
		return &ath5k_world_64;
	}
}

/* Radar channels: never initiate radiation there. */
static void ath5k_regd_mark_radar(struct wiphy *wiphy,
				  const struct ath5k_regd *reg)
{
	struct ieee80211_supported_band *sband = wiphy->bands[NL80211_BAND_5GHZ];
	unsigned int i;

	if (!sband)
		return;
	for (i = 0; i < sband->n_channels; i++) {
		struct ieee80211_channel *ch = &sband->channels[i];

		if (ch->flags & IEEE80211_CHAN_DISABLED)
			continue;
		if (ath5k_regd_radar_freq(reg, ch->center_freq))
			ch->flags |= IEEE80211_CHAN_RADAR | IEEE80211_CHAN_NO_IR;
	}
}

/* Lift NO_IR on @ch when the rule that covers it allows initiating. */
static void ath5k_regd_open_channel(struct wiphy *wiphy,
				    struct ieee80211_channel *ch)
{
	const struct ieee80211_reg_rule *rule;

	rule = freq_reg_info(wiphy, MHZ_TO_KHZ(ch->center_freq));
	if (IS_ERR(rule) || (rule->flags & NL80211_RRF_NO_IR))
		return;
	ch->flags &= ~IEEE80211_CHAN_NO_IR;
}

/*
 * Every usable channel without a radar requirement: opened where the rules
 * in force allow initiating (@by_rules), else where a beacon was heard.
 */
static void ath5k_regd_open_non_radar(struct wiphy *wiphy,
				      const struct ath5k_regd *reg, bool by_rules)
{
	enum nl80211_band band;
	unsigned int i;

	for (band = 0; band < NUM_NL80211_BANDS; band++) {
		struct ieee80211_supported_band *sband = wiphy->bands[band];

		if (!sband)
			continue;
		for (i = 0; i < sband->n_channels; i++) {
			struct ieee80211_channel *ch = &sband->channels[i];

			if (ch->flags & (IEEE80211_CHAN_DISABLED | IEEE80211_CHAN_RADAR) ||
			    ath5k_regd_radar_freq(reg, ch->center_freq))
				continue;
			if (by_rules)
				ath5k_regd_open_channel(wiphy, ch);
			else if (ch->beacon_found)
				ch->flags &= ~IEEE80211_CHAN_NO_IR;
		}
	}
}

/*
 * World SKUs start passive on most channels; a country IE, or a beacon
 * heard on the channel, opens a channel that has no radar requirement.
 * The SKU the card was sold with decides, not the country it follows now
 * (which a country IE has just set).
 */
static void ath5k_regd_world_flags(struct wiphy *wiphy,
				   const struct ath5k_dev *dev,
				   enum nl80211_reg_initiator initiator)
{
	const struct ath5k_regd *sku = &dev->regd_eeprom;
	unsigned int i;

	if (!ath5k_regd_world_follows_beacons(sku))
		return;

	ath5k_regd_open_non_radar(wiphy, &dev->regd,
				  initiator == NL80211_REGDOM_SET_BY_COUNTRY_IE);

	if (!ath5k_regd_world_passive_12_13(sku) || !wiphy->bands[NL80211_BAND_2GHZ])
		return;
	for (i = 2467; i <= 2472; i += 5) {
		struct ieee80211_channel *ch = ieee80211_get_channel(wiphy, i);

		if (!ch)
			continue;
		if (initiator == NL80211_REGDOM_SET_BY_COUNTRY_IE)
			ath5k_regd_open_channel(wiphy, ch);
		else
			ch->flags |= IEEE80211_CHAN_NO_IR;
	}
}

/* A card sold for one country, and @alpha2 is that country. */
static bool ath5k_regd_names_own_country(const struct ath5k_dev *dev,
					 const char *alpha2)
{
	const char *own = dev->regd_eeprom.alpha2;

	return dev->regd_eeprom.world == ATH5K_WORLD_NONE &&
	       memcmp(own, "00", 2) && !memcmp(alpha2, own, 2);
}

/*
 * A card sold for one country starts from the restrictive world set above
 * and waits for cfg80211 to apply its country.  cfg80211 makes a driver's
 * hint the channels' new baseline only on the wiphy it applies it for: a
 * card that registers while its country is already in force, or the
 * second of two cards hinting it at once, keeps the world set's NO_IR
 * underneath every later update.  When the rules in force are for the
 * card's own country, open what those rules open.
 */
static void ath5k_regd_own_country_flags(struct wiphy *wiphy,
					 const struct ath5k_dev *dev,
					 const struct regulatory_request *request)
{
	if (ath5k_regd_names_own_country(dev, request->alpha2))
		ath5k_regd_open_non_radar(wiphy, &dev->regd, true);
}

/*
 * Another card's hint for our country was applied while ours was not:
 * the rules cfg80211 keeps for this wiphy are still the world set, so the
 * notifier cannot see our country's rules to open channels by.  Hint once
 * more; cfg80211 then applies it as this wiphy's own, as the baseline.
 */
static void ath5k_regd_hint_again(struct wiphy *wiphy, struct ath5k_dev *dev,
				  const struct regulatory_request *request)
{
	const struct ieee80211_regdomain *regd;
	bool applied;

	if (!ath5k_regd_names_own_country(dev, request->alpha2))
		return;

	rcu_read_lock();
	regd = rcu_dereference(wiphy->regd);
	applied = regd && !memcmp(regd->alpha2, request->alpha2, 2);
	rcu_read_unlock();

	if (applied) {
		dev->regd_hinted_again = false;
		return;
	}
	if (dev->regd_hinted_again)
		return;
	dev->regd_hinted_again = true;
	dev_dbg(dev->dev, "%c%c applied for another wiphy, hinting it again\n",
		request->alpha2[0], request->alpha2[1]);
	if (regulatory_hint(wiphy, dev->regd_eeprom.alpha2))
		dev->regd_hinted_again = false;
}

/* Tell the hardware layer which conformance limits bind us. */
static void ath5k_regd_apply_ctl(struct ath5k_dev *dev)
{
	ath5k_hw_set_ctl_groups(&dev->ah, ath5k_regd_band_ctl(&dev->regd, false),
				ath5k_regd_band_ctl(&dev->regd, true));
}

static void ath5k_reg_notifier(struct wiphy *wiphy,
			       struct regulatory_request *request)
{
	struct ath5k_dev *dev = ath5k_hw_to_dev(wiphy_to_ieee80211_hw(wiphy));

	ath5k_regd_mark_radar(wiphy, &dev->regd);
	if (!request)
		return;

	switch (request->initiator) {
	case NL80211_REGDOM_SET_BY_CORE:
		/* back to the card's own world SKU after a reset of the core */
		if (dev->regd_eeprom.world != ATH5K_WORLD_NONE) {
			dev->regd = dev->regd_eeprom;
			ath5k_regd_apply_ctl(dev);
		}
		break;
	case NL80211_REGDOM_SET_BY_DRIVER:
		ath5k_regd_own_country_flags(wiphy, dev, request);
		ath5k_regd_hint_again(wiphy, dev, request);
		break;
	case NL80211_REGDOM_SET_BY_USER:
		ath5k_regd_own_country_flags(wiphy, dev, request);
		break;
	case NL80211_REGDOM_SET_BY_COUNTRY_IE:
		/* only world SKUs may be moved by what an AP advertises */
		if (dev->regd_eeprom.world == ATH5K_WORLD_NONE) {
			ath5k_regd_own_country_flags(wiphy, dev, request);
			break;
		}
		/* moved by an earlier IE: as in ath, the next waits for a core restore */
		if (dev->regd.world == ATH5K_WORLD_NONE)
			break;
		if (ath5k_regd_set_country(&dev->regd, request->alpha2))
			break;
		dev_dbg(dev->dev, "regulatory domain now %c%c from a country IE\n",
			request->alpha2[0], request->alpha2[1]);
		ath5k_regd_apply_ctl(dev);
		if (ath5k_world_follows_country_ie)
			ath5k_regd_world_flags(wiphy, dev, request->initiator);
		break;
	default:
		break;
	}
}

int ath5k_regd_init(struct ath5k_dev *dev)
{
	struct wiphy *wiphy = dev->hw->wiphy;
	u16 rd = dev->ah.ee.regdomain;

	if (ath5k_regd_resolve(rd, &dev->regd)) {
		dev_err(dev->dev, "unknown EEPROM regulatory code 0x%04x\n", rd);
		return -EINVAL;
	}
	dev->regd_eeprom = dev->regd;
	ath5k_regd_apply_ctl(dev);
	dev_dbg(dev->dev, "EEPROM regulatory code 0x%04x: %s, pair 0x%02x\n",
		rd, dev->regd.alpha2, dev->regd.pair->code);

	wiphy->reg_notifier = ath5k_reg_notifier;
	wiphy->regulatory_flags |= REGULATORY_STRICT_REG | REGULATORY_CUSTOM_REG;
	if (dev->regd.world != ATH5K_WORLD_NONE)
		wiphy->regulatory_flags |= REGULATORY_COUNTRY_IE_FOLLOW_POWER;

	wiphy_apply_custom_regulatory(wiphy, ath5k_world_domain(dev->regd.world));
	ath5k_regd_mark_radar(wiphy, &dev->regd);
	ath5k_regd_world_flags(wiphy, dev, NL80211_REGDOM_SET_BY_DRIVER);
	return 0;
}

/* After registration: a card made for one country says so. */
void ath5k_regd_hint(struct ath5k_dev *dev)
{
	int ret;

	if (dev->regd.world != ATH5K_WORLD_NONE)
		return;
	ret = regulatory_hint(dev->hw->wiphy, dev->regd.alpha2);
	if (ret)
		dev_warn(dev->dev, "regulatory hint %s failed: %d\n",
			 dev->regd.alpha2, ret);
}
