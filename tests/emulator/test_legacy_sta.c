// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The virtual station of "CARD legacy-sta": next to a card acting as an
 * access point (the test plays its driver, sending beacon and responses
 * through TX descriptors), it learns the SSID from the beacon,
 * authenticates and associates as a plain 11b client on 2.4 GHz, ACKs
 * what the AP sends it, resends unanswered requests and gives up, goes
 * idle on a deauthentication and deauthenticates itself on leave; on
 * doze and wake it tells the AP with a Null function frame (PM bit set
 * or clear) and takes the new state once that is ACKed.  On a 5 GHz
 * channel, next to an AR5210 or an AR5413, it does the same as a plain
 * 11a client at 6 Mbit/s OFDM.  Then the command through
 * control_execute(), with its error answers.
 */
#include "air_timing.h"
#include "card_model.h"
#include "fake_host.h"
#include "control_test.h"

#define TX_DESC		0x1000
#define TX_BUF		0x2000
#define RX_RING		0x40000
#define RING_N		32
#define RATE_1M		0x1b
#define RATE_6M		0x0b
#define RATE_54M	0x0c
#define MS		1000u
#define NULL_DATA_BYTES	(24 + 4)

/* AR5210 registers at the offsets ath5k uses for that chip. */
#define A5210_TXDP0	0x0000
#define A5210_CR	0x0008
#define A5210_RXDP	0x000c
#define A5210_RETRY_LMT	0x801c
#define A5210_RX_FILTER	0x804c
#define A5210_DIAG_SW	0x8068
#define CR_TXE0		0x1
#define CR_RXE		0x4

static const uint8_t sta_mac[6] = { 0x02, 0xa5, 0x1a, 0xbb, 0x00, 0x0b };
static const uint8_t nobody[6] = { 0x02, 0x00, 0x00, 0x55, 0x55, 0x55 };
static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static const char ssid[] = "erp-lab";

/* ---- the log lines of the station ---- */

static char last_sta_line[384];
static unsigned int sta_lines;

static void capture_log(void *host, const char *line)
{
	(void)host;
	if (!strstr(line, "legacy-sta "))
		return;
	sta_lines++;
	snprintf(last_sta_line, sizeof(last_sta_line), "%s", line);
	printf("    log: %s\n", line);
}

static struct card_host_ops logging_ops;

/* ---- an AP card on an air, its RX ring read in order ---- */

/* 6, 9, 12, 18, 24, 36, 48, 54 Mbit/s; 6, 12 and 24 basic (hostapd's 11a default). */
static const uint8_t rates_11a[8] = { 0x8c, 0x12, 0x98, 0x24, 0xb0, 0x48, 0x60, 0x6c };

struct bss {
	struct air *air;
	struct test_card ap;
	bool ar5210;			/* 2-word descriptors on TXDP0, 5210 RX status */
	uint8_t rate;			/* the band's base rate: 1 Mbit/s CCK, or 6 OFDM */
	unsigned int channel;		/* for the beacon's DS Parameter Set */
	uint8_t beacon_rates[8];	/* 5 GHz: the beacon's Supported Rates */
	uint8_t want_assoc_rates[8];	/* 5 GHz: the station's, as it should send them */
	unsigned int rx_next;		/* next RX descriptor to look at */
	uint16_t seq;
	unsigned int send_us;		/* the last ap_send: TXE to TX status, µs */
};

/* Awake, MAC, RX ring and RX on, the way ath5k leaves an AR5210. */
static void up_ar5210(struct test_card *tc, unsigned int mhz)
{
	test_card_up_5210(tc, mhz, RX_FILTER_NORMAL, RX_RING, RING_N);
}

/* An AP card (an AR5413 unless ar5210) tuned to mhz on an air of its own. */
static void bss_open_at(struct bss *b, bool ar5210, unsigned int mhz)
{
	memset(b, 0, sizeof(*b));
	b->air = air_create();
	if (!b->air)
		exit(2);
	logging_ops = fake_ops;
	logging_ops.log = capture_log;
	test_card_open(&b->ap, b->air, 1, ar5210 ? "model=ar5210,airtime=1" : "airtime=1");
	b->ap.card->ops = &logging_ops;
	b->ar5210 = ar5210;
	if (ar5210)
		up_ar5210(&b->ap, mhz);
	else
		test_card_up(&b->ap, mhz, RX_RING, RING_N);
	b->rate = mhz < 3000 ? RATE_1M : RATE_6M;
	b->channel = mhz < 3000 ? (mhz - 2407) / 5 : (mhz - 5000) / 5;
	memcpy(b->beacon_rates, rates_11a, sizeof(rates_11a));
	memcpy(b->want_assoc_rates, rates_11a, sizeof(rates_11a));
	sta_lines = 0;
	last_sta_line[0] = '\0';
}

/* The AR5413 AP on channel 1, where the station is an 11b client. */
static void bss_open(struct bss *b)
{
	bss_open_at(b, false, 2412);
}

static bool five_ghz(const struct bss *b)
{
	return b->rate == RATE_6M;
}

static const char *rate_name(const struct bss *b)
{
	return five_ghz(b) ? "6 Mbit/s OFDM" : "1 Mbit/s CCK";
}

