// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Builds the 1024-word EEPROM image of an AR5212-family card (layout
 * version 5.3) or an RF5111 image of the older layouts 3.0 to 3.4, and
 * reads one back.  Word offsets and field positions are those the Linux
 * ath5k EEPROM parser (eeprom.c/eeprom.h) expects.
 */
#include "eeprom.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Fixed word offsets of a v3.3+ image */
#define W_RFKILL		0x0f
#define W_SIZE_UPPER		0x1c
#define W_MAC_LOW		0x1d	/* mac[4] << 8 | mac[5] */
#define W_MAC_HIGH		0x1f	/* mac[0] << 8 | mac[1] */
#define W_MAGIC			0x3d
#define W_REGDOMAIN		0xbf
#define W_CHECKSUM		0xc0	/* adjuster: first word checksummed */
#define W_VERSION		0xc1
#define W_HEADER		0xc2
#define W_ANT_GAIN		0xc3
#define W_MISC0			0xc4
#define W_MISC1			0xc5
#define W_MISC4			0xc8
#define W_MISC5			0xc9
#define W_CTL_IDS		0x128
#define W_SPURS			0x148
#define W_GROUPS		0x150	/* EEMAP 0/1 calibration groups */
#define GROUP_A_PIERS		0x05	/* EEMAP 0: where its groups start */
#define GROUP_B_PIERS		0x37
#define GROUP_G_PIERS		0x46
#define MAP0_PIER_WORDS		5

#define MAGIC_VALUE		0x5aa5
#define HDR_DEVICE_MINIPCI	(3u << 11)
#define HDR_TURBO_DISABLED	((1u << 3) | (1u << 15))
#define HDR_RFKILL		(1u << 14)
#define EEMAP_SHIFT		14
#define MISC5_AES_DISABLED	0x0002

/* Where our images put the movable parts */
#define MAP2_CAL_START		0x160	/* after the spur tables (0x148..0x151) */
#define MAP2_TARGET_START	0x250	/* after the largest calibration (0x241) */
#define MAP1_TARGET_START	(W_GROUPS + 0x55)
#define CTL_DATA_AFTER_TARGET	0x1a	/* group 8 minus group 5 */
#define TARGET_OFF_B		0x10
#define TARGET_OFF_G		0x14

#define BIN_DISABLED		0xff

static const unsigned int mode_section[EE_MODES] = { 0xd4, 0xf2, 0x10d };

/*
 * Where a 3.x image keeps what 5.3 keeps elsewhere.  Up to 3.2: mode
 * sections at 0xc5/0xd0/0xda, 16 CTL ids at 0xe4, the 2 GHz ob/db words
 * at 0xec/0xed, groups at 0x100.  3.3 and 3.4 use the 5.3 homes.  Before
 * 4.0 (no MISC1) the target powers sit at group + 0x55 and the CTL edges
 * at group + 0x6f, 7 words a CTL up to 3.2.
 */
#define V3_ANT_GAIN_OLD		0xc4
#define V3_CTL_IDS_OLD		0xe4
#define V3_OBDB_B_OLD		0xec
#define V3_OBDB_G_OLD		0xed
#define V3_GROUPS_OLD		0x100
#define V3_CTLS_OLD		16
#define GROUP_TARGETS		0x55
#define GROUP_CTL_DATA		0x6f
#define OLD_BIN_BITS		7
#define OLD_BIN_10MHZ_LAST	62
#define OLD_I_GAIN		10	/* what the drivers take before 3.4 */

static const unsigned int mode_section_old[EE_MODES] = { 0xc5, 0xd0, 0xda };

/* Versions with the low (3.0-3.2) homes, 7-bit bins and old packing. */
static bool layout_old(const struct eeprom_desc *d)
{
	return d->version < EE_VERSION_3_3;
}

static bool has_misc(const struct eeprom_desc *d)
{
	return d->version >= 0x4000;
}

static unsigned int groups_at(const struct eeprom_desc *d)
{
	return layout_old(d) ? V3_GROUPS_OLD : 0x150;
}

static unsigned int ctl_ids_at(const struct eeprom_desc *d)
{
	return layout_old(d) ? V3_CTL_IDS_OLD : 0x128;
}

static unsigned int ctl_count(const struct eeprom_desc *d)
{
	return layout_old(d) ? V3_CTLS_OLD : EE_CTLS;
}

/* Words of a mode section a version has (5.3: the whole section). */
static unsigned int mode_words(const struct eeprom_desc *d, unsigned int mode)
{
	unsigned int n = mode == EE_MODE_A ? 11 : 10;

	if (has_misc(d))
		return EE_WORDS;
	return n + (d->version >= EE_VERSION_3_3) + (d->version >= EE_VERSION_3_4);
}
static const unsigned int max_targets[EE_MODES] = { 8, 2, 3 };
static const unsigned int pier_words_by_gains[EE_PD_GAINS] = { 4, 6, 9, 12 };

static void fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static const char *mode_name(unsigned int mode)
{
	static const char *const names[EE_MODES] = { "a", "b", "g" };

	return names[mode];
}

static unsigned int gain_count(uint8_t mask)
{
	unsigned int n = 0;

	for (unsigned int bit = 0; bit < EE_PD_GAINS; bit++)
		n += (mask >> bit) & 1;
	return n;
}

/* Frequency <-> one-byte "bin" of v3.3+ images; -1 if not representable. */
static int freq_to_bin(uint16_t mhz, bool five_ghz)
{
	int bin;

	if (five_ghz) {
		if (mhz <= 4800 || (mhz - 4800) % 5)
			return -1;
		bin = (mhz - 4800) / 5;
	} else {
		if (mhz <= 2300)
			return -1;
		bin = mhz - 2300;
	}
	return bin > 0 && bin < BIN_DISABLED ? bin : -1;
}

static uint16_t bin_to_freq(unsigned int bin, bool five_ghz)
{
	return five_ghz ? (uint16_t)(5 * bin + 4800) : (uint16_t)(bin + 2300);
}

/*
 * The 7-bit bins up to 3.2: 5100 + 10 * bin to bin 62 (5720 MHz), 5 MHz
 * steps above; 2400 + bin.  Bin 0 is kept for "unused" here.
 */
static int freq_to_old_bin(uint16_t mhz, bool five_ghz)
{
	int bin;

	if (!five_ghz)
		bin = mhz - 2400;
	else if (mhz <= 5100 + 10 * OLD_BIN_10MHZ_LAST)
		bin = mhz >= 5100 && mhz % 10 == 0 ? (mhz - 5100) / 10 : -1;
	else
		bin = mhz % 5 == 0 ? OLD_BIN_10MHZ_LAST + (mhz - 5720) / 5 : -1;
	return bin > 0 && bin < (1 << OLD_BIN_BITS) ? bin : -1;
}

static uint16_t old_bin_to_freq(unsigned int bin, bool five_ghz)
{
	if (!five_ghz)
		return (uint16_t)(2400 + bin);
	if (bin <= OLD_BIN_10MHZ_LAST)
		return (uint16_t)(5100 + 10 * bin);
	return (uint16_t)(5720 + 5 * (bin - OLD_BIN_10MHZ_LAST));
}

/* The bin a version writes for mhz, -1 if it cannot. */
static int enc_bin(const struct eeprom_desc *d, uint16_t mhz, bool five_ghz)
{
	return d->version <= EE_VERSION_3_2 ? freq_to_old_bin(mhz, five_ghz) :
					      freq_to_bin(mhz, five_ghz);
}

static uint16_t dec_bin(const struct eeprom_desc *d, unsigned int bin,
			bool five_ghz)
{
	return d->version <= EE_VERSION_3_2 ? old_bin_to_freq(bin, five_ghz) :
					      bin_to_freq(bin, five_ghz);
}

