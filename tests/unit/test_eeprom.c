// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * EEPROM parsing and validation: a good EEMAP 2 (RF5413-style) image, a
 * good EEMAP 1 (RF5112) image, a good EEMAP 0 (RF5111) image, RF5111
 * images of versions 3.0 to 3.4 (the older layouts AR5211 cards carry),
 * and images that must be refused (truncated, bad checksum, absurd or
 * missing calibration, no MAC, version below 3.0, RF5111 images without
 * a curve).  Images are built here field by field from the documented
 * layout, independently of the parser.
 *
 * Links: src/eeprom.c
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <linux/kernel.h>

#include "eeprom.h"
#include "hw.h"
#include "check.h"

#define W_CKSUM		0xc0
#define CAL_START	0x160	/* after the 2 GHz spur list (0x14d-0x151) */
#define TARGET_START	0x240
#define WORDS		0x400

static u16 img[WORDS];

/* ----- image builder ------------------------------------------------ */

struct bit_writer {
	u16 *words;
	unsigned int pos;	/* bit position, LSB-first stream */
};

static void put_bits(struct bit_writer *w, unsigned int val, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++, w->pos++)
		if (val & (1u << i))
			w->words[w->pos / 16] |= (u16)(1u << (w->pos % 16));
}

/* MSB-first: the antenna table and the 11a ob/db fields. */
static void put_bits_msb(u16 *words, unsigned int *pos, unsigned int val,
			 unsigned int n)
{
	unsigned int i, bit;

	for (i = 0; i < n; i++, (*pos)++) {
		bit = 15 - (*pos % 16);
		if (val & (1u << (n - 1 - i)))
			words[*pos / 16] |= (u16)(1u << bit);
	}
}

static void fix_checksum(void)
{
	u16 x = 0;
	unsigned int i;

	img[W_CKSUM] = 0;
	for (i = W_CKSUM; i < WORDS; i++)
		x ^= img[i];
	img[W_CKSUM] = x ^ 0xffff;
}

static const u16 mode_off[3] = { 0xd4, 0xf2, 0x10d };

/* Antenna words and the ob/db word(s) at @o; returns the word after. */
static unsigned int put_mode_start(unsigned int o, unsigned int mode)
{
	unsigned int pos = 1, i;

	/* settling 7 bits, attenuation 6, eleven 6-bit switch settings */
	put_bits_msb(&img[o], &pos, 0x2d, 7);
	put_bits_msb(&img[o], &pos, 0x13, 6);
	for (i = 0; i < 11; i++)
		put_bits_msb(&img[o], &pos, i + 1, 6);
	o += 5;
	if (mode == 0) {
		unsigned int p = 8;

		img[o] = (u16)((u8)-40 << 8);
		for (i = 0; i < 4; i++) {	/* sub-band 3 first */
			put_bits_msb(&img[o], &p, 4 - i, 3);	/* ob */
			put_bits_msb(&img[o], &p, 7 - i, 3);	/* db */
		}
		o += 2;
	} else {
		img[o++] = (u16)((u8)-40 << 8 | 5 << 4 | 6);
	}
	return o;
}

static void put_mode(unsigned int mode, u8 x_gain, s8 nf)
{
	unsigned int o = put_mode_start(mode_off[mode], mode);

	img[o++] = 0x0d << 8 | 15;		/* xlna on, thresh62 */
	img[o++] = 0x00 << 8 | 0x0e;		/* xpa off/on */
	img[o++] = (u16)(0x1c << 8 | (u8)nf);	/* pga, noise floor */
	img[o++] = (u16)(x_gain << 1);		/* x_gain, xpd 0 */
	img[o++] = 0;				/* false detect */
	img[o++] = 0;				/* i_gain high, cal */
	if (mode == 0) {
		img[o++] = 0x3f;		/* margin */
		img[o++] = 0;
		img[o++] = 3 << 9;		/* pd gain overlap */
	} else if (mode == 1) {
		img[o++] = 0xffff;		/* (pre-v5 piers: unused) */
		img[o++] = 0x00ff;
	} else {
		img[o++] = 0xffff;
		img[o++] = 0;
		img[o++] = 0x00ff;
		img[o++] = 0;
		img[o++] = 0;
	}
}

static void put_target(unsigned int off, u8 bin, u8 p24, u8 p36, u8 p48,
		       u8 p54)
{
	img[off] = (u16)(bin << 8 | p24 << 2 | p36 >> 4);
	img[off + 1] = (u16)((p36 & 0xf) << 12 | p48 << 6 | p54);
}

/*
 * Two curves per pier (x_gain 0x9: hardware gains 3 and 0).  Curve 0
 * starts at @pwr0 dB and PDADC @step0 and climbs 2 dB and @dstep per point.
 */
static unsigned int put_pier(unsigned int off, unsigned int pwr0,
			     unsigned int step0, unsigned int dstep)
{
	struct bit_writer w = { &img[off], 0 };
	unsigned int i;

	memset(&img[off], 0, 6 * sizeof(img[0]));
	put_bits(&w, pwr0, 5);
	put_bits(&w, step0, 7);
	for (i = 0; i < 3; i++) {
		put_bits(&w, 4, 4);
		put_bits(&w, dstep, 6);
	}
	put_bits(&w, 10, 5);		/* curve 1: 10 dB */
	put_bits(&w, 20, 7);		/* at PDADC 20 */
	for (i = 0; i < 4; i++) {
		put_bits(&w, 4, 4);
		put_bits(&w, 10, 6);
	}
	return off + 6;			/* two curves: six words */
}

