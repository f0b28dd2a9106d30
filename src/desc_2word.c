// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The two-word DMA descriptors of the AR5211 and the AR5210: two TX
 * control words with one rate (the tries come from the queue), the TX
 * status in the words the AR5212 uses for its third and fourth control
 * words, and the 5210/5211 RX status.  The AR5210's control words keep
 * a header length and a frame type of their own.  Pure logic on memory:
 * also built into the userspace unit tests.
 *
 * Word layouts from the Linux ath5k driver (desc.[ch] in Debian
 * linux-source-6.1) and the project's hardware-facts note.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/desc.c in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2007-2008 Pavel Roskin <proski@gnu.org>
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 *
 * From drivers/net/wireless/ath/ath5k/desc.h in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

#include <linux/kernel.h>
#include <linux/bitfield.h>
#include <linux/errno.h>

#include "hw_internal.h"
#include "desc_bits.h"

/*
 * AR5211: the first rate only (CCK as its low nibble) and no CTS-to-self;
 * the hardware takes the tries from the queue, the power from the chip.
 */
static int ath5k_tx_desc_setup_2word(struct ath5k_desc *d,
				     const struct ath5k_tx_params *p)
{
	u32 c0, c1;

	if (p->flags & ATH5K_TXF_CTS)
		return -EOPNOTSUPP;
	c0 = FIELD_PREP(TX0_FRAME_LEN, p->frame_len) |
	     FIELD_PREP(TX0_2W_RATE, p->rate[0] & RATE_5211) |
	     FIELD_PREP(TX0_ANTENNA, p->antenna);
	c1 = FIELD_PREP(TX1_BUF_LEN, p->buf_len) |
	     FIELD_PREP(TX1_2W_FRAME_TYPE, p->pkt_type);
	if (p->flags & ATH5K_TXF_NOACK)
		c1 |= TX1_2W_NOACK;
	if (p->flags & ATH5K_TXF_RTS)
		c0 |= TX0_RTS;
	ath5k_desc_tx_common_bits(p, &c0, &c1);
	d->tx.ctl[0] = cpu_to_le32(c0);
	d->tx.ctl[1] = cpu_to_le32(c1);
	d->words[TXS_2W_WORD] = 0;
	d->words[TXS_2W_WORD + 1] = 0;
	return 0;
}

/*
 * The AR5210's two control words: the 802.11 header length and a frame
 * type of its own in word 0, a 6-bit key index and the RTS duration in
 * word 1; no VEOL and no NOACK (it never waits for the ACK of a group
 * address anyway).
 */
static int ath5k_tx_desc_setup_5210(struct ath5k_desc *d,
				    const struct ath5k_tx_params *p)
{
	u32 c0, c1, type;

	if (p->flags & ATH5K_TXF_CTS)
		return -EOPNOTSUPP;
	if (p->hdr_len > FIELD_MAX(TX0_5210_HDR_LEN))
		return -EINVAL;
	if (p->key_index != ATH5K_KEY_INVALID &&
	    p->key_index > FIELD_MAX(TX1_5210_KEY_INDEX))
		return -EINVAL;
	switch (p->pkt_type) {
	case ATH5K_PKT_BEACON:
	case ATH5K_PKT_PROBE_RESP:
		type = TYPE_5210_NO_DELAY;
		break;
	default:
		type = p->pkt_type;
		break;
	}
	c0 = FIELD_PREP(TX0_FRAME_LEN, p->frame_len) |
	     FIELD_PREP(TX0_5210_HDR_LEN, p->hdr_len) |
	     FIELD_PREP(TX0_2W_RATE, p->rate[0] & RATE_5211) |
	     FIELD_PREP(TX0_5210_FRAME_TYPE, type);
	c1 = FIELD_PREP(TX1_BUF_LEN, p->buf_len);
	if (p->antenna == 2)
		c0 |= TX0_5210_ANTENNA_B;
	if (p->flags & ATH5K_TXF_INTREQ)
		c0 |= TX0_INTREQ;
	if (p->flags & ATH5K_TXF_CLRDMASK)
		c0 |= TX0_CLRDMASK;
	if (p->flags & ATH5K_TXF_RTS) {
		c0 |= TX0_RTS;
		c1 |= FIELD_PREP(TX1_5210_RTS_DURATION,
				 min_t(u32, p->rtscts_duration,
				       FIELD_MAX(TX1_5210_RTS_DURATION)));
	}
	if (p->key_index != ATH5K_KEY_INVALID) {
		c0 |= TX0_KEY_VALID;
		c1 |= FIELD_PREP(TX1_5210_KEY_INDEX, p->key_index);
	}
	d->tx.ctl[0] = cpu_to_le32(c0);
	d->tx.ctl[1] = cpu_to_le32(c1);
	d->words[TXS_2W_WORD] = 0;
	d->words[TXS_2W_WORD + 1] = 0;
	return 0;
}

