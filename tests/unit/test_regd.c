// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Regulatory mapping: EEPROM regulatory words to country, regulatory pair,
 * world SKU class and CTL groups.  Expected values follow the behaviour of
 * Linux 6.1's ath/regd.c for the same words.
 *
 * Links: src/regd_table.c
 */
#include <errno.h>

#include "check.h"
#include "regd_table.h"

static void test_unprogrammed_means_us(void)
{
	struct ath5k_regd reg;

	CHECK_EQ(ath5k_regd_resolve(0x0000, &reg), 0);
	CHECK_STR(reg.alpha2, "US");
	CHECK_EQ(reg.country, 840);
	CHECK_EQ(reg.pair->code, 0x3a);		/* FCC3_FCCA */
	CHECK_EQ(reg.world, ATH5K_WORLD_NONE);
	CHECK_EQ(ath5k_regd_band_ctl(&reg, true), ATH5K_CTL_FCC);
	CHECK_EQ(ath5k_regd_band_ctl(&reg, false), ATH5K_CTL_FCC);
}

static void test_direct_pair(void)
{
	struct ath5k_regd reg;

	/* ETSI1_WORLD: first country listed with it is Albania */
	CHECK_EQ(ath5k_regd_resolve(0x0037, &reg), 0);
	CHECK_EQ(reg.pair->code, 0x37);
	CHECK_STR(reg.alpha2, "AL");
	CHECK_EQ(reg.country, ATH5K_COUNTRY_NONE);
	CHECK_EQ(ath5k_regd_band_ctl(&reg, true), ATH5K_CTL_ETSI);

	/* MKK1_FCCA mixes groups: MKK at 5 GHz, FCC at 2.4 GHz */
	CHECK_EQ(ath5k_regd_resolve(0x0048, &reg), 0);
	CHECK_STR(reg.alpha2, "JP");
	CHECK_EQ(ath5k_regd_band_ctl(&reg, true), ATH5K_CTL_MKK);
	CHECK_EQ(ath5k_regd_band_ctl(&reg, false), ATH5K_CTL_FCC);

	/* a pair no country uses keeps the "00" placeholder */
	CHECK_EQ(ath5k_regd_resolve(0x0007, &reg), 0);	/* NULL1_ETSIB */
	CHECK_STR(reg.alpha2, "00");

	/* the roaming flag is ignored */
	CHECK_EQ(ath5k_regd_resolve(0x4037, &reg), 0);
	CHECK_EQ(reg.pair->code, 0x37);
}

static void test_country_codes(void)
{
	struct ath5k_regd reg;

	CHECK_EQ(ath5k_regd_resolve(0x8000 | 276, &reg), 0);	/* Germany */
	CHECK_STR(reg.alpha2, "DE");
	CHECK_EQ(reg.country, 276);
	CHECK_EQ(reg.pair->code, 0x37);
	CHECK_EQ(reg.world, ATH5K_WORLD_NONE);

	CHECK_EQ(ath5k_regd_resolve(0x8000 | 392, &reg), 0);	/* Japan */
	CHECK_EQ(reg.pair->code, 0x40);
	CHECK_EQ(ath5k_regd_band_ctl(&reg, false), ATH5K_CTL_MKK);

	CHECK_EQ(ath5k_regd_resolve(0x8000 | 5002, &reg), 0);	/* Belgium 2 */
	CHECK_STR(reg.alpha2, "BL");

	/* India has its own radar band */
	CHECK_EQ(ath5k_regd_resolve(0x8000 | 356, &reg), 0);
	CHECK_STR(reg.alpha2, "IN");
	CHECK(!ath5k_regd_radar_freq(&reg, 5280));
	CHECK(ath5k_regd_radar_freq(&reg, 5500));
	CHECK_EQ(ath5k_regd_resolve(0x8000 | 840, &reg), 0);
	CHECK(ath5k_regd_radar_freq(&reg, 5280));
	CHECK(ath5k_regd_radar_freq(&reg, 5700));
	CHECK(!ath5k_regd_radar_freq(&reg, 5745));
	CHECK(!ath5k_regd_radar_freq(&reg, 5180));
}

