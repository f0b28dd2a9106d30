// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Card options: "key=value,key=value" on the command line.  An
 * eeprom-desc file is read while the options are parsed so a bad file is
 * reported with its line before any socket opens.  It is read after the
 * other keys, for the final model; of mac/regdomain/bands it sets only
 * the ones its text names (unless the same key follows eeprom-desc), so
 * an explicit option never loses to a description's default.
 */
#include "air_timing.h"
#include "card.h"
#include "eeprom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * air=real (the default) is a room: some attempts are lost and retried,
 * RSSI varies per frame, senders back off.  air=ideal is a wire.
 */
static void set_air(struct card_config *cfg, bool real)
{
	cfg->loss_percent = real ? AIR_REAL_LOSS_PERCENT : 0;
	cfg->fade_db = real ? 3 : 0;
	cfg->backoff = real;
}

void card_config_defaults(struct card_config *cfg, unsigned int index)
{
	memset(cfg, 0, sizeof(*cfg));
	snprintf(cfg->name, sizeof(cfg->name), "card%u", index);
	cfg->model = CARD_MODEL_AR5413;
	/* Atheros OUI; the last octets tell cards of one lab apart. */
	cfg->mac[0] = 0x00;
	cfg->mac[1] = 0x03;
	cfg->mac[2] = 0x7f;
	cfg->mac[3] = 0xe0;
	cfg->mac[4] = (uint8_t)(index >> 8);
	cfg->mac[5] = (uint8_t)(index + 1);
	cfg->regdomain = 0;
	cfg->mode_a = true;
	cfg->mode_b = true;
	cfg->mode_g = true;
	cfg->airtime = true;
	cfg->rssi = 40;		/* -60 dBm over a -100 dBm noise floor */
	cfg->seed = 1;
	set_air(cfg, true);
}

bool card_parse_unicast_mac(const char *text, uint8_t mac[6])
{
	unsigned int b[6];
	char tail;

	if (sscanf(text, "%2x:%2x:%2x:%2x:%2x:%2x%c", &b[0], &b[1], &b[2],
		   &b[3], &b[4], &b[5], &tail) != 6 || (b[0] & 1))
		return false;
	for (int i = 0; i < 6; i++)
		mac[i] = (uint8_t)b[i];
	return true;
}

char *card_format_mac(const uint8_t mac[6], char out[18])
{
	static const char hex[] = "0123456789abcdef";

	for (unsigned int i = 0; i < 6; i++) {
		out[3 * i] = hex[mac[i] >> 4];
		out[3 * i + 1] = hex[mac[i] & 0xf];
		out[3 * i + 2] = i < 5 ? ':' : '\0';
	}
	return out;
}

static int parse_number(const char *v, unsigned long max, unsigned long *out)
{
	char *end;

	if (!*v || *v == '-')
		return -1;
	*out = strtoul(v, &end, 0);
	return *end || *out > max ? -1 : 0;
}

static int set_model(struct card_config *cfg, const char *v)
{
	if (!strcmp(v, "ar5413"))
		cfg->model = CARD_MODEL_AR5413;
	else if (!strcmp(v, "ar2413"))
		cfg->model = CARD_MODEL_AR2413;
	else if (!strcmp(v, "ar5212"))
		cfg->model = CARD_MODEL_AR5212_RF5112;
	else if (!strcmp(v, "ar5211"))
		cfg->model = CARD_MODEL_AR5211;
	else if (!strcmp(v, "ar5210"))
		cfg->model = CARD_MODEL_AR5210;
	else
		return -1;
	/* The AR2413 has no 5 GHz radio, the AR5211 MAC no 802.11g. */
	if (cfg->model == CARD_MODEL_AR2413)
		cfg->mode_a = false;
	if (cfg->model == CARD_MODEL_AR5211)
		cfg->mode_g = false;
	/* The AR5210's RF5110 is a 5 GHz radio alone (caps.c: 11a only). */
	if (cfg->model == CARD_MODEL_AR5210)
		cfg->mode_b = cfg->mode_g = false;
	return 0;
}

static int set_bands(struct card_config *cfg, const char *v)
{
	bool enabled[EE_MODES];

	if (eeprom_parse_bands(v, enabled))
		return -1;
	cfg->mode_a = enabled[EE_MODE_A];
	cfg->mode_b = enabled[EE_MODE_B];
	cfg->mode_g = enabled[EE_MODE_G];
	return 0;
}