static unsigned int put_pier_2413(unsigned int off)
{
	return put_pier(off, 2, 10, 8);
}

static void build_2413(void)
{
	static const u8 bins_a[] = { 76, 88, 104, 140, 189 };
	static const u8 bins_bg[] = { 112, 142, 172 };
	unsigned int o = CAL_START, i, m;

	memset(img, 0, sizeof(img));
	img[0x1f] = 0x0003;		/* 00:03:7f:12:34:56 */
	img[0x1e] = 0x7f12;
	img[0x1d] = 0x3456;
	img[0x0f] = 3 << 2 | 1 << 1;	/* rfkill GPIO 3, active high */
	img[0xbf] = 0x0010;
	img[0xc1] = 0x5003;
	img[0xc2] = 0x7;		/* 11a, 11b, 11g */
	img[0xc3] = (u16)((u8)5 << 8 | (u8)2);
	img[0xc4] = 2 << 14;		/* EEMAP 2 */
	img[0xc5] = TARGET_START;
	img[0xc8] = CAL_START << 4;
	for (m = 0; m < 3; m++)
		put_mode(m, 0x9, -85);

	/* 11a pier list (5 words), then the piers */
	for (i = 0; i < sizeof(bins_a); i++)
		img[o + i / 2] |= (u16)(bins_a[i] << (8 * (i & 1)));
	o += 5;
	for (i = 0; i < sizeof(bins_a); i++)
		o = put_pier_2413(o);
	for (m = 1; m < 3; m++) {
		for (i = 0; i < sizeof(bins_bg); i++)
			img[o + i / 2] |= (u16)(bins_bg[i] << (8 * (i & 1)));
		o += 2;
		for (i = 0; i < sizeof(bins_bg); i++)
			o = put_pier_2413(o);
	}

	for (i = 0; i < 5; i++)
		put_target(TARGET_START + 2 * i, bins_a[i], 34, 30, 28, 26);
	put_target(TARGET_START + 2 * 5, 0xff, 0, 0, 0, 0);
	for (i = 0; i < 2; i++)
		put_target(TARGET_START + 0x10 + 2 * i, bins_bg[i], 36, 36, 36, 36);
	for (i = 0; i < 3; i++)
		put_target(TARGET_START + 0x14 + 2 * i, bins_bg[i], 34, 32, 30, 28);

	/* one CTL: FCC (0x10) | 11g (2), edges 2412 and 2472 MHz */
	img[0x128] = 0x12 << 8;
	img[TARGET_START + 0x1a] = (u16)(112 << 8 | 172);
	img[TARGET_START + 0x1a + 4] = (u16)(1 << 14 | 30 << 8 | 28);

	for (i = 0; i < 5; i++) {
		img[0x148 + i] = 0x8000;
		img[0x14d + i] = 0x8000;
	}
	fix_checksum();
}

/* ----- tests ----------------------------------------------------------- */

static struct ath5k_eeprom ee;

static void test_good_2413(void)
{
	const struct ath5k_ee_mode *a, *g;
	const struct ath5k_ee_pier *p;

	printf("check: a valid EEMAP 2 image parses with every field in place\n");
	build_2413();
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, WORDS, NULL), 0);
	CHECK_EQ(ee.version, 0x5003);
	CHECK_EQ(ee.eemap, 2);
	CHECK_EQ(ee.mac[0], 0x00);
	CHECK_EQ(ee.mac[2], 0x7f);
	CHECK_EQ(ee.mac[5], 0x56);
	CHECK_EQ(ee.regdomain, 0x10);
	CHECK_EQ(ee.modes, 0x7);
	CHECK_EQ(ee.ant_gain_5ghz, 5);
	CHECK_EQ(ee.ant_gain_2ghz, 2);
	CHECK_EQ(ee.rfkill_gpio, 3);
	CHECK(ee.rfkill_active_high);
	CHECK_EQ(ee.pd_gain_overlap, 3);

	a = &ee.mode[ATH5K_MODE_11A];
	CHECK_EQ(a->switch_settling, 0x2d);
	CHECK_EQ(a->atn_tx_rx, 0x13);
	CHECK_EQ(a->ant_control[0], 1);
	CHECK_EQ(a->ant_control[5], 6);
	CHECK_EQ(a->ant_control[10], 11);
	CHECK_EQ(a->ob[3], 4);
	CHECK_EQ(a->db[3], 7);
	CHECK_EQ(a->ob[0], 1);
	CHECK_EQ(a->db[0], 4);
	CHECK_EQ(a->adc_desired_size, -40);
	CHECK_EQ(a->nf_threshold, -85);
	CHECK_EQ(a->thr_62, 15);
	CHECK_EQ(a->x_gain, 0x9);
	CHECK_EQ(a->margin_tx_rx, 0x3f);

	CHECK_EQ(a->npd_gains, 2);
	CHECK_EQ(a->pd_gain_idx[0], 3);
	CHECK_EQ(a->pd_gain_idx[1], 0);
	CHECK_EQ(a->npiers, 5);
	CHECK_EQ(a->pier[0].freq, 5180);
	CHECK_EQ(a->pier[4].freq, 5745);
	p = &a->pier[2];
	CHECK_EQ(p->curve[0].npoints, 4);
	CHECK_EQ(p->curve[0].pwr[0], 8);
	CHECK_EQ(p->curve[0].pwr[3], 32);
	CHECK_EQ(p->curve[0].step[3], 34);
	CHECK_EQ(p->curve[1].npoints, 5);
	CHECK_EQ(p->curve[1].pwr[4], 72);
	CHECK_EQ(p->curve[1].step[4], 60);
	CHECK_EQ(p->min_pwr, 8);
	CHECK_EQ(p->max_pwr, 72);
	CHECK_EQ(a->ntargets, 5);
	CHECK_EQ(a->target[1].freq, 5240);
	CHECK_EQ(a->target[1].pwr_6_24, 34);
	CHECK_EQ(a->target[1].pwr_36, 30);
	CHECK_EQ(a->target[1].pwr_48, 28);
	CHECK_EQ(a->target[1].pwr_54, 26);

	g = &ee.mode[ATH5K_MODE_11G];
	CHECK_EQ(g->npiers, 3);
	CHECK_EQ(g->pier[1].freq, 2442);
	CHECK_EQ(g->pier[2].curve[1].pwr[4], 72);
	CHECK_EQ(g->ntargets, 3);
	CHECK_EQ(g->target[2].freq, 2472);
	CHECK_EQ(ee.mode[ATH5K_MODE_11B].ntargets, 2);
	CHECK_EQ(ee.mode[ATH5K_MODE_11B].ob[1], 5);
	CHECK_EQ(ee.mode[ATH5K_MODE_11B].db[1], 6);

	CHECK_EQ(ee.ctl_id[0], 0x12);
	CHECK_EQ(ee.ctl_edge[0][0].freq, 2412);
	CHECK_EQ(ee.ctl_edge[0][1].freq, 2472);
	CHECK_EQ(ee.ctl_edge[0][0].pwr, 30);
	CHECK(ee.ctl_edge[0][0].inband);
	CHECK_EQ(ee.ctl_edge[0][1].pwr, 28);
	CHECK_EQ(ee.spur[0][0], 0x8000);
}

