// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The per-card EEPROM description: built-in defaults for each modelled
 * radio and a "key = value" file format that overrides them.  Per-band keys
 * carry an "a.", "b." or "g." prefix; list-valued keys take numbers
 * separated by blanks.  Repeatable keys (X.target, ctl) replace the
 * defaults on their first use in a file and append afterwards.
 */
#include "eeprom.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DESC_MAX_BYTES	(256 * 1024)
#define LIST_MAX	16

static void mode_defaults(struct ee_mode *m, unsigned int mode, unsigned int eemap)
{
	static const uint16_t piers_a[] = { 5180, 5240, 5320, 5500, 5600, 5700, 5745, 5825 };
	static const uint16_t piers_bg[] = { 2412, 2437, 2462, 2484 };
	bool five = mode == EE_MODE_A;

	memset(m, 0, sizeof(*m));
	m->switch_settling = five ? 45 : 44;
	m->txrx_atten = five ? 23 : 18;
	m->adc_desired = -32;
	m->pga_desired = 0xb0;
	m->ob = 3;
	m->db = 3;
	m->thr62 = five ? 15 : 28;
	m->noise_floor = five ? -85 : -90;
	m->xlna_gain = 12;
	m->x_gain = 0x9;		/* PD gain curves 0 and 3 */
	m->false_detect = 46;
	m->i_gain = 10;
	m->margin_tx_rx = 10;
	if (five) {
		m->n_piers = sizeof(piers_a) / sizeof(piers_a[0]);
		memcpy(m->pier_mhz, piers_a, sizeof(piers_a));
	} else {
		m->n_piers = eemap == 2 ? EE_MAX_PIERS_2GHZ_MAP2 : EE_MAX_PIERS_2GHZ_MAP1;
		memcpy(m->pier_mhz, piers_bg, m->n_piers * sizeof(piers_bg[0]));
	}
	if (eemap == 0) {
		/*
		 * RF5111: one PD curve per pier, the first gain bit x_gain
		 * leaves clear; the driver fixes the 2 GHz piers itself.  Ten
		 * 11a piers, as the 3.0-3.2 layouts always have.
		 */
		static const uint16_t piers_a10[EE_MAX_PIERS_5GHZ] = {
			5180, 5220, 5240, 5280, 5320, 5500, 5600, 5700, 5745, 5825 };

		m->x_gain = 0xe;
		if (!five)
			eeprom_rf5111_piers(mode, m->pier_mhz, &m->n_piers);
		else
			memcpy(m->pier_mhz, piers_a10, sizeof(piers_a10));
		m->n_piers = five ? EE_MAX_PIERS_5GHZ : m->n_piers;
	}
	/* 1 dBm at the lowest PCDAC step to 21 dBm at the highest. */
	m->pcdac.pcdac_min = 1;
	m->pcdac.pcdac_max = 63;
	for (unsigned int i = 0; i < EE_PCDAC_POINTS; i++)
		m->pcdac.pwr[i] = (uint8_t)(2 + 4 * i);
	/* Gain bit 3 (highest gain, lowest power) then bit 0 (up to 18 dBm). */
	m->pd[3] = (struct ee_pd_curve){ 2, 20, { 4, 4, 4, 0 }, { 6, 6, 6, 0 } };
	m->pd[0] = (struct ee_pd_curve){ 10, 10, { 4, 4, 4, 4 }, { 8, 8, 8, 8 } };
	m->xpd_curves = (struct ee_xpd_curves){
		.pwr_x0 = { 40, 52, 64, 72 },
		.pcdac_x0 = { 20, 10, 10, 10 },
		.pwr_x3 = { 8, 20, 32 },
	};
	if (five) {
		static const uint16_t tf[] = { 5180, 5320, 5500, 5745 };

		m->n_targets = 4;
		for (unsigned int i = 0; i < m->n_targets; i++)
			m->target[i] = (struct ee_target_power){ tf[i], 34, 32, 30, 28 };
	} else if (mode == EE_MODE_B) {
		m->n_targets = 2;
		m->target[0] = (struct ee_target_power){ 2412, 36, 36, 36, 36 };
		m->target[1] = (struct ee_target_power){ 2484, 36, 36, 36, 36 };
	} else {
		m->n_targets = 3;
		m->target[0] = (struct ee_target_power){ 2412, 34, 32, 30, 28 };
		m->target[1] = (struct ee_target_power){ 2437, 34, 32, 30, 28 };
		m->target[2] = (struct ee_target_power){ 2472, 34, 32, 30, 28 };
	}
}

