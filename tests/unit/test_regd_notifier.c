// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The regulatory notifier against a stand-in cfg80211.  A card sold for
 * one country starts on the restrictive world set and, when cfg80211
 * applies that country without making it the channels' baseline (a
 * second card's hint, a country the user set before the card came up),
 * keeps the world set's NO_IR underneath: the notifier must open what the
 * rules in force open, and only for the card's own country.
 *
 * Links: src/regd.c src/regd_table.c
 */
#include <net/cfg80211.h>

#include "check.h"
#include "ath5k.h"

/* src/main.c's module parameter world_sku_follows_country_ie */
bool ath5k_world_follows_country_ie;

/* The rules cfg80211 has in force; what freq_reg_info() reads. */
static const struct ieee80211_regdomain *in_force;
static char hinted[3];
static unsigned int hints;
static struct ieee80211_hw test_hw;

/* Roughly the United States: 5.15-5.25 GHz open, radar above. */
static const struct ieee80211_regdomain test_us = {
	.n_reg_rules = 4,
	.alpha2 = "US",
	.reg_rules = {
		REG_RULE(2402, 2472, 40, 0, 30, 0),
		REG_RULE(5170, 5250, 80, 0, 23, 0),
		REG_RULE(5250, 5330, 80, 0, 24, 0),
		REG_RULE(5735, 5835, 80, 0, 30, 0),
	}
};

/* A wiphy's start-up world set as cfg80211 keeps it. */
static const struct ieee80211_regdomain test_world = {
	.n_reg_rules = 2,
	.alpha2 = "99",
	.reg_rules = {
		REG_RULE(2402, 2472, 40, 0, 20, 0),
		REG_RULE(5140, 5360, 80, 0, 30, NL80211_RRF_NO_IR),
	}
};

/* A country whose 5 GHz rules are passive only. */
static const struct ieee80211_regdomain test_passive = {
	.n_reg_rules = 2,
	.alpha2 = "US",
	.reg_rules = {
		REG_RULE(2402, 2472, 40, 0, 30, 0),
		REG_RULE(5170, 5250, 80, 0, 23, NL80211_RRF_NO_IR),
	}
};

static const struct ieee80211_reg_rule *
rule_for(const struct ieee80211_regdomain *regd, u32 khz)
{
	u32 i;

	for (i = 0; i < regd->n_reg_rules; i++) {
		const struct ieee80211_freq_range *r = &regd->reg_rules[i].freq_range;

		if (khz - MHZ_TO_KHZ(10) >= r->start_freq_khz &&
		    khz + MHZ_TO_KHZ(10) <= r->end_freq_khz)
			return &regd->reg_rules[i];
	}
	return NULL;
}

const struct ieee80211_reg_rule *freq_reg_info(struct wiphy *wiphy, u32 center_freq)
{
	const struct ieee80211_reg_rule *rule;

	rule = in_force ? rule_for(in_force, center_freq) : NULL;
	return rule ? rule : ERR_PTR(-ERANGE);
}

/* cfg80211's custom regulatory: the channels' flags before registration. */
void wiphy_apply_custom_regulatory(struct wiphy *wiphy,
				   const struct ieee80211_regdomain *regd)
{
	enum nl80211_band band;
	int i;

	for (band = 0; band < NUM_NL80211_BANDS; band++) {
		struct ieee80211_supported_band *sband = wiphy->bands[band];

		for (i = 0; sband && i < sband->n_channels; i++) {
			struct ieee80211_channel *ch = &sband->channels[i];
			const struct ieee80211_reg_rule *rule;

			rule = rule_for(regd, MHZ_TO_KHZ(ch->center_freq));
			if (!rule)
				ch->flags |= IEEE80211_CHAN_DISABLED;
			else if (rule->flags & NL80211_RRF_NO_IR)
				ch->flags |= IEEE80211_CHAN_NO_IR;
		}
	}
}

int regulatory_hint(struct wiphy *wiphy, const char *alpha2)
{
	memcpy(hinted, alpha2, 2);
	hints++;
	return 0;
}

struct ieee80211_channel *ieee80211_get_channel(struct wiphy *wiphy, int freq)
{
	enum nl80211_band band;
	int i;

	for (band = 0; band < NUM_NL80211_BANDS; band++) {
		struct ieee80211_supported_band *sband = wiphy->bands[band];

		for (i = 0; sband && i < sband->n_channels; i++)
			if ((int)sband->channels[i].center_freq == freq)
				return &sband->channels[i];
	}
	return NULL;
}