static void expect_reject(const char *what, unsigned int nwords)
{
	printf("check: refused: %s\n", what);
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, nwords, NULL), -EINVAL);
}

static void test_rejects(void)
{
	build_2413();
	expect_reject("image truncated to 0x300 words", 0x300);

	build_2413();
	img[0x200] ^= 0x0100;
	expect_reject("one flipped bit breaks the checksum", WORDS);

	build_2413();
	img[0x1d] = img[0x1e] = img[0x1f] = 0xffff;
	fix_checksum();
	expect_reject("MAC address all ones", WORDS);

	build_2413();
	img[0xc1] = 0x2003;
	fix_checksum();
	expect_reject("EEPROM version 2.3 (older than 3.0)", WORDS);

	build_2413();
	img[0xc4] = 3 << 14;
	fix_checksum();
	expect_reject("unknown calibration layout (EEMAP 3)", WORDS);

	build_2413();
	img[0xc2] = 0;
	fix_checksum();
	expect_reject("no band enabled", WORDS);

	build_2413();
	img[mode_off[ATH5K_MODE_11G] + 9] = 0;	/* x_gain of 11g */
	fix_checksum();
	expect_reject("enabled 11g without power-detector curves", WORDS);

	build_2413();
	put_target(TARGET_START + 0x14, 0xff, 0, 0, 0, 0);
	fix_checksum();
	expect_reject("enabled 11g without target powers", WORDS);

	build_2413();
	/* first 11a pier, curve 0 starts at 31 dB: beyond 31.75 dBm */
	put_pier(CAL_START + 5, 31, 10, 8);
	fix_checksum();
	expect_reject("absurd calibration power", WORDS);

	build_2413();
	/* PDADC 127 plus three steps of 63 wraps the 8-bit step */
	put_pier(CAL_START + 5, 2, 127, 63);
	fix_checksum();
	expect_reject("calibration curve that is not monotonic", WORDS);

	build_2413();
	img[0xc8] = 0x3fe << 4;		/* pier list runs off the end */
	img[0x3fe] = 76 | 88 << 8;
	img[0x3ff] = 104 | 140 << 8;
	fix_checksum();
	expect_reject("calibration data past the image end", WORDS);

	build_2413();
	img[0x1c] = 0xf000;		/* custom size far too large */
	fix_checksum();
	expect_reject("absurd size field", WORDS);
}

/* RF5112: pier groups at 0x150, five words per pier, x0 and x3 curves. */
static void build_5112(void)
{
	static const u8 bins_a[] = { 76, 104, 189 };
	unsigned int o, i;

	memset(img, 0, sizeof(img));
	img[0x1f] = 0x0003;
	img[0x1e] = 0x7f00;
	img[0x1d] = 0x0001;
	img[0xc1] = 0x5002;
	img[0xc2] = 0x1;		/* 11a only */
	img[0xc4] = 1 << 14;		/* EEMAP 1 */
	img[0xc5] = TARGET_START;
	put_mode(0, 0x9, -80);
	put_mode(1, 0x1, -80);
	put_mode(2, 0x1, -80);
	for (i = 0; i < sizeof(bins_a); i++)
		img[0x150 + i / 2] |= (u16)(bins_a[i] << (8 * (i & 1)));
	o = 0x155;
	for (i = 0; i < sizeof(bins_a); i++, o += 5) {
		img[o] = 40 | 52 << 8;		/* x0 powers, 1/4 dBm */
		img[o + 1] = 64 | 76 << 8;
		img[o + 2] = 5 | 5 << 5 | 5 << 10;	/* step deltas */
		img[o + 3] = 8 | 20 << 8;	/* x3 powers */
		img[o + 4] = 32 | 10 << 8;	/* x3 power, first x0 step */
	}
	for (i = 0; i < sizeof(bins_a); i++)
		put_target(TARGET_START + 2 * i, bins_a[i], 32, 30, 28, 26);
	put_target(TARGET_START + 2 * 3, 0xff, 0, 0, 0, 0);
	fix_checksum();
}

