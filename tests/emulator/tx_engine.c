// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Transmit side: ten queue control units walking descriptors in guest
 * memory, AR5212 four-control-word ones or the AR5211's two-word ones
 * (read_desc turns either into one form).  A queue sends one frame at a time; with
 * airtime on, the frame completes when its time on the air has passed
 * (card_advance), otherwise at once.  Queues 9 (beacon) and 8 (CAB) wait
 * for the beacon slot when their scheduling mode says they are gated.
 * An AR5212 descriptor may put an RTS (answered by a CTS, air.c) or a
 * CTS-to-self before each attempt.
 */
#include "air_timing.h"
#include "card_model.h"

#include <string.h>

/* Descriptor words: link, buffer, control words, then two status words */
#define TXD_WORDS		8
#define TXD_CTL0_WORD		2

/* Both layouts */
#define CTL0_FRAME_LEN		0x00000fff
#define CTL0_INTREQ		0x20000000
#define CTL0_KEY_VALID		0x40000000
#define CTL1_BUF_LEN		0x00000fff
#define CTL1_KEY_INDEX_SHIFT	13
#define CTL1_KEY_INDEX_MASK	0x7f
#define CTL1_TYPE_SHIFT		20
#define TYPE_BEACON		3
#define TYPE_PROBE_RESP		4
/* AR5212: four control words, rate series in words 2 and 3 */
#define CTL0_RTSENA		0x00400000
#define CTL0_VEOL		0x00800000
#define CTL0_CTSENA		0x80000000	/* CTS-to-self */
#define CTL1_TYPE_MASK		0xf
#define CTL1_NOACK		0x01000000
#define CTL2_RTS_DURATION	0x7fff
#define CTL3_RTS_RATE_SHIFT	20
#define CTL3_RTS_RATE_MASK	0x1f
/* AR5211: two control words, one rate, tries from the DCU */
#define CTL0_2W_RATE_SHIFT	18
#define CTL0_2W_RATE_MASK	0xf
#define CTL0_2W_VEOL		0x00800000
#define CTL1_2W_TYPE_MASK	0x7
#define CTL1_2W_NOACK		0x00800000
#define REG_DCU_RETRY_LMT(q)	(0x1080 + 4 * (q))
#define DCU_RETRY_STA_DATA_SHIFT 14
#define DCU_RETRY_STA_DATA_MASK	0x3f
/*
 * AR5210 (desc.c ath5k_hw_setup_2word_tx_desc): the frame type in ctl0
 * 28:26 (beacons and probe responses "no delay", 3), no VEOL or NOACK,
 * a 6-bit key index; tries from the PCU's retry limit register
 * (qcu.c: NODCU_RETRY_LMT, station long retries at 19:14).
 */
#define CTL0_5210_TYPE_SHIFT	26
#define CTL0_5210_TYPE_MASK	0x7
#define TYPE_5210_NO_DELAY	3
#define CTL1_5210_KEY_INDEX_MASK 0x3f
#define REG_5210_RETRY_LMT	0x801c

#define ST0_OK			0x00000001
#define ST0_XRETRY		0x00000002
#define ST0_FILTERED		0x00000008
#define ST0_RTS_FAIL_SHIFT	4	/* RTS without CTS, the whole frame */
#define ST0_LONG_RETRY_SHIFT	8	/* data sent without ACK, final series */
#define ST0_TIMESTAMP_SHIFT	16
#define ST1_DONE		0x00000001
#define ST1_SEQ_SHIFT		1
#define ST1_ACK_RSSI_SHIFT	13
#define ST1_FINAL_SHIFT		21

#define QCU_FRSHED_MASK		0xf
#define CHAIN_LIMIT		512	/* descriptors walked in one go */
#define REG_RTS_OK		0x8088
#define REG_RTS_FAIL		0x808c
#define REG_ACK_FAIL		0x8090
#define ACK_RATE_OFDM		0x0b	/* 6 Mbit/s, the base rate */
#define ACK_RATE_12		0x0a
#define ACK_RATE_24		0x09
#define ACK_RATE_CCK		0x1b	/* 1 Mbit/s, the base rate */
#define ACK_RATE_2		0x1a
#define FC1_MORE_FRAG		0x04	/* frame control: more fragments follow */
#define FC1_RETRY		0x08	/* frame control: a retransmission */
#define SEQ_FRAG_MASK		0x0f	/* fragment number, sequence control */

/* A descriptor of either layout, decoded. */
struct tx_desc {
	uint32_t link, buf, status[2];
	unsigned int status_word;	/* where the status words sit */
	unsigned int frame_len, buf_len, type, key_index;
	bool key_valid, veol, intreq, noack;
	unsigned int tries[4];		/* per rate series */
	uint8_t rate[4];		/* AR5212 rate codes */
	/* AR5212: RTS/CTS or CTS-to-self before the frame */
	bool rtsena, ctsena;
	unsigned int rts_duration;
	uint8_t rts_rate;
};

/* What goes on the air before a frame. */
enum protection {
	PROTECT_NONE,
	PROTECT_RTS,			/* RTS, then wait for the CTS */
	PROTECT_CTS,			/* CTS-to-self */
};

unsigned int wifi_pad_position(const uint8_t *frame, unsigned int len)
{
	unsigned int pos = 24;
	uint8_t fc0, fc1;

	if (len < 2)
		return pos;
	fc0 = frame[0];
	fc1 = frame[1];
	if ((fc1 & 0x03) == 0x03)		/* ToDS and FromDS: addr4 */
		pos += 6;
	if ((fc0 & 0x0c) == 0x08 && (fc0 & 0x80))	/* QoS data */
		pos += 2;
	return pos;
}

/*
 * Rate code -> rate in 100 kbit/s units and whether it is OFDM; 0 for a
 * code that names no rate.
 */