static void bss_close(struct bss *b)
{
	test_card_close(&b->ap);
	air_destroy(b->air);
}

static void run_us(struct bss *b, uint64_t us)
{
	for (uint64_t t = 0; t < us; t += 10)
		test_cards_advance(&b->ap, 1, 10);
}

/* The AP's next received frame, or NULL when none came. */
static const uint8_t *next_rx(struct bss *b, unsigned int *len, unsigned int *rate)
{
	uint32_t d = RX_RING + 32 * b->rx_next, st0;

	if (b->rx_next >= RING_N || !(fake_get32(b->ap.fh, d + 20) & 1))
		return NULL;
	st0 = fake_get32(b->ap.fh, d + 16);
	*len = st0 & 0xfff;
	/* the AR5210's rate field is 4 bits, RSSI right above */
	*rate = st0 >> 15 & (b->ar5210 ? 0xf : 0x1f);
	return b->ap.fh->mem + RX_RING + 0x10000 + RX_BUF_SIZE * b->rx_next++;
}

/* The last four bytes, little-endian, are the CRC-32 of the rest. */
static bool fcs_good(const uint8_t *frame, unsigned int len)
{
	uint32_t fcs;

	if (len <= 4)
		return false;
	memcpy(&fcs, frame + len - 4, 4);
	return fcs == wifi_crc32(frame, len - 4);
}

static unsigned int le16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

/* A 2-word AR5210 descriptor as desc.c sets one up: one rate, INTREQ. */
static void put_5210_desc(struct fake_host *fh, unsigned int body_len, uint8_t rate)
{
	fake_put32(fh, TX_DESC, 0);
	fake_put32(fh, TX_DESC + 4, TX_BUF);
	fake_put32(fh, TX_DESC + 8, (24 + body_len + 4) | 24u << 12 |
		   (uint32_t)(rate & 0xf) << 18 | 0x20000000u);
	fake_put32(fh, TX_DESC + 12, 24 + body_len);
	fake_put32(fh, TX_DESC + 16, 0);
	fake_put32(fh, TX_DESC + 20, 0);
}

/*
 * The AP sends a frame (fc0 fc1, to dst, from and for its own BSS, body
 * given) at rate with 4 tries (the AR5210: its retry limit of 4);
 * returns TX status word 0 and leaves the time it took in send_us.
 */
static uint32_t ap_send(struct bss *b, uint8_t fc0, uint8_t fc1, const uint8_t *dst,
			const uint8_t *body, unsigned int body_len, uint8_t rate)
{
	struct fake_host *fh = b->ap.fh;
	uint8_t *f = fh->mem + TX_BUF;
	bool group = dst[0] & 1;
	struct tx_setup s = { .buf = TX_BUF, .frame_len = 24 + body_len + 4,
			      .buf_len = 24 + body_len, .intreq = true, .noack = group,
			      .tries = { group ? 1 : 4 }, .rates = { rate } };
	uint32_t status = b->ar5210 ? TX_DESC + 16 : TX_DESC + 24;
	unsigned int us;

	memset(f, 0, 24);
	f[0] = fc0;
	f[1] = fc1;
	memcpy(f + 4, dst, 6);
	memcpy(f + 10, b->ap.mac, 6);
	memcpy(f + 16, b->ap.mac, 6);
	f[22] = (uint8_t)(b->seq << 4);
	f[23] = (uint8_t)(b->seq >> 4);
	b->seq++;
	if (body_len)
		memcpy(f + 24, body, body_len);
	if (b->ar5210) {
		put_5210_desc(fh, body_len, rate);
		wr(b->ap.card, A5210_TXDP0, TX_DESC);
		wr(b->ap.card, A5210_CR, CR_TXE0);
	} else {
		put_tx_desc(fh, TX_DESC, &s);
		wr(b->ap.card, 0x800, TX_DESC);
		wr(b->ap.card, 0x840, 1);
	}
	/* microsecond steps, so send_us is the exchange's length */
	for (us = 0; !(fake_get32(fh, status + 4) & 1) && us < 200000; us++)
		test_cards_advance(&b->ap, 1, 1);
	b->send_us = us;
	return fake_get32(fh, status);
}

/*
 * A beacon of an 11g AP (ERP element and extended rates included) on 2.4
 * GHz; of an 11a AP with beacon_rates on 5 GHz.
 */
static void ap_beacon(struct bss *b)
{
	uint8_t body[64] = { 0 };
	unsigned int n = 8;

	body[n++] = 100;		/* interval */
	body[n++] = 0;
	body[n++] = 0x01;		/* ESS; short slot on 2.4 GHz */
	body[n++] = five_ghz(b) ? 0 : 0x04;
	body[n++] = 0;			/* SSID */
	body[n++] = sizeof(ssid) - 1;
	memcpy(body + n, ssid, sizeof(ssid) - 1);
	n += sizeof(ssid) - 1;
	if (five_ghz(b)) {
		body[n++] = 1;		/* Supported Rates */
		body[n++] = sizeof(b->beacon_rates);
		memcpy(body + n, b->beacon_rates, sizeof(b->beacon_rates));
		n += sizeof(b->beacon_rates);
	} else {
		memcpy(body + n, "\x01\x04\x82\x84\x8b\x96", 6);	/* rates */
		n += 6;
	}
	body[n++] = 3;			/* DS Parameter Set: the channel */
	body[n++] = 1;
	body[n++] = (uint8_t)b->channel;
	if (!five_ghz(b)) {
		memcpy(body + n, "\x2a\x01\x00", 3);			/* ERP: none */
		n += 3;
		memcpy(body + n, "\x32\x04\x0c\x12\x18\x24", 6);	/* 6..18 Mbit/s */
		n += 6;
	}
	ap_send(b, 0x80, 0, bcast, body, n, b->rate);
}