static void test_good_5112(void)
{
	const struct ath5k_ee_mode *a = &ee.mode[ATH5K_MODE_11A];
	const struct ath5k_ee_pier *p = &a->pier[1];

	printf("check: a valid EEMAP 1 (RF5112) image parses\n");
	build_5112();
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, WORDS, NULL), 0);
	CHECK_EQ(ee.eemap, 1);
	CHECK_EQ(a->npd_gains, 2);
	CHECK_EQ(a->pd_gain_idx[0], 0);
	CHECK_EQ(a->pd_gain_idx[1], 3);
	CHECK_EQ(a->npiers, 3);
	CHECK_EQ(p->freq, 5320);
	CHECK_EQ(p->curve[0].npoints, 4);
	CHECK_EQ(p->curve[0].step[0], 10);
	CHECK_EQ(p->curve[0].step[3], 25);
	CHECK_EQ(p->curve[0].pwr[3], 76);
	CHECK_EQ(p->curve[1].npoints, 3);
	CHECK_EQ(p->curve[1].step[2], 63);
	CHECK_EQ(p->curve[1].pwr[2], 32);
	CHECK_EQ(p->max_pwr, 76);
	CHECK_EQ(p->min_pwr, 8);
	CHECK_EQ(a->ntargets, 3);
	CHECK_EQ(a->nf_threshold, -80);

	printf("check: refused: RF5112 x_gain selecting three curves\n");
	img[mode_off[0] + 10] = 0x7 << 1;
	fix_checksum();
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, WORDS, NULL), -EINVAL);

	/*
	 * issue 12 finding 1: the TX power code's slope rounds to zero on a
	 * segment rising more than 100 quarter dB per PCDAC step, and its
	 * search for the lowest power never ended
	 */
	printf("check: refused: RF5112 curve rising 110/4 dB in one step\n");
	build_5112();
	img[0x155 + 5] = (u8)-20 | 90 << 8;	/* second pier, x0 powers */
	img[0x155 + 5 + 1] = 100 | 110 << 8;
	img[0x155 + 5 + 2] = 1 | 5 << 5 | 5 << 10;
	fix_checksum();
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, WORDS, NULL), -EINVAL);
	printf("check: accepted: 100/4 dB in one step, the steepest it follows\n");
	img[0x155 + 5] = (u8)-10 | 90 << 8;
	fix_checksum();
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, WORDS, NULL), 0);
	CHECK_EQ(ee.mode[ATH5K_MODE_11A].pier[1].curve[0].pwr[0], -10);
}

/*
 * RF5111 (EEMAP 0): the 11a pier list at 0x150, five words per pier from
 * 0x155, 11b piers at 0x187 (fixed 2412/2447/2484 MHz).  A pier is an
 * MSB-first stream of 6-bit fields: PCDAC max, PCDAC min, 11 powers in
 * half dB.
 */
#define MAP0_11A	0x155
#define MAP0_11B	0x187

static void put_pier_5111(unsigned int off, unsigned int lo, unsigned int hi,
			  unsigned int pwr0)
{
	unsigned int pos = 0, i;

	memset(&img[off], 0, 5 * sizeof(img[0]));
	put_bits_msb(&img[off], &pos, hi, 6);
	put_bits_msb(&img[off], &pos, lo, 6);
	for (i = 0; i < 11; i++)
		put_bits_msb(&img[off], &pos, pwr0 + 3 * i, 6);
}

static void build_5111(void)
{
	static const u8 bins_a[] = { 76, 88, 104, 140, 189 };
	static const u8 bins_b[] = { 112, 147, 184 };
	unsigned int i;

	memset(img, 0, sizeof(img));
	img[0x1f] = 0x0003;		/* 00:03:7f:52:11:01 */
	img[0x1e] = 0x7f52;
	img[0x1d] = 0x1101;
	img[0xbf] = 0x0010;
	img[0xc1] = 0x4005;		/* what AR5211 cards carried */
	img[0xc2] = 0x3;		/* 11a and 11b */
	img[0xc4] = 0;			/* EEMAP 0 */
	img[0xc5] = TARGET_START;
	put_mode(0, 0x7, -85);		/* curve: hardware gain 3 */
	put_mode(1, 0x0, -85);		/* curve: hardware gain 0 */
	put_mode(2, 0x0, -85);
	for (i = 0; i < sizeof(bins_a); i++) {
		img[0x150 + i / 2] |= (u16)(bins_a[i] << (8 * (i & 1)));
		put_pier_5111(MAP0_11A + 5 * i, 10 + i, 50 + i, 4 + i);
	}
	for (i = 0; i < 3; i++)
		put_pier_5111(MAP0_11B + 5 * i, 20, 60, 10);
	for (i = 0; i < sizeof(bins_a); i++)
		put_target(TARGET_START + 2 * i, bins_a[i], 32, 30, 28, 26);
	put_target(TARGET_START + 2 * 5, 0xff, 0, 0, 0, 0);
	for (i = 0; i < 2; i++)
		put_target(TARGET_START + 0x10 + 2 * i, bins_b[i], 36, 36, 36, 36);
	fix_checksum();
}

