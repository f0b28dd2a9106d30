// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * A virtual legacy station living on the air next to a card: on 2.4 GHz
 * an 802.11b one, so that an 11g access point served by that card meets
 * a non-ERP station and turns protection on; on 5 GHz a plain 802.11a
 * one, so that a dozing station can be in the BSS of a 5 GHz-only card
 * such as the AR5210.  It has no descriptors and no driver: it learns
 * SSID and BSSID from the card's next beacon, then runs Open System
 * authentication and association as a plain client would (capability
 * ESS alone; rates 1, 2, 5.5 and 11 Mbit/s all at 1 Mbit/s CCK, or 6 to
 * 54 Mbit/s all at 6 Mbit/s OFDM), and afterwards only ACKs what is
 * addressed to it.  On command it tells the AP it dozes or wakes (a Null
 * function frame with or without the Power Management bit), so that the
 * AP buffers group traffic for the DTIM; it never really sleeps and keeps
 * ACKing.
 *
 * The air hands it every frame on the card's channel (air.c calls
 * legacy_sta_hear); answers are never sent from there but scheduled on
 * the card's clock (legacy_sta_next_deadline / legacy_sta_advance), so
 * a reply leaves a millisecond after the frame it answers.
 */
#include "air_timing.h"
#include "card_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATE_CODE_CCK		0x10	/* set in every CCK rate code */
#define BAND_5GHZ_MIN_MHZ	3000	/* channels above are 5 GHz ones */
#define LSTA_REPLY_US		1000	/* frame heard -> our next request */
#define LSTA_TIMEOUT_US		200000	/* request -> give up waiting, resend */
#define LSTA_TRIES		5	/* requests per step before failing */
#define LSTA_MAC_ATTEMPTS	4	/* transmissions of a frame without ACK */
#define LSTA_LISTEN_INTERVAL	10

/* Management subtypes, as frame control byte 0 (type 0). */
#define FC0_ASSOC_REQ		0x00
#define FC0_ASSOC_RESP		0x10
#define FC0_REASSOC_RESP	0x30
#define FC0_BEACON		0x80
#define FC0_DISASSOC		0xa0
#define FC0_AUTH		0xb0
#define FC0_DEAUTH		0xc0
/* Data frames: Null function (no body), to the DS, power management. */
#define FC0_NULL_FUNCTION	0x48
#define FC1_TO_DS		0x01
#define FC1_PWR_MGT		0x10

#define HDR_LEN			24
#define FCS_LEN			4
#define BEACON_FIXED		12	/* timestamp, interval, capability */
#define CAPAB_ESS		0x0001
#define EID_SSID		0
#define EID_RATES		1
#define EID_EXT_RATES		50
#define RATE_BASIC		0x80	/* rates octet: in the BSS basic rate set */
#define REASON_LEAVING		3	/* deauth: station is leaving */

enum lsta_state {
	LSTA_IDLE,
	LSTA_WAIT_BEACON,
	LSTA_AUTHENTICATING,
	LSTA_ASSOCIATING,
	LSTA_ASSOCIATED,
	LSTA_FAILED,
};

/* A power-management change the station still has to tell the AP. */
enum lsta_pm_request {
	LSTA_PM_NONE,
	LSTA_PM_DOZE,
	LSTA_PM_WAKE,
};

static const char *const state_names[] = {
	[LSTA_IDLE] = "idle",
	[LSTA_WAIT_BEACON] = "waiting-beacon",
	[LSTA_AUTHENTICATING] = "authenticating",
	[LSTA_ASSOCIATING] = "associating",
	[LSTA_ASSOCIATED] = "associated",
	[LSTA_FAILED] = "failed",
};

