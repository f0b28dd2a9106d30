// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * EEPROM regulatory codes of Atheros cards.  The code values, their
 * conformance-test groups and the country assignments are facts taken
 * from Linux 6.1 (drivers/net/wireless/ath/regd.h and regd_common.h),
 * laid out here as plain data sorted by code.
 */
/*
 * This file incorporates work covered by the following copyright and permission notice:
 *
 * From drivers/net/wireless/ath/regd.h and
 * drivers/net/wireless/ath/regd_common.h in Linux 6.1:
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
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "regd_table.h"

/* { regulatory pair, 5 GHz CTL group, 2.4 GHz CTL group } */
const struct ath5k_regpair ath5k_regpairs[] = {
	{ 0x03, ATH5K_CTL_NONE, ATH5K_CTL_ETSI },
	{ 0x07, ATH5K_CTL_NONE, ATH5K_CTL_ETSI },
	{ 0x08, ATH5K_CTL_NONE, ATH5K_CTL_ETSI },
	{ 0x10, ATH5K_CTL_FCC, ATH5K_CTL_FCC },
	{ 0x11, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x12, ATH5K_CTL_FCC, ATH5K_CTL_FCC },
	{ 0x13, ATH5K_CTL_FCC, ATH5K_CTL_FCC },
	{ 0x14, ATH5K_CTL_FCC, ATH5K_CTL_FCC },
	{ 0x20, ATH5K_CTL_FCC, ATH5K_CTL_FCC },
	{ 0x21, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x22, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x23, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x30, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x31, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x32, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x34, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x35, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x36, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x37, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x39, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x3a, ATH5K_CTL_FCC, ATH5K_CTL_FCC },
	{ 0x3b, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x3d, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x3e, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x3f, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x40, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x41, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x42, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x43, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x45, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x47, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x48, ATH5K_CTL_MKK, ATH5K_CTL_FCC },
	{ 0x49, ATH5K_CTL_FCC, ATH5K_CTL_NONE },
	{ 0x4a, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x4b, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x4c, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x4d, ATH5K_CTL_FCC, ATH5K_CTL_FCC },
	{ 0x50, ATH5K_CTL_FCC, ATH5K_CTL_FCC },
	{ 0x52, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x55, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x56, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x58, ATH5K_CTL_FCC, ATH5K_CTL_ETSI },
	{ 0x5a, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x5b, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x5c, ATH5K_CTL_FCC, ATH5K_CTL_FCC },
	{ 0x5d, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x5e, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x5f, ATH5K_CTL_ETSI, ATH5K_CTL_ETSI },
	{ 0x60, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x61, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x62, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x63, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x64, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x65, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x66, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x67, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x68, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x69, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x6a, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x6b, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x6c, ATH5K_CTL_NONE, ATH5K_CTL_NONE },
	{ 0x80, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x81, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x82, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x83, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x84, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x85, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x86, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x87, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x88, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x89, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x8a, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x8b, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x8c, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x8d, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x8e, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x8f, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x90, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x91, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x92, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0x93, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xd0, ATH5K_CTL_MKK, ATH5K_CTL_FCC },
	{ 0xd1, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xd2, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xd3, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xd4, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xd5, ATH5K_CTL_MKK, ATH5K_CTL_FCC },
	{ 0xd6, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xd7, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xd8, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xd9, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xda, ATH5K_CTL_MKK, ATH5K_CTL_FCC },
	{ 0xdb, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xdc, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xdd, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xde, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xf0, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xf1, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xf2, ATH5K_CTL_MKK, ATH5K_CTL_FCC },
	{ 0xf3, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xf4, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xf5, ATH5K_CTL_MKK, ATH5K_CTL_FCC },
	{ 0xf6, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xf7, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xf8, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xf9, ATH5K_CTL_MKK, ATH5K_CTL_FCC },
	{ 0xfa, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xfb, ATH5K_CTL_MKK, ATH5K_CTL_FCC },
	{ 0xfc, ATH5K_CTL_MKK, ATH5K_CTL_FCC },
	{ 0xfd, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xfe, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
	{ 0xff, ATH5K_CTL_MKK, ATH5K_CTL_MKK },
};

const unsigned int ath5k_regpairs_count = ARRAY_SIZE(ath5k_regpairs);

/*
 * { country code, regulatory pair, ISO 3166 alpha-2 }.  Code 0 is the
 * "default" entry: it only names the alpha-2 of pair 0x10.  Several codes
 * share an alpha-2 (Japan's many pairs); the first one wins by name.
 */
const struct ath5k_country ath5k_countries[] = {
	{ 0, 0x10, "CO" },
	{ 8, 0x37, "AL" },
	{ 12, 0x5a, "DZ" },
	{ 32, 0x3b, "AR" },
	{ 51, 0x30, "AM" },
	{ 533, 0x37, "AW" },
	{ 36, 0x3b, "AU" },
	{ 5000, 0x23, "AU" },
	{ 40, 0x37, "AT" },
	{ 31, 0x30, "AZ" },
	{ 44, 0x3b, "BS" },
	{ 48, 0x5b, "BH" },
	{ 50, 0x52, "BD" },
	{ 52, 0x21, "BB" },
	{ 112, 0x37, "BY" },
	{ 56, 0x37, "BE" },
	{ 5002, 0x30, "BL" },
	{ 84, 0x55, "BZ" },
	{ 60, 0x3a, "BM" },
	{ 68, 0x55, "BO" },
	{ 70, 0x37, "BA" },
	{ 76, 0x3b, "BR" },
	{ 96, 0x5b, "BN" },
	{ 100, 0x37, "BG" },
	{ 116, 0x37, "KH" },
	{ 124, 0x3a, "CA" },
	{ 5001, 0x14, "CA" },
	{ 152, 0x5b, "CL" },
	{ 156, 0x52, "CN" },
	{ 170, 0x3b, "CO" },
	{ 188, 0x11, "CR" },
	{ 191, 0x37, "HR" },
	{ 196, 0x37, "CY" },
	{ 203, 0x37, "CZ" },
	{ 208, 0x37, "DK" },
	{ 214, 0x10, "DO" },
	{ 218, 0x11, "EC" },
	{ 818, 0x36, "EG" },
	{ 222, 0x11, "SV" },
	{ 233, 0x37, "EE" },
	{ 246, 0x37, "FI" },
	{ 250, 0x37, "FR" },
	{ 268, 0x30, "GE" },
	{ 276, 0x37, "DE" },
	{ 300, 0x37, "GR" },
	{ 304, 0x37, "GL" },
	{ 308, 0x3a, "GD" },
	{ 316, 0x10, "GU" },
	{ 320, 0x10, "GT" },
	{ 332, 0x37, "HT" },
	{ 340, 0x3b, "HN" },
	{ 344, 0x3b, "HK" },
	{ 348, 0x37, "HU" },
	{ 352, 0x37, "IS" },
	{ 356, 0x5b, "IN" },
	{ 360, 0x03, "ID" },
	{ 364, 0x52, "IR" },
	{ 372, 0x37, "IE" },
	{ 376, 0x36, "IL" },
	{ 380, 0x37, "IT" },
	{ 388, 0x3b, "JM" },
	{ 392, 0x40, "JP" },
	{ 393, 0x41, "JP" },
	{ 394, 0x48, "JP" },
	{ 395, 0x43, "JP" },
	{ 396, 0x4a, "JP" },
	{ 397, 0x4b, "JP" },
	{ 4006, 0x4c, "JP" },
	{ 4007, 0x80, "JP" },
	{ 4008, 0x81, "JP" },
	{ 4009, 0x82, "JP" },
	{ 4010, 0x83, "JP" },
	{ 4011, 0x84, "JP" },
	{ 4012, 0x85, "JP" },
	{ 4013, 0x86, "JP" },
	{ 4014, 0x87, "JP" },
	{ 4015, 0x88, "JP" },
	{ 4016, 0x89, "JP" },
	{ 4017, 0x8a, "JP" },
	{ 4018, 0x8b, "JP" },
	{ 4019, 0x8c, "JP" },
	{ 4020, 0x8d, "JP" },
	{ 4021, 0x8e, "JP" },
	{ 4022, 0x8f, "JP" },
	{ 4023, 0x90, "JP" },
	{ 4024, 0x91, "JP" },
	{ 4025, 0xf0, "JP" },
	{ 4026, 0xf1, "JP" },
	{ 4027, 0xf2, "JP" },
	{ 4028, 0xf4, "JP" },
	{ 4029, 0xf5, "JP" },
	{ 4030, 0xf8, "JP" },
	{ 4031, 0xf9, "JP" },
	{ 4032, 0xfa, "JP" },
	{ 4033, 0xfb, "JP" },
	{ 4034, 0xf6, "JP" },
	{ 4035, 0xf7, "JP" },
	{ 4036, 0xf3, "JP" },
	{ 4037, 0xfc, "JP" },
	{ 4038, 0xfd, "JP" },
	{ 4039, 0xfe, "JP" },
	{ 4040, 0xff, "JP" },
	{ 4041, 0xd0, "JP" },
	{ 4042, 0xd1, "JP" },
	{ 4043, 0xd2, "JP" },
	{ 4044, 0xd3, "JP" },
	{ 4045, 0xd4, "JP" },
	{ 4046, 0xd5, "JP" },
	{ 4047, 0xd6, "JP" },
	{ 4048, 0xd7, "JP" },
	{ 4049, 0xd8, "JP" },
	{ 4050, 0xd9, "JP" },
	{ 4051, 0xda, "JP" },
	{ 4052, 0xdb, "JP" },
	{ 4053, 0xdc, "JP" },
	{ 4054, 0xdd, "JP" },
	{ 4057, 0xde, "JP" },
	{ 4058, 0x92, "JP" },
	{ 4059, 0x93, "JP" },
	{ 400, 0x35, "JO" },
	{ 398, 0x03, "KZ" },
	{ 404, 0x52, "KE" },
	{ 408, 0x5e, "KP" },
	{ 410, 0x5e, "KR" },
	{ 411, 0x45, "K2" },
	{ 412, 0x5e, "K3" },
	{ 413, 0x5f, "K4" },
	{ 414, 0x36, "KW" },
	{ 428, 0x37, "LV" },
	{ 422, 0x03, "LB" },
	{ 438, 0x37, "LI" },
	{ 440, 0x37, "LT" },
	{ 442, 0x37, "LU" },
	{ 446, 0x21, "MO" },
	{ 807, 0x37, "MK" },
	{ 458, 0x11, "MY" },
	{ 470, 0x37, "MT" },
	{ 480, 0x37, "MU" },
	{ 484, 0x10, "MX" },
	{ 492, 0x30, "MC" },
	{ 499, 0x37, "ME" },
	{ 504, 0x42, "MA" },
	{ 524, 0x52, "NP" },
	{ 528, 0x37, "NL" },
	{ 530, 0x37, "AN" },
	{ 554, 0x3f, "NZ" },
	{ 558, 0x3a, "NI" },
	{ 578, 0x37, "NO" },
	{ 512, 0x3b, "OM" },
	{ 586, 0x03, "PK" },
	{ 591, 0x10, "PA" },
	{ 598, 0x11, "PG" },
	{ 600, 0x3b, "PY" },
	{ 604, 0x3b, "PE" },
	{ 608, 0x3b, "PH" },
	{ 616, 0x37, "PL" },
	{ 620, 0x37, "PT" },
	{ 630, 0x10, "PR" },
	{ 634, 0x52, "QA" },
	{ 642, 0x37, "RO" },
	{ 643, 0x3d, "RU" },
	{ 682, 0x03, "SA" },
	{ 688, 0x37, "RS" },
	{ 891, 0x37, "CS" },
	{ 702, 0x3b, "SG" },
	{ 703, 0x37, "SK" },
	{ 705, 0x37, "SI" },
	{ 710, 0x3b, "ZA" },
	{ 724, 0x37, "ES" },
	{ 144, 0x3b, "LK" },
	{ 752, 0x37, "SE" },
	{ 756, 0x37, "CH" },
	{ 760, 0x03, "SY" },
	{ 158, 0x50, "TW" },
	{ 834, 0x52, "TZ" },
	{ 764, 0x3b, "TH" },
	{ 780, 0x3b, "TT" },
	{ 788, 0x36, "TN" },
	{ 792, 0x36, "TR" },
	{ 800, 0x3b, "UG" },
	{ 804, 0x3e, "UA" },
	{ 784, 0x03, "AE" },
	{ 826, 0x37, "GB" },
	{ 840, 0x3a, "US" },
	{ 841, 0x3a, "US" },
	{ 843, 0x3a, "US" },
	{ 842, 0x12, "PS" },
	{ 858, 0x3b, "UY" },
	{ 860, 0x3a, "UZ" },
	{ 862, 0x56, "VE" },
	{ 704, 0x03, "VN" },
	{ 887, 0x03, "YE" },
	{ 716, 0x37, "ZW" },
};

const unsigned int ath5k_countries_count = ARRAY_SIZE(ath5k_countries);

bool ath5k_regd_is_world(u16 rd)
{
	if (rd & ATH5K_RD_COUNTRY_FLAG)
		return false;
	return (rd & ATH5K_RD_WORLD_MASK) == ATH5K_RD_WORLD_PREFIX ||
	       rd == ATH5K_RD_WORLD_ANY;
}

static const struct ath5k_regpair *ath5k_regpair_find(u16 code)
{
	unsigned int i;

	for (i = 0; i < ath5k_regpairs_count; i++)
		if (ath5k_regpairs[i].code == code)
			return &ath5k_regpairs[i];
	return NULL;
}

/* First country entry whose code (or, with @by_pair, pair) is @value. */
static const struct ath5k_country *ath5k_country_find(u16 value, bool by_pair)
{
	unsigned int i;

	for (i = 0; i < ath5k_countries_count; i++) {
		const struct ath5k_country *c = &ath5k_countries[i];

		if ((by_pair ? c->regpair : c->code) == value)
			return c;
	}
	return NULL;
}

int ath5k_regd_country_by_alpha2(const char *alpha2)
{
	unsigned int i;

	/* the code-0 default entry is not a country of its own */
	for (i = 0; i < ath5k_countries_count; i++)
		if (ath5k_countries[i].code != ATH5K_COUNTRY_NONE &&
		    !memcmp(ath5k_countries[i].alpha2, alpha2, 2))
			return ath5k_countries[i].code;
	return -EINVAL;
}

static u8 ath5k_world_of_pair(u16 pair)
{
	switch (pair) {
	case 0x60: case 0x61: case 0x62:
		return ATH5K_WORLD_60;
	case 0x63: case 0x65:
		return ATH5K_WORLD_63;
	case 0x66: case 0x69:
		return ATH5K_WORLD_66;
	case 0x67: case 0x68: case 0x6a: case 0x6c:
		return ATH5K_WORLD_67;
	default:
		/* 0x64 and anything unlisted get the most restrictive set */
		return ATH5K_WORLD_64;
	}
}

int ath5k_regd_resolve(u16 eeprom_rd, struct ath5k_regd *reg)
{
	const struct ath5k_country *country = NULL;
	u16 rd = eeprom_rd;
	u16 pair_code;

	/* Some cards carry a bare country flag; treat them as world 0x64. */
	if (rd == ATH5K_RD_COUNTRY_FLAG)
		rd = ATH5K_RD_DEFAULT_WORLD;
	rd &= ~ATH5K_RD_ROAMING_FLAG;

	memset(reg, 0, sizeof(*reg));
	reg->rd = rd;

	if (rd & ATH5K_RD_COUNTRY_FLAG) {
		country = ath5k_country_find(rd & ~ATH5K_RD_COUNTRY_FLAG, false);
		if (!country)
			return -EINVAL;
		pair_code = country->regpair;
	} else if (rd == 0) {
		/* an unprogrammed code means the United States */
		country = ath5k_country_find(ATH5K_COUNTRY_US, false);
		pair_code = country->regpair;
	} else {
		pair_code = rd;
	}

	reg->pair = ath5k_regpair_find(pair_code);
	if (!reg->pair)
		return -EINVAL;

	if (country)
		reg->country = country->code;
	else
		country = ath5k_country_find(pair_code, true);
	memcpy(reg->alpha2, country ? country->alpha2 : "00", 3);

	reg->world = ath5k_regd_is_world(rd) ? ath5k_world_of_pair(pair_code) :
					       ATH5K_WORLD_NONE;
	return 0;
}

int ath5k_regd_set_country(struct ath5k_regd *reg, const char *alpha2)
{
	struct ath5k_regd changed;
	int code = ath5k_regd_country_by_alpha2(alpha2);

	if (code < 0)
		return code;
	if (ath5k_regd_resolve(ATH5K_RD_COUNTRY_FLAG | code, &changed))
		return -EINVAL;
	*reg = changed;
	return 0;
}

u8 ath5k_regd_band_ctl(const struct ath5k_regd *reg, bool band_5ghz)
{
	if (!reg->pair ||
	    (reg->country == ATH5K_COUNTRY_NONE && ath5k_regd_is_world(reg->rd)))
		return ATH5K_CTL_WORLD;
	return band_5ghz ? reg->pair->ctl_5ghz : reg->pair->ctl_2ghz;
}

bool ath5k_regd_radar_freq(const struct ath5k_regd *reg, u16 freq)
{
	if (!memcmp(reg->alpha2, "IN", 2))
		return freq >= 5500 && freq <= 5700;
	return freq >= 5260 && freq <= 5700;
}

bool ath5k_regd_world_follows_beacons(const struct ath5k_regd *reg)
{
	if (reg->world == ATH5K_WORLD_NONE)
		return false;
	switch (reg->pair->code) {
	case 0x60: case 0x63: case 0x66: case 0x67: case 0x68: case 0x6c:
		return true;
	default:
		return false;
	}
}

bool ath5k_regd_world_passive_12_13(const struct ath5k_regd *reg)
{
	return reg->world != ATH5K_WORLD_NONE && reg->pair->code == 0x68;
}