struct ieee80211_hw *wiphy_to_ieee80211_hw(struct wiphy *wiphy)
{
	return &test_hw;
}

void ath5k_hw_set_ctl_groups(struct ath5k_hw *ah, u8 group_2ghz, u8 group_5ghz)
{
}

static struct ieee80211_channel chan_2ghz[] = {
	{ .center_freq = 2412 }, { .center_freq = 2437 },
	{ .center_freq = 2467 }, { .center_freq = 2484 },
};

static struct ieee80211_channel chan_5ghz[] = {
	{ .center_freq = 5180 }, { .center_freq = 5240 },
	{ .center_freq = 5260 }, { .center_freq = 5745 },
};

static struct ieee80211_supported_band band_2ghz = {
	.channels = chan_2ghz, .n_channels = ARRAY_SIZE(chan_2ghz),
};

static struct ieee80211_supported_band band_5ghz = {
	.channels = chan_5ghz, .n_channels = ARRAY_SIZE(chan_5ghz),
};

static struct wiphy test_wiphy = {
	.bands = { [NL80211_BAND_2GHZ] = &band_2ghz, [NL80211_BAND_5GHZ] = &band_5ghz },
};

static struct ath5k_dev test_dev;

/* A card with EEPROM regulatory word RD, as registration leaves it. */
static void card_with_regdomain(u16 rd)
{
	unsigned int i;

	memset(&test_dev, 0, sizeof(test_dev));
	for (i = 0; i < ARRAY_SIZE(chan_2ghz); i++)
		chan_2ghz[i].flags = 0;
	for (i = 0; i < ARRAY_SIZE(chan_5ghz); i++)
		chan_5ghz[i].flags = 0;
	test_wiphy.regulatory_flags = 0;
	test_wiphy.reg_notifier = NULL;
	test_hw.wiphy = &test_wiphy;
	test_hw.priv = &test_dev;
	test_dev.hw = &test_hw;
	test_dev.ah.ee.regdomain = rd;
	in_force = NULL;
	memset(hinted, 0, sizeof(hinted));
	hints = 0;
	CHECK_EQ(ath5k_regd_init(&test_dev), 0);
	CHECK(test_wiphy.reg_notifier != NULL);
}

/*
 * cfg80211 applies RULES_IN_FORCE for a request from INITIATOR naming
 * ALPHA2 the way it treats a wiphy that did not send the request: the
 * rules' flags laid over the channels' start-up ones, then the notifier.
 */
static void cfg80211_applies(const struct ieee80211_regdomain *rules_in_force,
			     enum nl80211_reg_initiator initiator, const char *alpha2)
{
	struct regulatory_request request = { .initiator = initiator };

	memcpy(request.alpha2, alpha2, 2);
	in_force = rules_in_force;
	test_wiphy.reg_notifier(&test_wiphy, &request);
}

static bool no_ir(const struct ieee80211_channel *ch)
{
	return ch->flags & IEEE80211_CHAN_NO_IR;
}

static void test_a_country_card_starts_passive_at_5ghz(void)
{
	card_with_regdomain(0x0000);	/* unprogrammed: United States */
	CHECK_STR(hinted, "");
	ath5k_regd_hint(&test_dev);
	CHECK_STR(hinted, "US");
	CHECK(!no_ir(&chan_2ghz[1]));
	CHECK(no_ir(&chan_5ghz[0]));
	CHECK(chan_2ghz[2].flags & IEEE80211_CHAN_DISABLED);
}

static void test_its_own_country_opens_what_the_rules_open(void)
{
	static const enum nl80211_reg_initiator initiators[] = {
		NL80211_REGDOM_SET_BY_USER, NL80211_REGDOM_SET_BY_DRIVER,
		NL80211_REGDOM_SET_BY_COUNTRY_IE,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(initiators); i++) {
		card_with_regdomain(0x0000);
		cfg80211_applies(&test_us, initiators[i], "US");
		CHECK(!no_ir(&chan_5ghz[0]));
		CHECK(!no_ir(&chan_5ghz[1]));
		/* radar: passive whatever the rules say */
		CHECK(no_ir(&chan_5ghz[2]));
		CHECK(chan_5ghz[2].flags & IEEE80211_CHAN_RADAR);
		/* outside the world set: stays off */
		CHECK(chan_2ghz[2].flags & IEEE80211_CHAN_DISABLED);
		CHECK(chan_2ghz[3].flags & IEEE80211_CHAN_DISABLED);
	}
}

/*
 * Two cards of one country: the other card's hint was applied as its
 * own, and this wiphy still reads the world set it was given.  It hints
 * its country once more, whatever else happens before that is applied,
 * and not again once it is.
 */