static unsigned int rate_lookup(uint8_t code, bool *ofdm)
{
	static const struct {
		uint8_t code;
		uint16_t rate;
	} table[] = {
		{ 0x0b, 60 }, { 0x0f, 90 }, { 0x0a, 120 }, { 0x0e, 180 },
		{ 0x09, 240 }, { 0x0d, 360 }, { 0x08, 480 }, { 0x0c, 540 },
		{ 0x1b, 10 }, { 0x1a, 20 }, { 0x19, 55 }, { 0x18, 110 },
	};

	*ofdm = !(code & 0x10);
	/* Bit 2 flags a short preamble on CCK codes; OFDM codes use it. */
	if (!*ofdm)
		code &= ~0x04;
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (table[i].code == code)
			return table[i].rate;
	return 0;
}

/* As rate_lookup, but a code that is no rate counts as 6 Mbit/s OFDM. */
static unsigned int rate_100k(uint8_t code, bool *ofdm)
{
	unsigned int rate = rate_lookup(code, ofdm);

	if (rate)
		return rate;
	*ofdm = true;
	return 60;
}

bool tx_rate_known(uint8_t rate_code)
{
	return tx_rate_100k(rate_code) != 0;
}

unsigned int tx_rate_100k(uint8_t rate_code)
{
	bool ofdm;

	return rate_lookup(rate_code, &ofdm);
}

unsigned int tx_sifs_us(uint8_t rate_code)
{
	bool ofdm;

	rate_100k(rate_code, &ofdm);
	return ofdm ? AIR_OFDM_SIFS_US : AIR_CCK_SIFS_US;
}

static unsigned int difs_us(uint8_t rate_code)
{
	bool ofdm;

	rate_100k(rate_code, &ofdm);
	return ofdm ? AIR_OFDM_DIFS_US : AIR_CCK_DIFS_US;
}

unsigned int tx_airtime_us(uint8_t rate_code, unsigned int len)
{
	bool ofdm;
	unsigned int rate = rate_100k(rate_code, &ofdm);

	if (ofdm) {
		unsigned int bits_per_symbol = rate * AIR_OFDM_SYMBOL_US / 10;

		return AIR_OFDM_PREAMBLE_US + AIR_OFDM_SYMBOL_US *
		       ((AIR_OFDM_SERVICE_BITS + 8 * len + AIR_OFDM_TAIL_BITS +
			 bits_per_symbol - 1) / bits_per_symbol);
	}
	return ((rate_code & 0x04) ? AIR_CCK_SHORT_PREAMBLE_US :
				     AIR_CCK_LONG_PREAMBLE_US) +
	       (80 * len + rate - 1) / rate;
}

/*
 * The rate @responder ACKs a frame sent at @rate_code at.  The AR5212
 * family answers at the highest mandatory rate not above the frame's (6,
 * 12 or 24 Mbit/s OFDM; 1 or 2 CCK) unless STA_ID1's ACKCTS_6MB asks for
 * the base rate (6 OFDM, 1 CCK); the AR5211 and AR5210 always use the
 * base rate.  NULL: a station of another process or a virtual one, taken
 * to answer the AR5212 family's way.
 */
uint8_t tx_ack_rate(const struct card *responder, uint8_t rate_code)
{
	bool ofdm, base = false;
	unsigned int rate = rate_100k(rate_code, &ofdm);

	if (responder)
		base = card_desc_format(responder) != CARD_DESC_5212 ||
		       (card_reg(responder, REG_STA_ID1) & STA_ID1_ACKCTS_6MB);
	if (!ofdm)
		return base || rate < 20 ? ACK_RATE_CCK : ACK_RATE_2;
	if (base || rate < 120)
		return ACK_RATE_OFDM;
	return rate < 240 ? ACK_RATE_12 : ACK_RATE_24;
}

/*
 * Time the medium is busy for one attempt: DIFS, the frame, and for a
 * unicast frame SIFS plus the ACK at @responder's rate (a failed attempt
 * waits as long for the ACK that never comes).
 */
unsigned int tx_exchange_us(uint8_t rate_code, unsigned int len, bool wants_ack,
			    const struct card *responder)
{
	bool ofdm;
	unsigned int t;

	rate_100k(rate_code, &ofdm);
	t = (ofdm ? AIR_OFDM_DIFS_US : AIR_CCK_DIFS_US) + tx_airtime_us(rate_code, len);
	if (wants_ack)
		t += (ofdm ? AIR_OFDM_SIFS_US : AIR_CCK_SIFS_US) +
		     tx_airtime_us(tx_ack_rate(responder, rate_code), AIR_ACK_BYTES);
	return t;
}

/* Random backoff before an attempt: 0..cw slots. */
static unsigned int backoff_us(struct card *card, uint8_t rate_code, unsigned int cw)
{
	bool ofdm;

	rate_100k(rate_code, &ofdm);
	return link_random_below(card, cw + 1) *
	       (ofdm ? AIR_OFDM_SLOT_US : AIR_CCK_SLOT_US);
}

/*
 * The AR5211's 4-bit rate codes: CCK rates are the low nibble of the
 * AR5212 code, meant as CCK while PHY_MODE selects CCK (802.11b).
 */
uint8_t card_rate_from_hw(const struct card *card, uint8_t code)
{
	if (card_desc_format(card) == CARD_DESC_5212)
		return code;
	code &= 0xf;
	return (card_reg(card, REG_PHY_MODE) & PHY_MODE_CCK) ? code | 0x10 : code;
}

uint8_t card_rate_to_hw(const struct card *card, uint8_t code)
{
	return card_desc_format(card) == CARD_DESC_5212 ? code : code & 0xf;
}