void eeprom_desc_fit_version(struct eeprom_desc *d)
{
	if (d->version >= 0x4000)
		return;
	d->pd_gain_overlap = 0;
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		struct ee_mode *m = &d->mode[mode];

		m->margin_tx_rx = 0;
		if (d->version < EE_VERSION_3_4)
			m->i_gain = 10;
		if (d->version < EE_VERSION_3_3)
			m->false_detect = 0;
	}
}

void eeprom_desc_defaults(struct eeprom_desc *d, enum card_model model)
{
	static const uint8_t mac[6] = { 0x00, 0x03, 0x7f, 0xe0, 0x00, 0x01 };

	memset(d, 0, sizeof(*d));
	/*
	 * AR5211 cards carry 3.x images.  Of those, 3.2 is the newest the
	 * Linux driver reads consistently: for 3.3 and 3.4 it takes the target
	 * powers from a MISC1 it never read (word 0 onwards).
	 */
	d->version = model == CARD_MODEL_AR5211 ? EE_VERSION_3_2 : EE_VERSION_5_3;
	memcpy(d->mac, mac, sizeof(mac));
	d->regdomain = 0;
	d->eemap = model == CARD_MODEL_AR5212_RF5112 ? 1 :
		   model == CARD_MODEL_AR5211 || model == CARD_MODEL_AR5210 ? 0 : 2;
	d->mode_enabled[EE_MODE_A] = model != CARD_MODEL_AR2413;
	/* The AR5210's RF5110 has no 2.4 GHz side (caps.c: 11a only). */
	d->mode_enabled[EE_MODE_B] = model != CARD_MODEL_AR5210;
	/* The AR5211 MAC has no 11g (the driver ignores the bit there). */
	d->mode_enabled[EE_MODE_G] = model != CARD_MODEL_AR5211 &&
				     model != CARD_MODEL_AR5210;
	d->ant_gain_5ghz = 2;
	d->ant_gain_2ghz = 2;
	d->pd_gain_overlap = 6;
	for (unsigned int mode = 0; mode < EE_MODES; mode++)
		mode_defaults(&d->mode[mode], mode, d->eemap);
	for (unsigned int band = 0; band < 2; band++)
		for (unsigned int i = 0; i < EE_SPUR_CHANS; i++)
			d->spur[band][i] = EE_NO_SPUR;
}

/* ---- parsing ----------------------------------------------------------- */

enum field_kind { F_U8, F_S8 };

struct mode_field {
	const char *name;
	size_t offset;
	enum field_kind kind;
	long min, max;
};

#define MF(n, k, lo, hi) { #n, offsetof(struct ee_mode, n), k, lo, hi }
static const struct mode_field mode_fields[] = {
	MF(switch_settling, F_U8, 0, 127),
	MF(txrx_atten, F_U8, 0, 63),
	MF(adc_desired, F_S8, -128, 127),
	MF(pga_desired, F_U8, 0, 255),
	MF(ob, F_U8, 0, 7),
	MF(db, F_U8, 0, 7),
	MF(thr62, F_U8, 0, 255),
	MF(noise_floor, F_S8, -128, 127),
	MF(xlna_gain, F_U8, 0, 255),
	MF(x_gain, F_U8, 1, 15),
	MF(xpd, F_U8, 0, 1),
	MF(false_detect, F_U8, 0, 127),
	MF(i_gain, F_U8, 0, 63),
	MF(margin_tx_rx, F_U8, 0, 63),
};

struct parse_state {
	struct eeprom_desc *d;
	const char *name;
	unsigned int line;
	char *err;
	size_t errlen;
	bool targets_replaced[EE_MODES];
	bool ctls_replaced;
};

static int bad(struct parse_state *ps, const char *fmt, ...)
{
	char reason[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	snprintf(ps->err, ps->errlen, "%s:%u: %s", ps->name, ps->line, reason);
	return -1;
}

static int parse_long(const char *s, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 0);
	return errno || end == s || *end ? -1 : 0;
}

/* Splits blank-separated numbers; returns the count or -1. */
static int parse_list(char *value, long *out, int max)
{
	int n = 0;

	for (char *tok = strtok(value, " \t"); tok; tok = strtok(NULL, " \t")) {
		if (n == max || parse_long(tok, &out[n]))
			return -1;
		n++;
	}
	return n;
}

static int list_in_range(const long *v, int n, long lo, long hi)
{
	for (int i = 0; i < n; i++)
		if (v[i] < lo || v[i] > hi)
			return -1;
	return 0;
}