static bool tx_ok(uint32_t st0)
{
	return (st0 & 3) == 1;
}

static void query(struct card *card, char *answer, size_t cap)
{
	card_legacy_sta_command(card, "", answer, cap);
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Checks the next RX frame is the station's Authentication request. */
static unsigned int expect_auth(struct bss *b, const char *when)
{
	unsigned int len = 0, rate = 0;
	const uint8_t *f = next_rx(b, &len, &rate);

	check(f && len == 24 + 6 + 4 && f[0] == 0xb0 && !memcmp(f + 4, b->ap.mac, 6) &&
	      !memcmp(f + 10, sta_mac, 6) && !memcmp(f + 16, b->ap.mac, 6),
	      "%s: the AP received an Authentication request from the station (len %u)",
	      when, len);
	if (!f)
		return 0;
	check(le16(f + 24) == 0 && le16(f + 26) == 1 && le16(f + 28) == 0,
	      "open system, transaction 1, status 0 (%u %u %u)", le16(f + 24),
	      le16(f + 26), le16(f + 28));
	check(rate == b->rate && fcs_good(f, len), "at %s (0x%02x), FCS good", rate_name(b),
	      rate);
	return le16(f + 22) >> 4;
}

/* Beacon, auth, assoc as the AP's driver would; true when associated. */
static bool associate(struct bss *b, bool verbose)
{
	static const uint8_t auth_ok[6] = { 0, 0, 2, 0, 0, 0 };
	static const uint8_t assoc_ok[6] = { 0x01, 0x04, 0, 0, 0x02, 0xc0 };
	unsigned int len = 0, rate = 0, i, ies[8], n_ies = 0;
	char answer[160];
	const uint8_t *f;
	uint32_t st0;

	ap_beacon(b);
	run_us(b, 5 * MS);
	expect_auth(b, "after the beacon");
	query(b->ap.card, answer, sizeof(answer));
	if (verbose)
		check(starts(answer, "ok: 02:a5:1a:bb:00:0b state=authenticating"),
		      "query: '%s'", answer);

	st0 = ap_send(b, 0xb0, 0, sta_mac, auth_ok, sizeof(auth_ok), b->rate);
	check(tx_ok(st0) && !(st0 >> 8 & 0xf),
	      "the AP's Authentication response was ACKed on the first try (st0 %08x)", st0);
	run_us(b, 5 * MS);
	f = next_rx(b, &len, &rate);
	check(f && f[0] == 0x00 && !memcmp(f + 4, b->ap.mac, 6) &&
	      !memcmp(f + 10, sta_mac, 6) && rate == b->rate && fcs_good(f, len),
	      "the AP received an Association Request at %s (len %u, rate 0x%02x)",
	      rate_name(b), len, rate);
	if (!f)
		return false;
	check(le16(f + 24) == 0x0001 && le16(f + 26) == 10,
	      "capability ESS alone (0x%04x), listen interval 10 (%u)", le16(f + 24),
	      le16(f + 26));
	for (i = 28; i + 2 <= len - 4 && n_ies < 8; i += 2 + f[i + 1])
		ies[n_ies++] = i;
	check(n_ies == 2 && f[ies[0]] == 0 && f[ies[0] + 1] == sizeof(ssid) - 1 &&
	      !memcmp(f + ies[0] + 2, ssid, sizeof(ssid) - 1),
	      "SSID element '%s' learned from the beacon, then one element more", ssid);
	if (five_ghz(b))
		check(n_ies == 2 && f[ies[1]] == 1 && f[ies[1] + 1] == 8 &&
		      !memcmp(f + ies[1] + 2, b->want_assoc_rates, 8),
		      "Supported Rates: exactly 6, 9, 12, 18, 24, 36, 48, 54 Mbit/s, basic as the beacon marks them (%02x %02x %02x %02x %02x %02x %02x %02x)",
		      b->want_assoc_rates[0], b->want_assoc_rates[1], b->want_assoc_rates[2],
		      b->want_assoc_rates[3], b->want_assoc_rates[4], b->want_assoc_rates[5],
		      b->want_assoc_rates[6], b->want_assoc_rates[7]);
	else
		check(n_ies == 2 && f[ies[1]] == 1 && f[ies[1] + 1] == 4 &&
		      (f[ies[1] + 2] & 0x7f) == 0x02 && (f[ies[1] + 3] & 0x7f) == 0x04 &&
		      (f[ies[1] + 4] & 0x7f) == 0x0b && (f[ies[1] + 5] & 0x7f) == 0x16,
		      "Supported Rates: exactly 1, 2, 5.5, 11 Mbit/s");
	check(n_ies == 2 && ies[1] + 2 + f[ies[1] + 1] == len - 4,
	      "no Extended Supported Rates, ERP, HT or other element (%u elements)", n_ies);
	query(b->ap.card, answer, sizeof(answer));
	if (verbose)
		check(starts(answer, "ok: 02:a5:1a:bb:00:0b state=associating"),
		      "query: '%s'", answer);

	st0 = ap_send(b, 0x10, 0, sta_mac, assoc_ok, sizeof(assoc_ok), b->rate);
	check(tx_ok(st0), "the AP's Association Response was ACKed (st0 %08x)", st0);
	run_us(b, 5 * MS);
	query(b->ap.card, answer, sizeof(answer));
	check(starts(answer, "ok: 02:a5:1a:bb:00:0b state=associated aid=2") &&
	      strstr(answer, five_ghz(b) ? " phy=11a " : " phy=11b "),
	      "query: '%s'", answer);
	return starts(answer, "ok: 02:a5:1a:bb:00:0b state=associated aid=2");
}

static void test_join_and_leave(void)
{
	char answer[160], want[160];
	unsigned int len = 0, rate = 0;
	const uint8_t *f;
	struct bss b;
	uint32_t st0;

	printf("an 11b station joins the AP card's BSS, is ACKed and leaves\n");
	bss_open(&b);
	query(b.ap.card, answer, sizeof(answer));
	check(!strcmp(answer, "ok: none"), "before join: '%s'", answer);
	card_legacy_sta_command(b.ap.card, "join 02:a5:1a:bb:00:0b", answer, sizeof(answer));
	check(!strcmp(answer, "ok"), "join: '%s'", answer);
	query(b.ap.card, answer, sizeof(answer));
	check(!strcmp(answer, "ok: 02:a5:1a:bb:00:0b state=waiting-beacon"),
	      "query: '%s'", answer);
	run_us(&b, 300 * MS);
	check(!next_rx(&b, &len, &rate), "without a beacon the station sends nothing");

	st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_1M);
	check(tx_ok(st0), "it ACKs a frame to its address even before joining (st0 %08x)",
	      st0);
	if (associate(&b, true)) {
		snprintf(want, sizeof(want),
			 "card1: legacy-sta 02:a5:1a:bb:00:0b: associated to %02x:%02x:%02x:%02x:%02x:%02x aid 2",
			 b.ap.mac[0], b.ap.mac[1], b.ap.mac[2], b.ap.mac[3], b.ap.mac[4],
			 b.ap.mac[5]);
		check(!strcmp(last_sta_line, want), "log: '%s'", last_sta_line);
	}

	st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_1M);
	check(tx_ok(st0) && !(st0 >> 8 & 0xf),
	      "a null-data poll from the AP is ACKed at once (st0 %08x)", st0);
	/* 192 µs long preamble + 14 bytes at 1 Mbit/s */
	check(b.send_us == AIR_CCK_DIFS_US + tx_airtime_us(RATE_1M, NULL_DATA_BYTES) +
			   AIR_CCK_SIFS_US + AIR_CCK_LONG_PREAMBLE_US + 8 * AIR_ACK_BYTES,
	      "its exchange: DIFS, frame, SIFS and an ACK at 1 Mbit/s CCK (%u us)", b.send_us);
	st0 = ap_send(&b, 0x48, 0x02, nobody, NULL, 0, RATE_1M);
	check((st0 & 3) == 2, "a frame to another address is not ACKed: XRETRY (st0 %08x)",
	      st0);
	st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_6M);
	check((st0 & 3) == 2, "an OFDM frame is not heard by an 11b radio: XRETRY (st0 %08x)",
	      st0);
	run_us(&b, 1000 * MS);
	check(!next_rx(&b, &len, &rate), "associated, the station sends nothing by itself");
	query(b.ap.card, answer, sizeof(answer));
	check(starts(answer, "ok: 02:a5:1a:bb:00:0b state=associated aid=2"),
	      "still associated: '%s'", answer);

	card_legacy_sta_command(b.ap.card, "leave", answer, sizeof(answer));
	check(!strcmp(answer, "ok"), "leave: '%s'", answer);
	f = next_rx(&b, &len, &rate);
	check(f && len == 24 + 2 + 4 && f[0] == 0xc0 && !memcmp(f + 4, b.ap.mac, 6) &&
	      !memcmp(f + 10, sta_mac, 6) && le16(f + 24) == 3 && rate == RATE_1M,
	      "the AP received a Deauthentication, reason 3, from the station");
	query(b.ap.card, answer, sizeof(answer));
	check(!strcmp(answer, "ok: none"), "after leave: '%s'", answer);
	st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_1M);
	check((st0 & 3) == 2, "gone: nobody ACKs its address any more (st0 %08x)", st0);
	card_legacy_sta_command(b.ap.card, "leave", answer, sizeof(answer));
	check(starts(answer, "error: "), "leave again: '%s'", answer);
	bss_close(&b);
}