static void decode_4word(const uint32_t *ctl, struct tx_desc *d)
{
	d->veol = ctl[0] & CTL0_VEOL;
	d->rtsena = ctl[0] & CTL0_RTSENA;
	d->ctsena = ctl[0] & CTL0_CTSENA;
	d->rts_duration = ctl[2] & CTL2_RTS_DURATION;
	d->rts_rate = ctl[3] >> CTL3_RTS_RATE_SHIFT & CTL3_RTS_RATE_MASK;
	d->type = ctl[1] >> CTL1_TYPE_SHIFT & CTL1_TYPE_MASK;
	d->noack = ctl[1] & CTL1_NOACK;
	for (unsigned int s = 0; s < 4; s++) {
		d->tries[s] = ctl[2] >> (16 + 4 * s) & 0xf;
		d->rate[s] = ctl[3] >> (5 * s) & 0x1f;
	}
	d->status_word = TXD_CTL0_WORD + 4;
}

/*
 * The AR5210 and AR5211 have no rate series: one rate from control word
 * 0, tries from the queue's retry limit, status right after the two
 * control words.
 */
static void one_series(const struct card *card, const uint32_t *ctl,
		       uint32_t limit, struct tx_desc *d)
{
	memset(d->tries, 0, sizeof(d->tries));
	memset(d->rate, 0, sizeof(d->rate));
	d->tries[0] = limit >> DCU_RETRY_STA_DATA_SHIFT & DCU_RETRY_STA_DATA_MASK;
	d->rate[0] = card_rate_from_hw(card, ctl[0] >> CTL0_2W_RATE_SHIFT &
					     CTL0_2W_RATE_MASK);
	d->status_word = TXD_CTL0_WORD + 2;
}

/* One rate; the DCU's station data retry limit bounds the tries. */
static void decode_2word(const struct card *card, unsigned int q,
			 const uint32_t *ctl, struct tx_desc *d)
{
	uint32_t limit = card_reg(card, REG_DCU_RETRY_LMT(q));

	d->veol = ctl[0] & CTL0_2W_VEOL;
	d->type = ctl[1] >> CTL1_TYPE_SHIFT & CTL1_2W_TYPE_MASK;
	d->noack = ctl[1] & CTL1_2W_NOACK;
	one_series(card, ctl, limit, d);
}

static void decode_5210(const struct card *card, const uint32_t *ctl,
			struct tx_desc *d)
{
	uint32_t limit = card_reg_5210(card, REG_5210_RETRY_LMT);
	unsigned int type = ctl[0] >> CTL0_5210_TYPE_SHIFT & CTL0_5210_TYPE_MASK;

	d->veol = false;
	d->noack = false;
	/* Only the no-delay frames carry a timestamp the card fills. */
	d->type = type == TYPE_5210_NO_DELAY ? TYPE_BEACON : 0;
	d->key_index &= CTL1_5210_KEY_INDEX_MASK;
	one_series(card, ctl, limit, d);
}

static bool read_desc(struct card *card, unsigned int q, uint32_t addr,
		      struct tx_desc *d)
{
	uint32_t w[TXD_WORDS];
	const uint32_t *ctl = &w[TXD_CTL0_WORD];

	if (!card->ops->dma_read(card->host, addr, w, sizeof(w)))
		return false;
	d->link = w[0];
	d->buf = w[1];
	d->frame_len = ctl[0] & CTL0_FRAME_LEN;
	d->buf_len = ctl[1] & CTL1_BUF_LEN;
	d->intreq = ctl[0] & CTL0_INTREQ;
	d->key_valid = ctl[0] & CTL0_KEY_VALID;
	d->key_index = ctl[1] >> CTL1_KEY_INDEX_SHIFT & CTL1_KEY_INDEX_MASK;
	d->rtsena = d->ctsena = false;	/* the two-word layouts: not modelled */
	d->rts_duration = 0;
	d->rts_rate = 0;
	if (card_desc_format(card) == CARD_DESC_5212)
		decode_4word(ctl, d);
	else if (card_desc_format(card) == CARD_DESC_5210)
		decode_5210(card, ctl, d);
	else
		decode_2word(card, q, ctl, d);
	memcpy(d->status, &w[d->status_word], sizeof(d->status));
	return true;
}

/*
 * A descriptor the engine takes up from the chain, as the hardware's DMA
 * would fetch it (counted); read_desc alone is the model looking again.
 */
static bool fetch_desc(struct card *card, unsigned int q, uint32_t addr,
		       struct tx_desc *d)
{
	if (!read_desc(card, q, addr, d))
		return false;
	card->stats.tx_desc_fetched++;
	return true;
}

static bool queue_enabled(const struct card *card, unsigned int q)
{
	return card_reg(card, REG_QCU_TXE) >> q & 1;
}

static void queue_stop(struct card *card, unsigned int q)
{
	card_reg_set(card, REG_QCU_TXE, card_reg(card, REG_QCU_TXE) & ~(1u << q));
}

static bool queue_gated(const struct card *card, unsigned int q)
{
	unsigned int sched = card_reg(card, REG_QCU_MISC(q)) & QCU_FRSHED_MASK;

	return q == CARD_BEACON_QUEUE || (sched >= 2 && sched <= 4);
}

static bool airtime_enabled(const struct card *card)
{
	return card->cfg.airtime;
}

/* Reads the frame of a descriptor into an air frame; false if unusable. */
static bool load_frame(struct card *card, const struct tx_desc *d,
		       struct air_frame *f)
{
	unsigned int frame_len = d->frame_len;
	unsigned int buf_len = d->buf_len;
	unsigned int body_len, pad, pos;
	uint8_t raw[CARD_MAX_FRAME];

	if (frame_len < 4 + 10 || buf_len == 0)
		return false;
	body_len = frame_len - 4;
	/*
	 * With a key set the driver counts the ICV or MIC the crypto engine
	 * appends (keycache.c fills those bytes).
	 */
	if (buf_len < body_len && !d->key_valid)
		return false;
	if (buf_len > body_len + 4 || buf_len > sizeof(raw))
		buf_len = body_len + 4 < sizeof(raw) ? body_len + 4 : sizeof(raw);
	memset(raw, 0, sizeof(raw));
	if (!card->ops->dma_read(card->host, d->buf, raw, buf_len))
		return false;
	pos = wifi_pad_position(raw, buf_len);
	pad = pos & 3;
	/* The driver pads 26- and 30-byte headers; the air carries none. */
	if (pad && buf_len >= pos + pad && body_len > pos) {
		memcpy(f->data, raw, pos);
		memcpy(f->data + pos, raw + pos + pad, body_len - pos);
	} else {
		memcpy(f->data, raw, body_len);
	}
	f->len = (uint16_t)body_len;
	return true;
}

