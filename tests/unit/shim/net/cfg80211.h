/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for the regulatory part of <net/cfg80211.h>; the
 * rest of cfg80211 the driver uses sits in the mac80211 stand-in.  The
 * values are the test's own.  cfg80211's calls are only declared: a test
 * program defines them, playing cfg80211's part.
 */
#ifndef ATH5K_SHIM_NET_CFG80211_H
#define ATH5K_SHIM_NET_CFG80211_H

#include <linux/err.h>
#include <net/mac80211.h>

#define MHZ_TO_KHZ(freq)	((freq) * 1000)
#define KHZ_TO_MHZ(freq)	((freq) / 1000)
#define DBI_TO_MBI(gain)	((gain) * 100)
#define DBM_TO_MBM(gain)	((gain) * 100)

#define IEEE80211_CHAN_DISABLED		BIT(0)
#define IEEE80211_CHAN_NO_IR		BIT(1)
#define IEEE80211_CHAN_RADAR		BIT(3)

#define NL80211_RRF_NO_OFDM		BIT(0)
#define NL80211_RRF_NO_IR		BIT(7)

#define REGULATORY_CUSTOM_REG			BIT(0)
#define REGULATORY_STRICT_REG			BIT(1)
#define REGULATORY_COUNTRY_IE_FOLLOW_POWER	BIT(3)

enum nl80211_reg_initiator {
	NL80211_REGDOM_SET_BY_CORE,
	NL80211_REGDOM_SET_BY_USER,
	NL80211_REGDOM_SET_BY_DRIVER,
	NL80211_REGDOM_SET_BY_COUNTRY_IE,
};

struct ieee80211_freq_range {
	u32 start_freq_khz;
	u32 end_freq_khz;
	u32 max_bandwidth_khz;
};

struct ieee80211_power_rule {
	u32 max_antenna_gain;
	u32 max_eirp;
};

struct ieee80211_reg_rule {
	struct ieee80211_freq_range freq_range;
	struct ieee80211_power_rule power_rule;
	u32 flags;
};

struct ieee80211_regdomain {
	u32 n_reg_rules;
	char alpha2[3];
	struct ieee80211_reg_rule reg_rules[];
};

#define REG_RULE(start, end, bw, gain, eirp, reg_flags) {		\
	.freq_range = { MHZ_TO_KHZ(start), MHZ_TO_KHZ(end),		\
			MHZ_TO_KHZ(bw) },				\
	.power_rule = { DBI_TO_MBI(gain), DBM_TO_MBM(eirp) },		\
	.flags = (reg_flags),						\
}

struct regulatory_request {
	char alpha2[3];
	enum nl80211_reg_initiator initiator;
};

/* a single-threaded test has no readers to wait for */
static inline void rcu_read_lock(void)
{
}

static inline void rcu_read_unlock(void)
{
}

#define rcu_dereference(p)	(p)

const struct ieee80211_reg_rule *freq_reg_info(struct wiphy *wiphy, u32 center_freq);
void wiphy_apply_custom_regulatory(struct wiphy *wiphy,
				   const struct ieee80211_regdomain *regd);
int regulatory_hint(struct wiphy *wiphy, const char *alpha2);
struct ieee80211_channel *ieee80211_get_channel(struct wiphy *wiphy, int freq);
struct ieee80211_hw *wiphy_to_ieee80211_hw(struct wiphy *wiphy);

#endif