static void test_retries_and_deauth(void)
{
	static const uint8_t deauth[2] = { 7, 0 };
	unsigned int len, rate, seq[5], tries = 0;
	char answer[160];
	struct bss b;
	uint32_t st0;

	printf("an unanswered station resends five times and fails; a deauth idles it\n");
	bss_open(&b);
	card_legacy_sta_command(b.ap.card, "join 02:a5:1a:bb:00:0b", answer, sizeof(answer));
	ap_beacon(&b);
	run_us(&b, 1200 * MS);
	for (unsigned int i = 0; i < 5; i++) {
		seq[i] = expect_auth(&b, "unanswered");
		tries += i && seq[i] == ((seq[i - 1] + 1) & 0xfff);
	}
	check(tries == 4, "five requests, each with the next sequence number");
	check(!next_rx(&b, &len, &rate), "and not a sixth");
	query(b.ap.card, answer, sizeof(answer));
	check(starts(answer, "ok: 02:a5:1a:bb:00:0b state=failed reason=no-auth-response"),
	      "query: '%s'", answer);
	check(strstr(last_sta_line, "failed: no-auth-response") != NULL, "log: '%s'",
	      last_sta_line);

	card_legacy_sta_command(b.ap.card, "join 02:a5:1a:bb:00:0b", answer, sizeof(answer));
	check(!strcmp(answer, "ok"), "join again restarts it: '%s'", answer);
	if (associate(&b, false)) {
		st0 = ap_send(&b, 0xc0, 0, sta_mac, deauth, sizeof(deauth), RATE_1M);
		check(tx_ok(st0), "the AP's Deauthentication was ACKed (st0 %08x)", st0);
		run_us(&b, 5 * MS);
		query(b.ap.card, answer, sizeof(answer));
		check(starts(answer, "ok: 02:a5:1a:bb:00:0b state=idle"), "query: '%s'", answer);
		check(strstr(last_sta_line, "deauthenticated by") &&
		      strstr(last_sta_line, "(reason 7)"), "log: '%s'", last_sta_line);
		card_legacy_sta_command(b.ap.card, "leave", answer, sizeof(answer));
		check(!next_rx(&b, &len, &rate), "leaving from idle sends nothing");
	}
	bss_close(&b);
}