static void test_good_5111(void)
{
	const struct ath5k_ee_mode *a = &ee.mode[ATH5K_MODE_11A];
	const struct ath5k_ee_mode *b = &ee.mode[ATH5K_MODE_11B];
	const struct ath5k_ee_pd_curve *cv = &a->pier[2].curve[0];
	unsigned int i;

	printf("check: a valid EEMAP 0 (RF5111) image parses\n");
	build_5111();
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, WORDS, NULL), 0);
	CHECK_EQ(ee.eemap, 0);
	CHECK_EQ(ee.version, 0x4005);
	CHECK_EQ(ee.modes, BIT(ATH5K_MODE_11A) | BIT(ATH5K_MODE_11B));
	CHECK_EQ(ee.mac[3], 0x52);
	CHECK_EQ(a->npd_gains, 1);
	CHECK_EQ(a->pd_gain_idx[0], 3);
	CHECK_EQ(a->npiers, 5);
	CHECK_EQ(a->pier[0].freq, 5180);
	CHECK_EQ(a->pier[4].freq, 5745);
	/* pier 2: PCDAC 12..52, powers 6, 9, .. 36 half dB */
	CHECK_EQ(cv->npoints, 11);
	for (i = 0; i < 11; i++) {
		CHECK_EQ(cv->pwr[i], 2 * (6 + 3 * i));
		CHECK_EQ(cv->step[i], 12 + 4 * i);
	}
	CHECK_EQ(a->pier[2].min_pwr, 12);
	CHECK_EQ(a->pier[2].max_pwr, 72);
	CHECK_EQ(a->pier[2].curve[1].npoints, 0);
	CHECK_EQ(a->ntargets, 5);
	printf("check: RF5111 11b: the fixed piers and the first clear gain\n");
	CHECK_EQ(b->npd_gains, 1);
	CHECK_EQ(b->pd_gain_idx[0], 0);
	CHECK_EQ(b->npiers, 3);
	CHECK_EQ(b->pier[0].freq, 2412);
	CHECK_EQ(b->pier[1].freq, 2447);
	CHECK_EQ(b->pier[2].freq, 2484);
	CHECK_EQ(b->pier[1].curve[0].step[10], 60);
	CHECK_EQ(b->pier[1].curve[0].pwr[10], 2 * 40);
	CHECK_EQ(b->ntargets, 2);
}

static void test_rejects_5111(void)
{
	unsigned int i;

	/* CVE-2021-47633's shape: every gain bit set selects no curve */
	build_5111();
	img[mode_off[ATH5K_MODE_11A] + 10] = 0xf << 1;
	fix_checksum();
	expect_reject("RF5111 11a x_gain 0xf: no power detector curve", WORDS);

	build_5111();
	img[mode_off[ATH5K_MODE_11B] + 9] = 0xf << 1;
	fix_checksum();
	expect_reject("RF5111 11b x_gain 0xf: no power detector curve", WORDS);

	build_5111();
	put_pier_5111(MAP0_11A + 5, 40, 40, 4);
	fix_checksum();
	expect_reject("RF5111 pier with an empty PCDAC range", WORDS);

	build_5111();
	put_pier_5111(MAP0_11A, 50, 10, 4);
	fix_checksum();
	expect_reject("RF5111 pier with PCDAC min above max", WORDS);

	build_5111();
	img[0xc2] = 0x7;		/* 11g's fixed piers hold nothing */
	put_target(TARGET_START + 0x14, 112, 30, 30, 30, 30);
	fix_checksum();
	expect_reject("RF5111 11g enabled with an empty pier group", WORDS);

	/*
	 * The kernel's frequency-list off-by-one: a list with no end marker
	 * fills all ten piers and must stop there, not take the first word
	 * of pier data (nonzero) as an eleventh.
	 */
	printf("check: RF5111 11a pier list without an end stops at ten\n");
	build_5111();
	for (i = 0; i < 10; i++) {
		img[0x150 + i / 2] &= (u16)~(0xff << (8 * (i & 1)));
		img[0x150 + i / 2] |= (u16)((60 + 10 * i) << (8 * (i & 1)));
		put_pier_5111(MAP0_11A + 5 * i, 10, 50, 4);
	}
	CHECK(img[MAP0_11A] & 0xff);
	fix_checksum();
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, WORDS, NULL), 0);
	CHECK_EQ(ee.mode[ATH5K_MODE_11A].npiers, 10);
	CHECK_EQ(ee.mode[ATH5K_MODE_11A].pier[9].freq, 4800 + 5 * 150);
}

/*
 * Versions 3.0-3.4 (RF5111 only, no MISC words).  Up to 3.2 the mode
 * sections sit at 0xc5/0xd0/0xda, 16 CTL ids at 0xe4, 2 GHz ob/db at
 * 0xec/0xed and the groups at 0x100; frequencies are 7-bit bins (5100 +
 * 10 * bin up to bin 62, 5 MHz steps above; 2400 + bin on 2.4 GHz), the
 * 11a pier list, the target powers and the CTL edges pack them tighter.
 * 3.3 moved everything to the 4.x homes and byte bins; 3.4 added the I
 * gain.  Target powers sit at group + 0x55 and CTL edges at group + 0x6f.
 */