static int parse_mac(const char *s, uint8_t mac[6])
{
	unsigned int b[6];
	char tail;

	if (sscanf(s, "%2x:%2x:%2x:%2x:%2x:%2x%c", &b[0], &b[1], &b[2], &b[3],
		   &b[4], &b[5], &tail) != 6)
		return -1;
	for (int i = 0; i < 6; i++)
		mac[i] = (uint8_t)b[i];
	return 0;
}

int eeprom_parse_version(const char *s, uint16_t *version)
{
	unsigned int major, minor;
	char tail;

	if (sscanf(s, "%1u.%1u%c", &major, &minor, &tail) != 2)
		return -1;
	if (!(major == 3 && minor <= 4) && !(major == 5 && minor == 3))
		return -1;
	*version = (uint16_t)(major << 12 | minor);
	return 0;
}

int eeprom_parse_bands(const char *s, bool enabled[EE_MODES])
{
	bool seen[EE_MODES] = { false };

	if (!*s)
		return -1;
	for (; *s; s++) {
		const char *p = strchr("abg", *s);

		if (!p || seen[p - "abg"])
			return -1;
		seen[p - "abg"] = true;
	}
	memcpy(enabled, seen, sizeof(seen));
	return 0;
}

static int set_mode_key(struct parse_state *ps, struct ee_mode *m,
			unsigned int mode, const char *key, char *value)
{
	long v[LIST_MAX];
	int n;

	for (size_t i = 0; i < sizeof(mode_fields) / sizeof(mode_fields[0]); i++) {
		const struct mode_field *f = &mode_fields[i];
		long x;

		if (strcmp(key, f->name))
			continue;
		if (parse_long(value, &x) || x < f->min || x > f->max)
			return bad(ps, "%s wants a number in %ld..%ld", f->name,
				   f->min, f->max);
		if (f->kind == F_S8)
			*(int8_t *)((char *)m + f->offset) = (int8_t)x;
		else
			*(uint8_t *)((char *)m + f->offset) = (uint8_t)x;
		return 0;
	}
	n = parse_list(value, v, LIST_MAX);
	if (!strcmp(key, "ant_control")) {
		if (n != EE_ANT_CONTROLS || list_in_range(v, n, 0, 63))
			return bad(ps, "ant_control wants 11 numbers 0..63");
		for (int i = 0; i < n; i++)
			m->ant_control[i] = (uint8_t)v[i];
		return 0;
	}
	if (!strcmp(key, "piers")) {
		int max = mode == EE_MODE_A ? EE_MAX_PIERS_5GHZ : EE_MAX_PIERS_2GHZ_MAP2;

		if (n < 1 || n > max || list_in_range(v, n, 2301, 6070))
			return bad(ps, "piers wants 1..%d frequencies in MHz", max);
		for (int i = 0; i < n; i++)
			m->pier_mhz[i] = (uint16_t)v[i];
		m->n_piers = (unsigned int)n;
		return 0;
	}
	if (!strncmp(key, "pd", 2) && key[2] >= '0' && key[2] <= '3' && !key[3]) {
		struct ee_pd_curve *pd = &m->pd[key[2] - '0'];

		if (n != 10 || v[0] < 0 || v[0] > 31 || v[1] < 0 || v[1] > 127 ||
		    list_in_range(v + 2, 8, 0, 63))
			return bad(ps, "%s wants: pwr_start(0..31) pddac_start(0..127) then 4 pairs of pwr_step(0..15) pddac_step(0..63)",
				   key);
		for (int p = 0; p < 4; p++)
			if (v[2 + 2 * p] > 15)
				return bad(ps, "%s: pwr_step above 15", key);
		pd->pwr_start = (uint8_t)v[0];
		pd->pddac_start = (uint8_t)v[1];
		for (int p = 0; p < 4; p++) {
			pd->pwr_step[p] = (uint8_t)v[2 + 2 * p];
			pd->pddac_step[p] = (uint8_t)v[3 + 2 * p];
		}
		return 0;
	}
	if (!strcmp(key, "xpd0")) {
		if (n != 8 || v[1] < 0 || v[1] > 63)
			return bad(ps, "xpd0 wants 4 pairs: power(quarter dBm) pcdac");
		for (int p = 0; p < 4; p++) {
			if (v[2 * p] < -128 || v[2 * p] > 127 || v[2 * p + 1] < 0 ||
			    (p && v[2 * p + 1] > 31))
				return bad(ps, "xpd0 pair %d out of range", p);
			m->xpd_curves.pwr_x0[p] = (int8_t)v[2 * p];
			m->xpd_curves.pcdac_x0[p] = (uint8_t)v[2 * p + 1];
		}
		return 0;
	}
	if (!strcmp(key, "pcdac")) {
		if (n != 2 + EE_PCDAC_POINTS || list_in_range(v, n, 0, 63) || v[0] >= v[1])
			return bad(ps, "pcdac wants: pcdac_min pcdac_max (0..63, min < max) then 11 powers (half dB, 0..63)");
		for (int p = 1; p < EE_PCDAC_POINTS; p++)
			if (v[2 + p] <= v[1 + p])
				return bad(ps, "pcdac: powers must rise");
		m->pcdac.pcdac_min = (uint8_t)v[0];
		m->pcdac.pcdac_max = (uint8_t)v[1];
		for (int p = 0; p < EE_PCDAC_POINTS; p++)
			m->pcdac.pwr[p] = (uint8_t)v[2 + p];
		return 0;
	}
	if (!strcmp(key, "xpd3")) {
		if (n != 3 || list_in_range(v, n, -128, 127))
			return bad(ps, "xpd3 wants 3 powers in quarter dBm");
		for (int p = 0; p < 3; p++)
			m->xpd_curves.pwr_x3[p] = (int8_t)v[p];
		return 0;
	}
	if (!strcmp(key, "target")) {
		static const unsigned int max[EE_MODES] = { 8, 2, 3 };
		struct ee_target_power *t;

		if (n != 5 || list_in_range(v + 1, 4, 0, 63))
			return bad(ps, "target wants: MHz pwr6-24 pwr36 pwr48 pwr54 (half dB, 0..63)");
		if (!ps->targets_replaced[mode]) {
			ps->targets_replaced[mode] = true;
			m->n_targets = 0;
		}
		if (m->n_targets == max[mode])
			return bad(ps, "more than %u target entries", max[mode]);
		t = &m->target[m->n_targets++];
		*t = (struct ee_target_power){ (uint16_t)v[0], (uint8_t)v[1],
			(uint8_t)v[2], (uint8_t)v[3], (uint8_t)v[4] };
		return 0;
	}
	return bad(ps, "unknown key '%c.%s'", "abg"[mode], key);
}

