// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The last frames a card sent or was offered, beacons and control frames
 * left out, and what became of each.  A failed lab check asks for them
 * ("CARD journal") to tell a frame that never left the sender from one
 * the air lost or the receiver turned away.  Beacons would push the rest
 * out within seconds, so they are not kept.
 */
#include "card_model.h"

#include <string.h>

static bool worth_keeping(const struct air_frame *f)
{
	unsigned int type, subtype;

	if (f->len < 16)
		return false;
	type = f->data[0] >> 2 & 3;
	subtype = f->data[0] >> 4;
	return type != 1 && !(type == 0 && subtype == 8);
}

void journal_note(struct card *card, bool sent, const struct air_frame *f,
		  const char *outcome)
{
	struct journal_entry *e;

	if (!worth_keeping(f))
		return;
	e = &card->journal[card->journal_next++ % CARD_JOURNAL_LEN];
	e->when_us = card_now(card);
	e->sent = sent;
	e->fc[0] = f->data[0];
	e->fc[1] = f->data[1];
	memcpy(e->addr1, f->data + 4, 6);
	memcpy(e->addr2, f->data + 10, 6);
	e->seq = f->len >= 24 ? (uint16_t)((f->data[22] | f->data[23] << 8) >> 4) : 0;
	e->len = f->len;
	e->freq_mhz = f->freq_mhz;
	e->rate_code = f->rate_code;
	e->outcome = outcome;
}


unsigned int card_journal_dump(struct card *card)
{
	unsigned long first = card->journal_next > CARD_JOURNAL_LEN ?
			      card->journal_next - CARD_JOURNAL_LEN : 0;
	uint64_t now = card_now(card);

	card_logf(card, "journal: %lu frames other than beacons, the last %lu below; now %llu.%06llu s",
		  card->journal_next, card->journal_next - first,
		  (unsigned long long)(now / 1000000), (unsigned long long)(now % 1000000));
	for (unsigned long i = first; i < card->journal_next; i++) {
		const struct journal_entry *e = &card->journal[i % CARD_JOURNAL_LEN];
		char a1[18], a2[18];

		card_format_mac(e->addr1, a1);
		card_format_mac(e->addr2, a2);
		card_logf(card, "journal: %llu.%06llu %s fc %02x%02x %s from %s seq %u len %u %u MHz rate 0x%02x: %s",
			  (unsigned long long)(e->when_us / 1000000),
			  (unsigned long long)(e->when_us % 1000000),
			  e->sent ? "sent" : "heard", e->fc[0], e->fc[1], a1, a2,
			  e->seq, e->len, e->freq_mhz, e->rate_code, e->outcome);
	}
	return (unsigned int)(card->journal_next - first);
}