/* MSB-first stream (3.x pier lists and CTL edges). */
static void bits_put_msb(uint16_t *w, unsigned int *pos, unsigned int value,
			 unsigned int width)
{
	for (unsigned int i = 0; i < width; i++, (*pos)++)
		if ((value >> (width - 1 - i)) & 1)
			w[*pos / 16] |= (uint16_t)(0x8000u >> (*pos % 16));
}

static unsigned int bits_get_msb(const uint16_t *w, unsigned int *pos,
				 unsigned int width)
{
	unsigned int value = 0;

	for (unsigned int i = 0; i < width; i++, (*pos)++)
		value = value << 1 | ((w[*pos / 16] >> (15 - *pos % 16)) & 1u);
	return value;
}

/* Little-endian bit stream over consecutive words (PD curve records). */
struct bit_cursor {
	uint16_t *words;
	const uint16_t *in;
	unsigned int pos;
};

static void bits_put(struct bit_cursor *c, unsigned int value,
		     unsigned int width)
{
	for (unsigned int i = 0; i < width; i++, c->pos++)
		if ((value >> i) & 1)
			c->words[c->pos / 16] |= (uint16_t)(1u << (c->pos % 16));
}

static unsigned int bits_get(struct bit_cursor *c, unsigned int width)
{
	unsigned int value = 0;

	for (unsigned int i = 0; i < width; i++, c->pos++)
		value |= ((c->in[c->pos / 16] >> (c->pos % 16)) & 1u) << i;
	return value;
}

uint16_t eeprom_checksum(const uint16_t image[EE_WORDS])
{
	uint16_t sum = 0;

	for (unsigned int w = W_CHECKSUM; w < EE_WORDS; w++)
		sum ^= image[w];
	return sum;
}

void eeprom_rfkill(const uint16_t img[EE_WORDS], uint8_t *gpio, bool *polarity)
{
	*gpio = img[W_RFKILL] >> 2 & 7;
	*polarity = img[W_RFKILL] & 2;
}

bool eeprom_rfkill_wired(const uint16_t img[EE_WORDS])
{
	return img[W_HEADER] & HDR_RFKILL;
}

/* ---- building ---------------------------------------------------------- */

static void put_antennas(uint16_t *img, unsigned int o, const struct ee_mode *m)
{
	const uint8_t *a = m->ant_control;

	img[o + 0] = (uint16_t)((m->switch_settling & 0x7f) << 8 |
				(m->txrx_atten & 0x3f) << 2 | (a[0] >> 4 & 0x3));
	img[o + 1] = (uint16_t)((a[0] & 0xf) << 12 | (a[1] & 0x3f) << 6 |
				(a[2] & 0x3f));
	img[o + 2] = (uint16_t)((a[3] & 0x3f) << 10 | (a[4] & 0x3f) << 4 |
				(a[5] >> 2 & 0xf));
	img[o + 3] = (uint16_t)((a[5] & 0x3) << 14 | (a[6] & 0x3f) << 8 |
				(a[7] & 0x3f) << 2 | (a[8] >> 4 & 0x3));
	img[o + 4] = (uint16_t)((a[8] & 0xf) << 12 | (a[9] & 0x3f) << 6 |
				(a[10] & 0x3f));
}

/* Pier bins kept in the 11b/11g mode sections (used by EEMAP 1 only). */
static void mode_pier_bins(const struct eeprom_desc *d, unsigned int mode,
			   unsigned int bins[3])
{
	const struct ee_mode *m = &d->mode[mode];

	for (unsigned int i = 0; i < 3; i++) {
		bins[i] = BIN_DISABLED;
		if (d->eemap == 1 && i < m->n_piers)
			bins[i] = (unsigned int)freq_to_bin(m->pier_mhz[i], false);
	}
}

static void put_mode_5_3(uint16_t *img, const struct eeprom_desc *d,
			 unsigned int mode)
{
	const struct ee_mode *m = &d->mode[mode];
	unsigned int o = mode_section[mode];
	uint16_t ob = m->ob & 7, db = m->db & 7;
	uint16_t i_low = m->i_gain & 7, i_high = m->i_gain >> 3 & 7;
	unsigned int bins[3];

	put_antennas(img, o, m);
	o += 5;
	if (mode == EE_MODE_A) {
		img[o++] = (uint16_t)((uint8_t)m->adc_desired << 8 | ob << 5 |
				      db << 2 | ob >> 1);
		img[o++] = (uint16_t)((ob & 1) << 15 | db << 12 | ob << 9 |
				      db << 6 | ob << 3 | db);
	} else {
		img[o++] = (uint16_t)((uint8_t)m->adc_desired << 8 | ob << 4 | db);
	}
	img[o++] = (uint16_t)(0x0d << 8 | m->thr62);	/* xLNA on-delay, thr62 */
	img[o++] = (uint16_t)(0x00 << 8 | 0x0e);	/* xPA off/on delays */
	img[o++] = (uint16_t)(m->pga_desired << 8 | (uint8_t)m->noise_floor);
	img[o++] = (uint16_t)(m->xlna_gain << 5 | (m->x_gain & 0xf) << 1 |
			      (m->xpd & 1));
	img[o++] = (uint16_t)(i_low << 13 | (m->false_detect & 0x7f) << 6 |
			      (mode == EE_MODE_A ? 0 : db << 3 | ob));
	mode_pier_bins(d, mode, bins);
	switch (mode) {
	case EE_MODE_A:
		img[o++] = i_high;		/* I/Q cal 0 */
		img[o++] = (uint16_t)((m->txrx_atten & 7) << 13 |
				      (m->switch_settling & 0x7f) << 6 |
				      (m->margin_tx_rx & 0x3f));
		img[o++] = (uint16_t)(((uint8_t)m->adc_desired & 0x7f) << 9 |
				      (m->margin_tx_rx & 0x3f) << 3 |
				      (m->txrx_atten >> 3 & 7));
		img[o++] = (uint16_t)((d->pd_gain_overlap & 0xf) << 9 |
				      m->pga_desired << 1 |
				      ((uint8_t)m->adc_desired >> 7));
		break;
	case EE_MODE_B:
		img[o++] = i_high;
		img[o++] = (uint16_t)(bins[1] << 8 | bins[0]);
		img[o++] = (uint16_t)((m->margin_tx_rx & 0x3f) << 8 | bins[2]);
		break;
	case EE_MODE_G:
		img[o++] = i_high;		/* CCK/OFDM power delta 0 */
		img[o++] = (uint16_t)(bins[1] << 8 | bins[0]);
		img[o++] = 0;			/* turbo max power, XR power */
		img[o++] = (uint16_t)((m->margin_tx_rx & 0x3f) << 8 | bins[2]);
		img[o++] = 0;			/* I/Q cal */
		img[o++] = (uint16_t)((m->txrx_atten & 1) << 15 |
				      (m->switch_settling & 0x7f) << 8);
		img[o++] = (uint16_t)(((uint8_t)m->adc_desired & 0x1f) << 11 |
				      (m->margin_tx_rx & 0x3f) << 5 |
				      (m->txrx_atten >> 1 & 0x1f));
		img[o++] = (uint16_t)(m->pga_desired << 3 |
				      ((uint8_t)m->adc_desired >> 5 & 7));
		break;
	}
}

/*
 * A 3.x section is the start of the 5.3 one (up to the false-detect word
 * from 3.3, the I gain word from 3.4) at its version's home; up to 3.2
 * the 2 GHz ob/db live in their own words.
 */