#define V3_ANT_GAIN	0x0502

static unsigned int v3_groups(u16 ver)
{
	return ver >= 0x3003 ? 0x150 : 0x100;
}

static void put_mode_v3(u16 ver, unsigned int mode, u8 x_gain)
{
	static const u16 off_old[3] = { 0xc5, 0xd0, 0xda };
	unsigned int o = put_mode_start(ver >= 0x3003 ? mode_off[mode] :
					off_old[mode], mode);

	img[o++] = 0x0d << 8 | 20;		/* thresh62 20 */
	img[o++] = 0x0e;
	img[o++] = (u16)(0x1c << 8 | (u8)-70);	/* noise floor -70 */
	img[o++] = (u16)(x_gain << 1 | 1 << 13);	/* fixed bias: 4.0+ only */
	if (ver >= 0x3003)	/* i_gain 2:0 = 5, false detect 9, ob 3, db 2 */
		img[o++] = (u16)(5 << 13 | 9 << 6 | 2 << 3 | 3);
	if (ver >= 0x3004)	/* i_gain 5:3 = 2, CCK/OFDM delta 34 */
		img[o++] = (u16)(34 << 3 | 2);
}

/* The 7-bit bin of a 5 GHz frequency in the old encoding. */
static u8 old_bin_5ghz(unsigned int mhz)
{
	return mhz <= 5720 ? (mhz - 5100) / 10 : 62 + (mhz - 5720) / 5;
}

static void put_target_v3(u16 ver, unsigned int off, unsigned int mhz,
			  bool five, u8 p24, u8 p36, u8 p48, u8 p54)
{
	if (ver >= 0x3003) {
		put_target(off, five ? (mhz - 4800) / 5 : mhz - 2300, p24, p36,
			   p48, p54);
		return;
	}
	img[off] = (u16)((five ? old_bin_5ghz(mhz) : mhz - 2400) << 9 |
			 p24 << 3 | p36 >> 3);
	img[off + 1] = (u16)((p36 & 7) << 13 | p48 << 7 | p54 << 1);
}

/* One CTL's edges: @n edges of @mhz with powers @pwr; the first in-band. */
static void put_ctl_v3(u16 ver, unsigned int off, bool five,
		       const unsigned int *mhz, const u8 *pwr, unsigned int n)
{
	unsigned int i, pos = 0;

	if (ver >= 0x3003) {
		for (i = 0; i < n; i++) {
			unsigned int sh = (i & 1) ? 0 : 8;
			unsigned int bin = five ? (mhz[i] - 4800) / 5 : mhz[i] - 2300;

			img[off + i / 2] |= (u16)(bin << sh);
			img[off + 4 + i / 2] |= (u16)((pwr[i] | (i ? 0 : 0x40)) << sh);
		}
		return;
	}
	for (i = 0; i < 8; i++)
		put_bits_msb(&img[off], &pos, i >= n ? 0 :
			     five ? old_bin_5ghz(mhz[i]) : mhz[i] - 2400, 7);
	for (i = 0; i < 8; i++)
		put_bits_msb(&img[off], &pos, i >= n ? 0 : pwr[i], 6);
}

static const unsigned int v3_piers_a[] = { 5180, 5260, 5320, 5500, 5745 };

static void build_v3(u16 ver)
{
	static const unsigned int ctl_a[] = { 5180, 5320, 5745 };
	static const unsigned int ctl_b[] = { 2412, 2462 };
	static const u8 pwr_a[] = { 30, 32, 34 }, pwr_b[] = { 36, 35 };
	unsigned int g = v3_groups(ver), i, pos = 0;
	unsigned int ctl_ids = ver >= 0x3003 ? 0x128 : 0xe4;
	unsigned int ctl_words = ver >= 0x3003 ? 8 : 7;

	memset(img, 0, sizeof(img));
	img[0x1f] = 0x0003;		/* 00:03:7f:0a:0b:0c */
	img[0x1e] = 0x7f0a;
	img[0x1d] = 0x0b0c;
	img[0xbf] = 0x0010;
	img[0xc1] = ver;
	img[0xc2] = 0x7;		/* 11a, 11b, 11g */
	img[ver >= 0x3003 ? 0xc3 : 0xc4] = V3_ANT_GAIN;
	if (ver >= 0x3003) {
		/* 4.0's MISC0/MISC1 homes: EEMAP 3 and a bogus target start */
		img[0xc4] = 0xc000;
		img[0xc5] = 0x0240;
	} else {
		img[0xec] = 1 << 3 | 4;	/* 11b: ob 4, db 1 */
		img[0xed] = 5 << 3 | 6;	/* 11g: ob 6, db 5 */
	}
	put_mode_v3(ver, 0, 0x7);	/* curve: hardware gain 3 */
	put_mode_v3(ver, 1, 0x0);
	put_mode_v3(ver, 2, 0x1);	/* curve: hardware gain 1 */

	for (i = 0; i < ARRAY_SIZE(v3_piers_a); i++) {
		unsigned int mhz = v3_piers_a[i];

		if (ver >= 0x3003)
			img[g + i / 2] |= (u16)(((mhz - 4800) / 5) << (8 * (i & 1)));
		else
			put_bits_msb(&img[g], &pos, old_bin_5ghz(mhz), 7);
		put_pier_5111(g + 5 + 5 * i, 10 + i, 50 + i, 4 + i);
	}
	for (i = 0; i < 3; i++) {
		put_pier_5111(g + 0x37 + 5 * i, 20, 60, 10);
		put_pier_5111(g + 0x46 + 5 * i, 16, 48, 8 + i);
	}

	put_target_v3(ver, g + 0x55, 5180, true, 32, 30, 28, 26);
	put_target_v3(ver, g + 0x57, 5745, true, 31, 29, 27, 25);
	if (ver >= 0x3003)
		put_target(g + 0x59, 0xff, 0, 0, 0, 0);
	put_target_v3(ver, g + 0x65, 2412, false, 36, 36, 35, 34);
	put_target_v3(ver, g + 0x67, 2472, false, 35, 35, 34, 33);
	put_target_v3(ver, g + 0x69, 2437, false, 33, 31, 29, 27);
	if (ver >= 0x3003)
		put_target(g + 0x6b, 0xff, 0, 0, 0, 0);

	img[ctl_ids] = 0x10 << 8 | 0x11;	/* FCC 11a, FCC 11b */
	put_ctl_v3(ver, g + 0x6f, true, ctl_a, pwr_a, 3);
	put_ctl_v3(ver, g + 0x6f + ctl_words, false, ctl_b, pwr_b, 2);
	fix_checksum();
}