/* The same status words; one series, one antenna. */
static void ath5k_tx_status_2word(u32 s0, u32 s1, struct ath5k_tx_status *ts)
{
	ath5k_desc_tx_status_common(s0, s1, ts);
	ts->antenna = 1;
}

/*
 * The 5210/5211 RX status: a 4-bit rate (CCK while the channel is
 * 802.11b), 13 TSF bits, a 3-bit PHY error code beside the key fields
 * and no Michael check.  The antenna is the caller's.
 */
static void ath5k_rx_status_2word(const struct ath5k_hw *ah, u32 s0, u32 s1,
				  struct ath5k_rx_status *rs)
{
	rs->len = FIELD_GET(RXS0_LEN, s0);
	rs->more = s0 & RXS0_MORE;
	rs->rate = FIELD_GET(RXS0_5211_RATE, s0);
	if (ah->chan.mode == ATH5K_MODE_11B)
		rs->rate |= RATE_CCK_FLAG;
	rs->rssi = (s8)FIELD_GET(RXS0_5211_RSSI, s0);
	rs->tstamp = FIELD_GET(RXS1_5211_TSTAMP, s1);
	rs->key_miss = s1 & RXS1_5211_KEY_MISS;
	if (s1 & RXS1_KEY_VALID) {
		rs->key_valid = true;
		rs->key_index = FIELD_GET(RXS1_5211_KEY_INDEX, s1);
	}
	if (s1 & RXS1_OK)
		return;
	if (s1 & RXS1_5211_PHY_CODE) {
		rs->flags |= ATH5K_RXE_PHY;
		rs->phyerr = FIELD_GET(RXS1_5211_PHY_CODE, s1);
	}
	if (s1 & RXS1_CRC)
		rs->flags |= ATH5K_RXE_CRC;
	if (s1 & RXS1_5211_DECRYPT)
		rs->flags |= ATH5K_RXE_DECRYPT;
}

static void ath5k_rx_status_5211(const struct ath5k_hw *ah, u32 s0, u32 s1,
				 struct ath5k_rx_status *rs)
{
	ath5k_rx_status_2word(ah, s0, s1, rs);
	rs->antenna = FIELD_GET(RXS0_5211_ANTENNA, s0);
}

/* the AR5210 says only whether antenna B heard it */
static void ath5k_rx_status_5210(const struct ath5k_hw *ah, u32 s0, u32 s1,
				 struct ath5k_rx_status *rs)
{
	ath5k_rx_status_2word(ah, s0, s1, rs);
	rs->antenna = (s0 & RXS0_5210_ANTENNA_B) ? 2 : 1;
}

const struct ath5k_desc_ops ath5k_desc_5211_ops = {
	.tx_setup = ath5k_tx_desc_setup_2word,
	.tx_status = ath5k_tx_status_2word,
	.tx_status_word = TXS_2W_WORD,
	.rx_status = ath5k_rx_status_5211,
	.rx_tstamp_mask = GENMASK(12, 0),	/* RXS1_5211_TSTAMP's 13 bits */
};

const struct ath5k_desc_ops ath5k_desc_5210_ops = {
	.tx_setup = ath5k_tx_desc_setup_5210,
	.tx_status = ath5k_tx_status_2word,
	.tx_status_word = TXS_2W_WORD,
	.rx_status = ath5k_rx_status_5210,
	.rx_tstamp_mask = GENMASK(12, 0),
};