static void put_mode(uint16_t *img, const struct eeprom_desc *d,
		     unsigned int mode)
{
	uint16_t full[EE_WORDS] = { 0 };
	const struct ee_mode *m = &d->mode[mode];
	unsigned int at = layout_old(d) ? mode_section_old[mode] : mode_section[mode];

	if (has_misc(d)) {
		put_mode_5_3(img, d, mode);
		return;
	}
	put_mode_5_3(full, d, mode);
	memcpy(&img[at], &full[mode_section[mode]],
	       mode_words(d, mode) * sizeof(*img));
	if (layout_old(d) && mode != EE_MODE_A)
		img[mode == EE_MODE_B ? V3_OBDB_B_OLD : V3_OBDB_G_OLD] =
			(uint16_t)((m->db & 7) << 3 | (m->ob & 7));
}

/* Two pier bins a word, low byte first, a zero byte ends the list. */
static unsigned int put_pier_list(uint16_t *img, unsigned int o,
				  const struct ee_mode *m, bool five_ghz,
				  unsigned int words)
{
	for (unsigned int i = 0; i < m->n_piers; i++) {
		unsigned int bin = (unsigned int)freq_to_bin(m->pier_mhz[i], five_ghz);

		img[o + i / 2] |= (uint16_t)(bin << (8 * (i % 2)));
	}
	return o + words;
}

static void put_map2_pier(uint16_t *words, const struct ee_mode *m)
{
	struct bit_cursor c = { .words = words };
	unsigned int gains = gain_count(m->x_gain), done = 0;

	/* Curves go from the highest gain bit down; the last has 4 points. */
	for (int bit = EE_PD_GAINS - 1; bit >= 0; bit--) {
		const struct ee_pd_curve *pd = &m->pd[bit];
		unsigned int points;

		if (!(m->x_gain >> bit & 1))
			continue;
		points = ++done == gains ? 4 : 3;
		bits_put(&c, pd->pwr_start, 5);
		bits_put(&c, pd->pddac_start, 7);
		for (unsigned int p = 0; p < points; p++) {
			bits_put(&c, pd->pwr_step[p], 4);
			bits_put(&c, pd->pddac_step[p], 6);
		}
	}
}

static void put_map2_calibration(uint16_t *img, const struct eeprom_desc *d)
{
	unsigned int o = MAP2_CAL_START;

	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		const struct ee_mode *m = &d->mode[mode];
		unsigned int per_pier;

		if (!d->mode_enabled[mode])
			continue;
		per_pier = pier_words_by_gains[gain_count(m->x_gain) - 1];
		o = put_pier_list(img, o, m, mode == EE_MODE_A,
				  mode == EE_MODE_A ? EE_MAX_PIERS_5GHZ / 2 :
				  EE_MAX_PIERS_2GHZ_MAP2 / 2);
		for (unsigned int p = 0; p < m->n_piers; p++, o += per_pier)
			put_map2_pier(&img[o], m);
	}
}

static void put_map1_pier(uint16_t *img, unsigned int o,
			  const struct ee_xpd_curves *x)
{
	img[o + 0] = (uint16_t)((uint8_t)x->pwr_x0[1] << 8 | (uint8_t)x->pwr_x0[0]);
	img[o + 1] = (uint16_t)((uint8_t)x->pwr_x0[3] << 8 | (uint8_t)x->pwr_x0[2]);
	img[o + 2] = (uint16_t)((x->pcdac_x0[3] & 0x1f) << 10 |
				(x->pcdac_x0[2] & 0x1f) << 5 |
				(x->pcdac_x0[1] & 0x1f));
	img[o + 3] = (uint16_t)((uint8_t)x->pwr_x3[1] << 8 | (uint8_t)x->pwr_x3[0]);
	img[o + 4] = (uint16_t)((x->pcdac_x0[0] & 0x3f) << 8 | (uint8_t)x->pwr_x3[2]);
}

/* EEMAP 1 groups: 11a list + 10 piers, then 11b and 11g (3 piers each). */
static unsigned int map1_group(const struct eeprom_desc *d, unsigned int mode)
{
	bool a = d->mode_enabled[EE_MODE_A], b = d->mode_enabled[EE_MODE_B];

	if (mode == EE_MODE_A)
		return W_GROUPS + 5;
	if (mode == EE_MODE_B)
		return W_GROUPS + (a ? 0x37 : 0);
	return W_GROUPS + (a ? 0x46 : b ? 0x05 : 0);
}

static void put_map1_calibration(uint16_t *img, const struct eeprom_desc *d)
{
	put_pier_list(img, W_GROUPS, &d->mode[EE_MODE_A], true,
		      EE_MAX_PIERS_5GHZ / 2);
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		const struct ee_mode *m = &d->mode[mode];
		unsigned int o = map1_group(d, mode);

		if (mode != EE_MODE_A && !d->mode_enabled[mode])
			continue;
		for (unsigned int p = 0; p < m->n_piers; p++, o += 5)
			put_map1_pier(img, o, &m->xpd_curves);
	}
}

void eeprom_rf5111_piers(unsigned int mode, uint16_t mhz[EE_MAX_PIERS_2GHZ_MAP1],
			 unsigned int *n)
{
	static const uint16_t b[] = { 2412, 2447, 2484 }, g[] = { 2312, 2412, 2484 };

	memcpy(mhz, mode == EE_MODE_G ? g : b, sizeof(b));
	*n = EE_MAX_PIERS_2GHZ_MAP1;
}

/*
 * An RF5111 pier: PCDAC range and 11 powers, packed 6 bits apiece across
 * five words, from the top bits down.
 */
static void put_map0_pier(uint16_t *w, const struct ee_pcdac_curve *c)
{
	const uint8_t *p = c->pwr;

	w[0] = (uint16_t)((c->pcdac_max & 0x3f) << 10 | (c->pcdac_min & 0x3f) << 4 |
			  (p[0] >> 2 & 0xf));
	w[1] = (uint16_t)((p[0] & 3) << 14 | (p[1] & 0x3f) << 8 | (p[2] & 0x3f) << 2 |
			  (p[3] >> 4 & 3));
	w[2] = (uint16_t)((p[3] & 0xf) << 12 | (p[4] & 0x3f) << 6 | (p[5] & 0x3f));
	w[3] = (uint16_t)((p[6] & 0x3f) << 10 | (p[7] & 0x3f) << 4 | (p[8] >> 2 & 0xf));
	w[4] = (uint16_t)((p[8] & 3) << 14 | (p[9] & 0x3f) << 8 | (p[10] & 0x3f) << 2);
}

static void get_map0_pier(const uint16_t *w, struct ee_pcdac_curve *c)
{
	uint8_t *p = c->pwr;

	c->pcdac_max = w[0] >> 10 & 0x3f;
	c->pcdac_min = w[0] >> 4 & 0x3f;
	p[0] = (uint8_t)((w[0] & 0xf) << 2 | (w[1] >> 14 & 3));
	p[1] = w[1] >> 8 & 0x3f;
	p[2] = w[1] >> 2 & 0x3f;
	p[3] = (uint8_t)((w[1] & 3) << 4 | (w[2] >> 12 & 0xf));
	p[4] = w[2] >> 6 & 0x3f;
	p[5] = w[2] & 0x3f;
	p[6] = w[3] >> 10 & 0x3f;
	p[7] = w[3] >> 4 & 0x3f;
	p[8] = (uint8_t)((w[3] & 0xf) << 2 | (w[4] >> 14 & 3));
	p[9] = w[4] >> 8 & 0x3f;
	p[10] = w[4] >> 2 & 0x3f;
}

/* The group an EEMAP 0 mode's piers start at: fixed, whatever is enabled. */
static unsigned int map0_group(const struct eeprom_desc *d, unsigned int mode)
{
	static const unsigned int group[EE_MODES] = { GROUP_A_PIERS, GROUP_B_PIERS,
						      GROUP_G_PIERS };

	return groups_at(d) + group[mode];
}

/* Whether the driver reads a mode's RF5111 piers (11b's also for 11g). */
static bool map0_mode_read(const struct eeprom_desc *d, unsigned int mode)
{
	return d->mode_enabled[mode] ||
	       (mode == EE_MODE_B && d->mode_enabled[EE_MODE_G]);
}

