// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * EEPROM images: built from descriptions, read back by the driver's rules,
 * checked word by word where the driver's layout is fixed, and broken
 * inputs rejected with a reason.
 */
#include "eeprom.h"
#include "fake_host.h"

static bool same_mode(const struct ee_mode *a, const struct ee_mode *b,
		      unsigned int eemap, bool enabled, const char *name)
{
	bool ok = true;

#define SAME(f) do { if (a->f != b->f) { printf("    %s.%s differs\n", name, #f); ok = false; } } while (0)
	SAME(switch_settling); SAME(txrx_atten); SAME(adc_desired);
	SAME(pga_desired); SAME(ob); SAME(db); SAME(thr62); SAME(noise_floor);
	SAME(xlna_gain); SAME(x_gain); SAME(xpd); SAME(false_detect);
	SAME(i_gain); SAME(margin_tx_rx);
	if (memcmp(a->ant_control, b->ant_control, sizeof(a->ant_control))) {
		printf("    %s.ant_control differs\n", name);
		ok = false;
	}
	if (!enabled)
		return ok;
	SAME(n_piers); SAME(n_targets);
#undef SAME
	if (ok && memcmp(a->pier_mhz, b->pier_mhz, a->n_piers * sizeof(a->pier_mhz[0]))) {
		printf("    %s.piers differ\n", name);
		ok = false;
	}
	if (ok && memcmp(a->target, b->target, a->n_targets * sizeof(a->target[0]))) {
		printf("    %s.target differs\n", name);
		ok = false;
	}
	if (eemap == 2) {
		for (unsigned int g = 0; g < EE_PD_GAINS; g++) {
			struct ee_pd_curve x = a->pd[g], y = b->pd[g];

			if (!(a->x_gain >> g & 1))
				continue;
			/* only the last curve has a fourth point */
			if (g != 0 && (a->x_gain & ((1u << g) - 1))) {
				x.pwr_step[3] = y.pwr_step[3] = 0;
				x.pddac_step[3] = y.pddac_step[3] = 0;
			}
			if (memcmp(&x, &y, sizeof(x))) {
				printf("    %s.pd%u differs\n", name, g);
				ok = false;
			}
		}
	} else if (eemap == 0) {
		if (memcmp(&a->pcdac, &b->pcdac, sizeof(a->pcdac))) {
			printf("    %s.pcdac curve differs\n", name);
			ok = false;
		}
	} else if (memcmp(&a->xpd_curves, &b->xpd_curves, sizeof(a->xpd_curves))) {
		printf("    %s.xpd curves differ\n", name);
		ok = false;
	}
	return ok;
}

static bool same_desc(const struct eeprom_desc *a, const struct eeprom_desc *b)
{
	bool ok = !memcmp(a->mac, b->mac, 6) && a->regdomain == b->regdomain &&
		  a->version == b->version &&
		  a->eemap == b->eemap && a->ant_gain_5ghz == b->ant_gain_5ghz &&
		  a->ant_gain_2ghz == b->ant_gain_2ghz &&
		  a->pd_gain_overlap == b->pd_gain_overlap &&
		  a->aes_disabled == b->aes_disabled &&
		  a->rfkill_gpio == b->rfkill_gpio &&
		  a->rfkill_polarity == b->rfkill_polarity &&
		  a->rfkill_switch == b->rfkill_switch &&
		  !memcmp(a->mode_enabled, b->mode_enabled, sizeof(a->mode_enabled)) &&
		  !memcmp(a->spur, b->spur, sizeof(a->spur)) && a->n_ctls == b->n_ctls;

	if (!ok)
		printf("    header fields differ\n");
	for (unsigned int m = 0; m < EE_MODES; m++)
		ok &= same_mode(&a->mode[m], &b->mode[m], a->eemap, a->mode_enabled[m],
				(const char *[]){ "a", "b", "g" }[m]);
	for (unsigned int i = 0; i < a->n_ctls && i < EE_CTLS; i++)
		if (memcmp(&a->ctl[i], &b->ctl[i], sizeof(a->ctl[i]))) {
			printf("    ctl %u differs\n", i);
			ok = false;
		}
	return ok;
}