/* "off", or "PIN:POLARITY" (the pin's level that means radio blocked). */
static int set_rfkill_switch(struct card_config *cfg, const char *v)
{
	if (!strcmp(v, "off")) {
		cfg->rfkill_given = true;
		cfg->rfkill_switch = false;
		cfg->rfkill_gpio = 0;
		cfg->rfkill_polarity = false;
		return 0;
	}
	if (strlen(v) != 3 || v[0] < '0' || v[0] > '7' || v[1] != ':' ||
	    (v[2] != '0' && v[2] != '1'))
		return -1;
	cfg->rfkill_given = true;
	cfg->rfkill_switch = true;
	cfg->rfkill_gpio = (uint8_t)(v[0] - '0');
	cfg->rfkill_polarity = v[2] == '1';
	return 0;
}

/*
 * Reads cfg->eeprom_desc; the keys its text names replace the card's,
 * except those in keep (given again after eeprom-desc).
 */
static int apply_desc(struct card_config *cfg, unsigned int keep, char *err,
		      size_t errlen)
{
	const char *path = cfg->eeprom_desc;
	struct eeprom_desc desc;
	uint16_t image[EE_WORDS];
	unsigned int take;

	eeprom_desc_defaults(&desc, cfg->model);
	if (eeprom_desc_parse_file(&desc, path, err, errlen))
		return -1;
	if (eeprom_build(&desc, image, err, errlen)) {
		char reason[200];

		snprintf(reason, sizeof(reason), "%s", err);
		snprintf(err, errlen, "%s: %s", path, reason);
		return -1;
	}
	take = desc.named & ~keep;
	if (take & EE_NAMED_MAC)
		memcpy(cfg->mac, desc.mac, sizeof(cfg->mac));
	if (take & EE_NAMED_REGDOMAIN)
		cfg->regdomain = desc.regdomain;
	if (take & EE_NAMED_VERSION)
		cfg->eeprom_version = desc.version;
	if (take & EE_NAMED_BANDS) {
		cfg->mode_a = desc.mode_enabled[EE_MODE_A];
		cfg->mode_b = desc.mode_enabled[EE_MODE_B];
		cfg->mode_g = desc.mode_enabled[EE_MODE_G];
	}
	return 0;
}

/* The EE_NAMED_* bit of a card option a description can also set. */
static unsigned int named_bit(const char *key)
{
	if (!strcmp(key, "mac"))
		return EE_NAMED_MAC;
	if (!strcmp(key, "regdomain"))
		return EE_NAMED_REGDOMAIN;
	if (!strcmp(key, "bands"))
		return EE_NAMED_BANDS;
	if (!strcmp(key, "eeprom_version"))
		return EE_NAMED_VERSION;
	return 0;
}