static void put_map0_calibration(uint16_t *img, const struct eeprom_desc *d)
{
	const struct ee_mode *a = &d->mode[EE_MODE_A];

	if (layout_old(d)) {
		unsigned int pos = 0;

		/* ten 7-bit bins, no end marker (unused ones stay 0) */
		for (unsigned int p = 0; p < a->n_piers; p++)
			bits_put_msb(&img[V3_GROUPS_OLD], &pos,
				     (unsigned int)enc_bin(d, a->pier_mhz[p], true),
				     OLD_BIN_BITS);
	} else {
		put_pier_list(img, W_GROUPS, a, true, EE_MAX_PIERS_5GHZ / 2);
	}
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		const struct ee_mode *m = &d->mode[mode];
		unsigned int o = map0_group(d, mode);

		if (!map0_mode_read(d, mode))
			continue;
		for (unsigned int p = 0; p < m->n_piers; p++, o += MAP0_PIER_WORDS)
			put_map0_pier(&img[o], &m->pcdac);
	}
}

static unsigned int target_start(const struct eeprom_desc *d)
{
	if (!has_misc(d))
		return groups_at(d) + GROUP_TARGETS;
	return d->eemap == 2 ? MAP2_TARGET_START : MAP1_TARGET_START;
}

static unsigned int ctl_data_start(const struct eeprom_desc *d)
{
	if (!has_misc(d))
		return groups_at(d) + GROUP_CTL_DATA;
	return target_start(d) + CTL_DATA_AFTER_TARGET;
}

static unsigned int target_offset(unsigned int mode)
{
	static const unsigned int off[EE_MODES] = { 0, TARGET_OFF_B, TARGET_OFF_G };

	return off[mode];
}

static void put_targets(uint16_t *img, const struct eeprom_desc *d)
{
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		const struct ee_mode *m = &d->mode[mode];
		unsigned int o = target_start(d) + target_offset(mode);

		for (unsigned int i = 0; i < max_targets[mode]; i++, o += 2) {
			const struct ee_target_power *t = &m->target[i];
			int bin;

			if (i >= m->n_targets) {
				img[o] = d->version <= EE_VERSION_3_2 ? 0 :
					 BIN_DISABLED << 8;
				img[o + 1] = 0;
				continue;
			}
			bin = enc_bin(d, t->freq_mhz, mode == EE_MODE_A);
			if (d->version <= EE_VERSION_3_2) {
				/* one bit lower under a 7-bit bin */
				img[o] = (uint16_t)(bin << 9 | (t->pwr_6_24 & 0x3f) << 3 |
						    (t->pwr_36 >> 3 & 0x7));
				img[o + 1] = (uint16_t)((t->pwr_36 & 0x7) << 13 |
							(t->pwr_48 & 0x3f) << 7 |
							(t->pwr_54 & 0x3f) << 1);
				continue;
			}
			img[o] = (uint16_t)(bin << 8 | (t->pwr_6_24 & 0x3f) << 2 |
					    (t->pwr_36 >> 4 & 0x3));
			img[o + 1] = (uint16_t)((t->pwr_36 & 0xf) << 12 |
						(t->pwr_48 & 0x3f) << 6 |
						(t->pwr_54 & 0x3f));
		}
	}
}

static bool ctl_is_5ghz(uint8_t id)
{
	unsigned int kind = id & 0xf;

	return kind == 0 || kind == 3;
}

/* Up to 3.2: the eight 7-bit bins, then the eight 6-bit powers, no flags. */
static void put_old_ctl(uint16_t *img, unsigned int o, const struct eeprom_desc *d,
			const struct ee_ctl *c)
{
	unsigned int pos = 0;

	for (unsigned int e = 0; e < EE_CTL_EDGES; e++)
		bits_put_msb(&img[o], &pos, c->edge_mhz[e] ? (unsigned int)
			     enc_bin(d, c->edge_mhz[e], ctl_is_5ghz(c->id)) : 0,
			     OLD_BIN_BITS);
	for (unsigned int e = 0; e < EE_CTL_EDGES; e++)
		bits_put_msb(&img[o], &pos, c->edge_power[e] & 0x3f, 6);
}

static void put_ctls(uint16_t *img, const struct eeprom_desc *d)
{
	unsigned int o = ctl_data_start(d), step = layout_old(d) ? 7 : 8;

	for (unsigned int i = 0; i < ctl_count(d); i++, o += step) {
		const struct ee_ctl *c = &d->ctl[i];

		if (i >= d->n_ctls)
			continue;
		img[ctl_ids_at(d) + i / 2] |= (uint16_t)(c->id << (i % 2 ? 0 : 8));
		if (layout_old(d)) {
			put_old_ctl(img, o, d, c);
			continue;
		}
		for (unsigned int e = 0; e < EE_CTL_EDGES; e++) {
			unsigned int bin = 0, w = e / 2, hi = e % 2 ? 0 : 8;

			if (c->edge_mhz[e])
				bin = (unsigned int)enc_bin(d, c->edge_mhz[e],
							    ctl_is_5ghz(c->id));
			img[o + w] |= (uint16_t)(bin << hi);
			img[o + 4 + w] |= (uint16_t)(((c->edge_flag[e] & 1) << 6 |
						      (c->edge_power[e] & 0x3f)) << hi);
		}
	}
}

/*
 * The v5.3 spur table ends at 0x151, inside the EEMAP 1 groups that start
 * at 0x150; the driver only uses spurs on AR5424-class MACs (the AR5413),
 * so an EEMAP 0 or 1 image leaves the overlapping words to the groups.
 */
static bool spur_word_free(const struct eeprom_desc *d, unsigned int band,
			   unsigned int i)
{
	if (!has_misc(d))
		return false;	/* no spur table before 5.3 */
	return d->eemap == 2 || W_SPURS + EE_SPUR_CHANS * band + i < W_GROUPS;
}

/*
 * EEMAP 0 (RF5111): the one curve the driver uses is the first gain bit
 * x_gain leaves clear, the 2 GHz piers are the driver's fixed ones, and
 * the power points must rise (the driver interpolates between them).
 */
static int check_targets(const struct eeprom_desc *d, const struct ee_mode *m,
			 unsigned int mode, char *err, size_t errlen)
{
	/* the 36 Mbit/s bits that share the second word */
	unsigned int low36 = d->version <= EE_VERSION_3_2 ? 0x7 : 0xf;

	if (m->n_targets == 0 || m->n_targets > max_targets[mode]) {
		fail(err, errlen, "%s: %u target power entries (1..%u)",
		     mode_name(mode), m->n_targets, max_targets[mode]);
		return -1;
	}
	for (unsigned int t = 0; t < m->n_targets; t++) {
		const struct ee_target_power *tp = &m->target[t];

		/* An all-zero second word ends the driver's list. */
		if (enc_bin(d, tp->freq_mhz, mode == EE_MODE_A) < 0 ||
		    ((tp->pwr_36 & low36) == 0 && tp->pwr_48 == 0 && tp->pwr_54 == 0)) {
			fail(err, errlen,
			     "%s: target power %u MHz: bad frequency or all-zero powers",
			     mode_name(mode), tp->freq_mhz);
			return -1;
		}
	}
	return 0;
}