static void check_v3(u16 ver)
{
	const struct ath5k_ee_mode *a = &ee.mode[ATH5K_MODE_11A];
	const struct ath5k_ee_mode *b = &ee.mode[ATH5K_MODE_11B];
	const struct ath5k_ee_mode *gm = &ee.mode[ATH5K_MODE_11G];
	/* pier 2 spans PCDAC 12..52 */
	static const u8 steps_even[11] = {
		12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52 };
	static const u8 steps_old[11] = {
		12, 14, 16, 20, 24, 32, 40, 46, 48, 50, 52 };
	const u8 *steps = ver >= 0x3002 ? steps_even : steps_old;
	unsigned int i;

	printf("check: EEPROM %u.%u (RF5111) parses\n", ver >> 12, ver & 0xfff);
	build_v3(ver);
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, WORDS, NULL), 0);
	CHECK_EQ(ee.version, ver);
	CHECK_EQ(ee.eemap, 0);
	CHECK_EQ(ee.misc0, 0);
	CHECK_EQ(ee.misc1, 0);
	CHECK_EQ(ee.mac[0], 0x00);
	CHECK_EQ(ee.mac[2], 0x7f);
	CHECK_EQ(ee.mac[5], 0x0c);
	CHECK_EQ(ee.modes, 0x7);
	CHECK_EQ(ee.ant_gain_5ghz, 5);
	CHECK_EQ(ee.ant_gain_2ghz, 2);

	printf("check: %u.%u mode sections\n", ver >> 12, ver & 0xfff);
	CHECK_EQ(a->switch_settling, 0x2d);
	CHECK_EQ(b->atn_tx_rx, 0x13);
	CHECK_EQ(gm->ant_control[10], 11);
	CHECK_EQ(a->ob[3], 4);
	CHECK_EQ(a->db[0], 4);
	CHECK_EQ(b->ob[1], 5);
	CHECK_EQ(b->db[1], 6);
	CHECK_EQ(a->fixed_bias, 0);
	if (ver >= 0x3003) {
		CHECK_EQ(b->ob[0], 3);
		CHECK_EQ(b->db[0], 2);
		CHECK_EQ(gm->ob[0], 3);
		CHECK_EQ(a->false_detect, 9);
		CHECK_EQ(gm->false_detect, 9);
		CHECK_EQ(a->thr_62, 20);
		CHECK_EQ(b->thr_62, 20);
		CHECK_EQ(a->nf_threshold, -70);
		CHECK_EQ(gm->nf_threshold, -70);
	} else {
		CHECK_EQ(b->ob[0], 4);
		CHECK_EQ(b->db[0], 1);
		CHECK_EQ(gm->ob[0], 6);
		CHECK_EQ(gm->db[0], 5);
		CHECK_EQ(a->false_detect, 0);
		CHECK_EQ(a->thr_62, 15);
		CHECK_EQ(b->thr_62, 28);
		CHECK_EQ(gm->thr_62, 28);
		CHECK_EQ(a->nf_threshold, -54);
		CHECK_EQ(b->nf_threshold, -1);
	}
	if (ver >= 0x3004) {
		CHECK_EQ(a->i_gain, 21);
		CHECK_EQ(gm->i_gain, 21);
		CHECK_EQ(ee.cck_ofdm_power_delta, 34);
	} else {
		CHECK_EQ(a->i_gain, 10);
		CHECK_EQ(b->i_gain, 10);
		CHECK_EQ(ee.cck_ofdm_power_delta, 15);
	}
	CHECK_EQ(a->i_cal, 0);
	CHECK_EQ(a->margin_tx_rx, 0);

	printf("check: %u.%u calibration piers and PCDAC steps\n", ver >> 12,
	       ver & 0xfff);
	CHECK_EQ(a->npd_gains, 1);
	CHECK_EQ(a->pd_gain_idx[0], 3);
	CHECK_EQ(gm->pd_gain_idx[0], 1);
	CHECK_EQ(a->npiers, ARRAY_SIZE(v3_piers_a));
	for (i = 0; i < ARRAY_SIZE(v3_piers_a); i++)
		CHECK_EQ(a->pier[i].freq, v3_piers_a[i]);
	for (i = 0; i < 11; i++) {
		CHECK_EQ(a->pier[2].curve[0].step[i], steps[i]);
		CHECK_EQ(a->pier[2].curve[0].pwr[i], 2 * (6 + 3 * i));
	}
	CHECK_EQ(b->npiers, 3);
	CHECK_EQ(b->pier[2].freq, 2484);
	CHECK_EQ(b->pier[0].curve[0].step[10], 60);
	CHECK_EQ(gm->npiers, 3);
	CHECK_EQ(gm->pier[0].freq, 2312);
	CHECK_EQ(gm->pier[2].curve[0].pwr[0], 2 * 10);

	printf("check: %u.%u target powers\n", ver >> 12, ver & 0xfff);
	CHECK_EQ(a->ntargets, 2);
	CHECK_EQ(a->target[0].freq, 5180);
	CHECK_EQ(a->target[1].freq, 5745);
	CHECK_EQ(a->target[0].pwr_6_24, 32);
	CHECK_EQ(a->target[0].pwr_36, 30);
	CHECK_EQ(a->target[1].pwr_48, 27);
	CHECK_EQ(a->target[1].pwr_54, 25);
	CHECK_EQ(b->ntargets, 2);
	CHECK_EQ(b->target[1].freq, 2472);
	CHECK_EQ(b->target[1].pwr_36, 35);
	CHECK_EQ(gm->ntargets, 1);
	CHECK_EQ(gm->target[0].freq, 2437);
	CHECK_EQ(gm->target[0].pwr_36, 31);
	CHECK_EQ(gm->target[0].pwr_54, 27);

	printf("check: %u.%u CTLs\n", ver >> 12, ver & 0xfff);
	CHECK_EQ(ee.nctls, ver >= 0x3003 ? 32 : 16);
	CHECK_EQ(ee.ctl_id[0], 0x10);
	CHECK_EQ(ee.ctl_id[1], 0x11);
	CHECK_EQ(ee.ctl_id[2], 0);
	CHECK_EQ(ee.ctl_edge[0][0].freq, 5180);
	CHECK_EQ(ee.ctl_edge[0][1].freq, 5320);
	CHECK_EQ(ee.ctl_edge[0][2].freq, 5745);
	CHECK_EQ(ee.ctl_edge[0][3].freq, 0);
	CHECK_EQ(ee.ctl_edge[0][0].pwr, 30);
	CHECK_EQ(ee.ctl_edge[0][2].pwr, 34);
	CHECK_EQ(ee.ctl_edge[0][0].inband, ver >= 0x3003);
	CHECK_EQ(ee.ctl_edge[1][0].freq, 2412);
	CHECK_EQ(ee.ctl_edge[1][1].freq, 2462);
	CHECK_EQ(ee.ctl_edge[1][1].pwr, 35);
	CHECK_EQ(ee.ctl_edge[1][2].freq, 0);
}