struct legacy_sta {
	uint8_t mac[6];
	uint8_t bssid[6];
	bool have_bss;			/* bssid and ssid learned from a beacon */
	uint8_t ssid[32];
	unsigned int ssid_len;
	enum lsta_state state;
	char reason[48];		/* why failed, one word with dashes */
	unsigned int tries;		/* requests sent in this step */
	uint64_t send_at;		/* next request or resend; CARD_NO_DEADLINE */
	uint16_t seq;			/* 12-bit sequence number of the next frame */
	uint16_t aid;
	unsigned long acked, unacked;	/* our frames, for the log */
	/* The AP's view of us: dozing once it ACKed our Null frame with PM. */
	bool dozing;
	enum lsta_pm_request pm_request;	/* sent at send_at */
	unsigned long unicast_while_dozing;	/* since join; the AP should buffer these */
	uint8_t basic_11a;		/* bit i: rates_11a[i] basic in the beacon */
};

/*
 * The 802.11a rates in 500 kbit/s units: 6, 9, 12, 18, 24, 36, 48 and
 * 54 Mbit/s.  Eight, so one Supported Rates element holds them all.
 */
static const uint8_t rates_11a[8] = { 12, 18, 24, 36, 48, 72, 96, 108 };

static void sta_logf(struct card *card, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void sta_logf(struct card *card, const char *fmt, ...)
{
	char text[384], mac[18];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	card_logf(card, "legacy-sta %s: %s", card_format_mac(card->legacy->mac, mac), text);
}

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static void put16(uint8_t *p, unsigned int v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

/* The PHY follows the card's channel: 11a on 5 GHz, 11b on 2.4 GHz. */
static bool is_11a(const struct card *card)
{
	return card->freq_mhz >= BAND_5GHZ_MIN_MHZ;
}

/* The rate the AP ACKs our frames at: the AP is the card itself. */
static uint8_t ap_ack_rate(const struct card *card)
{
	return tx_ack_rate(card, card_band_base_rate(card));
}

/* ---- sending -------------------------------------------------------------- */

/* A frame to the BSS: header here, body from the caller, FCS by transmit. */
static unsigned int frame_header(struct card *card, struct air_frame *f,
				 uint8_t fc0, uint8_t fc1)
{
	struct legacy_sta *sta = card->legacy;
	unsigned int duration = tx_sifs_us(card_band_base_rate(card)) +
				tx_airtime_us(ap_ack_rate(card), AIR_ACK_BYTES);

	memset(f->data, 0, HDR_LEN);
	f->data[0] = fc0;
	f->data[1] = fc1;
	put16(f->data + 2, duration);
	memcpy(f->data + 4, sta->bssid, 6);
	memcpy(f->data + 10, sta->mac, 6);
	memcpy(f->data + 16, sta->bssid, 6);
	put16(f->data + 22, (unsigned int)(sta->seq << 4));
	sta->seq = (sta->seq + 1) & 0xfff;
	return HDR_LEN;
}

/*
 * Puts the frame (len bytes without FCS) on the card's channel the way a
 * card's attempt goes: through the link model, then the air, which says
 * whether the addressee ACKed; resent with the Retry bit while not.  The
 * card hears it as it hears any station.
 */
static bool transmit(struct card *card, struct air_frame *f, unsigned int len)
{
	bool acked = air_send_unscheduled(card, false, f, len, card_band_base_rate(card),
					  LSTA_MAC_ATTEMPTS, NULL);

	if (acked)
		card->legacy->acked++;
	else
		card->legacy->unacked++;
	return acked;
}

static void send_auth(struct card *card)
{
	static struct air_frame f;
	unsigned int n = frame_header(card, &f, FC0_AUTH, 0);

	put16(f.data + n, 0);		/* Open System */
	put16(f.data + n + 2, 1);	/* transaction 1 */
	put16(f.data + n + 4, 0);	/* status */
	transmit(card, &f, n + 6);
}

/*
 * Supported Rates as an 11b client's: 1, 2, 5.5, 11 Mbit/s, all marked
 * basic, as this station has always sent them.
 */
static unsigned int put_rates_11b(uint8_t *p)
{
	static const uint8_t rates_11b[4] = { 0x82, 0x84, 0x8b, 0x96 };

	p[0] = EID_RATES;
	p[1] = sizeof(rates_11b);
	memcpy(p + 2, rates_11b, sizeof(rates_11b));
	return 2 + sizeof(rates_11b);
}

/*
 * Supported Rates as an 11a client's: all eight, the basic bit on those
 * the AP's beacon marks basic.  Receivers ignore that bit in an
 * Association Request, so this only mirrors what clients send.
 */
static unsigned int put_rates_11a(const struct legacy_sta *sta, uint8_t *p)
{
	p[0] = EID_RATES;
	p[1] = sizeof(rates_11a);
	for (unsigned int i = 0; i < sizeof(rates_11a); i++)
		p[2 + i] = (uint8_t)(rates_11a[i] |
				     ((sta->basic_11a & 1u << i) ? RATE_BASIC : 0));
	return 2 + sizeof(rates_11a);
}

static void send_assoc(struct card *card)
{
	static struct air_frame f;
	struct legacy_sta *sta = card->legacy;
	unsigned int n = frame_header(card, &f, FC0_ASSOC_REQ, 0);

	/* ESS alone in either band: no short preamble or short slot to offer */
	put16(f.data + n, CAPAB_ESS);
	put16(f.data + n + 2, LSTA_LISTEN_INTERVAL);
	n += 4;
	f.data[n++] = EID_SSID;
	f.data[n++] = (uint8_t)sta->ssid_len;
	memcpy(f.data + n, sta->ssid, sta->ssid_len);
	n += sta->ssid_len;
	n += is_11a(card) ? put_rates_11a(sta, f.data + n) : put_rates_11b(f.data + n);
	transmit(card, &f, n);
}

static void send_deauth(struct card *card, unsigned int reason)
{
	static struct air_frame f;
	unsigned int n = frame_header(card, &f, FC0_DEAUTH, 0);

	put16(f.data + n, reason);
	transmit(card, &f, n + 2);
}

/*
 * The Null function frame that tells the AP whether we doze (PM set) or
 * are awake; our state follows only once the AP has ACKed it.
 */
static void send_null_function(struct card *card, bool doze)
{
	static struct air_frame f;
	struct legacy_sta *sta = card->legacy;
	unsigned int n = frame_header(card, &f, FC0_NULL_FUNCTION,
				      FC1_TO_DS | (doze ? FC1_PWR_MGT : 0));
	char bssid[18];

	card_format_mac(sta->bssid, bssid);
	if (!transmit(card, &f, n)) {
		sta_logf(card, "%s: Null frame not ACKed by %s after %u transmissions, still %s",
			 doze ? "doze" : "wake", bssid, LSTA_MAC_ATTEMPTS,
			 sta->dozing ? "dozing" : "awake");
		return;
	}
	sta->dozing = doze;
	sta_logf(card, "%s: Null frame ACKed by %s, %s", doze ? "doze" : "wake", bssid,
		 doze ? "dozing" : "awake");
}

static void fail(struct card *card, const char *reason)
{
	struct legacy_sta *sta = card->legacy;

	sta->state = LSTA_FAILED;
	sta->send_at = CARD_NO_DEADLINE;
	snprintf(sta->reason, sizeof(sta->reason), "%s", reason);
	sta_logf(card, "failed: %s", reason);
}

/* Next step of the exchange, a short while after what made it due. */
static void step_to(struct card *card, enum lsta_state state)
{
	struct legacy_sta *sta = card->legacy;

	sta->state = state;
	sta->tries = 0;
	sta->send_at = card_now(card) + LSTA_REPLY_US;
}

uint64_t legacy_sta_next_deadline(const struct card *card)
{
	return card->legacy ? card->legacy->send_at : CARD_NO_DEADLINE;
}

void legacy_sta_advance(struct card *card, uint64_t now)
{
	struct legacy_sta *sta = card->legacy;
	bool auth;

	if (!sta || now < sta->send_at)
		return;
	sta->send_at = CARD_NO_DEADLINE;
	if (sta->state == LSTA_ASSOCIATED && sta->pm_request != LSTA_PM_NONE) {
		bool doze = sta->pm_request == LSTA_PM_DOZE;

		sta->pm_request = LSTA_PM_NONE;
		send_null_function(card, doze);
		return;
	}
	if (sta->state != LSTA_AUTHENTICATING && sta->state != LSTA_ASSOCIATING)
		return;
	auth = sta->state == LSTA_AUTHENTICATING;
	if (sta->tries == LSTA_TRIES) {
		fail(card, auth ? "no-auth-response" : "no-assoc-response");
		return;
	}
	if (sta->tries++)
		sta_logf(card, "no %s response, try %u of %u",
			 auth ? "authentication" : "association", sta->tries, LSTA_TRIES);
	sta->send_at = now + LSTA_TIMEOUT_US;
	if (auth)
		send_auth(card);
	else
		send_assoc(card);
}

/* ---- hearing -------------------------------------------------------------- */

/* The SSID element of a beacon body (elements from ies, n bytes). */
static bool find_ssid(struct legacy_sta *sta, const uint8_t *ies, unsigned int n)
{
	for (unsigned int i = 0; i + 2 <= n && i + 2 + ies[i + 1] <= n;
	     i += 2 + ies[i + 1]) {
		if (ies[i] != EID_SSID || ies[i + 1] > sizeof(sta->ssid))
			continue;
		sta->ssid_len = ies[i + 1];
		memcpy(sta->ssid, ies + i + 2, sta->ssid_len);
		return true;
	}
	return false;
}

/* Which 11a rates the beacon's (Extended) Supported Rates mark basic. */
static uint8_t find_basic_11a(const uint8_t *ies, unsigned int n)
{
	uint8_t basic = 0;

	for (unsigned int i = 0; i + 2 <= n && i + 2 + ies[i + 1] <= n;
	     i += 2 + ies[i + 1]) {
		if (ies[i] != EID_RATES && ies[i] != EID_EXT_RATES)
			continue;
		for (unsigned int j = 0; j < ies[i + 1]; j++) {
			uint8_t rate = ies[i + 2 + j];

			for (unsigned int k = 0; k < sizeof(rates_11a); k++)
				if (rate == (rates_11a[k] | RATE_BASIC))
					basic |= (uint8_t)(1u << k);
		}
	}
	return basic;
}

static void heard_beacon(struct card *card, const uint8_t *d, unsigned int len)
{
	struct legacy_sta *sta = card->legacy;
	char bssid[18];

	if (len < HDR_LEN + BEACON_FIXED ||
	    !find_ssid(sta, d + HDR_LEN + BEACON_FIXED, len - HDR_LEN - BEACON_FIXED))
		return;
	sta->basic_11a = find_basic_11a(d + HDR_LEN + BEACON_FIXED,
					len - HDR_LEN - BEACON_FIXED);
	memcpy(sta->bssid, d + 16, 6);
	sta->have_bss = true;
	sta_logf(card, "beacon of %s, ssid '%.*s': authenticating",
		 card_format_mac(sta->bssid, bssid), (int)sta->ssid_len, (const char *)sta->ssid);
	step_to(card, LSTA_AUTHENTICATING);
}

/* A management frame from the BSS to us; body of len bytes. */
static void heard_mgmt(struct card *card, uint8_t fc0, const uint8_t *body,
		       unsigned int len)
{
	struct legacy_sta *sta = card->legacy;
	char bssid[18], why[48];

	card_format_mac(sta->bssid, bssid);
	if (fc0 == FC0_AUTH && sta->state == LSTA_AUTHENTICATING && len >= 6 &&
	    get16(body) == 0 && get16(body + 2) == 2) {
		if (get16(body + 4)) {
			snprintf(why, sizeof(why), "auth-status-%u", get16(body + 4));
			fail(card, why);
			return;
		}
		sta_logf(card, "authenticated with %s: associating", bssid);
		step_to(card, LSTA_ASSOCIATING);
	} else if ((fc0 == FC0_ASSOC_RESP || fc0 == FC0_REASSOC_RESP) &&
		   sta->state == LSTA_ASSOCIATING && len >= 6) {
		if (get16(body + 2)) {
			snprintf(why, sizeof(why), "assoc-status-%u", get16(body + 2));
			fail(card, why);
			return;
		}
		sta->aid = get16(body + 4) & 0x3fff;
		sta->state = LSTA_ASSOCIATED;
		sta->send_at = CARD_NO_DEADLINE;
		sta_logf(card, "associated to %s aid %u", bssid, sta->aid);
	} else if ((fc0 == FC0_DEAUTH || fc0 == FC0_DISASSOC) && len >= 2 &&
		   (sta->state == LSTA_AUTHENTICATING || sta->state == LSTA_ASSOCIATING ||
		    sta->state == LSTA_ASSOCIATED)) {
		sta_logf(card, "%s by %s (reason %u): idle",
			 fc0 == FC0_DEAUTH ? "deauthenticated" : "disassociated",
			 bssid, get16(body));
		sta->state = LSTA_IDLE;
		sta->aid = 0;
		sta->send_at = CARD_NO_DEADLINE;
		sta->dozing = false;
		sta->pm_request = LSTA_PM_NONE;
	}
}

bool legacy_sta_hear(struct card *card, const struct card *sender,
		     const struct air_frame *f)
{
	struct legacy_sta *sta = card->legacy;
	unsigned int len = f->len;
	const uint8_t *d = f->data;
	bool ofdm = !(f->rate_code & RATE_CODE_CCK);
	bool to_us;

	/*
	 * On the card's channel, whole frames only, and what its PHY
	 * decodes: CCK for the 11b radio, OFDM for the 11a one.
	 */
	if (!sta || f->fcs_bad || !card->freq_mhz || f->freq_mhz != card->freq_mhz ||
	    ofdm != is_11a(card) || len < 10 + FCS_LEN)
		return false;
	len -= FCS_LEN;
	to_us = !memcmp(d + 4, sta->mac, 6);
	if ((d[0] & 0x0c) == 0x04)	/* control frames: no ACK, no answer */
		return false;
	/* A dozing station's frames wait at the AP, so these are its slips. */
	if (to_us && sta->dozing && sta->state == LSTA_ASSOCIATED) {
		sta->unicast_while_dozing++;
		sta_logf(card, "frame fc %02x%02x to us while dozing", d[0], d[1]);
	}
	if (d[0] == FC0_BEACON && sta->state == LSTA_WAIT_BEACON && sender == card &&
	    len >= HDR_LEN)
		heard_beacon(card, d, len);
	if (!to_us || len < HDR_LEN)
		return to_us;
	if ((d[0] & 0x0c) == 0 && sta->have_bss && !memcmp(d + 10, sta->bssid, 6))
		heard_mgmt(card, d[0], d + HDR_LEN, len - HDR_LEN);
	return true;
}

bool legacy_sta_address(const struct card *card, uint8_t mac[6])
{
	if (!card->legacy)
		return false;
	memcpy(mac, card->legacy->mac, 6);
	return true;
}

void legacy_sta_free(struct card *card)
{
	free(card->legacy);
	card->legacy = NULL;
}

/* ---- control -------------------------------------------------------------- */

static int answer_error(char *answer, size_t cap, const char *what)
{
	snprintf(answer, cap, "error: %s", what);
	return -1;
}

static int join(struct card *card, const char *mac_arg, char *answer, size_t cap)
{
	uint8_t mac[6], own[6];
	char text[18];

	if (!card_parse_unicast_mac(mac_arg, mac))
		return answer_error(answer, cap,
				    "legacy-sta join needs a unicast MAC xx:xx:xx:xx:xx:xx");
	card_own_mac(card, own);
	if (!memcmp(mac, own, 6) || !memcmp(mac, card->cfg.mac, 6))
		return answer_error(answer, cap, "legacy-sta MAC is the card's own");
	if (!card->legacy) {
		card->legacy = calloc(1, sizeof(*card->legacy));
		if (!card->legacy)
			return answer_error(answer, cap, "out of memory");
	}
	memset(card->legacy, 0, sizeof(*card->legacy));
	memcpy(card->legacy->mac, mac, 6);
	card->legacy->state = LSTA_WAIT_BEACON;
	card->legacy->send_at = CARD_NO_DEADLINE;
	if (card->air)
		air_note_change(card->air);
	sta_logf(card, "joining the BSS of %s (%s): waiting for its beacon",
		 card->cfg.name, card_format_mac(own, text));
	snprintf(answer, cap, "ok");
	return 0;
}

static int leave(struct card *card, char *answer, size_t cap)
{
	struct legacy_sta *sta = card->legacy;
	char bssid[18];

	if (!sta)
		return answer_error(answer, cap, "no legacy station on this card");
	if (sta->state == LSTA_AUTHENTICATING || sta->state == LSTA_ASSOCIATING ||
	    sta->state == LSTA_ASSOCIATED) {
		sta_logf(card, "leaving %s: deauthentication, reason %u",
			 card_format_mac(sta->bssid, bssid), REASON_LEAVING);
		send_deauth(card, REASON_LEAVING);
	}
	sta_logf(card, "gone (%lu frames ACKed, %lu not)", sta->acked, sta->unacked);
	legacy_sta_free(card);
	if (card->air)
		air_note_change(card->air);
	snprintf(answer, cap, "ok");
	return 0;
}

/* "doze" or "wake": queues the Null frame that tells the AP. */
static int power_save(struct card *card, bool doze, char *answer, size_t cap)
{
	struct legacy_sta *sta = card->legacy;
	char bssid[18];

	if (!sta)
		return answer_error(answer, cap, "no legacy station on this card");
	if (sta->state != LSTA_ASSOCIATED) {
		snprintf(answer, cap, "error: legacy-sta %s needs an associated station (state=%s)",
			 doze ? "doze" : "wake", state_names[sta->state]);
		return -1;
	}
	sta->pm_request = doze ? LSTA_PM_DOZE : LSTA_PM_WAKE;
	sta->send_at = card_now(card);
	snprintf(answer, cap, "ok: null frame pm=%d to %s queued", doze ? 1 : 0,
		 card_format_mac(sta->bssid, bssid));
	return 0;
}

static int query(struct card *card, char *answer, size_t cap)
{
	struct legacy_sta *sta = card->legacy;
	char mac[18], bssid[18];
	int n;

	if (!sta) {
		snprintf(answer, cap, "ok: none");
		return 0;
	}
	n = snprintf(answer, cap, "ok: %s state=%s", card_format_mac(sta->mac, mac),
		     state_names[sta->state]);
	if (n < 0 || (size_t)n >= cap)
		return 0;
	if (sta->state == LSTA_ASSOCIATED)
		n += snprintf(answer + n, cap - (size_t)n, " aid=%u", sta->aid);
	else if (sta->state == LSTA_FAILED)
		n += snprintf(answer + n, cap - (size_t)n, " reason=%s", sta->reason);
	if (sta->have_bss && (size_t)n < cap)
		n += snprintf(answer + n, cap - (size_t)n, " bssid=%s",
			      card_format_mac(sta->bssid, bssid));
	if (sta->state == LSTA_ASSOCIATED && (size_t)n < cap)
		n += snprintf(answer + n, cap - (size_t)n, " phy=%s",
			      is_11a(card) ? "11a" : "11b");
	if (sta->state == LSTA_ASSOCIATED && (size_t)n < cap)
		snprintf(answer + n, cap - (size_t)n, " ps=%s unicast_while_dozing=%lu",
			 sta->dozing ? "doze" : "awake", sta->unicast_while_dozing);
	return 0;
}

int card_legacy_sta_command(struct card *card, const char *args, char *answer,
			    size_t cap)
{
	char word[16], mac[32], extra[2];
	int words = sscanf(args, "%15s %31s %1s", word, mac, extra);

	if (words <= 0)
		return query(card, answer, cap);
	if (!strcmp(word, "join") && words == 2)
		return join(card, mac, answer, cap);
	if (!strcmp(word, "leave") && words == 1)
		return leave(card, answer, cap);
	if (!strcmp(word, "doze") && words == 1)
		return power_save(card, true, answer, cap);
	if (!strcmp(word, "wake") && words == 1)
		return power_save(card, false, answer, cap);
	snprintf(answer, cap,
		 "error: unknown legacy-sta command '%s' (expected 'legacy-sta', 'legacy-sta join MAC', 'legacy-sta doze', 'legacy-sta wake' or 'legacy-sta leave')",
		 args);
	return -1;
}