static int check_map0_mode(const struct eeprom_desc *d, unsigned int mode,
			   char *err, size_t errlen)
{
	const struct ee_mode *m = &d->mode[mode];
	uint16_t fixed[EE_MAX_PIERS_2GHZ_MAP1];
	unsigned int n_fixed;

	if (!map0_mode_read(d, mode))
		return 0;
	if ((m->x_gain & 0xf) == 0xf) {
		fail(err, errlen, "%s.x_gain 0x%x: an RF5111 needs a clear PD gain bit",
		     mode_name(mode), m->x_gain);
		return -1;
	}
	for (unsigned int p = 1; p < EE_PCDAC_POINTS; p++)
		if (m->pcdac.pwr[p] <= m->pcdac.pwr[p - 1] || m->pcdac.pwr[p] > 63) {
			fail(err, errlen, "%s.pcdac: powers must rise (0..63)", mode_name(mode));
			return -1;
		}
	if (m->pcdac.pcdac_min >= m->pcdac.pcdac_max || m->pcdac.pcdac_max > 63) {
		fail(err, errlen, "%s.pcdac: range %u..%u", mode_name(mode),
		     m->pcdac.pcdac_min, m->pcdac.pcdac_max);
		return -1;
	}
	if (mode == EE_MODE_A) {
		if (m->n_piers == 0 || m->n_piers > EE_MAX_PIERS_5GHZ) {
			fail(err, errlen, "a: %u calibration piers (1..%u)", m->n_piers,
			     EE_MAX_PIERS_5GHZ);
			return -1;
		}
		/* the Linux parser takes all ten of an old list as piers */
		if (layout_old(d) && m->n_piers != EE_MAX_PIERS_5GHZ) {
			fail(err, errlen, "a: a %u.%u image has exactly %u piers, not %u",
			     d->version >> 12, d->version & 0xfff, EE_MAX_PIERS_5GHZ,
			     m->n_piers);
			return -1;
		}
		for (unsigned int p = 0; p < m->n_piers; p++)
			if (enc_bin(d, m->pier_mhz[p], true) < 0) {
				fail(err, errlen, "a: pier %u MHz not encodable", m->pier_mhz[p]);
				return -1;
			}
	} else {
		eeprom_rf5111_piers(mode, fixed, &n_fixed);
		if (m->n_piers != n_fixed ||
		    memcmp(m->pier_mhz, fixed, sizeof(fixed))) {
			fail(err, errlen, "%s: an RF5111 image has the fixed piers %u %u %u",
			     mode_name(mode), fixed[0], fixed[1], fixed[2]);
			return -1;
		}
	}
	return d->mode_enabled[mode] ? check_targets(d, m, mode, err, errlen) : 0;
}

static int check_version(const struct eeprom_desc *d, char *err, size_t errlen)
{
	if (d->version != EE_VERSION_5_3 &&
	    (d->version < EE_VERSION_3_0 || d->version > EE_VERSION_3_4)) {
		fail(err, errlen, "eeprom_version 0x%04x: 3.0 to 3.4 or 5.3", d->version);
		return -1;
	}
	if (has_misc(d))
		return 0;
	if (d->eemap != 0) {
		fail(err, errlen, "a %u.%u image is an RF5111 one (eemap 0)",
		     d->version >> 12, d->version & 0xfff);
		return -1;
	}
	if (d->aes_disabled) {
		fail(err, errlen, "aes_disabled needs a 5.x image (MISC5)");
		return -1;
	}
	if (d->n_ctls > ctl_count(d)) {
		fail(err, errlen, "%u ctl lines: a %u.%u image has %u", d->n_ctls,
		     d->version >> 12, d->version & 0xfff, ctl_count(d));
		return -1;
	}
	return 0;
}

static int check_desc(const struct eeprom_desc *d, char *err, size_t errlen)
{
	if (check_version(d, err, errlen))
		return -1;
	if (d->eemap > 2) {
		fail(err, errlen, "eemap must be 0 (RF5111), 1 (RF5112) or 2 (RF2413/RF5413)");
		return -1;
	}
	if (!d->mode_enabled[0] && !d->mode_enabled[1] && !d->mode_enabled[2]) {
		fail(err, errlen, "no band enabled");
		return -1;
	}
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		const struct ee_mode *m = &d->mode[mode];
		unsigned int gains = gain_count(m->x_gain);
		unsigned int max_piers = mode == EE_MODE_A ? EE_MAX_PIERS_5GHZ :
			d->eemap == 2 ? EE_MAX_PIERS_2GHZ_MAP2 : EE_MAX_PIERS_2GHZ_MAP1;

		if (d->eemap == 0) {
			if (check_map0_mode(d, mode, err, errlen))
				return -1;
			continue;
		}
		/* The driver derives its PD gain list from x_gain in every mode. */
		if (gains == 0 || (d->eemap == 1 && gains > 2)) {
			fail(err, errlen, "%s.x_gain 0x%x: need %s PD gain bits",
			     mode_name(mode), m->x_gain,
			     d->eemap == 1 ? "1 or 2" : "1 to 4");
			return -1;
		}
		if (!d->mode_enabled[mode])
			continue;
		if (m->n_piers == 0 || m->n_piers > max_piers) {
			fail(err, errlen, "%s: %u calibration piers (1..%u)",
			     mode_name(mode), m->n_piers, max_piers);
			return -1;
		}
		for (unsigned int p = 0; p < m->n_piers; p++)
			if (freq_to_bin(m->pier_mhz[p], mode == EE_MODE_A) < 0) {
				fail(err, errlen, "%s: pier %u MHz not encodable",
				     mode_name(mode), m->pier_mhz[p]);
				return -1;
			}
		if (check_targets(d, m, mode, err, errlen))
			return -1;
	}
	for (unsigned int i = 0; i < d->n_ctls; i++)
		for (unsigned int e = 0; e < EE_CTL_EDGES; e++)
			if (d->ctl[i].edge_mhz[e] &&
			    enc_bin(d, d->ctl[i].edge_mhz[e],
				    ctl_is_5ghz(d->ctl[i].id)) < 0) {
				fail(err, errlen, "ctl 0x%02x: edge %u MHz not encodable",
				     d->ctl[i].id, d->ctl[i].edge_mhz[e]);
				return -1;
			}
	return 0;
}

int eeprom_build(const struct eeprom_desc *d, uint16_t img[EE_WORDS],
		 char *err, size_t errlen)
{
	uint16_t header = HDR_DEVICE_MINIPCI | HDR_TURBO_DISABLED;

	if (check_desc(d, err, errlen))
		return -1;
	memset(img, 0, EE_WORDS * sizeof(*img));

	img[W_RFKILL] = (uint16_t)((d->rfkill_gpio & 7) << 2 |
				   (d->rfkill_polarity ? 2 : 0));
	img[W_SIZE_UPPER] = 0;		/* default size: words 0xc0..0x3ff */
	img[W_MAC_HIGH] = (uint16_t)(d->mac[0] << 8 | d->mac[1]);
	img[W_MAC_HIGH - 1] = (uint16_t)(d->mac[2] << 8 | d->mac[3]);
	img[W_MAC_LOW] = (uint16_t)(d->mac[4] << 8 | d->mac[5]);
	img[W_MAGIC] = MAGIC_VALUE;
	img[W_REGDOMAIN] = d->regdomain;

	for (unsigned int mode = 0; mode < EE_MODES; mode++)
		if (d->mode_enabled[mode])
			header |= (uint16_t)(1u << mode);
	if (d->rfkill_switch)
		header |= HDR_RFKILL;
	img[W_VERSION] = d->version;
	img[W_HEADER] = header;
	img[layout_old(d) ? V3_ANT_GAIN_OLD : W_ANT_GAIN] =
		(uint16_t)((uint8_t)d->ant_gain_5ghz << 8 | (uint8_t)d->ant_gain_2ghz);
	if (has_misc(d)) {
		img[W_MISC0] = (uint16_t)(d->eemap << EEMAP_SHIFT);
		img[W_MISC1] = (uint16_t)target_start(d);
		img[W_MISC4] = d->eemap == 2 ? MAP2_CAL_START << 4 : 0;
		img[W_MISC5] = d->aes_disabled ? MISC5_AES_DISABLED : 0;
	}

	for (unsigned int mode = 0; mode < EE_MODES; mode++)
		put_mode(img, d, mode);
	if (d->eemap == 2)
		put_map2_calibration(img, d);
	else if (d->eemap == 1)
		put_map1_calibration(img, d);
	else
		put_map0_calibration(img, d);
	put_targets(img, d);
	put_ctls(img, d);
	for (unsigned int band = 0; band < 2; band++)
		for (unsigned int i = 0; i < EE_SPUR_CHANS; i++)
			if (spur_word_free(d, band, i))
				img[W_SPURS + EE_SPUR_CHANS * band + i] = d->spur[band][i];

	img[W_CHECKSUM] = 0;
	img[W_CHECKSUM] = (uint16_t)(eeprom_checksum(img) ^ 0xffff);
	return 0;
}