static int apply(struct card_config *cfg, const char *key, const char *v,
		 char *err, size_t errlen)
{
	if (!strcmp(key, "socket")) {
		if (!*v || strlen(v) >= sizeof(cfg->socket_path))
			goto bad;
		strcpy(cfg->socket_path, v);
	} else if (!strcmp(key, "name")) {
		if (!*v || strlen(v) >= sizeof(cfg->name))
			goto bad;
		strcpy(cfg->name, v);
	} else if (!strcmp(key, "model")) {
		if (set_model(cfg, v))
			goto bad;
	} else if (!strcmp(key, "mac")) {
		if (!card_parse_unicast_mac(v, cfg->mac))
			goto bad;
	} else if (!strcmp(key, "regdomain")) {
		char *end;
		unsigned long rd = strtoul(v, &end, 0);

		if (!*v || *end || rd > 0xffff)
			goto bad;
		cfg->regdomain = (uint16_t)rd;
	} else if (!strcmp(key, "bands")) {
		if (set_bands(cfg, v))
			goto bad;
	} else if (!strcmp(key, "rssi") || !strcmp(key, "snr")) {
		unsigned long snr;

		if (parse_number(v, 100, &snr))
			goto bad;
		cfg->rssi = (uint8_t)snr;
	} else if (!strcmp(key, "air")) {
		if (strcmp(v, "real") && strcmp(v, "ideal"))
			goto bad;
		set_air(cfg, v[0] == 'r');
	} else if (!strcmp(key, "loss")) {
		unsigned long loss;

		if (parse_number(v, 100, &loss))
			goto bad;
		cfg->loss_percent = (uint8_t)loss;
	} else if (!strcmp(key, "fade")) {
		unsigned long fade;

		if (parse_number(v, 20, &fade))
			goto bad;
		cfg->fade_db = (uint8_t)fade;
	} else if (!strcmp(key, "seed")) {
		unsigned long seed;

		if (parse_number(v, 0xffffffffu, &seed))
			goto bad;
		cfg->seed = (uint32_t)seed;
	} else if (!strcmp(key, "rate-ceiling")) {
		unsigned int rate = 0;

		if (strcmp(v, "off") && !card_parse_rate(v, &rate))
			goto bad;
		cfg->rate_ceiling_100k = (uint16_t)rate;
	} else if (!strcmp(key, "rfkill-switch")) {
		if (set_rfkill_switch(cfg, v))
			goto bad;
	} else if (!strcmp(key, "eeprom_version")) {
		if (eeprom_parse_version(v, &cfg->eeprom_version))
			goto bad;
	} else if (!strcmp(key, "eeprom-desc")) {
		if (!*v || strlen(v) >= sizeof(cfg->eeprom_desc))
			goto bad;
		strcpy(cfg->eeprom_desc, v);
	} else if (!strcmp(key, "trace") || !strcmp(key, "airtime")) {
		if (strcmp(v, "0") && strcmp(v, "1"))
			goto bad;
		*(key[0] == 't' ? &cfg->trace : &cfg->airtime) = v[0] == '1';
	} else {
		snprintf(err, errlen,
			 "unknown card option '%s' (known: socket, name, model, mac, regdomain, bands, eeprom_version, eeprom-desc, trace, airtime, air, snr or rssi, loss, fade, seed, rate-ceiling, rfkill-switch)",
			 key);
		return -1;
	}
	return 0;
bad:
	snprintf(err, errlen, "bad value '%s' for %s (%s)", v, key,
		 !strcmp(key, "model") ? "ar5413, ar2413, ar5212, ar5211 or ar5210" :
		 !strcmp(key, "mac") ? "xx:xx:xx:xx:xx:xx, unicast" :
		 !strcmp(key, "regdomain") ? "0..0xffff" :
		 !strcmp(key, "rssi") || !strcmp(key, "snr") ?
		 "0..100 dB over the noise floor" :
		 !strcmp(key, "loss") ? "0..100 percent of attempts" :
		 !strcmp(key, "fade") ? "0..20 dB" :
		 !strcmp(key, "seed") ? "0..0xffffffff" :
		 !strcmp(key, "air") ? "real or ideal" :
		 !strcmp(key, "rate-ceiling") ?
		 "off or a rate in Mbit/s: " CARD_RATE_NAMES :
		 !strcmp(key, "rfkill-switch") ?
		 "off, or PIN:POLARITY with PIN 0..7 and POLARITY 0 or 1" :
		 !strcmp(key, "bands") ? "a non-empty subset of abg" :
		 !strcmp(key, "eeprom_version") ? "3.0 to 3.4 (RF5111 models) or 5.3" :
		 !strcmp(key, "trace") || !strcmp(key, "airtime") ? "0 or 1" :
		 "non-empty, not too long");
	return -1;
}

int card_config_parse(struct card_config *cfg, const char *spec, char *err,
		      size_t errlen)
{
	struct card_config work = *cfg;
	char *copy = strdup(spec), *item, *save = NULL;
	bool desc_named = false;
	unsigned int after_desc = 0;	/* EE_NAMED_* keys after eeprom-desc */
	int ret = 0;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (item = strtok_r(copy, ",", &save); item && !ret;
	     item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '=');

		if (!eq) {
			snprintf(err, errlen, "card option '%s' is not key=value", item);
			ret = -1;
			break;
		}
		*eq = '\0';
		ret = apply(&work, item, eq + 1, err, errlen);
		if (!strcmp(item, "eeprom-desc")) {
			desc_named = true;
			after_desc = 0;
		} else if (desc_named) {
			after_desc |= named_bit(item);
		}
	}
	free(copy);
	if (!ret && desc_named)
		ret = apply_desc(&work, after_desc, err, errlen);
	if (!ret && work.model == CARD_MODEL_AR2413 && work.mode_a) {
		snprintf(err, errlen, "model ar2413 has no 5 GHz band: drop 'a' from bands");
		ret = -1;
	}
	if (!ret && work.model == CARD_MODEL_AR5211 && work.mode_g) {
		snprintf(err, errlen, "model ar5211 has no 802.11g: drop 'g' from bands");
		ret = -1;
	}
	if (!ret && work.model == CARD_MODEL_AR5210 && (work.mode_b || work.mode_g)) {
		snprintf(err, errlen,
			 "model ar5210 has no 2.4 GHz band (RF5110, 802.11a only): bands must be a");
		ret = -1;
	}
	if (!ret && !work.mode_a && !work.mode_b && !work.mode_g) {
		snprintf(err, errlen, "no band enabled");
		ret = -1;
	}
	if (!ret)
		*cfg = work;
	return ret;
}