/* ---- the control socket's command ---- */

static void test_control(void)
{
	char answer[CARD_STATS_LINE_MAX + 16];
	struct control_test t;
	struct control *ctl;
	const char *log_text;

	printf("CARD legacy-sta through control_execute\n");
	control_test_open(&t, "test_legacy_sta", NULL);
	ctl = t.ctl;

	control_execute(ctl, "card0 legacy-sta", answer, sizeof(answer));
	check(!strcmp(answer, "ok: none"), "'card0 legacy-sta': '%s'", answer);
	control_execute(ctl, "card0 legacy-sta join 02:a5:1a:bb:00:0b", answer, sizeof(answer));
	check(!strcmp(answer, "ok"), "'card0 legacy-sta join 02:a5:1a:bb:00:0b': '%s'", answer);
	control_execute(ctl, "card0  legacy-sta ", answer, sizeof(answer));
	check(!strcmp(answer, "ok: 02:a5:1a:bb:00:0b state=waiting-beacon"),
	      "'card0 legacy-sta': '%s'", answer);
	control_execute(ctl, "card0 legacy-sta join 03:a5:1a:bb:00:0b", answer, sizeof(answer));
	check(starts(answer, "error: ") && strstr(answer, "unicast MAC"),
	      "a group address: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta join 02:a5:1a:bb:00", answer, sizeof(answer));
	check(starts(answer, "error: "), "a short MAC: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta join 02:a5:1a:bb:00:0bx", answer, sizeof(answer));
	check(starts(answer, "error: "), "trailing junk: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta join", answer, sizeof(answer));
	check(starts(answer, "error: "), "no MAC: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta join 00:03:7f:e0:00:01", answer, sizeof(answer));
	check(starts(answer, "error: "), "the card's own MAC: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta dance", answer, sizeof(answer));
	check(starts(answer, "error: unknown legacy-sta command 'dance'"),
	      "an unknown subcommand: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta leave now", answer, sizeof(answer));
	check(starts(answer, "error: "), "leave with an argument: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta doze", answer, sizeof(answer));
	check(starts(answer, "error: ") && strstr(answer, "associated"),
	      "doze while waiting for a beacon: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta wake", answer, sizeof(answer));
	check(starts(answer, "error: ") && strstr(answer, "associated"),
	      "wake while waiting for a beacon: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta doze now", answer, sizeof(answer));
	check(starts(answer, "error: "), "doze with an argument: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta", answer, sizeof(answer));
	check(!strcmp(answer, "ok: 02:a5:1a:bb:00:0b state=waiting-beacon"),
	      "errors left the station alone: '%s'", answer);
	control_execute(ctl, "card9 legacy-sta", answer, sizeof(answer));
	check(!strcmp(answer, "error: no card named 'card9'"), "another card: '%s'", answer);
	control_execute(ctl, "card0", answer, sizeof(answer));
	check(starts(answer, "error: ") &&
	      strstr(answer, "'CARD legacy-sta [join MAC|leave|doze|wake]'"),
	      "the usage names it: '%s'", answer);
	control_execute(ctl, "card0 legacy-sta leave", answer, sizeof(answer));
	check(!strcmp(answer, "ok"), "'card0 legacy-sta leave': '%s'", answer);
	control_execute(ctl, "card0 legacy-sta", answer, sizeof(answer));
	check(!strcmp(answer, "ok: none"), "after leave: '%s'", answer);

	log_text = control_test_log(&t);
	check(log_text && strstr(log_text, "card0: control: legacy-sta join 02:a5:1a:bb:00:0b") &&
	      strstr(log_text, "card0: control: legacy-sta leave"),
	      "the server log records join and leave");
	check(log_text && strstr(log_text, "card0: legacy-sta 02:a5:1a:bb:00:0b: joining the BSS of card0"),
	      "the card log says what the station does");
	control_test_close(&t);
}