static void finish_frame(struct air_frame *f, uint64_t tsf, unsigned int type)
{
	uint32_t crc;

	if ((type == TYPE_BEACON || type == TYPE_PROBE_RESP) && f->len >= 32)
		for (unsigned int i = 0; i < 8; i++)
			f->data[24 + i] = (uint8_t)(tsf >> (8 * i));
	crc = wifi_crc32(f->data, f->len);
	for (unsigned int i = 0; i < 4; i++)
		f->data[f->len + i] = (uint8_t)(crc >> (8 * i));
	f->len += 4;
	f->fcs_bad = false;
}

/*
 * A pending RF gain probe completes with the next frame: OFDM type and a
 * gain_F inside the range the driver's RF5112 gain optimiser accepts
 * (20..85), so it never asks for a gain change.
 */
static void measure_gain(struct card *card)
{
	uint32_t probe = card_reg(card, REG_PHY_PAPD_PROBE);

	if (!(probe & PAPD_PROBE_TX_NEXT))
		return;
	probe &= ~(PAPD_PROBE_TX_NEXT | 0x01800000u | 0xfe000000u);
	card_reg_set(card, REG_PHY_PAPD_PROBE, probe | 60u << PAPD_PROBE_GAINF_SHIFT);
}

static unsigned int series_tries(const struct tx_desc *d, unsigned int s)
{
	return d->tries[s];
}

static uint8_t series_rate(const struct tx_desc *d, unsigned int s)
{
	return d->rate[s];
}

/* The series after s that has tries, or 4 when none is left. */
static unsigned int next_series(const struct tx_desc *d, unsigned int s)
{
	while (++s < 4 && !series_tries(d, s))
		;
	return s;
}

/* A new frame starts in its first series with tries, backoff at CWmin. */
static void begin_frame(struct tx_queue *tq, const struct tx_desc *d)
{
	unsigned int first = series_tries(d, 0) ? 0 : next_series(d, 0);

	tq->series = first < 4 ? first : 0;
	tq->failed = 0;
	tq->data_failed = 0;
	tq->rts_failed = 0;
	tq->attempts = 0;
	tq->data_sent = false;
	tq->rts_phase = false;
	tq->rts_outcome = RTS_UNDECIDED;
	tq->cw = AIR_CW_MIN;
}

static unsigned int allowed_tries(const struct tx_desc *d, unsigned int s)
{
	unsigned int n = series_tries(d, s);

	return n ? n : 1;	/* a frame always goes out at least once */
}

static void write_status(struct card *card, unsigned int q, uint32_t addr,
			 const struct tx_desc *d, uint32_t st0, uint32_t st1)
{
	uint32_t status[2] = { st0, st1 };

	if (!card->ops->dma_write(card->host, addr + 4 * d->status_word, status,
				  sizeof(status)))
		card_logf(card, "queue %u: status write to 0x%08x failed", q, addr);
	else
		card->stats.tx_desc_written++;
	if (st0 & ST0_OK)
		card->sisr[0] |= 1u << q;
	else
		card->sisr[1] |= 1u << q;
	if (d->intreq)
		card->sisr[0] |= 1u << (16 + q);
	card_update_irq(card);
}

/*
 * After a failed attempt: true when the frame has tries left, in its
 * series or in the next one with tries (the queue moves on to it), with
 * the contention window doubled.
 */
static bool try_again(struct tx_queue *tq, const struct tx_desc *d)
{
	unsigned int next;

	if (++tq->failed >= allowed_tries(d, tq->series)) {
		next = next_series(d, tq->series);
		if (next >= 4)
			return false;
		tq->series = next;
		tq->failed = 0;
		tq->data_failed = 0;
	}
	tq->cw = tq->cw * 2 + 1 > AIR_CW_MAX ? AIR_CW_MAX : tq->cw * 2 + 1;
	return true;
}

/*
 * What goes before the frame.  Silicon sends an RTS only for a frame that
 * waits for an ACK, a CTS-to-self before any.  A descriptor that asks for
 * what silicon cannot do (both, or a rate code that is no rate) goes out
 * unprotected, and when log is set the card says so.
 */
static enum protection protection(struct card *card, unsigned int q, uint32_t addr,
				  const struct tx_desc *d, bool wants_ack, bool log)
{
	if (d->rtsena && d->ctsena) {
		if (log)
			card_logf(card, "queue %u: descriptor 0x%08x has RTSENA and CTSENA both set",
				  q, addr);
		return PROTECT_NONE;
	}
	if (!d->ctsena && !(d->rtsena && wants_ack))
		return PROTECT_NONE;
	if (!tx_rate_known(d->rts_rate)) {
		if (log)
			card_logf(card, "queue %u: descriptor 0x%08x: RTS/CTS rate code 0x%02x is no rate",
				  q, addr, d->rts_rate);
		return PROTECT_NONE;
	}
	return d->rtsena ? PROTECT_RTS : PROTECT_CTS;
}

/* Once per descriptor: not again for an IBSS beacon sent each TBTT. */
static bool first_look(const struct card *card, unsigned int q)
{
	const struct tx_queue *tq = &card->txq[q];

	return tq->attempts == 0 && !tq->veol_beacon;
}

/*
 * A 4-word descriptor carries its own rate series: silicon needs tries in
 * the first and a rate in every series that has tries.  The kernel's
 * driver refuses to build anything else (ath5k_hw_setup_4word_tx_desc()
 * and ath5k_hw_setup_mrr_tx_desc() in desc.c return -EINVAL); such a
 * frame is not sent, and when log is set the card says why.
 */
