/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Atheros EEPROM regulatory codes and what they mean.  Pure logic and
 * data: builds in the kernel and in the unit tests; regd.c turns the
 * result into cfg80211 settings.
 */
#ifndef ATH5K_REGD_TABLE_H
#define ATH5K_REGD_TABLE_H

#include <linux/types.h>

/* EEPROM word layout */
#define ATH5K_RD_COUNTRY_FLAG	0x8000	/* low bits are a country code */
#define ATH5K_RD_ROAMING_FLAG	0x4000	/* ignored */
#define ATH5K_RD_WORLD_MASK	0x00f0
#define ATH5K_RD_WORLD_PREFIX	0x0060	/* 0x60..0x6f are world SKUs */
#define ATH5K_RD_WORLD_ANY	0x0199
#define ATH5K_RD_DEFAULT_WORLD	0x64	/* fallback for a bare country flag */

#define ATH5K_COUNTRY_NONE	0
#define ATH5K_COUNTRY_US	840

/* Conformance test limit groups, as the EEPROM's CTL IDs use them. */
enum ath5k_ctl_group {
	ATH5K_CTL_FCC = 0x10,
	ATH5K_CTL_ETSI = 0x30,
	ATH5K_CTL_MKK = 0x40,
	ATH5K_CTL_WORLD = 0xe0,	/* world SKU: no limits of its own */
	ATH5K_CTL_NONE = 0xff,
};

/* Which built-in world regulatory domain a world SKU uses. */
enum ath5k_world {
	ATH5K_WORLD_NONE,	/* not a world SKU */
	ATH5K_WORLD_60,		/* 0x60-0x62: everything, 12-14 passive */
	ATH5K_WORLD_63,		/* 0x63, 0x65: 1-13, no 5.47-5.725 GHz */
	ATH5K_WORLD_64,		/* 0x64: 1-11, no mid-band; most restrictive */
	ATH5K_WORLD_66,		/* 0x66, 0x69: 1-11, all 5 GHz */
	ATH5K_WORLD_67,		/* 0x67, 0x68, 0x6a, 0x6c: 1-13, all 5 GHz */
};

struct ath5k_regpair {
	u16 code;
	u8 ctl_5ghz;		/* enum ath5k_ctl_group */
	u8 ctl_2ghz;
};

struct ath5k_country {
	u16 code;		/* Atheros country code (mostly ISO numeric) */
	u16 regpair;
	char alpha2[3];
};

extern const struct ath5k_regpair ath5k_regpairs[];
extern const unsigned int ath5k_regpairs_count;
extern const struct ath5k_country ath5k_countries[];
extern const unsigned int ath5k_countries_count;

/* What an EEPROM regulatory word resolves to. */
struct ath5k_regd {
	u16 rd;			/* the word, roaming flag dropped, sanitised */
	u16 country;		/* ATH5K_COUNTRY_NONE unless a country is known */
	const struct ath5k_regpair *pair;
	char alpha2[3];		/* "00" when no country matches the pair */
	u8 world;		/* enum ath5k_world */
};

/* Resolve an EEPROM regulatory word; -EINVAL if the code is unknown. */
int ath5k_regd_resolve(u16 eeprom_rd, struct ath5k_regd *reg);
/* Switch a world SKU to the country named @alpha2 (country IE, user). */
int ath5k_regd_set_country(struct ath5k_regd *reg, const char *alpha2);
/* Country code of @alpha2, or -EINVAL. */
int ath5k_regd_country_by_alpha2(const char *alpha2);

bool ath5k_regd_is_world(u16 rd);
/* CTL group for the EEPROM power limits of a band. */
u8 ath5k_regd_band_ctl(const struct ath5k_regd *reg, bool band_5ghz);
/* Channels that need radar detection, so we never transmit first there. */
bool ath5k_regd_radar_freq(const struct ath5k_regd *reg, u16 freq);
/* Whether beacons seen on passive channels may lift the passive flag. */
bool ath5k_regd_world_follows_beacons(const struct ath5k_regd *reg);
/* Whether 2467 and 2472 MHz are passive until a country IE opens them. */
bool ath5k_regd_world_passive_12_13(const struct ath5k_regd *reg);

#endif /* ATH5K_REGD_TABLE_H */