static void test_world_skus(void)
{
	static const struct {
		unsigned short rd;
		unsigned char world;
	} skus[] = {
		{ 0x60, ATH5K_WORLD_60 }, { 0x61, ATH5K_WORLD_60 },
		{ 0x62, ATH5K_WORLD_60 }, { 0x63, ATH5K_WORLD_63 },
		{ 0x64, ATH5K_WORLD_64 }, { 0x65, ATH5K_WORLD_63 },
		{ 0x66, ATH5K_WORLD_66 }, { 0x67, ATH5K_WORLD_67 },
		{ 0x68, ATH5K_WORLD_67 }, { 0x69, ATH5K_WORLD_66 },
		{ 0x6a, ATH5K_WORLD_67 }, { 0x6b, ATH5K_WORLD_64 },
		{ 0x6c, ATH5K_WORLD_67 },
	};
	struct ath5k_regd reg;
	unsigned int i;

	for (i = 0; i < sizeof(skus) / sizeof(skus[0]); i++) {
		CHECK_EQ(ath5k_regd_resolve(skus[i].rd, &reg), 0);
		CHECK_EQ(reg.world, skus[i].world);
		CHECK_EQ(ath5k_regd_band_ctl(&reg, true), ATH5K_CTL_WORLD);
	}

	CHECK_EQ(ath5k_regd_resolve(0x64, &reg), 0);
	CHECK(!ath5k_regd_world_follows_beacons(&reg));
	CHECK_EQ(ath5k_regd_resolve(0x68, &reg), 0);
	CHECK(ath5k_regd_world_follows_beacons(&reg));
	CHECK(ath5k_regd_world_passive_12_13(&reg));
	CHECK_EQ(ath5k_regd_resolve(0x60, &reg), 0);
	CHECK(ath5k_regd_world_follows_beacons(&reg));
	CHECK(!ath5k_regd_world_passive_12_13(&reg));

	/* a bare country flag is treated as world SKU 0x64 */
	CHECK_EQ(ath5k_regd_resolve(0x8000, &reg), 0);
	CHECK_EQ(reg.rd, 0x64);
	CHECK_EQ(reg.world, ATH5K_WORLD_64);

	/* a country IE moves a world SKU to that country */
	CHECK_EQ(ath5k_regd_resolve(0x60, &reg), 0);
	CHECK_EQ(ath5k_regd_set_country(&reg, "FR"), 0);
	CHECK_STR(reg.alpha2, "FR");
	CHECK_EQ(reg.world, ATH5K_WORLD_NONE);
	CHECK_EQ(ath5k_regd_band_ctl(&reg, true), ATH5K_CTL_ETSI);
	/* "CO" is Colombia, not the code-0 default entry */
	CHECK_EQ(ath5k_regd_set_country(&reg, "CO"), 0);
	CHECK_EQ(reg.country, 170);
	CHECK_EQ(ath5k_regd_set_country(&reg, "XX"), -EINVAL);
	CHECK_STR(reg.alpha2, "CO");		/* unchanged on error */
}

static void test_invalid(void)
{
	struct ath5k_regd reg;

	CHECK_EQ(ath5k_regd_resolve(0x0001, &reg), -EINVAL);
	CHECK_EQ(ath5k_regd_resolve(0x00ff + 0x100, &reg), -EINVAL);
	CHECK_EQ(ath5k_regd_resolve(0x8000 | 999, &reg), -EINVAL);
	CHECK_EQ(ath5k_regd_resolve(0x0199, &reg), -EINVAL);
	CHECK_EQ(ath5k_regd_country_by_alpha2("ZZ"), -EINVAL);
}

static void test_tables_consistent(void)
{
	unsigned int i, j;

	/* every country points at a known pair, every pair is unique */
	for (i = 0; i < ath5k_countries_count; i++) {
		struct ath5k_regd reg;

		if (ath5k_countries[i].code == ATH5K_COUNTRY_NONE)
			continue;
		CHECK_EQ(ath5k_regd_resolve(0x8000 | ath5k_countries[i].code,
					    &reg), 0);
		CHECK_EQ(strlen(ath5k_countries[i].alpha2), 2);
	}
	for (i = 0; i < ath5k_regpairs_count; i++)
		for (j = i + 1; j < ath5k_regpairs_count; j++)
			CHECK(ath5k_regpairs[i].code != ath5k_regpairs[j].code);
	CHECK(ath5k_regpairs_count > 100);
	CHECK(ath5k_countries_count > 180);
}

int main(void)
{
	test_unprogrammed_means_us();
	test_direct_pair();
	test_country_codes();
	test_world_skus();
	test_invalid();
	test_tables_consistent();
	return check_done("test_regd");
}