static bool series_usable(struct card *card, unsigned int q, uint32_t addr,
			  const struct tx_desc *d, bool log)
{
	if (card_desc_format(card) != CARD_DESC_5212)
		return true;
	if (!d->tries[0]) {
		if (log)
			card_logf(card, "queue %u: descriptor 0x%08x has no tries in series 0",
				  q, addr);
		return false;
	}
	for (unsigned int s = 0; s < 4; s++) {
		if (d->tries[s] && !tx_rate_known(d->rate[s])) {
			if (log)
				card_logf(card, "queue %u: descriptor 0x%08x: series %u rate code 0x%02x is no rate",
					  q, addr, s, d->rate[s]);
			return false;
		}
	}
	return true;
}

/* Medium time the protection adds before the frame. */
static unsigned int protection_us(enum protection p, uint8_t rate)
{
	unsigned int cts = tx_airtime_us(rate, AIR_CTS_BYTES) + tx_sifs_us(rate);

	if (p == PROTECT_RTS)
		return tx_airtime_us(rate, AIR_RTS_BYTES) + tx_sifs_us(rate) + cts;
	return p == PROTECT_CTS ? cts : 0;
}

static void add_reg(struct card *card, uint32_t reg)
{
	card_reg_set(card, reg, card_reg(card, reg) + 1);
}

/*
 * Whether the sender still listens when the answer to its frame (ACK or
 * CTS) starts: silicon gives up when TIME_OUT's field (core clocks) runs
 * out, so it must outlast the responder's SIFS and the detection of the
 * answer's preamble (ANSWER_DETECT_US, the OFDM PHY's CCA time).  SIFS
 * counts from the frame's end: 16 us at 5 GHz, 10 us on 2 GHz (an
 * ERP-OFDM frame's signal extension comes before it).  The core clock is
 * the kernel's ath5k_hw_init_core_clock()'s: 40 MHz at 5 GHz, 22 in
 * CCK-only 802.11b (the AR5211's only mode there), 44 otherwise on
 * 2 GHz.  The drivers program SIFS plus a slot, or the initial values'
 * 24-26 us, both above it.
 */
#define ANSWER_DETECT_US	4

static bool answer_in_time(struct card *card, bool cts)
{
	uint32_t word = card_reg(card, REG_TIME_OUT);
	unsigned int clocks = cts ? (word & TIME_OUT_CTS) >> TIME_OUT_CTS_SHIFT :
				    word & TIME_OUT_ACK;
	bool five_ghz = card->freq_mhz >= 4000;
	bool cck_only = card_desc_format(card) != CARD_DESC_5212 ||
			(card_reg(card, REG_PHY_MODE) & PHY_MODE_CCK);
	unsigned int mhz = five_ghz ? 40 : cck_only ? 22 : 44;
	unsigned int need_us = (five_ghz ? AIR_OFDM_SIFS_US : AIR_CCK_SIFS_US) +
			       ANSWER_DETECT_US;

	if (clocks >= need_us * mhz)
		return true;
	if (!card->answers_too_late++)
		card_logf(card, "%s timeout %u clocks (%u us at %u MHz) ends before an answer can start (SIFS + %u us): no %s heard",
			  cts ? "CTS" : "ACK", clocks, clocks / mhz, mhz, ANSWER_DETECT_US,
			  cts ? "CTS" : "ACK");
	return false;
}

/*
 * The RTS of one attempt, to the frame's addr1 from its addr2 (hdr: the
 * frame's first 16 bytes), at the descriptor's RTS/CTS rate.  It reaches
 * the other cards when it survives the link; the addressee answers with a
 * CTS (air.c), which must survive the way back.  True when it did.
 */
static bool rts_exchange(struct card *card, unsigned int q, const struct tx_desc *d,
			 const uint8_t *hdr)
{
	static struct air_frame rts;
	struct tx_queue *tq = &card->txq[q];
	int cts_rssi = -1;
	bool cts = false;

	air_control_frame(&rts, AIR_FC0_RTS, d->rts_duration, hdr + 4, hdr + 10);
	rts.freq_mhz = card->freq_mhz;
	rts.rate_code = d->rts_rate;
	rts.rssi = link_faded_rssi(card, card->rssi);
	card->stats.rts_sent++;
	profile_count_frame(card, PROFILE_TX, &rts);
	if (tq->collided) {
		tq->collided = false;
		card->collisions++;
	} else if (card->air && rate_ceiling_passes(card, hdr + 4, rts.rate_code) &&
		   link_attempt_survives(card, rts.rate_code, rts.rssi,
					 card->cfg.loss_percent)) {
		cts_rssi = air_transmit(card->air, card, &rts, true);
	}
	if (cts_rssi >= 0)
		cts = link_attempt_survives(card, d->rts_rate,
					    link_faded_rssi(card, (unsigned int)cts_rssi), 0) &&
		      answer_in_time(card, true);
	if (!cts)
		card->stats.rts_failed++;
	add_reg(card, cts ? REG_RTS_OK : REG_RTS_FAIL);
	link_count_rts(card, hdr + 4, cts);
	return cts;
}

/* A CTS-to-self to own (the frame's addr2); nobody answers it. */
static void cts_to_self(struct card *card, unsigned int q, const struct tx_desc *d,
			const uint8_t *own)
{
	static struct air_frame cts;

	air_control_frame(&cts, AIR_FC0_CTS, d->rts_duration, own, NULL);
	cts.freq_mhz = card->freq_mhz;
	cts.rate_code = d->rts_rate;
	cts.rssi = link_faded_rssi(card, card->rssi);
	card->stats.cts_to_self++;
	profile_count_frame(card, PROFILE_TX, &cts);
	/* A collision takes the CTS with the frame (attempt counts it). */
	if (card->air && !card->txq[q].collided &&
	    rate_ceiling_passes(card, own, cts.rate_code) &&
	    link_attempt_survives(card, cts.rate_code, cts.rssi, card->cfg.loss_percent))
		air_transmit(card->air, card, &cts, false);
}