/* What the AP hears when the station changes its power management. */
static void expect_null_function(struct bss *b, bool doze, const char *when)
{
	unsigned int len = 0, rate = 0;
	const uint8_t *f = next_rx(b, &len, &rate);
	unsigned int duration = tx_sifs_us(b->rate) + tx_airtime_us(b->rate, AIR_ACK_BYTES);

	check(f && len == 24 + 4, "%s: the AP received a 24-byte frame (len %u)", when, len);
	if (!f)
		return;
	check(f[0] == 0x48, "type data, subtype Null function: fc byte 0 0x48 (0x%02x)", f[0]);
	check(f[1] == (doze ? 0x11 : 0x01), "fc byte 1: ToDS%s (0x%02x)",
	      doze ? " and Power Management" : " alone, Power Management clear", f[1]);
	check(!memcmp(f + 4, b->ap.mac, 6) && !memcmp(f + 10, sta_mac, 6) &&
	      !memcmp(f + 16, b->ap.mac, 6), "addr1 the BSSID, addr2 the station, addr3 the BSSID");
	check(le16(f + 2) == duration, "duration SIFS + ACK at %s, %u us (%u)",
	      rate_name(b), duration, le16(f + 2));
	check(rate == b->rate && fcs_good(f, len), "at %s (0x%02x), FCS good", rate_name(b),
	      rate);
}