/* ---- decoding, by the driver's rules ------------------------------------ */

static void get_antennas(const uint16_t *img, unsigned int o, struct ee_mode *m)
{
	uint8_t *a = m->ant_control;

	m->switch_settling = img[o] >> 8 & 0x7f;
	m->txrx_atten = img[o] >> 2 & 0x3f;
	a[0] = (uint8_t)((img[o] << 4 & 0x3f) | (img[o + 1] >> 12 & 0xf));
	a[1] = img[o + 1] >> 6 & 0x3f;
	a[2] = img[o + 1] & 0x3f;
	a[3] = img[o + 2] >> 10 & 0x3f;
	a[4] = img[o + 2] >> 4 & 0x3f;
	a[5] = (uint8_t)((img[o + 2] << 2 & 0x3f) | (img[o + 3] >> 14 & 0x3));
	a[6] = img[o + 3] >> 8 & 0x3f;
	a[7] = img[o + 3] >> 2 & 0x3f;
	a[8] = (uint8_t)((img[o + 3] << 4 & 0x3f) | (img[o + 4] >> 12 & 0xf));
	a[9] = img[o + 4] >> 6 & 0x3f;
	a[10] = img[o + 4] & 0x3f;
}

static void count_mode_bins(struct ee_mode *m, uint16_t word, unsigned int bytes)
{
	for (unsigned int i = 0; i < bytes; i++) {
		unsigned int bin = word >> (8 * i) & 0xff;

		if (bin != BIN_DISABLED && m->n_piers < EE_MAX_PIERS_2GHZ_MAP1)
			m->pier_mhz[m->n_piers++] = bin_to_freq(bin, false);
	}
}

static void get_mode(const uint16_t *img, struct eeprom_desc *d,
		     unsigned int mode)
{
	struct ee_mode *m = &d->mode[mode];
	unsigned int o = layout_old(d) ? mode_section_old[mode] : mode_section[mode];
	uint16_t w;

	get_antennas(img, o, m);
	o += 5;
	w = img[o++];
	m->adc_desired = (int8_t)(w >> 8);
	if (mode == EE_MODE_A) {
		w = img[o++];
		m->ob = w >> 3 & 7;
		m->db = w & 7;
	} else {
		m->ob = w >> 4 & 7;
		m->db = w & 7;
	}
	m->thr62 = img[o++] & 0xff;
	o++;					/* xPA delays */
	w = img[o++];
	m->pga_desired = w >> 8;
	m->noise_floor = (int8_t)(w & 0xff);
	w = img[o++];
	m->xlna_gain = w >> 5 & 0xff;
	m->x_gain = w >> 1 & 0xf;
	m->xpd = w & 1;
	m->n_piers = 0;
	m->i_gain = OLD_I_GAIN;
	if (d->version < EE_VERSION_3_3)
		return;
	w = img[o++];
	m->false_detect = w >> 6 & 0x7f;
	if (d->version < EE_VERSION_3_4)
		return;
	m->i_gain = (uint8_t)((w >> 13 & 7) | (img[o++] << 3 & 0x38));
	if (!has_misc(d))
		return;
	switch (mode) {
	case EE_MODE_A:
		m->margin_tx_rx = img[o] & 0x3f;
		d->pd_gain_overlap = img[o + 2] >> 9 & 0xf;
		break;
	case EE_MODE_B:
		count_mode_bins(m, img[o], 2);
		count_mode_bins(m, img[o + 1], 1);
		m->margin_tx_rx = img[o + 1] >> 8 & 0x3f;
		break;
	case EE_MODE_G:
		count_mode_bins(m, img[o], 2);
		count_mode_bins(m, img[o + 2], 1);
		m->margin_tx_rx = img[o + 2] >> 8 & 0x3f;
		break;
	}
}

static unsigned int get_pier_list(const uint16_t *img, unsigned int o,
				  struct ee_mode *m, bool five_ghz,
				  unsigned int max)
{
	m->n_piers = 0;
	for (unsigned int i = 0; i < max; i++) {
		unsigned int bin = img[o + i / 2] >> (8 * (i % 2)) & 0xff;

		if (!bin)
			break;
		m->pier_mhz[m->n_piers++] = bin_to_freq(bin, five_ghz);
	}
	return o + max / 2;
}

static int get_map2_calibration(const uint16_t *img, struct eeprom_desc *d,
				char *err, size_t errlen)
{
	unsigned int o = img[W_MISC4] >> 4 & 0xfff;

	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		struct ee_mode *m = &d->mode[mode];
		unsigned int gains = gain_count(m->x_gain), done = 0;
		struct bit_cursor c;

		if (!gains) {
			fail(err, errlen, "%s: x_gain is 0 (no PD gain curves)",
			     mode_name(mode));
			return -1;
		}
		if (!d->mode_enabled[mode])
			continue;
		o = get_pier_list(img, o, m, mode == EE_MODE_A,
				  mode == EE_MODE_A ? EE_MAX_PIERS_5GHZ :
				  EE_MAX_PIERS_2GHZ_MAP2);
		if (!m->n_piers) {
			fail(err, errlen, "%s: no calibration piers", mode_name(mode));
			return -1;
		}
		/* Every pier carries the same curves in our images: keep pier 0. */
		c = (struct bit_cursor){ .in = &img[o] };
		for (int bit = EE_PD_GAINS - 1; bit >= 0; bit--) {
			struct ee_pd_curve *pd = &m->pd[bit];
			unsigned int points;

			if (!(m->x_gain >> bit & 1))
				continue;
			points = ++done == gains ? 4 : 3;
			memset(pd, 0, sizeof(*pd));
			pd->pwr_start = (uint8_t)bits_get(&c, 5);
			pd->pddac_start = (uint8_t)bits_get(&c, 7);
			for (unsigned int p = 0; p < points; p++) {
				pd->pwr_step[p] = (uint8_t)bits_get(&c, 4);
				pd->pddac_step[p] = (uint8_t)bits_get(&c, 6);
			}
		}
		o += pier_words_by_gains[gains - 1] * m->n_piers;
	}
	return 0;
}

static void get_map1_pier(const uint16_t *img, unsigned int o,
			  struct ee_xpd_curves *x)
{
	x->pwr_x0[0] = (int8_t)(img[o] & 0xff);
	x->pwr_x0[1] = (int8_t)(img[o] >> 8);
	x->pwr_x0[2] = (int8_t)(img[o + 1] & 0xff);
	x->pwr_x0[3] = (int8_t)(img[o + 1] >> 8);
	x->pcdac_x0[1] = img[o + 2] & 0x1f;
	x->pcdac_x0[2] = img[o + 2] >> 5 & 0x1f;
	x->pcdac_x0[3] = img[o + 2] >> 10 & 0x1f;
	x->pwr_x3[0] = (int8_t)(img[o + 3] & 0xff);
	x->pwr_x3[1] = (int8_t)(img[o + 3] >> 8);
	x->pwr_x3[2] = (int8_t)(img[o + 4] & 0xff);
	x->pcdac_x0[0] = img[o + 4] >> 8 & 0x3f;
}