static void test_defaults_round_trip(void)
{
	static const char *const names[] = { "ar5413", "ar2413", "ar5212", "ar5211" };

	printf("built-in descriptions build and read back unchanged\n");
	for (int model = 0; model < 4; model++) {
		struct eeprom_desc d, back;
		uint16_t img[EE_WORDS];
		char err[256] = "";

		eeprom_desc_defaults(&d, (enum card_model)model);
		eeprom_desc_fit_version(&d);	/* ar5211: a 3.2 image */
		check(eeprom_build(&d, img, err, sizeof(err)) == 0, "%s: builds %s",
		      names[model], err);
		check(eeprom_checksum(img) == 0xffff, "%s: XOR of 0xc0..0x3ff = 0x%04x",
		      names[model], eeprom_checksum(img));
		check(eeprom_decode(img, &back, err, sizeof(err)) == 0 &&
		      same_desc(&d, &back), "%s: every field round-trips %s",
		      names[model], err);
	}
}

static const char full_desc[] =
	"# every key, non-default values\n"
	"mac = 02:aa:bb:cc:dd:ee\n"
	"regdomain = 0x3a   # trailing comment\n"
	"bands = ag\n"
	"ant_gain_5ghz = -3\n"
	"ant_gain_2ghz = 4\n"
	"pd_gain_overlap = 9\n"
	"aes_disabled = 1\n"
	"rfkill_gpio = 5\n"
	"rfkill_polarity = 1\n"
	"rfkill_switch = 1\n"
	"a.switch_settling = 100\n"
	"a.txrx_atten = 60\n"
	"a.ant_control = 1 2 3 4 5 6 7 8 9 10 63\n"
	"a.adc_desired = -20\n"
	"a.pga_desired = 200\n"
	"a.ob = 5\n"
	"a.db = 6\n"
	"a.thr62 = 21\n"
	"a.noise_floor = -77\n"
	"a.xlna_gain = 200\n"
	"a.x_gain = 0xb\n"
	"a.xpd = 1\n"
	"a.false_detect = 99\n"
	"a.i_gain = 45\n"
	"a.margin_tx_rx = 33\n"
	"a.piers = 5170 5200 5260 5300 5500 5550 5600 5660 5745 5805\n"
	"a.pd0 = 12 30 3 9 3 9 3 9 3 9\n"
	"a.pd1 = 7 25 2 7 2 7 2 7 0 0\n"
	"a.pd3 = 1 15 1 5 1 5 1 5 0 0\n"
	"a.target = 5180 40 38 36 34\n"
	"a.target = 5500 39 37 35 33\n"
	"g.x_gain = 0xf\n"
	"g.piers = 2412 2442 2472\n"
	"g.pd2 = 6 40 2 4 2 4 2 4 0 0\n"
	"g.target = 2412 30 28 26 24\n"
	"g.noise_floor = -91\n"
	"b.x_gain = 1\n"
	"ctl = 0x10 5180:60 5320:58+ 5500:50\n"
	"ctl = 0x11 2412:40 2472:38\n"
	"spur.5ghz = 0x1234 0x8000\n"
	"spur.2ghz = 0x0fff\n";