static void test_doze_and_wake(void)
{
	static const uint8_t other_mac[6] = { 0x02, 0x00, 0x00, 0x77, 0x77, 0x77 };
	char answer[160], want[160], bssid[18];
	const uint8_t *m, *f;
	unsigned int len = 0, rate = 0, heard = 0, retries = 0;
	struct bss b;
	uint32_t st0;

	printf("the station tells the AP it dozes and wakes with Null function frames\n");
	bss_open(&b);
	m = b.ap.mac;
	snprintf(bssid, sizeof(bssid), "%02x:%02x:%02x:%02x:%02x:%02x",
		 m[0], m[1], m[2], m[3], m[4], m[5]);
	card_legacy_sta_command(b.ap.card, "doze", answer, sizeof(answer));
	check(!strcmp(answer, "error: no legacy station on this card"),
	      "doze without a station: '%s'", answer);
	card_legacy_sta_command(b.ap.card, "join 02:a5:1a:bb:00:0b", answer, sizeof(answer));
	card_legacy_sta_command(b.ap.card, "doze", answer, sizeof(answer));
	check(starts(answer, "error: ") && strstr(answer, "state=waiting-beacon"),
	      "doze before associating: '%s'", answer);
	card_legacy_sta_command(b.ap.card, "wake", answer, sizeof(answer));
	check(starts(answer, "error: "), "wake before associating: '%s'", answer);
	run_us(&b, 5 * MS);
	check(!next_rx(&b, &len, &rate), "neither sent anything");
	if (!associate(&b, false)) {
		bss_close(&b);
		return;
	}
	query(b.ap.card, answer, sizeof(answer));
	snprintf(want, sizeof(want),
		 "ok: 02:a5:1a:bb:00:0b state=associated aid=2 bssid=%s phy=11b ps=awake unicast_while_dozing=0",
		 bssid);
	check(!strcmp(answer, want), "associated, awake: '%s'", answer);

	card_legacy_sta_command(b.ap.card, "doze", answer, sizeof(answer));
	snprintf(want, sizeof(want), "ok: null frame pm=1 to %s queued", bssid);
	check(!strcmp(answer, want), "doze: '%s'", answer);
	query(b.ap.card, answer, sizeof(answer));
	check(strstr(answer, " ps=awake") != NULL, "not dozing before the AP ACKed: '%s'", answer);
	run_us(&b, 5 * MS);
	expect_null_function(&b, true, "doze");
	check(!next_rx(&b, &len, &rate), "one frame, ACKed at once");
	query(b.ap.card, answer, sizeof(answer));
	check(starts(answer, "ok: 02:a5:1a:bb:00:0b state=associated aid=2") &&
	      strstr(answer, " ps=doze unicast_while_dozing=0"), "dozing: '%s'", answer);
	check(strstr(last_sta_line, "doze: Null frame ACKed by") != NULL, "log: '%s'",
	      last_sta_line);

	st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_1M);
	check(tx_ok(st0), "dozing, it still ACKs a frame to it (st0 %08x)", st0);
	st0 = ap_send(&b, 0x08, 0x02, bcast, NULL, 0, RATE_1M);
	query(b.ap.card, answer, sizeof(answer));
	check(strstr(answer, " ps=doze unicast_while_dozing=1") != NULL,
	      "the unicast frame counted, the broadcast one not: '%s'", answer);

	card_legacy_sta_command(b.ap.card, "wake", answer, sizeof(answer));
	snprintf(want, sizeof(want), "ok: null frame pm=0 to %s queued", bssid);
	check(!strcmp(answer, want), "wake: '%s'", answer);
	run_us(&b, 5 * MS);
	expect_null_function(&b, false, "wake");
	query(b.ap.card, answer, sizeof(answer));
	check(strstr(answer, " ps=awake unicast_while_dozing=1") != NULL, "awake: '%s'", answer);
	st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_1M);
	query(b.ap.card, answer, sizeof(answer));
	check(strstr(answer, " ps=awake unicast_while_dozing=1") != NULL,
	      "awake, frames to it are not counted: '%s'", answer);

	/* Nobody owns the BSSID for a while: the AP card only listens. */
	wr(b.ap.card, 0x8000, (uint32_t)(other_mac[0] | other_mac[1] << 8 |
					 other_mac[2] << 16 | (uint32_t)other_mac[3] << 24));
	wr(b.ap.card, 0x8004, (uint32_t)(other_mac[4] | other_mac[5] << 8));
	wr(b.ap.card, 0x803c, RX_FILTER_NORMAL | 0x20);
	card_legacy_sta_command(b.ap.card, "doze", answer, sizeof(answer));
	check(starts(answer, "ok: "), "doze again: '%s'", answer);
	run_us(&b, 5 * MS);
	while ((f = next_rx(&b, &len, &rate)) != NULL) {
		heard += f[0] == 0x48 && (f[1] & 0x17) == 0x11;
		retries += f[0] == 0x48 && (f[1] & 0x08);
	}
	check(heard == 4 && retries == 3,
	      "unACKed: 4 transmissions, the last 3 with the Retry bit (%u, %u)", heard, retries);
	query(b.ap.card, answer, sizeof(answer));
	check(strstr(answer, " ps=awake") != NULL, "still awake: '%s'", answer);
	check(strstr(last_sta_line, "doze: Null frame not ACKed") != NULL, "log: '%s'",
	      last_sta_line);
	wr(b.ap.card, 0x8000, (uint32_t)(m[0] | m[1] << 8 | m[2] << 16 | (uint32_t)m[3] << 24));
	wr(b.ap.card, 0x8004, (uint32_t)(m[4] | m[5] << 8));
	wr(b.ap.card, 0x803c, RX_FILTER_NORMAL);

	card_legacy_sta_command(b.ap.card, "doze", answer, sizeof(answer));
	run_us(&b, 5 * MS);
	expect_null_function(&b, true, "doze, the AP back");
	query(b.ap.card, answer, sizeof(answer));
	check(strstr(answer, " ps=doze") != NULL, "dozing: '%s'", answer);
	card_legacy_sta_command(b.ap.card, "leave", answer, sizeof(answer));
	check(!strcmp(answer, "ok"), "leave while dozing: '%s'", answer);
	f = next_rx(&b, &len, &rate);
	check(f && f[0] == 0xc0 && le16(f + 24) == 3,
	      "the AP received the Deauthentication, reason 3");
	query(b.ap.card, answer, sizeof(answer));
	check(!strcmp(answer, "ok: none"), "gone: '%s'", answer);
	bss_close(&b);
}

/* An ACK in OFDM: preamble and SIGNAL, then bits_per_symbol a symbol. */
static unsigned int ofdm_ack_us(unsigned int bits_per_symbol)
{
	unsigned int bits = AIR_OFDM_SERVICE_BITS + 8 * AIR_ACK_BYTES + AIR_OFDM_TAIL_BITS;

	return AIR_OFDM_PREAMBLE_US +
	       AIR_OFDM_SYMBOL_US * ((bits + bits_per_symbol - 1) / bits_per_symbol);
}

static unsigned int ack_6m_us(void)
{
	return ofdm_ack_us(24);
}

static unsigned int ack_24m_us(void)
{
	return ofdm_ack_us(96);
}

/*
 * On a 5 GHz channel the station is a plain 11a client: it hears the
 * OFDM beacon, authenticates and associates at 6 Mbit/s OFDM offering
 * the 11a rates, ACKs at 6 Mbit/s, dozes and wakes, and leaves.
 */
