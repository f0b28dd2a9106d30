// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * DMA descriptors: the entry points the rest of the driver calls (they
 * check what a descriptor can hold and whether the hardware is done with
 * it, then call the chip's format, ah->desc_ops), and the AR5212
 * family's format: four TX control words with up to four multi-rate-retry
 * series, two status words after them.  The AR5211's and the AR5210's
 * two-word formats are in desc_2word.c.  Pure logic on memory: also
 * built into the userspace unit tests.
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
#include <linux/string.h>
#include <asm/barrier.h>

#include "hw_internal.h"
#include "desc_bits.h"

static int ath5k_tx_params_check(const struct ath5k_tx_params *p)
{
	if (!p->tries[0] || !p->rate[0])
		return -EINVAL;
	if (p->frame_len > TX0_FRAME_LEN || p->buf_len > TX1_BUF_LEN ||
	    !p->buf_len)
		return -EINVAL;
	if (p->key_index != ATH5K_KEY_INVALID && p->key_index > MAX_KEY_INDEX)
		return -EINVAL;
	if ((p->flags & ATH5K_TXF_RTS) && (p->flags & ATH5K_TXF_CTS))
		return -EINVAL;
	return 0;
}

static int ath5k_tx_desc_setup_4word(struct ath5k_desc *d,
				     const struct ath5k_tx_params *p)
{
	u32 c0, c1, c2, c3;
	unsigned int i;

	c0 = FIELD_PREP(TX0_FRAME_LEN, p->frame_len) |
	     FIELD_PREP(TX0_POWER, min_t(u8, p->txpower, ATH5K_TXPOWER_MAX)) |
	     FIELD_PREP(TX0_ANTENNA, p->antenna);
	c1 = FIELD_PREP(TX1_BUF_LEN, p->buf_len) |
	     FIELD_PREP(TX1_FRAME_TYPE, p->pkt_type);
	c2 = 0;
	c3 = 0;

	if (p->flags & ATH5K_TXF_NOACK)
		c1 |= TX1_NOACK;
	ath5k_desc_tx_common_bits(p, &c0, &c1);
	if (p->flags & (ATH5K_TXF_RTS | ATH5K_TXF_CTS)) {
		c0 |= (p->flags & ATH5K_TXF_RTS) ? TX0_RTS : TX0_CTS;
		c2 |= FIELD_PREP(TX2_RTS_DURATION, p->rtscts_duration);
		c3 |= FIELD_PREP(TX3_RTSCTS_RATE, p->rtscts_rate);
	}

	/* retry series: a zero try count ends the list */
	for (i = 0; i < ATH5K_MRR_SERIES && p->tries[i]; i++) {
		c2 |= (u32)min_t(u8, p->tries[i], MAX_TRIES) <<
		      (TX2_TRIES_SHIFT + 4 * i);
		c3 |= (u32)(p->rate[i] & 0x1f) << (TX3_RATE_BITS * i);
	}

	d->tx.ctl[0] = cpu_to_le32(c0);
	d->tx.ctl[1] = cpu_to_le32(c1);
	d->tx.ctl[2] = cpu_to_le32(c2);
	d->tx.ctl[3] = cpu_to_le32(c3);
	d->tx.status[0] = 0;
	d->tx.status[1] = 0;
	return 0;
}

int ath5k_hw_tx_desc_setup(const struct ath5k_hw *ah, struct ath5k_desc *d,
			   const struct ath5k_tx_params *p)
{
	int ret;

	ret = ath5k_tx_params_check(p);
	if (ret)
		return ret;
	return ah->desc_ops->tx_setup(d, p);
}

/* The two TX status words, where the chip's format puts them. */
static const __le32 *ath5k_tx_status_words(const struct ath5k_hw *ah,
					   const struct ath5k_desc *d)
{
	return &d->words[ah->desc_ops->tx_status_word];
}

bool ath5k_hw_tx_desc_done(const struct ath5k_hw *ah, const struct ath5k_desc *d)
{
	return le32_to_cpu(READ_ONCE(ath5k_tx_status_words(ah, d)[1])) &
	       TXS1_DONE;
}

int ath5k_hw_tx_desc_status(const struct ath5k_hw *ah,
			    const struct ath5k_desc *d,
			    struct ath5k_tx_status *ts)
{
	const __le32 *st = ath5k_tx_status_words(ah, d);
	u32 s1 = le32_to_cpu(READ_ONCE(st[1]));
	u32 s0;

	if (!(s1 & TXS1_DONE))
		return -EINPROGRESS;
	/* the other status word is only valid once DONE is seen */
	dma_rmb();
	s0 = le32_to_cpu(READ_ONCE(st[0]));

	memset(ts, 0, sizeof(*ts));
	ah->desc_ops->tx_status(s0, s1, ts);
	return 0;
}