static void test_full_description(void)
{
	struct eeprom_desc d, back;
	uint16_t img[EE_WORDS];
	char err[256] = "";
	int rc;

	printf("a description setting every key\n");
	eeprom_desc_defaults(&d, CARD_MODEL_AR5413);
	rc = eeprom_desc_parse_text(&d, full_desc, "full.desc", err, sizeof(err));
	check(rc == 0, "parses %s", err);
	check(d.mode_enabled[0] && !d.mode_enabled[1] && d.mode_enabled[2] &&
	      d.mode[0].noise_floor == -77 && d.n_ctls == 2 &&
	      d.ctl[0].edge_flag[1] == 1 && d.mode[0].n_targets == 2,
	      "values land in the description");
	rc = eeprom_build(&d, img, err, sizeof(err));
	check(rc == 0, "builds %s", err);
	rc = eeprom_decode(img, &back, err, sizeof(err));
	check(rc == 0 && same_desc(&d, &back), "decodes to the same description %s", err);

	/* Fixed words, checked against the driver's layout directly */
	check(img[0x1f] == 0x02aa && img[0x1e] == 0xbbcc && img[0x1d] == 0xddee,
	      "MAC words 0x1f/0x1e/0x1d");
	check(img[0xbf] == 0x3a && img[0xc1] == 0x5003, "regdomain 0xbf, version 0xc1");
	check((img[0xc2] & 7) == 5, "header 0xc2 bands bits = 0x%x", img[0xc2] & 7);
	check(img[0x0f] == (5 << 2 | 2) && (img[0xc2] >> 14 & 1),
	      "rfkill: pin 5 and polarity in 0x0f, the switch in header bit 14");
	check(img[0xc4] >> 14 == 2, "misc0 EEMAP 2");
	check((img[0xc3] >> 8 & 0xff) == 0xfd && (img[0xc3] & 0xff) == 4,
	      "antenna gains in 0xc3");
	check((img[0xd4 + 10] >> 1 & 0xf) == 0xb, "11a x_gain at 0xd4+10 bits 4:1");
	check((int8_t)(img[0xd4 + 9] & 0xff) == -77, "11a noise floor at 0xd4+9");
	check((img[0xf2 + 9] >> 1 & 0xf) == 1 && (img[0x10d + 9] >> 1 & 0xf) == 0xf,
	      "11b/11g x_gain at +9 of their sections");
	{
		unsigned int cal = img[0xc8] >> 4, w0 = img[cal + 5];

		/* first pier of 11a: pier list (5 words), then the highest gain curve */
		check((img[cal] & 0xff) == (5170 - 4800) / 5, "first 11a pier bin at misc4>>4");
		check((w0 & 0x1f) == 1 && (w0 >> 5 & 0x7f) == 15 && (w0 >> 12) == 1,
		      "pier word 0: pwr_i, pddac_i, pwr[0] of curve 3");
		check((img[cal + 6] & 0x3f) == 5 && (img[cal + 6] >> 6 & 0xf) == 1,
		      "pier word 1: pddac[0], pwr[1]");
	}
	{
		unsigned int t = img[0xc5] & 0xfff;

		check((img[t] >> 8) == (5180 - 4800) / 5 && (img[t] >> 2 & 0x3f) == 40,
		      "11a target 0: bin and 6-24 power");
		check((img[t + 4] >> 8) == 0xff, "11a target list ends with bin 0xff");
		check((img[t + 0x14] >> 8) == 2412 - 2300, "11g targets at +0x14");
	}
	check((img[0x128] >> 8) == 0x10 && (img[0x128] & 0xff) == 0x11, "CTL ids at 0x128");
	check(img[0x148] == 0x1234 && img[0x149] == 0x8000 && img[0x14d] == 0x0fff,
	      "spur tables at 0x148 and 0x14d");
}

static void test_corruption(void)
{
	struct eeprom_desc d, back;
	uint16_t img[EE_WORDS];
	char err[256] = "";

	printf("broken images are refused the way the driver refuses them\n");
	eeprom_desc_defaults(&d, CARD_MODEL_AR5413);
	eeprom_build(&d, img, err, sizeof(err));
	img[0x200] ^= 0x0100;
	check(eeprom_decode(img, &back, err, sizeof(err)) == -1 &&
	      strstr(err, "checksum"), "one flipped bit: '%s'", err);
	img[0x200] ^= 0x0100;
	img[0x1d] = img[0x1e] = img[0x1f] = 0xffff;
	check(eeprom_decode(img, &back, err, sizeof(err)) == -1 &&
	      strstr(err, "MAC"), "blank MAC: '%s'", err);
	eeprom_build(&d, img, err, sizeof(err));
	img[0xd4 + 10] &= ~0x1eu;		/* 11a x_gain 0 */
	img[0xc0] = 0;
	img[0xc0] = (uint16_t)(eeprom_checksum(img) ^ 0xffff);
	check(eeprom_decode(img, &back, err, sizeof(err)) == -1 &&
	      strstr(err, "x_gain"), "x_gain 0 in a mode: '%s'", err);
	d.mode[1].n_targets = 0;
	check(eeprom_build(&d, img, err, sizeof(err)) == -1 &&
	      strstr(err, "target"), "enabled band without target powers: '%s'", err);
}

static void test_bad_lines(void)
{
	static const struct {
		const char *text;
		unsigned int line;
	} cases[] = {
		{ "mac = 00:11:22:33:44:55\n\nmac = zz:11\n", 3 },
		{ "# ok\nregdomain 0x10\n", 2 },
		{ "a.noise_floor = -300\n", 1 },
		{ "bands = abx\n", 1 },
		{ "\n\n\n\nno_such_key = 1\n", 5 },
		{ "a.piers = 5180 banana\n", 1 },
		{ "b.x_gain = 0\n", 1 },
		{ "g.target = 2412 99 1 1 1\n", 1 },
		{ "ctl = 0x10 5180-60\n", 1 },
		{ "a.pd0 = 1 2 3\n", 1 },
		{ "q.ob = 1\n", 1 },
		{ "mac =\n", 1 },
	};

	printf("bad description lines are rejected with their line number\n");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct eeprom_desc d, before;
		char err[256] = "", where[32];

		eeprom_desc_defaults(&d, CARD_MODEL_AR5413);
		before = d;
		snprintf(where, sizeof(where), "t.desc:%u:", cases[i].line);
		check(eeprom_desc_parse_text(&d, cases[i].text, "t.desc", err,
					     sizeof(err)) == -1 &&
		      !strncmp(err, where, strlen(where)) &&
		      !memcmp(&d, &before, sizeof(d)),
		      "case %zu -> '%s' (description unchanged)", i, err);
	}
}