static void test_five_ghz(bool ar5210, unsigned int mhz, bool basic_6_only)
{
	static const uint8_t only_6_basic[8] = { 0x8c, 0x12, 0x18, 0x24, 0x30, 0x48, 0x60, 0x6c };
	char answer[160], want[200], bssid[18];
	unsigned int len = 0, rate = 0;
	const uint8_t *m, *f;
	struct bss b;
	uint32_t st0;

	printf("next to an %s AP on %u MHz the station is an 11a client%s\n",
	       ar5210 ? "AR5210" : "AR5413", mhz,
	       basic_6_only ? " (the beacon's only basic rate: 6 Mbit/s)" : "");
	bss_open_at(&b, ar5210, mhz);
	check(b.ap.card->freq_mhz == mhz, "the AP card is tuned to %u MHz (%u)", mhz,
	      b.ap.card->freq_mhz);
	if (basic_6_only) {
		memcpy(b.beacon_rates, only_6_basic, sizeof(only_6_basic));
		memcpy(b.want_assoc_rates, only_6_basic, sizeof(only_6_basic));
	}
	m = b.ap.mac;
	snprintf(bssid, sizeof(bssid), "%02x:%02x:%02x:%02x:%02x:%02x",
		 m[0], m[1], m[2], m[3], m[4], m[5]);
	card_legacy_sta_command(b.ap.card, "join 02:a5:1a:bb:00:0b", answer, sizeof(answer));
	check(!strcmp(answer, "ok"), "join: '%s'", answer);

	/* Like hardware, it ACKs frames to it before it has joined. */
	st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_6M);
	check(tx_ok(st0) && !(st0 >> 8 & 0xf),
	      "a null-data frame at 6 Mbit/s OFDM is ACKed at once (st0 %08x)", st0);
	check(b.send_us == AIR_OFDM_DIFS_US + tx_airtime_us(RATE_6M, NULL_DATA_BYTES) +
			   AIR_OFDM_SIFS_US + ack_6m_us(),
	      "its exchange: DIFS, frame, SIFS and an ACK at 6 Mbit/s OFDM (%u us, ACK %u)",
	      b.send_us, ack_6m_us());
	/* as AR5212-family silicon answers: 24, the highest mandatory rate not above 54 */
	st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_54M);
	check(tx_ok(st0) && b.send_us == AIR_OFDM_DIFS_US +
					 tx_airtime_us(RATE_54M, NULL_DATA_BYTES) +
					 AIR_OFDM_SIFS_US + ack_24m_us(),
	      "at 54 Mbit/s: ACKed, the ACK at 24 Mbit/s OFDM (%u us, ACK %u, st0 %08x)",
	      b.send_us, ack_24m_us(), st0);
	if (!ar5210) {
		st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_1M);
		check((st0 & 3) == 2,
		      "a CCK frame on 5 GHz is not heard by an 11a radio: XRETRY (st0 %08x)", st0);
	}
	if (!associate(&b, true)) {
		bss_close(&b);
		return;
	}
	query(b.ap.card, answer, sizeof(answer));
	snprintf(want, sizeof(want),
		 "ok: 02:a5:1a:bb:00:0b state=associated aid=2 bssid=%s phy=11a ps=awake unicast_while_dozing=0",
		 bssid);
	check(!strcmp(answer, want), "associated, awake: '%s'", answer);

	run_us(&b, 1000 * MS);
	check(!next_rx(&b, &len, &rate), "associated, the station sends nothing by itself");

	card_legacy_sta_command(b.ap.card, "doze", answer, sizeof(answer));
	check(starts(answer, "ok: null frame pm=1 to "), "doze: '%s'", answer);
	run_us(&b, 5 * MS);
	expect_null_function(&b, true, "doze");
	query(b.ap.card, answer, sizeof(answer));
	check(strstr(answer, " phy=11a ps=doze unicast_while_dozing=0") != NULL, "dozing: '%s'",
	      answer);
	st0 = ap_send(&b, 0x48, 0x02, sta_mac, NULL, 0, RATE_6M);
	check(tx_ok(st0), "dozing, it still ACKs a frame to it (st0 %08x)", st0);
	query(b.ap.card, answer, sizeof(answer));
	check(strstr(answer, " ps=doze unicast_while_dozing=1") != NULL, "counted: '%s'", answer);
	card_legacy_sta_command(b.ap.card, "wake", answer, sizeof(answer));
	check(starts(answer, "ok: null frame pm=0 to "), "wake: '%s'", answer);
	run_us(&b, 5 * MS);
	expect_null_function(&b, false, "wake");
	query(b.ap.card, answer, sizeof(answer));
	check(strstr(answer, " phy=11a ps=awake unicast_while_dozing=1") != NULL, "awake: '%s'",
	      answer);

	card_legacy_sta_command(b.ap.card, "leave", answer, sizeof(answer));
	check(!strcmp(answer, "ok"), "leave: '%s'", answer);
	f = next_rx(&b, &len, &rate);
	check(f && f[0] == 0xc0 && le16(f + 24) == 3 && rate == RATE_6M && fcs_good(f, len),
	      "the AP received the Deauthentication, reason 3, at 6 Mbit/s OFDM");
	query(b.ap.card, answer, sizeof(answer));
	check(!strcmp(answer, "ok: none"), "gone: '%s'", answer);
	bss_close(&b);
}

int main(void)
{
	test_join_and_leave();
	test_retries_and_deauth();
	test_doze_and_wake();
	test_five_ghz(true, 5180, false);
	test_five_ghz(false, 5180, false);
	test_five_ghz(false, 5240, true);
	test_control();
	return checks_report("test_legacy_sta");
}