/* Four series: the one that ended the frame, and its antenna. */
static void ath5k_tx_status_4word(u32 s0, u32 s1, struct ath5k_tx_status *ts)
{
	ath5k_desc_tx_status_common(s0, s1, ts);
	ts->final_idx = FIELD_GET(TXS1_FINAL_IDX, s1);
	ts->antenna = (s1 & TXS1_ANTENNA) ? 2 : 1;
}

/*
 * The hardware reports failed attempts (retries) of the final series, so
 * an ACK on the first try reads 0; the acknowledged attempt is added here.
 * Every series before the final one used all its tries.
 */
unsigned int ath5k_hw_tx_attempts(const struct ath5k_tx_status *ts,
				  const u8 *tries, u8 *attempts)
{
	unsigned int final = min_t(unsigned int, ts->final_idx,
				   ATH5K_MRR_SERIES - 1);
	unsigned int i;

	for (i = 0; i < ATH5K_MRR_SERIES; i++)
		attempts[i] = i < final ? tries[i] : 0;
	/* a 4-bit field: at most 15 + 1 */
	attempts[final] = ts->long_retry + !!(ts->flags & ATH5K_TXS_OK);
	return final;
}

int ath5k_hw_rx_desc_setup(struct ath5k_desc *d, u16 buf_size, bool intreq)
{
	if (!buf_size || buf_size > RX1_BUF_LEN)
		return -EINVAL;
	d->rx.ctl[0] = 0;
	d->rx.ctl[1] = cpu_to_le32(FIELD_PREP(RX1_BUF_LEN, buf_size) |
				   (intreq ? RX1_INTREQ : 0));
	d->rx.status[0] = 0;
	d->rx.status[1] = 0;
	return 0;
}

bool ath5k_hw_rx_desc_done(const struct ath5k_desc *d)
{
	/* DONE is where the AR5212 keeps it on the AR5211 too */
	return le32_to_cpu(READ_ONCE(d->rx.status[1])) & RXS1_DONE;
}

static void ath5k_rx_status_4word(const struct ath5k_hw *ah, u32 s0, u32 s1,
				  struct ath5k_rx_status *rs)
{
	rs->len = FIELD_GET(RXS0_LEN, s0);
	rs->more = s0 & RXS0_MORE;
	rs->rate = FIELD_GET(RXS0_RATE, s0);
	rs->rssi = (s8)FIELD_GET(RXS0_RSSI, s0);
	rs->antenna = FIELD_GET(RXS0_ANTENNA, s0);
	rs->tstamp = FIELD_GET(RXS1_TSTAMP, s1);
	rs->key_miss = s1 & RXS1_KEY_MISS;

	/* a PHY error overlays its code on the key fields */
	if ((s1 & RXS1_KEY_VALID) && !(s1 & RXS1_PHY)) {
		rs->key_valid = true;
		rs->key_index = FIELD_GET(RXS1_KEY_INDEX, s1);
	}
	if (s1 & RXS1_OK)
		return;
	if (s1 & RXS1_PHY) {
		rs->flags |= ATH5K_RXE_PHY;
		rs->phyerr = FIELD_GET(RXS1_PHY_CODE, s1);
	}
	if (s1 & RXS1_CRC)
		rs->flags |= ATH5K_RXE_CRC;
	if (s1 & RXS1_DECRYPT)
		rs->flags |= ATH5K_RXE_DECRYPT;
	if (s1 & RXS1_MIC)
		rs->flags |= ATH5K_RXE_MIC;
}

int ath5k_hw_rx_desc_status(const struct ath5k_hw *ah,
			    const struct ath5k_desc *d,
			    struct ath5k_rx_status *rs)
{
	u32 s1 = le32_to_cpu(READ_ONCE(d->rx.status[1]));
	u32 s0;

	if (!(s1 & RXS1_DONE))
		return -EINPROGRESS;
	/* the other status word is only valid once DONE is seen */
	dma_rmb();
	s0 = le32_to_cpu(READ_ONCE(d->rx.status[0]));

	memset(rs, 0, sizeof(*rs));
	ah->desc_ops->rx_status(ah, s0, s1, rs);
	return 0;
}

u16 ath5k_hw_rx_tstamp_mask(const struct ath5k_hw *ah)
{
	return ah->desc_ops->rx_tstamp_mask;
}

const struct ath5k_desc_ops ath5k_desc_5212_ops = {
	.tx_setup = ath5k_tx_desc_setup_4word,
	.tx_status = ath5k_tx_status_4word,
	.tx_status_word = TXS_4W_WORD,
	.rx_status = ath5k_rx_status_4word,
	.rx_tstamp_mask = GENMASK(14, 0),	/* RXS1_TSTAMP's 15 bits */
};