static void test_dump_reparses(void)
{
	struct eeprom_desc d, again;
	uint16_t img[EE_WORDS];
	char err[256] = "", *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	printf("the --dump listing is itself a valid description\n");
	eeprom_desc_defaults(&d, CARD_MODEL_AR5413);
	eeprom_desc_parse_text(&d, full_desc, "full.desc", err, sizeof(err));
	eeprom_desc_print(&d, mem);
	fclose(mem);
	eeprom_desc_defaults(&again, CARD_MODEL_AR5413);
	check(eeprom_desc_parse_text(&again, text, "dump", err, sizeof(err)) == 0 &&
	      eeprom_build(&again, img, err, sizeof(err)) == 0 && same_desc(&d, &again),
	      "listing parses back to the same description %s", err);
	free(text);
}

/* The shipped example, found next to this source file. */
static void test_example_file(void)
{
	char path[512], err[256] = "";
	const char *slash = strrchr(__FILE__, '/');
	struct eeprom_desc d, back;
	uint16_t img[EE_WORDS];
	int rc;

	printf("example-card.desc builds and round-trips\n");
	snprintf(path, sizeof(path), "%.*sexample-card.desc",
		 slash ? (int)(slash - __FILE__ + 1) : 0, __FILE__);
	eeprom_desc_defaults(&d, CARD_MODEL_AR5413);
	rc = eeprom_desc_parse_file(&d, path, err, sizeof(err));
	check(rc == 0, "%s parses %s", path, err);
	rc = eeprom_build(&d, img, err, sizeof(err));
	check(rc == 0 && eeprom_decode(img, &back, err, sizeof(err)) == 0 &&
	      same_desc(&d, &back) && d.n_ctls == 2 && d.mac[5] == 0x01,
	      "builds and decodes to the same description %s", err);
	rc = eeprom_desc_parse_file(&d, "/nonexistent/card.desc", err, sizeof(err));
	check(rc == -1 && strstr(err, "/nonexistent/card.desc") &&
	      strstr(err, "No such file"), "missing file: '%s'", err);
}

/*
 * The 3.x layouts of an RF5111 card: every version builds and reads back,
 * with its fields where the Linux parser looks for them.
 */