static void test_a_card_left_on_the_world_set_hints_again(void)
{
	card_with_regdomain(0x0000);
	ath5k_regd_hint(&test_dev);
	CHECK_EQ(hints, 1);
	test_wiphy.regd = &test_world;
	cfg80211_applies(&test_world, NL80211_REGDOM_SET_BY_DRIVER, "US");
	CHECK_EQ(hints, 2);
	CHECK_STR(hinted, "US");
	/* the rules it reads are the world set's: nothing opens by them */
	CHECK(no_ir(&chan_5ghz[0]));
	cfg80211_applies(&test_world, NL80211_REGDOM_SET_BY_DRIVER, "US");
	CHECK_EQ(hints, 2);
	test_wiphy.regd = &test_us;
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_DRIVER, "US");
	CHECK_EQ(hints, 2);
	CHECK(!no_ir(&chan_5ghz[0]));
	/* another country's hint is none of its business */
	test_wiphy.regd = &test_world;
	cfg80211_applies(&test_world, NL80211_REGDOM_SET_BY_DRIVER, "DE");
	CHECK_EQ(hints, 2);
	/* nor is its own, on a world card */
	card_with_regdomain(0x0064);
	cfg80211_applies(&test_world, NL80211_REGDOM_SET_BY_DRIVER, "US");
	CHECK_EQ(hints, 0);
	test_wiphy.regd = NULL;
}

/*
 * A world SKU takes an AP's country for its conformance limits, as the
 * kernel's ath does (ath/regd.c __ath_reg_dyn_country moves the regpair),
 * and by default leaves its channels passive, as the kernel's ath5k
 * does in effect (its world-flags branch is dead: upstream/ 0007).
 */
static void test_a_world_card_follows_a_country_ie(void)
{
	ath5k_world_follows_country_ie = false;
	card_with_regdomain(0x0060);
	CHECK(no_ir(&chan_5ghz[0]));
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_COUNTRY_IE, "US");
	CHECK_STR(test_dev.regd.alpha2, "US");
	CHECK(no_ir(&chan_5ghz[0]));
	CHECK(no_ir(&chan_5ghz[1]));
	CHECK(no_ir(&chan_5ghz[2]));
	CHECK_EQ(hints, 0);
	/*
	 * not the next AP's country: as ath (__ath_reg_dyn_country rejects
	 * an IE once current_rd is a country's), only after a core restore
	 */
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_COUNTRY_IE, "CA");
	CHECK_STR(test_dev.regd.alpha2, "US");
	CHECK(no_ir(&chan_5ghz[0]));
	cfg80211_applies(&test_world, NL80211_REGDOM_SET_BY_CORE, "00");
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_COUNTRY_IE, "CA");
	CHECK_STR(test_dev.regd.alpha2, "CA");
}

/*
 * world_sku_follows_country_ie=1: the ath design, which opens what the
 * AP's country allows outside the radar range.
 */
static void test_a_world_card_asked_to_opens_by_country_ie(void)
{
	ath5k_world_follows_country_ie = true;
	card_with_regdomain(0x0060);
	CHECK(no_ir(&chan_5ghz[0]));
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_COUNTRY_IE, "US");
	CHECK_STR(test_dev.regd.alpha2, "US");
	CHECK(!no_ir(&chan_5ghz[0]));
	CHECK(!no_ir(&chan_5ghz[1]));
	CHECK(no_ir(&chan_5ghz[2]));
	CHECK_EQ(hints, 0);
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_COUNTRY_IE, "CA");
	CHECK_STR(test_dev.regd.alpha2, "US");
	ath5k_world_follows_country_ie = false;
}

static void test_passive_rules_stay_passive(void)
{
	card_with_regdomain(0x0000);
	cfg80211_applies(&test_passive, NL80211_REGDOM_SET_BY_USER, "US");
	CHECK(no_ir(&chan_5ghz[0]));
	CHECK(no_ir(&chan_5ghz[1]));
	/* no rule at all in force for it */
	CHECK(no_ir(&chan_5ghz[3]));
}

static void test_another_country_opens_nothing(void)
{
	card_with_regdomain(0x0000);
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_USER, "DE");
	CHECK(no_ir(&chan_5ghz[0]));
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_DRIVER, "GB");
	CHECK(no_ir(&chan_5ghz[0]));
	/* nor the world */
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_USER, "00");
	CHECK(no_ir(&chan_5ghz[0]));
}