static bool is_fragment(const struct air_frame *f)
{
	return (f->data[1] & FC1_MORE_FRAG) || (f->data[22] & SEQ_FRAG_MASK);
}

/*
 * One attempt of the frame of descriptor addr at the rate of the queue's
 * current series, after its RTS/CTS when the descriptor asks for one.
 * The frame reaches the other cards only when it survives the link; the
 * ACK only when the addressee is there and the ACK survives too.  An RTS
 * left without CTS is a failed attempt that sends no frame.  Returns
 * true when the frame is finished (ACKed, sent without ACK, or every
 * series used up) and its status written.
 */
static bool attempt(struct card *card, unsigned int q, uint32_t addr,
		    const struct tx_desc *d)
{
	static struct air_frame f;
	struct tx_queue *tq = &card->txq[q];
	unsigned int type = d->type;
	uint32_t st0 = 0, st1 = ST1_DONE;
	uint64_t tsf = card_tsf(card);
	bool wants_ack, acked = false;
	enum protection prot;
	int ack_rssi = -1;
	uint8_t rate;

	/*
	 * The two-word layouts fetch a beacon in whole words: the kernel's
	 * driver rounds its buffer length up to a multiple of 4 for them
	 * (ath5k_hw_setup_2word_tx_desc() in desc.c).
	 */
	if (q == CARD_BEACON_QUEUE && type == TYPE_BEACON &&
	    card_desc_format(card) != CARD_DESC_5212 && (d->buf_len & 3) &&
	    !tq->beacon_len_told) {
		tq->beacon_len_told = true;
		card_logf(card, "queue %u: descriptor 0x%08x: beacon buffer length %u is not a multiple of 4",
			  q, addr, d->buf_len);
	}
	memset(&f, 0, offsetof(struct air_frame, data));
	if (!series_usable(card, q, addr, d, first_look(card, q))) {
		write_status(card, q, addr, d, ST0_FILTERED |
			     (uint32_t)(tsf >> 10 & 0xffff) << ST0_TIMESTAMP_SHIFT,
			     ST1_DONE);
		return true;
	}
	if (!load_frame(card, d, &f)) {
		card_logf(card, "queue %u: descriptor 0x%08x has an unusable frame",
			  q, addr);
		write_status(card, q, addr, d, ST0_FILTERED |
			     (uint32_t)(tsf >> 10 & 0xffff) << ST0_TIMESTAMP_SHIFT,
			     ST1_DONE);
		return true;
	}
	wants_ack = !d->noack && !(f.data[4] & 1);
	prot = protection(card, q, addr, d, wants_ack, first_look(card, q));
	/* The crypto engine seals the frame with the descriptor's key. */
	keycache_transmit(card, &f, d->key_valid, d->key_index, tq->attempts == 0);
	tq->attempts++;
	if (prot == PROTECT_RTS && tq->rts_outcome == RTS_UNDECIDED)
		tq->rts_outcome = rts_exchange(card, q, d, f.data) ? RTS_CTS_CAME :
								     RTS_NO_CTS;
	if (prot == PROTECT_RTS && tq->rts_outcome == RTS_NO_CTS) {
		tq->rts_outcome = RTS_UNDECIDED;
		if (tq->rts_failed < 15)
			tq->rts_failed++;
		if (try_again(tq, d))
			return false;
		st0 = ST0_XRETRY;	/* every try of every series failed */
		goto done;
	}
	tq->rts_outcome = RTS_UNDECIDED;
	if (prot == PROTECT_CTS)
		cts_to_self(card, q, d, f.data + 10);
	rate = series_rate(d, tq->series);
	f.freq_mhz = card->freq_mhz;
	f.rate_code = rate;
	f.rssi = link_faded_rssi(card, card->rssi);
	if (tq->data_sent)
		f.data[1] |= FC1_RETRY;
	finish_frame(&f, tsf, type);
	cab_watch_sent(card, f.data, f.len - 4u, !tq->data_sent);
	tq->data_sent = true;
	if (is_fragment(&f))
		card->stats.tx_fragments++;
	measure_gain(card);
	/* On the air whatever becomes of it: lost and collided ones too. */
	profile_count_frame(card, PROFILE_TX, &f);
	if (tq->collided) {
		/* Two frames on the air at once: neither gets through. */
		tq->collided = false;
		card->collisions++;
		journal_note(card, true, &f, "collided");
	} else if (!card->air) {
		journal_note(card, true, &f, "no air");
	} else if (!rate_ceiling_passes(card, f.data + 4, rate)) {
		/* Whatever the link would have drawn: nobody decodes it. */
		journal_note(card, true, &f, "lost above the rate ceiling");
	} else if (link_attempt_survives(card, rate, f.rssi, card->cfg.loss_percent)) {
		journal_note(card, true, &f, "on the air");
		ack_rssi = air_transmit(card->air, card, &f, wants_ack);
		card->frames_sent++;
	} else {
		journal_note(card, true, &f, "lost on the air");
	}
	if (ack_rssi >= 0) {
		uint8_t heard = link_faded_rssi(card, (unsigned int)ack_rssi);
		const struct card *responder =
			air_card_owning(card->air, card, f.data + 4, f.freq_mhz);

		acked = link_attempt_survives(card, tx_ack_rate(responder, rate),
					      heard, 0) &&
			answer_in_time(card, false);
		ack_rssi = heard;
	}
	if (wants_ack)
		rate_counts_note(card, rate, acked);
	if (wants_ack && !acked) {
		add_reg(card, REG_ACK_FAIL);
		tq->data_failed++;
		if (try_again(tq, d))
			return false;
		st0 = ST0_XRETRY;	/* every try of every series failed */
	} else {
		st0 = ST0_OK;
		if (acked)
			st1 |= (uint32_t)ack_rssi << ST1_ACK_RSSI_SHIFT;
	}
done:
	st0 |= (tq->data_failed & 0xf) << ST0_LONG_RETRY_SHIFT;
	st0 |= (tq->rts_failed & 0xf) << ST0_RTS_FAIL_SHIFT;
	st0 |= (uint32_t)(tsf >> 10 & 0xffff) << ST0_TIMESTAMP_SHIFT;
	st1 |= (uint32_t)((f.data[22] >> 4 | f.data[23] << 4) & 0xfff) << ST1_SEQ_SHIFT;
	/* The final rate series: AR5212 status only (the AR5211 has one). */
	if (card_desc_format(card) == CARD_DESC_5212)
		st1 |= (uint32_t)tq->series << ST1_FINAL_SHIFT;
	link_count(card, f.data + 4, wants_ack, st0 & ST0_OK, tq->attempts);
	card->stats.tx_frames++;
	card->stats.tx_tries += tq->attempts;
	if (st0 & ST0_OK)
		card->stats.tx_ok++;
	if (st0 & ST0_XRETRY)
		card->stats.tx_xretry++;
	write_status(card, q, addr, d, st0, st1);
	return true;
}