static void test_v3_layouts(void)
{
	static const uint16_t vers[] = { 0x3000, 0x3001, 0x3002, 0x3003, 0x3004 };

	printf("3.0-3.4 RF5111 images build, sit where the driver reads, read back\n");
	for (unsigned int i = 0; i < sizeof(vers) / sizeof(vers[0]); i++) {
		uint16_t v = vers[i], img[EE_WORDS];
		bool old = v < 0x3003;
		unsigned int g = old ? 0x100 : 0x150, ids = old ? 0xe4 : 0x128;
		unsigned int ctl1 = g + 0x6f + (old ? 7 : 8), t = g + 0x55;
		struct eeprom_desc d, back;
		char err[256] = "";

		eeprom_desc_defaults(&d, CARD_MODEL_AR5211);
		d.version = v;
		d.mode[EE_MODE_B].ob = 5;
		d.mode[EE_MODE_B].db = 1;
		d.n_ctls = 2;
		d.ctl[0] = (struct ee_ctl){ 0x10, { 5180, 5320, 5825 }, { 30, 32, 34 },
					    { 0 } };
		d.ctl[1] = (struct ee_ctl){ 0x11, { 2412, 2462 }, { 36, 35 }, { 0 } };
		eeprom_desc_fit_version(&d);
		check(eeprom_build(&d, img, err, sizeof(err)) == 0, "%u.%u builds %s",
		      v >> 12, v & 0xfff, err);
		check(img[0xc1] == v && img[old ? 0xc4 : 0xc3] == 0x0202,
		      "%u.%u: version word, antenna gains at 0x%x", v >> 12, v & 0xfff,
		      old ? 0xc4 : 0xc3);
		check(eeprom_decode(img, &back, err, sizeof(err)) == 0 &&
		      back.version == v && same_desc(&d, &back),
		      "%u.%u: every field round-trips %s", v >> 12, v & 0xfff, err);
		check(img[ids] == (0x10 << 8 | 0x11), "%u.%u: CTL ids at 0x%x",
		      v >> 12, v & 0xfff, ids);
		if (old) {
			/* 5180 MHz: 7-bit bin 8; 36 Mbit/s power split 3/3 */
			check(img[t] >> 9 == 8 && (img[t] >> 3 & 0x3f) == 34 &&
			      ((img[t] & 7) << 3 | img[t + 1] >> 13) == 32,
			      "%u.%u: first 11a target (0x%04x 0x%04x)", v >> 12,
			      v & 0xfff, img[t], img[t + 1]);
			/* 2412 is bin 12, 2462 bin 62: 7 bits each from the top */
			check(img[ctl1] >> 9 == 12 && (img[ctl1] >> 2 & 0x7f) == 62,
			      "%u.%u: second CTL's edges after 7 words (0x%04x)",
			      v >> 12, v & 0xfff, img[ctl1]);
			check(img[0xec] == (1 << 3 | 5), "%u.%u: 11b ob/db word 0x%04x",
			      v >> 12, v & 0xfff, img[0xec]);
		} else {
			check(img[t] >> 8 == (5180 - 4800) / 5, "%u.%u: 11a target at 0x%x",
			      v >> 12, v & 0xfff, t);
			check(img[ctl1] >> 8 == 2412 - 2300, "%u.%u: second CTL after 8 words",
			      v >> 12, v & 0xfff);
			check(img[0xc4] == 0 && img[0xc5] == 0,
			      "%u.%u: no MISC0/MISC1 (0x%04x 0x%04x)", v >> 12, v & 0xfff,
			      img[0xc4], img[0xc5]);
		}
	}

	{
		struct eeprom_desc d;
		uint16_t img[EE_WORDS];
		char err[256] = "";

		eeprom_desc_defaults(&d, CARD_MODEL_AR5211);
		d.mode[EE_MODE_A].n_piers = 8;
		check(eeprom_build(&d, img, err, sizeof(err)) == -1 && strstr(err, "exactly"),
		      "3.2 with 8 11a piers refused: %s", err);
		eeprom_desc_defaults(&d, CARD_MODEL_AR5413);
		d.version = 0x3003;
		check(eeprom_build(&d, img, err, sizeof(err)) == -1 && strstr(err, "RF5111"),
		      "EEMAP 2 at 3.3 refused: %s", err);
		eeprom_desc_defaults(&d, CARD_MODEL_AR5211);
		d.aes_disabled = true;
		check(eeprom_build(&d, img, err, sizeof(err)) == -1 && strstr(err, "MISC5"),
		      "aes_disabled at 3.2 refused: %s", err);
		eeprom_desc_defaults(&d, CARD_MODEL_AR5211);
		d.n_ctls = 17;
		for (unsigned int i = 0; i < d.n_ctls; i++)
			d.ctl[i].id = 0x10;
		check(eeprom_build(&d, img, err, sizeof(err)) == -1 && strstr(err, "17"),
		      "17 CTLs at 3.2 refused: %s", err);
		eeprom_desc_defaults(&d, CARD_MODEL_AR5211);
		d.mode[EE_MODE_A].pier_mhz[0] = 5185;	/* below 5720: 10 MHz steps */
		check(eeprom_build(&d, img, err, sizeof(err)) == -1 && strstr(err, "5185"),
		      "5185 MHz has no 7-bit bin: %s", err);
		d.version = 0x3003;
		eeprom_desc_fit_version(&d);
		check(eeprom_build(&d, img, err, sizeof(err)) == 0,
		      "but a byte bin at 3.3: %s", err);
		eeprom_desc_defaults(&d, CARD_MODEL_AR5211);
		eeprom_build(&d, img, err, sizeof(err));
		img[0xc1] = 0x2003;
		check(eeprom_decode(img, &d, err, sizeof(err)) == -1 && strstr(err, "0x2003"),
		      "decode refuses 2.3: %s", err);
	}
}

int main(void)
{
	test_defaults_round_trip();
	test_full_description();
	test_corruption();
	test_bad_lines();
	test_dump_reparses();
	test_example_file();
	test_v3_layouts();
	return checks_report("test_eeprom");
}