static void test_a_world_card_ignores_the_user(void)
{
	card_with_regdomain(0x0064);
	CHECK(no_ir(&chan_5ghz[0]));
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_USER, "US");
	CHECK(no_ir(&chan_5ghz[0]));
	ath5k_regd_hint(&test_dev);
	CHECK_STR(hinted, "");
}

/* The channels' flags, 2.4 GHz then 5 GHz, to compare before and after. */
static void flags_now(u32 *out)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(chan_2ghz); i++)
		*out++ = chan_2ghz[i].flags;
	for (i = 0; i < ARRAY_SIZE(chan_5ghz); i++)
		*out++ = chan_5ghz[i].flags;
}

#define N_CHANNELS (ARRAY_SIZE(chan_2ghz) + ARRAY_SIZE(chan_5ghz))

/* core, country SKU: the kernel's ath acts on world copies only; so do we. */
static void test_a_core_request_leaves_a_country_card_alone(void)
{
	u32 before[N_CHANNELS], after[N_CHANNELS];

	card_with_regdomain(0x0000);
	flags_now(before);
	cfg80211_applies(&test_world, NL80211_REGDOM_SET_BY_CORE, "00");
	flags_now(after);
	CHECK(!memcmp(before, after, sizeof(before)));
	CHECK_STR(test_dev.regd.alpha2, "US");
	CHECK_EQ(hints, 0);
}

/* core, world SKU: back to the EEPROM's SKU after a country IE moved it. */
static void test_a_core_request_restores_a_world_card(void)
{
	card_with_regdomain(0x0060);
	cfg80211_applies(&test_us, NL80211_REGDOM_SET_BY_COUNTRY_IE, "US");
	CHECK_STR(test_dev.regd.alpha2, "US");
	cfg80211_applies(&test_world, NL80211_REGDOM_SET_BY_CORE, "00");
	CHECK_STR(test_dev.regd.alpha2, test_dev.regd_eeprom.alpha2);
	CHECK(test_dev.regd.pair == test_dev.regd_eeprom.pair);
	CHECK(no_ir(&chan_5ghz[0]));
}

/*
 * Requests that must open nothing: no hint, 5180 and 5240 still passive,
 * the card's regulatory pair unchanged.
 */
static void test_requests_that_open_nothing(void)
{
	static const struct {
		u16 rd;
		enum nl80211_reg_initiator initiator;
		const char *alpha2;
	} cases[] = {
		/* country IE naming another country on a country SKU */
		{ 0x0000, NL80211_REGDOM_SET_BY_COUNTRY_IE, "DE" },
		/* driver request on a world SKU */
		{ 0x0064, NL80211_REGDOM_SET_BY_DRIVER, "US" },
		/* user request on a beacon-following world SKU */
		{ 0x0060, NL80211_REGDOM_SET_BY_USER, "US" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		printf("check: rd 0x%04x, initiator %d, %s: nothing opens\n",
		       cases[i].rd, cases[i].initiator, cases[i].alpha2);
		card_with_regdomain(cases[i].rd);
		cfg80211_applies(&test_us, cases[i].initiator, cases[i].alpha2);
		CHECK(no_ir(&chan_5ghz[0]));
		CHECK(no_ir(&chan_5ghz[1]));
		CHECK(test_dev.regd.pair == test_dev.regd_eeprom.pair);
		CHECK_EQ(hints, 0);
	}
}

/* At init a beacon-following world SKU opens where a beacon was heard. */
static void test_a_heard_beacon_opens_its_channel_at_init(void)
{
	chan_5ghz[0].beacon_found = true;
	card_with_regdomain(0x0060);
	CHECK(!no_ir(&chan_5ghz[0]));
	CHECK(no_ir(&chan_5ghz[1]));
	/* a world SKU that does not follow beacons keeps it passive */
	card_with_regdomain(0x0064);
	CHECK(no_ir(&chan_5ghz[0]));
	chan_5ghz[0].beacon_found = false;
}

int main(void)
{
	test_a_country_card_starts_passive_at_5ghz();
	test_its_own_country_opens_what_the_rules_open();
	test_a_card_left_on_the_world_set_hints_again();
	test_a_world_card_follows_a_country_ie();
	test_a_world_card_asked_to_opens_by_country_ie();
	test_passive_rules_stay_passive();
	test_another_country_opens_nothing();
	test_a_world_card_ignores_the_user();
	test_a_core_request_leaves_a_country_card_alone();
	test_a_core_request_restores_a_world_card();
	test_requests_that_open_nothing();
	test_a_heard_beacon_opens_its_channel_at_init();
	return check_done("test_regd_notifier");
}