static int get_map1_calibration(const uint16_t *img, struct eeprom_desc *d,
				char *err, size_t errlen)
{
	get_pier_list(img, W_GROUPS, &d->mode[EE_MODE_A], true,
		      EE_MAX_PIERS_5GHZ);
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		struct ee_mode *m = &d->mode[mode];
		unsigned int gains = gain_count(m->x_gain);

		if (gains == 0 || gains > 2) {
			fail(err, errlen, "%s: x_gain 0x%x needs 1 or 2 bits",
			     mode_name(mode), m->x_gain);
			return -1;
		}
		if (d->mode_enabled[mode] && !m->n_piers) {
			fail(err, errlen, "%s: no calibration piers", mode_name(mode));
			return -1;
		}
		if (m->n_piers)
			get_map1_pier(img, map1_group(d, mode), &m->xpd_curves);
	}
	return 0;
}

/* Up to 3.2: ten 7-bit bins; a zero bin (after the first) ends ours. */
static void get_old_pier_list(const uint16_t *img, struct eeprom_desc *d)
{
	struct ee_mode *m = &d->mode[EE_MODE_A];
	unsigned int pos = 0;

	m->n_piers = 0;
	for (unsigned int i = 0; i < EE_MAX_PIERS_5GHZ; i++) {
		unsigned int bin = bits_get_msb(&img[V3_GROUPS_OLD], &pos, OLD_BIN_BITS);

		if (!bin && i)
			break;
		m->pier_mhz[m->n_piers++] = dec_bin(d, bin, true);
	}
}

static int get_map0_calibration(const uint16_t *img, struct eeprom_desc *d,
				char *err, size_t errlen)
{
	if (layout_old(d))
		get_old_pier_list(img, d);
	else
		get_pier_list(img, W_GROUPS, &d->mode[EE_MODE_A], true,
			      EE_MAX_PIERS_5GHZ);
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		struct ee_mode *m = &d->mode[mode];

		if (!map0_mode_read(d, mode))
			continue;
		if ((m->x_gain & 0xf) == 0xf) {
			fail(err, errlen, "%s: x_gain 0x%x leaves no RF5111 curve",
			     mode_name(mode), m->x_gain);
			return -1;
		}
		if (mode != EE_MODE_A)
			eeprom_rf5111_piers(mode, m->pier_mhz, &m->n_piers);
		if (!m->n_piers) {
			fail(err, errlen, "%s: no calibration piers", mode_name(mode));
			return -1;
		}
		/* Every pier carries the same curve in our images: keep pier 0. */
		get_map0_pier(&img[map0_group(d, mode)], &m->pcdac);
	}
	return 0;
}

static int get_targets(const uint16_t *img, struct eeprom_desc *d,
		       char *err, size_t errlen)
{
	unsigned int start = has_misc(d) ? img[W_MISC1] & 0xfff : target_start(d);

	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		struct ee_mode *m = &d->mode[mode];
		unsigned int o = start + target_offset(mode);

		m->n_targets = 0;
		for (unsigned int i = 0; i < max_targets[mode]; i++, o += 2) {
			struct ee_target_power *t = &m->target[i];
			unsigned int bin = img[o] >> 8;

			if (d->version <= EE_VERSION_3_2) {
				if (img[o + 1] == 0)
					break;
				t->freq_mhz = dec_bin(d, img[o] >> 9, mode == EE_MODE_A);
				t->pwr_6_24 = img[o] >> 3 & 0x3f;
				t->pwr_36 = (uint8_t)((img[o] & 7) << 3 | img[o + 1] >> 13);
				t->pwr_48 = img[o + 1] >> 7 & 0x3f;
				t->pwr_54 = img[o + 1] >> 1 & 0x3f;
				m->n_targets++;
				continue;
			}
			if (bin == BIN_DISABLED || img[o + 1] == 0)
				break;
			t->freq_mhz = bin_to_freq(bin, mode == EE_MODE_A);
			t->pwr_6_24 = img[o] >> 2 & 0x3f;
			t->pwr_36 = (uint8_t)((img[o] << 4 & 0x30) | (img[o + 1] >> 12 & 0xf));
			t->pwr_48 = img[o + 1] >> 6 & 0x3f;
			t->pwr_54 = img[o + 1] & 0x3f;
			m->n_targets++;
		}
		if (d->mode_enabled[mode] && !m->n_targets) {
			fail(err, errlen, "%s: no target power entries",
			     mode_name(mode));
			return -1;
		}
	}
	return 0;
}

static void get_old_ctl(const uint16_t *img, unsigned int o,
			const struct eeprom_desc *d, struct ee_ctl *c)
{
	unsigned int pos = 0;

	for (unsigned int e = 0; e < EE_CTL_EDGES; e++) {
		unsigned int bin = bits_get_msb(&img[o], &pos, OLD_BIN_BITS);

		c->edge_mhz[e] = bin ? dec_bin(d, bin, ctl_is_5ghz(c->id)) : 0;
	}
	for (unsigned int e = 0; e < EE_CTL_EDGES; e++)
		c->edge_power[e] = (uint8_t)bits_get_msb(&img[o], &pos, 6);
}

static void get_ctls(const uint16_t *img, struct eeprom_desc *d)
{
	unsigned int o = has_misc(d) ? (img[W_MISC1] & 0xfffu) + CTL_DATA_AFTER_TARGET :
				       ctl_data_start(d);
	unsigned int step = layout_old(d) ? 7 : 8;

	d->n_ctls = 0;
	for (unsigned int i = 0; i < ctl_count(d); i++, o += step) {
		struct ee_ctl *c = &d->ctl[i];

		memset(c, 0, sizeof(*c));
		c->id = img[ctl_ids_at(d) + i / 2] >> (i % 2 ? 0 : 8) & 0xff;
		if (!c->id)
			continue;
		d->n_ctls = i + 1;
		if (layout_old(d)) {
			get_old_ctl(img, o, d, c);
			continue;
		}
		for (unsigned int e = 0; e < EE_CTL_EDGES; e++) {
			unsigned int hi = e % 2 ? 0 : 8;
			unsigned int bin = img[o + e / 2] >> hi & 0xff;
			unsigned int pw = img[o + 4 + e / 2] >> hi & 0xff;

			c->edge_mhz[e] = bin ? dec_bin(d, bin, ctl_is_5ghz(c->id)) : 0;
			c->edge_power[e] = pw & 0x3f;
			c->edge_flag[e] = pw >> 6 & 1;
		}
	}
}

