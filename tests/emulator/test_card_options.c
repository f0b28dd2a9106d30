// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * --card options against an EEPROM description: an explicit mac, regdomain
 * or bands wins over what the description leaves at its default, in either
 * order; what the description itself names wins unless the same key comes
 * after eeprom-desc; the description is read for the final model.
 */
#include "fake_host.h"

#include <stdlib.h>
#include <unistd.h>

static char dir[] = "/tmp/test_card_options.XXXXXX";
static char power_desc[64], named_desc[64], version_desc[64];

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) == EOF || fclose(f)) {
		perror(path);
		exit(2);
	}
}

/* card_config_parse on the defaults of card INDEX; exits on a refusal. */
static struct card_config parsed(unsigned int index, const char *fmt, ...)
{
	struct card_config cfg;
	char spec[512], err[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(spec, sizeof(spec), fmt, ap);
	va_end(ap);
	card_config_defaults(&cfg, index);
	if (card_config_parse(&cfg, spec, err, sizeof(err))) {
		printf("'%s' refused: %s\n", spec, err);
		exit(2);
	}
	return cfg;
}

static bool mac_is(const struct card_config *cfg, const char *text)
{
	char got[18];

	snprintf(got, sizeof(got), "%02x:%02x:%02x:%02x:%02x:%02x", cfg->mac[0],
		 cfg->mac[1], cfg->mac[2], cfg->mac[3], cfg->mac[4], cfg->mac[5]);
	if (strcmp(got, text))
		printf("    MAC %s, expected %s\n", got, text);
	return !strcmp(got, text);
}

static void test_power_curve_only(void)
{
	struct card_config before, after, plain;

	printf("a description with only a power curve keeps the card's keys\n");
	before = parsed(0, "mac=02:a5:1a:b0:00:01,eeprom-desc=%s", power_desc);
	after = parsed(0, "eeprom-desc=%s,mac=02:a5:1a:b0:00:01", power_desc);
	check(mac_is(&before, "02:a5:1a:b0:00:01"), "mac= before eeprom-desc survives");
	check(mac_is(&after, "02:a5:1a:b0:00:01"), "mac= after eeprom-desc holds");
	check(!strcmp(before.eeprom_desc, power_desc) &&
	      !strcmp(after.eeprom_desc, power_desc), "both name the description");
	plain = parsed(1, "eeprom-desc=%s", power_desc);
	check(mac_is(&plain, "00:03:7f:e0:00:02"),
	      "card 1 without mac= keeps its own default, not the description's");
	before = parsed(0, "regdomain=0x10,bands=bg,eeprom-desc=%s", power_desc);
	check(before.regdomain == 0x10 && !before.mode_a && before.mode_b &&
	      before.mode_g, "regdomain= and bands= before eeprom-desc survive");
	before = parsed(0, "eeprom-desc=%s,model=ar2413", power_desc);
	check(before.model == CARD_MODEL_AR2413 && !before.mode_a,
	      "model= after eeprom-desc: the description is read for ar2413");
}

static void test_description_names_keys(void)
{
	struct card_config cfg;

	printf("keys the description names win unless repeated after it\n");
	cfg = parsed(0, "mac=02:a5:1a:b0:00:01,regdomain=0x10,eeprom-desc=%s",
		     named_desc);
	check(mac_is(&cfg, "02:00:00:00:00:aa") && cfg.regdomain == 0x3a &&
	      !cfg.mode_a && cfg.mode_b && cfg.mode_g,
	      "the description's mac, regdomain and bands replace earlier keys");
	cfg = parsed(0, "eeprom-desc=%s,mac=02:a5:1a:b0:00:01", named_desc);
	check(mac_is(&cfg, "02:a5:1a:b0:00:01") && cfg.regdomain == 0x3a &&
	      !cfg.mode_a, "mac= after eeprom-desc wins; the rest stays the description's");
	cfg = parsed(0, "eeprom-desc=%s,mac=02:a5:1a:b0:00:01,eeprom-desc=%s",
		     named_desc, power_desc);
	check(mac_is(&cfg, "02:a5:1a:b0:00:01") && cfg.regdomain == 0 && cfg.mode_a &&
	      !strcmp(cfg.eeprom_desc, power_desc),
	      "a second eeprom-desc replaces the first, what it leaves out stays");
}

/* One EEPROM word through the registers, as pci.c reads it (card awake). */
static uint16_t ee_read(struct card *c, struct fake_host *fh, unsigned int off)
{
	wr(c, 0x6000, off);
	wr(c, 0x6008, rd(c, 0x6008) | 1);
	for (int t = 0; t < 20000 && !(rd(c, 0x600c) & 2); t++)
		fh->now += 1;
	return (uint16_t)rd(c, 0x6004);
}

static void test_card_serves_the_mac(void)
{
	struct fake_host *fh = fake_host_new();
	struct card_config cfg = parsed(0, "mac=02:a5:1a:b0:00:01,eeprom-desc=%s",
					power_desc);
	char err[256];
	struct card *c;
	uint16_t words[3];

	printf("the card's EEPROM holds the MAC that survived\n");
	c = card_create(&cfg, NULL, &fake_ops, fh, err, sizeof(err));
	check(c != NULL, "card_create: %s", c ? "ok" : err);
	if (c) {
		/* Awake first, as the driver is: the EEPROM is not clocked in
		 * full sleep.  Then pci.c's read of words 0x1f, 0x1e, 0x1d. */
		wr(c, 0x4004, 0);
		for (unsigned int i = 0; i < 3; i++)
			words[i] = ee_read(c, fh, 0x1f - i);
		check(words[0] == 0x02a5 && words[1] == 0x1ab0 && words[2] == 0x0001,
		      "EEPROM MAC words %04x %04x %04x", words[0], words[1], words[2]);
		card_destroy(c);
	}
	free(fh);
}

/* model=ar5211: an a/b card; asking it for 11g is refused, not ignored. */
static void test_model_ar5211(void)
{
	struct card_config cfg = parsed(0, "model=ar5211");
	char err[256] = "", spec[128];

	printf("model=ar5211: AR5211 + RF5111, bands a and b\n");
	check(cfg.model == CARD_MODEL_AR5211 && cfg.mode_a && cfg.mode_b && !cfg.mode_g,
	      "model %d, bands %s%s%s", (int)cfg.model, cfg.mode_a ? "a" : "",
	      cfg.mode_b ? "b" : "", cfg.mode_g ? "g" : "");
	cfg = parsed(0, "model=ar5211,bands=b");
	check(cfg.mode_b && !cfg.mode_a && !cfg.mode_g, "bands=b after it narrows it");
	card_config_defaults(&cfg, 0);
	check(card_config_parse(&cfg, "model=ar5211,bands=abg", err, sizeof(err)) == -1 &&
	      strstr(err, "802.11g") && cfg.model == CARD_MODEL_AR5413,
	      "bands=abg refused: %s", err);
	card_config_defaults(&cfg, 0);
	snprintf(spec, sizeof(spec), "eeprom-desc=%s,model=ar5211", named_desc);
	check(card_config_parse(&cfg, spec, err, sizeof(err)) == -1 &&
	      strstr(err, "802.11g"), "a description naming bands=bg refused too: %s", err);
}

/* eeprom_version=: the image layout, from the option or a description. */
static void test_eeprom_version(void)
{
	struct fake_host *fh = fake_host_new();
	struct card_config cfg = parsed(0, "model=ar5211,eeprom_version=3.4");
	char err[256] = "", spec[160];
	struct card *c;

	printf("eeprom_version= picks the EEPROM layout\n");
	check(cfg.eeprom_version == 0x3004, "option: 0x%04x", cfg.eeprom_version);
	c = card_create(&cfg, NULL, &fake_ops, fh, err, sizeof(err));
	check(c != NULL, "ar5211 card at 3.4: %s", c ? "ok" : err);
	if (c) {
		wr(c, 0x4004, 0);
		check(ee_read(c, fh, 0xc1) == 0x3004 && ee_read(c, fh, 0xc3) == 0x0202,
		      "its version word and the antenna gains at 0xc3");
		card_destroy(c);
	}

	cfg = parsed(0, "model=ar5211");
	c = card_create(&cfg, NULL, &fake_ops, fh, err, sizeof(err));
	check(cfg.eeprom_version == 0 && c != NULL, "ar5211 default: %s", c ? "ok" : err);
	if (c) {
		wr(c, 0x4004, 0);
		check(ee_read(c, fh, 0xc1) == 0x3002, "without it the ar5211 ships 3.2");
		card_destroy(c);
	}

	cfg = parsed(0, "eeprom_version=3.3");
	c = card_create(&cfg, NULL, &fake_ops, fh, err, sizeof(err));
	check(!c && strstr(err, "RF5111"), "ar5413 (EEMAP 2) at 3.3 refused: %s", err);
	if (c)
		card_destroy(c);

	snprintf(spec, sizeof(spec), "model=ar5211,eeprom-desc=%s", version_desc);
	cfg = parsed(0, "%s", spec);
	check(cfg.eeprom_version == 0x3000, "a description's eeprom_version 0x%04x",
	      cfg.eeprom_version);
	cfg = parsed(0, "%s,eeprom_version=5.3", spec);
	check(cfg.eeprom_version == 0x5003, "the option after it wins: 0x%04x",
	      cfg.eeprom_version);

	for (unsigned int i = 0; i < 4; i++) {
		static const char *const bad_v[] = { "2.9", "3.5", "4.0", "3" };

		card_config_defaults(&cfg, 0);
		snprintf(spec, sizeof(spec), "eeprom_version=%s", bad_v[i]);
		check(card_config_parse(&cfg, spec, err, sizeof(err)) == -1 &&
		      strstr(err, "3.0 to 3.4"), "eeprom_version=%s refused: %s",
		      bad_v[i], err);
	}
	free(fh);
}

int main(void)
{
	struct card_config cfg;
	char err[256], spec[128];

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 2;
	}
	snprintf(power_desc, sizeof(power_desc), "%s/power.desc", dir);
	snprintf(named_desc, sizeof(named_desc), "%s/named.desc", dir);
	snprintf(version_desc, sizeof(version_desc), "%s/version.desc", dir);
	write_file(version_desc, "eeprom_version = 3.0\n");
	write_file(power_desc, "# only a power curve\n"
		   "a.xpd0 = 36 20 48 10 60 10 68 10\n"
		   "g.xpd0 = 42 18 54 10 64 10 72 8\n");
	write_file(named_desc, "mac = 02:00:00:00:00:aa\nregdomain = 0x3a\n"
		   "bands = bg\n");

	test_power_curve_only();
	test_description_names_keys();
	test_card_serves_the_mac();
	test_model_ar5211();
	test_eeprom_version();

	printf("a refused spec changes nothing\n");
	card_config_defaults(&cfg, 0);
	snprintf(spec, sizeof(spec), "mac=02:a5:1a:b0:00:01,eeprom-desc=%s/none.desc", dir);
	check(card_config_parse(&cfg, spec, err, sizeof(err)) == -1 &&
	      strstr(err, "none.desc") && mac_is(&cfg, "00:03:7f:e0:00:01") &&
	      !cfg.eeprom_desc[0], "missing description refused: %s", err);

	unlink(power_desc);
	unlink(named_desc);
	unlink(version_desc);
	rmdir(dir);
	return checks_report("test_card_options");
}