static void test_v3(void)
{
	static const u16 vers[] = { 0x3000, 0x3001, 0x3002, 0x3003, 0x3004 };
	unsigned int i, pos = 0;

	for (i = 0; i < ARRAY_SIZE(vers); i++)
		check_v3(vers[i]);

	printf("check: 3.2 11a pier list of ten 7-bit bins, no end marker\n");
	build_v3(0x3002);
	memset(&img[0x100], 0, 5 * sizeof(img[0]));
	for (i = 0; i < 10; i++) {
		put_bits_msb(&img[0x100], &pos, 8 + 6 * i, 7);
		put_pier_5111(0x105 + 5 * i, 10, 50, 4);
	}
	fix_checksum();
	CHECK_EQ(ath5k_eeprom_parse(&ee, img, WORDS, NULL), 0);
	CHECK_EQ(ee.mode[ATH5K_MODE_11A].npiers, 10);
	CHECK_EQ(ee.mode[ATH5K_MODE_11A].pier[9].freq, 5100 + 10 * 62);

	/* CVE-2021-47633's shape in an old layout */
	build_v3(0x3002);
	img[0xc5 + 10] = 0xf << 1;
	fix_checksum();
	expect_reject("3.2 RF5111 11a x_gain 0xf: no curve", WORDS);

	build_v3(0x3003);
	img[0xf2 + 9] = 0xf << 1;
	fix_checksum();
	expect_reject("3.3 RF5111 11b x_gain 0xf: no curve", WORDS);

	build_v3(0x3004);
	img[0xc1] = 0x2fff;
	fix_checksum();
	expect_reject("version 2.4095", WORDS);

	build_v3(0x3001);
	put_pier_5111(0x105 + 5, 40, 30, 4);
	fix_checksum();
	expect_reject("3.1 pier with PCDAC min above max", WORDS);
}

static void test_image_size(void)
{
	printf("check: image size from the size field\n");
	memset(img, 0, sizeof(img));
	CHECK_EQ(ath5k_eeprom_image_words(img, WORDS), 0x400);
	img[0x1c] = 0x0010;		/* end = 0x10 << 12 | low word */
	img[0x1b] = 0x0800;
	CHECK_EQ(ath5k_eeprom_image_words(img, WORDS), 0x10800);
	img[0x1c] = 0;
	img[0x1b] = 0x0200;
	CHECK_EQ(ath5k_eeprom_image_words(img, WORDS), 0x400);
}

int main(void)
{
	test_good_2413();
	test_rejects();
	test_good_5112();
	test_good_5111();
	test_rejects_5111();
	test_v3();
	test_image_size();
	return check_done("test_eeprom");
}