int eeprom_decode(const uint16_t img[EE_WORDS], struct eeprom_desc *d,
		  char *err, size_t errlen)
{
	uint32_t mac_sum = 0;
	uint16_t w;

	memset(d, 0, sizeof(*d));
	for (unsigned int w = W_MAC_LOW; w <= W_MAC_HIGH; w++)
		mac_sum += img[w];
	if (mac_sum == 0 || mac_sum == 3 * 0xffffu) {
		fail(err, errlen, "MAC address words 0x1d..0x1f are blank");
		return -1;
	}
	for (unsigned int i = 0; i < 3; i++) {
		d->mac[2 * i] = img[W_MAC_HIGH - i] >> 8;
		d->mac[2 * i + 1] = img[W_MAC_HIGH - i] & 0xff;
	}
	d->version = img[W_VERSION];
	if (d->version != EE_VERSION_5_3 &&
	    (d->version < EE_VERSION_3_0 || d->version > EE_VERSION_3_4)) {
		fail(err, errlen, "version 0x%04x, expected 0x%04x or 0x3000..0x3004",
		     img[W_VERSION], EE_VERSION_5_3);
		return -1;
	}
	if (img[W_SIZE_UPPER] != 0) {
		fail(err, errlen, "custom EEPROM size word 0x1c = 0x%04x unsupported",
		     img[W_SIZE_UPPER]);
		return -1;
	}
	if (eeprom_checksum(img) != 0xffff) {
		fail(err, errlen, "checksum 0x%04x over 0xc0..0x3ff, expected 0xffff",
		     eeprom_checksum(img));
		return -1;
	}
	d->regdomain = img[W_REGDOMAIN];
	for (unsigned int mode = 0; mode < EE_MODES; mode++)
		d->mode_enabled[mode] = img[W_HEADER] >> mode & 1;
	w = img[layout_old(d) ? V3_ANT_GAIN_OLD : W_ANT_GAIN];
	d->ant_gain_5ghz = (int8_t)(w >> 8);
	d->ant_gain_2ghz = (int8_t)(w & 0xff);
	/* before 4.0 no MISC words: an RF5111 image */
	d->eemap = has_misc(d) ? img[W_MISC0] >> EEMAP_SHIFT : 0;
	d->aes_disabled = has_misc(d) && (img[W_MISC5] & MISC5_AES_DISABLED);
	eeprom_rfkill(img, &d->rfkill_gpio, &d->rfkill_polarity);
	d->rfkill_switch = img[W_HEADER] & HDR_RFKILL;
	if (d->eemap == 3) {
		fail(err, errlen, "EEMAP 3: only 0 (RF5111), 1 (RF5112) and 2 (RF2413/5413) modelled");
		return -1;
	}
	for (unsigned int mode = 0; mode < EE_MODES; mode++)
		get_mode(img, d, mode);
	if ((d->eemap == 2 ? get_map2_calibration : d->eemap == 1 ?
	     get_map1_calibration : get_map0_calibration)(img, d, err, errlen))
		return -1;
	if (get_targets(img, d, err, errlen))
		return -1;
	get_ctls(img, d);
	for (unsigned int band = 0; band < 2; band++)
		for (unsigned int i = 0; i < EE_SPUR_CHANS; i++)
			d->spur[band][i] = spur_word_free(d, band, i) ?
				img[W_SPURS + EE_SPUR_CHANS * band + i] : EE_NO_SPUR;
	return 0;
}

/* ---- listing ----------------------------------------------------------- */

static void print_pcdac(FILE *out, const char *mode, const struct ee_pcdac_curve *c)
{
	if (!c)
		return;
	fprintf(out, "%s.pcdac = %u %u", mode, c->pcdac_min, c->pcdac_max);
	for (unsigned int p = 0; p < EE_PCDAC_POINTS; p++)
		fprintf(out, " %u", c->pwr[p]);
	fprintf(out, "\n");
}

void eeprom_desc_print(const struct eeprom_desc *d, FILE *out)
{
	fprintf(out, "mac = %02x:%02x:%02x:%02x:%02x:%02x\n", d->mac[0], d->mac[1],
		d->mac[2], d->mac[3], d->mac[4], d->mac[5]);
	fprintf(out, "regdomain = 0x%04x\n", d->regdomain);
	fprintf(out, "bands = %s%s%s\n", d->mode_enabled[0] ? "a" : "",
		d->mode_enabled[1] ? "b" : "", d->mode_enabled[2] ? "g" : "");
	fprintf(out, "eeprom_version = %u.%u\neemap = %u\n", d->version >> 12,
		d->version & 0xfff, d->eemap);
	fprintf(out, "ant_gain_5ghz = %d\nant_gain_2ghz = %d\n", d->ant_gain_5ghz,
		d->ant_gain_2ghz);
	fprintf(out, "pd_gain_overlap = %u\naes_disabled = %u\n",
		d->pd_gain_overlap, d->aes_disabled);
	fprintf(out, "rfkill_gpio = %u\nrfkill_polarity = %u\nrfkill_switch = %u\n",
		d->rfkill_gpio, d->rfkill_polarity, d->rfkill_switch);
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		const struct ee_mode *m = &d->mode[mode];
		const char *n = mode_name(mode);

		fprintf(out, "%s.switch_settling = %u\n%s.txrx_atten = %u\n", n,
			m->switch_settling, n, m->txrx_atten);
		fprintf(out, "%s.ant_control =", n);
		for (unsigned int i = 0; i < EE_ANT_CONTROLS; i++)
			fprintf(out, " %u", m->ant_control[i]);
		fprintf(out, "\n%s.adc_desired = %d\n%s.pga_desired = %u\n", n,
			m->adc_desired, n, m->pga_desired);
		fprintf(out, "%s.ob = %u\n%s.db = %u\n%s.thr62 = %u\n", n, m->ob, n,
			m->db, n, m->thr62);
		fprintf(out, "%s.noise_floor = %d\n%s.xlna_gain = %u\n", n,
			m->noise_floor, n, m->xlna_gain);
		fprintf(out, "%s.x_gain = 0x%x\n%s.xpd = %u\n", n, m->x_gain, n, m->xpd);
		fprintf(out, "%s.false_detect = %u\n%s.i_gain = %u\n", n,
			m->false_detect, n, m->i_gain);
		fprintf(out, "%s.margin_tx_rx = %u\n", n, m->margin_tx_rx);
		fprintf(out, "%s.piers =", n);
		for (unsigned int i = 0; i < m->n_piers; i++)
			fprintf(out, " %u", m->pier_mhz[i]);
		fprintf(out, "\n");
		if (d->eemap == 2) {
			for (unsigned int g = 0; g < EE_PD_GAINS; g++) {
				const struct ee_pd_curve *pd = &m->pd[g];

				if (!(m->x_gain >> g & 1))
					continue;
				fprintf(out, "%s.pd%u = %u %u", n, g, pd->pwr_start,
					pd->pddac_start);
				for (unsigned int p = 0; p < 4; p++)
					fprintf(out, " %u %u", pd->pwr_step[p],
						pd->pddac_step[p]);
				fprintf(out, "\n");
			}
		} else if (d->eemap == 0) {
			/* a mode the driver does not read has no curve */
			print_pcdac(out, n, map0_mode_read(d, mode) ? &m->pcdac : NULL);
		} else {
			const struct ee_xpd_curves *x = &m->xpd_curves;

			fprintf(out, "%s.xpd0 = %d %u %d %u %d %u %d %u\n", n,
				x->pwr_x0[0], x->pcdac_x0[0], x->pwr_x0[1],
				x->pcdac_x0[1], x->pwr_x0[2], x->pcdac_x0[2],
				x->pwr_x0[3], x->pcdac_x0[3]);
			fprintf(out, "%s.xpd3 = %d %d %d\n", n, x->pwr_x3[0],
				x->pwr_x3[1], x->pwr_x3[2]);
		}
		for (unsigned int i = 0; i < m->n_targets; i++) {
			const struct ee_target_power *t = &m->target[i];

			fprintf(out, "%s.target = %u %u %u %u %u\n", n, t->freq_mhz,
				t->pwr_6_24, t->pwr_36, t->pwr_48, t->pwr_54);
		}
	}
	for (unsigned int i = 0; i < d->n_ctls; i++) {
		const struct ee_ctl *c = &d->ctl[i];

		fprintf(out, "ctl = 0x%02x", c->id);
		for (unsigned int e = 0; e < EE_CTL_EDGES; e++)
			if (c->edge_mhz[e])
				fprintf(out, " %u:%u%s", c->edge_mhz[e], c->edge_power[e],
					c->edge_flag[e] ? "+" : "");
		fprintf(out, "\n");
	}
	for (unsigned int band = 0; band < 2; band++) {
		fprintf(out, "spur.%s =", band ? "2ghz" : "5ghz");
		for (unsigned int i = 0; i < EE_SPUR_CHANS; i++)
			fprintf(out, " 0x%04x", d->spur[band][i]);
		fprintf(out, "\n");
	}
}