/* Sends a frame with all its attempts at once (no airtime, gated queues). */
static void send_descriptor(struct card *card, unsigned int q, uint32_t addr,
			    const struct tx_desc *d)
{
	begin_frame(&card->txq[q], d);
	for (unsigned int n = 0; n < 4 * 16; n++)
		if (attempt(card, q, addr, d))
			return;
}

static void end_of_chain(struct card *card, unsigned int q)
{
	queue_stop(card, q);
	card_raise_sisr(card, 1, 1u << (16 + q));
}

/*
 * Finds the next descriptor to send from TXDP, following the links of
 * descriptors already done (the driver appends by patching the last
 * link and writing TXE again).  Returns false when the chain is spent.
 */
static bool next_pending(struct card *card, unsigned int q, uint32_t *addr,
			 struct tx_desc *d)
{
	uint32_t cur = card_reg(card, REG_QCU_TXDP(q));

	for (unsigned int i = 0; i < CHAIN_LIMIT && cur; i++) {
		if (!fetch_desc(card, q, cur, d)) {
			card_logf(card, "queue %u: descriptor 0x%08x unreadable", q, cur);
			return false;
		}
		if (!(d->status[1] & ST1_DONE)) {
			card_reg_set(card, REG_QCU_TXDP(q), cur);
			*addr = cur;
			return true;
		}
		if (!d->link || d->link == cur || d->veol)
			return false;
		cur = d->link;
		card_reg_set(card, REG_QCU_TXDP(q), cur);
	}
	return false;
}

/* After a frame: move along the chain or stop the queue. */
static bool step_chain(struct card *card, unsigned int q, uint32_t addr,
		       const struct tx_desc *d)
{
	if (d->veol) {
		if (q == CARD_BEACON_QUEUE) {
			/* IBSS: this beacon goes out again at every TBTT. */
			card->txq[q].veol_beacon = true;
			return false;
		}
		end_of_chain(card, q);
		return false;
	}
	if (!d->link || d->link == addr) {
		end_of_chain(card, q);
		return false;
	}
	card_reg_set(card, REG_QCU_TXDP(q), d->link);
	return true;
}

/*
 * Puts the queue's next attempt on the air after its backoff.  The
 * medium is taken for the whole exchange, protection included; an
 * RTS-protected attempt ends first after RTS + SIFS + CTS (the time a
 * CTS that never comes is waited for), and goes on to exchange_end only
 * once the CTS came.
 */