static int set_ctl(struct parse_state *ps, char *value)
{
	struct eeprom_desc *d = ps->d;
	struct ee_ctl *c;
	char *tok;
	long id;
	int e = 0;

	if (!ps->ctls_replaced) {
		ps->ctls_replaced = true;
		d->n_ctls = 0;
		memset(d->ctl, 0, sizeof(d->ctl));
	}
	tok = strtok(value, " \t");
	if (!tok || parse_long(tok, &id) || id < 1 || id > 255)
		return bad(ps, "ctl wants: id(1..255) MHz:power[+] ...");
	if (d->n_ctls == EE_CTLS)
		return bad(ps, "more than %d ctl lines", EE_CTLS);
	c = &d->ctl[d->n_ctls++];
	c->id = (uint8_t)id;
	while ((tok = strtok(NULL, " \t"))) {
		unsigned int mhz, power;
		char flag = 0, extra;
		int got = sscanf(tok, "%u:%u%c%c", &mhz, &power, &flag, &extra);

		if (e == EE_CTL_EDGES || got < 2 || got > 3 ||
		    (got == 3 && flag != '+') || power > 63 || !mhz)
			return bad(ps, "ctl edge '%s': want MHz:power(0..63), '+' for the flag, at most 8",
				   tok);
		c->edge_mhz[e] = (uint16_t)mhz;
		c->edge_power[e] = (uint8_t)power;
		c->edge_flag[e] = got == 3;
		e++;
	}
	return 0;
}

/* The one-bit keys: where key's value goes, or NULL for another key. */
static bool *flag_of(struct eeprom_desc *d, const char *key)
{
	if (!strcmp(key, "aes_disabled"))
		return &d->aes_disabled;
	if (!strcmp(key, "rfkill_polarity"))
		return &d->rfkill_polarity;
	if (!strcmp(key, "rfkill_switch"))
		return &d->rfkill_switch;
	return NULL;
}