static void schedule_attempt(struct card *card, unsigned int q, uint32_t addr,
			     const struct tx_desc *d)
{
	struct tx_queue *tq = &card->txq[q];
	unsigned int len = d->frame_len, data_us;
	uint8_t rate = series_rate(d, tq->series);
	uint8_t addr1[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	const struct card *responder = NULL;
	enum protection prot;
	struct air_attempt a;
	bool ofdm, wants_ack;

	card->ops->dma_read(card->host, d->buf + 4, addr1, sizeof(addr1));
	wants_ack = !d->noack && !(addr1[0] & 1);
	if (wants_ack && card->air)
		responder = air_card_owning(card->air, card, addr1, card->freq_mhz);
	prot = protection(card, q, addr, d, wants_ack, false);
	rate_100k(rate, &ofdm);
	a.backoff_us = card->cfg.backoff ? backoff_us(card, rate, tq->cw) : 0;
	data_us = tx_exchange_us(rate, len, wants_ack, responder);
	a.exchange_us = data_us + protection_us(prot, d->rts_rate);
	a.slot_us = ofdm ? AIR_OFDM_SLOT_US : AIR_CCK_SLOT_US;
	tq->in_flight = true;
	tq->collided = false;
	tq->done_at = card->air && card->freq_mhz ?
		air_reserve(card->air, card, card->freq_mhz, card_now(card), &a,
			    &tq->collided) :
		card_now(card) + a.backoff_us + a.exchange_us;
	tq->rts_phase = prot == PROTECT_RTS;
	if (tq->rts_phase) {
		/* After the CTS: SIFS, then the frame and its ACK (no DIFS). */
		tq->exchange_end = tq->done_at;
		tq->done_at -= data_us - difs_us(rate) + tx_sifs_us(d->rts_rate);
	}
}

/* Starts (or, without airtime, sends) frames of an ungated queue. */
static void kick(struct card *card, unsigned int q)
{
	struct tx_queue *tq = &card->txq[q];

	for (unsigned int n = 0; n < CHAIN_LIMIT; n++) {
		struct tx_desc d;
		uint32_t addr;

		if (tq->in_flight || !queue_enabled(card, q) || queue_gated(card, q))
			return;
		if (!next_pending(card, q, &addr, &d)) {
			queue_stop(card, q);	/* nothing new was appended */
			return;
		}
		if (airtime_enabled(card)) {
			begin_frame(tq, &d);
			tq->desc = addr;
			schedule_attempt(card, q, addr, &d);
			return;
		}
		send_descriptor(card, q, addr, &d);
		if (!step_chain(card, q, addr, &d))
			return;
	}
}

/*
 * The attempt in flight ends: the next attempt of the same frame is
 * scheduled, or the frame is done and the chain moves on.  finish_now
 * (TXD) runs the remaining attempts at once.
 */
static void complete_in_flight(struct card *card, unsigned int q, bool finish_now)
{
	struct tx_queue *tq = &card->txq[q];
	struct tx_desc d;

	tq->in_flight = false;
	if (!read_desc(card, q, tq->desc, &d)) {
		queue_stop(card, q);
		return;
	}
	if (tq->rts_phase && !finish_now) {
		uint8_t hdr[16];

		/* RTS and CTS are over: the frame follows, or the attempt failed. */
		tq->rts_phase = false;
		memset(hdr, 0xff, sizeof(hdr));
		card->ops->dma_read(card->host, d.buf, hdr, sizeof(hdr));
		if (rts_exchange(card, q, &d, hdr)) {
			tq->rts_outcome = RTS_CTS_CAME;
			tq->in_flight = true;
			tq->done_at = tq->exchange_end;
			return;
		}
		tq->rts_outcome = RTS_NO_CTS;
		if (card->air)
			air_release(card->air, card, card->freq_mhz, tq->exchange_end,
				    tq->done_at);
	}
	/* TXD in the RTS phase: attempt runs the whole exchange now. */
	tq->rts_phase = false;
	for (unsigned int n = 0; n < 4 * 16; n++) {
		if (attempt(card, q, tq->desc, &d)) {
			step_chain(card, q, tq->desc, &d);
			return;
		}
		if (!finish_now) {
			schedule_attempt(card, q, tq->desc, &d);
			return;
		}
	}
}

void tx_write_txdp(struct card *card, unsigned int q, uint32_t value)
{
	if (queue_enabled(card, q)) {
		card_logf(card, "queue %u: TXDP write 0x%08x ignored while enabled",
			  q, value);
		return;
	}
	card->txq[q].veol_beacon = false;
	card_reg_set(card, REG_QCU_TXDP(q), value);
}

void tx_write_txe(struct card *card, uint32_t bits)
{
	uint32_t disabled = card_reg(card, REG_QCU_TXD);

	for (unsigned int q = 0; q < CARD_QUEUES; q++) {
		if (!(bits >> q & 1) || (disabled >> q & 1))
			continue;
		card_reg_set(card, REG_QCU_TXE, card_reg(card, REG_QCU_TXE) | 1u << q);
		kick(card, q);
	}
}

void tx_write_txd(struct card *card, uint32_t bits)
{
	for (unsigned int q = 0; q < CARD_QUEUES; q++) {
		if (!(bits >> q & 1))
			continue;
		card->txq[q].veol_beacon = false;
		/* A frame already on the air still finishes; TXE reads set till then. */
		if (card->txq[q].in_flight) {
			card->txq[q].stopping = true;
			continue;
		}
		queue_stop(card, q);
	}
}

/* Frames not yet done from TXDP along the chain; the field saturates. */
static unsigned int frames_pending(struct card *card, unsigned int q)
{
	uint32_t cur = card_reg(card, REG_QCU_TXDP(q));
	unsigned int n = 0;

	if (!queue_enabled(card, q) && !card->txq[q].in_flight)
		return 0;
	for (unsigned int i = 0; i < CHAIN_LIMIT && cur && n < QCU_STS_FRMPENDCNT; i++) {
		struct tx_desc d;

		if (!read_desc(card, q, cur, &d))
			break;
		if (!(d.status[1] & ST1_DONE))
			n++;
		if (!d.link || d.link == cur || d.veol)
			break;
		cur = d.link;
	}
	return n;
}

uint32_t tx_queue_status(struct card *card, unsigned int q)
{
	return (card_reg(card, REG_QCU_STS(q)) & ~QCU_STS_FRMPENDCNT) |
	       frames_pending(card, q);
}

void tx_advance(struct card *card, uint64_t now)
{
	for (unsigned int q = 0; q < CARD_QUEUES; q++) {
		struct tx_queue *tq = &card->txq[q];

		if (!tq->in_flight || tq->done_at > now)
			continue;
		complete_in_flight(card, q, tq->stopping);
		if (tq->stopping) {
			tq->stopping = false;
			queue_stop(card, q);
			continue;
		}
		kick(card, q);
	}
}

uint64_t tx_next_deadline(const struct card *card)
{
	uint64_t next = CARD_NO_DEADLINE;

	for (unsigned int q = 0; q < CARD_QUEUES; q++)
		if (card->txq[q].in_flight && card->txq[q].done_at < next)
			next = card->txq[q].done_at;
	return next;
}

/* Sends a gated queue's whole chain now (beacon slot). */
static void drain_gated(struct card *card, unsigned int q)
{
	struct tx_queue *tq = &card->txq[q];

	if (!queue_enabled(card, q))
		return;
	if (tq->veol_beacon) {
		struct tx_desc d;
		uint32_t addr = card_reg(card, REG_QCU_TXDP(q));

		if (fetch_desc(card, q, addr, &d))
			send_descriptor(card, q, addr, &d);
		return;
	}
	for (unsigned int n = 0; n < CHAIN_LIMIT; n++) {
		struct tx_desc d;
		uint32_t addr;

		if (!next_pending(card, q, &addr, &d)) {
			queue_stop(card, q);
			return;
		}
		send_descriptor(card, q, addr, &d);
		if (!step_chain(card, q, addr, &d))
			return;
	}
}

void tx_beacon_slot(struct card *card)
{
	drain_gated(card, CARD_BEACON_QUEUE);
	if (queue_gated(card, CARD_CAB_QUEUE))
		drain_gated(card, CARD_CAB_QUEUE);
}

void tx_reset(struct card *card)
{
	memset(card->txq, 0, sizeof(card->txq));
	card_reg_set(card, REG_QCU_TXE, 0);
}