static int set_key(struct parse_state *ps, const char *key, char *value)
{
	struct eeprom_desc *d = ps->d;
	long v[LIST_MAX], x;
	bool *flag;
	int n;

	if (key[0] && key[1] == '.' && strchr("abg", key[0]))
		return set_mode_key(ps, &d->mode[strchr("abg", key[0]) - "abg"],
				    (unsigned int)(strchr("abg", key[0]) - "abg"),
				    key + 2, value);
	if (!strcmp(key, "mac")) {
		if (parse_mac(value, d->mac))
			return bad(ps, "mac wants xx:xx:xx:xx:xx:xx");
		d->named |= EE_NAMED_MAC;
		return 0;
	}
	if (!strcmp(key, "bands")) {
		if (eeprom_parse_bands(value, d->mode_enabled))
			return bad(ps, "bands wants a non-empty subset of 'abg'");
		d->named |= EE_NAMED_BANDS;
		return 0;
	}
	if (!strcmp(key, "ctl"))
		return set_ctl(ps, value);
	if (!strcmp(key, "eeprom_version")) {
		if (eeprom_parse_version(value, &d->version))
			return bad(ps, "eeprom_version wants 3.0, 3.1, 3.2, 3.3, 3.4 or 5.3");
		d->named |= EE_NAMED_VERSION;
		return 0;
	}
	if (!strcmp(key, "spur.5ghz") || !strcmp(key, "spur.2ghz")) {
		unsigned int band = key[5] == '2';

		n = parse_list(value, v, LIST_MAX);
		if (n < 1 || n > EE_SPUR_CHANS || list_in_range(v, n, 0, 0xffff))
			return bad(ps, "%s wants 1..5 raw words (0x8000 = none)", key);
		for (int i = 0; i < EE_SPUR_CHANS; i++)
			d->spur[band][i] = i < n ? (uint16_t)v[i] : EE_NO_SPUR;
		return 0;
	}
	if (parse_long(value, &x))
		return bad(ps, "unknown key '%s' or value '%s' is not a number", key,
			   value);
	if (!strcmp(key, "regdomain")) {
		if (x < 0 || x > 0xffff)
			return bad(ps, "regdomain wants 0..0xffff");
		d->regdomain = (uint16_t)x;
		d->named |= EE_NAMED_REGDOMAIN;
	} else if (!strcmp(key, "ant_gain_5ghz") || !strcmp(key, "ant_gain_2ghz")) {
		if (x < -128 || x > 127)
			return bad(ps, "%s wants -128..127", key);
		*(key[9] == '5' ? &d->ant_gain_5ghz : &d->ant_gain_2ghz) = (int8_t)x;
	} else if (!strcmp(key, "pd_gain_overlap")) {
		if (x < 0 || x > 15)
			return bad(ps, "pd_gain_overlap wants 0..15");
		d->pd_gain_overlap = (uint8_t)x;
	} else if ((flag = flag_of(d, key))) {
		if (x != 0 && x != 1)
			return bad(ps, "%s wants 0 or 1", key);
		*flag = x;
	} else if (!strcmp(key, "rfkill_gpio")) {
		if (x < 0 || x > 7)
			return bad(ps, "rfkill_gpio wants 0..7");
		d->rfkill_gpio = (uint8_t)x;
	} else if (!strcmp(key, "eemap")) {
		if (x < 0 || x > 2)
			return bad(ps, "eemap wants 0 (RF5111), 1 (RF5112) or 2 (RF2413/RF5413)");
		d->eemap = (unsigned int)x;
	} else {
		return bad(ps, "unknown key '%s'", key);
	}
	return 0;
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

int eeprom_desc_parse_text(struct eeprom_desc *desc, const char *text,
			   const char *name, char *err, size_t errlen)
{
	struct parse_state ps = { .name = name, .err = err, .errlen = errlen };
	struct eeprom_desc work = *desc;
	char *copy = strdup(text), *cursor, *line;
	int ret = 0;

	if (!copy) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	ps.d = &work;	/* the caller's copy only changes if every line is good */
	cursor = copy;
	while (!ret && (line = cursor)) {
		char *nl = strchr(line, '\n'), *hash, *eq, *key, *value;

		cursor = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		ps.line++;
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		line = trim(line);
		if (!*line)
			continue;
		eq = strchr(line, '=');
		if (!eq) {
			ret = bad(&ps, "expected 'key = value'");
			break;
		}
		*eq = '\0';
		key = trim(line);
		value = trim(eq + 1);
		if (!*key || !*value)
			ret = bad(&ps, "empty key or value");
		else
			ret = set_key(&ps, key, value);
	}
	free(copy);
	if (!ret)
		*desc = work;
	return ret;
}

int eeprom_desc_parse_file(struct eeprom_desc *desc, const char *path,
			   char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *text;
	size_t len;
	int ret;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	text = malloc(DESC_MAX_BYTES + 1);
	if (!text) {
		fclose(f);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	len = fread(text, 1, DESC_MAX_BYTES + 1, f);
	if (ferror(f) || len > DESC_MAX_BYTES) {
		snprintf(err, errlen, "%s: %s", path,
			 ferror(f) ? "read error" : "larger than 256 KiB");
		fclose(f);
		free(text);
		return -1;
	}
	fclose(f);
	text[len] = '\0';
	ret = eeprom_desc_parse_text(desc, text, path, err, errlen);
	free(text);
	return ret;
}
