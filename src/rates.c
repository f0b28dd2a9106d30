// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The 802.11a/b/g rates as the AR5212 names them, and the airtime of an
 * ACK, which the PCU needs per rate.  Pure logic: also built into the
 * userspace unit tests.
 *
 * Rate codes from the Linux ath5k driver (ath5k.h ATH5K_RATE_CODE_*,
 * Debian linux-source-6.1) and the project's hardware-facts note; the
 * airtime formulas are those of IEEE 802.11-2012 clauses 17 (DSSS/CCK
 * PLCP: 144 + 48 us long, 72 + 24 us short) and 18 (OFDM: 16 us preamble,
 * 4 us SIGNAL, 4 us symbols, 16 service + 6 tail bits).
 */
/*
 * This file incorporates work covered by the following copyright and permission notice:
 *
 * From drivers/net/wireless/ath/ath5k/ath5k.h in Linux 6.1:
 *
 * Copyright (c) 2004-2007 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2007 Nick Kossifidis <mickflemm@gmail.com>
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
#include <linux/errno.h>

#include "hw.h"

const struct ath5k_rate_info ath5k_rates[ATH5K_RATE_COUNT] = {
	{ .bitrate = 10,  .code = 0x1b, .code_short = 0,    .ofdm = false },
	{ .bitrate = 20,  .code = 0x1a, .code_short = 0x1e, .ofdm = false },
	{ .bitrate = 55,  .code = 0x19, .code_short = 0x1d, .ofdm = false },
	{ .bitrate = 110, .code = 0x18, .code_short = 0x1c, .ofdm = false },
	{ .bitrate = 60,  .code = 0x0b, .code_short = 0,    .ofdm = true },
	{ .bitrate = 90,  .code = 0x0f, .code_short = 0,    .ofdm = true },
	{ .bitrate = 120, .code = 0x0a, .code_short = 0,    .ofdm = true },
	{ .bitrate = 180, .code = 0x0e, .code_short = 0,    .ofdm = true },
	{ .bitrate = 240, .code = 0x09, .code_short = 0,    .ofdm = true },
	{ .bitrate = 360, .code = 0x0d, .code_short = 0,    .ofdm = true },
	{ .bitrate = 480, .code = 0x08, .code_short = 0,    .ofdm = true },
	{ .bitrate = 540, .code = 0x0c, .code_short = 0,    .ofdm = true },
};

int ath5k_rate_code_to_idx(u8 code)
{
	unsigned int i;

	for (i = 0; i < ATH5K_RATE_COUNT; i++)
		if (ath5k_rates[i].code == code ||
		    (ath5k_rates[i].code_short &&
		     ath5k_rates[i].code_short == code))
			return i;
	return -EINVAL;
}

#define FCS_LEN			4
#define CCK_SIFS		10
#define CCK_PLCP_LONG		(144 + 48)
#define CCK_PLCP_SHORT		(72 + 24)
#define OFDM_SIFS		16
#define OFDM_PREAMBLE		16
#define OFDM_SIGNAL		4
#define OFDM_SYMBOL		4
#define OFDM_EXTRA_BITS		(16 + 6)	/* SERVICE and tail */

unsigned int ath5k_frame_airtime(const struct ath5k_rate_info *rate,
				 unsigned int len, bool short_preamble)
{
	unsigned int bits = 8 * (len + FCS_LEN);

	if (rate->ofdm)
		return OFDM_SIFS + OFDM_PREAMBLE + OFDM_SIGNAL +
		       OFDM_SYMBOL * DIV_ROUND_UP((OFDM_EXTRA_BITS + bits) * 10,
						  OFDM_SYMBOL * rate->bitrate);
	return CCK_SIFS + (short_preamble ? CCK_PLCP_SHORT : CCK_PLCP_LONG) +
	       DIV_ROUND_UP(bits * 10, rate->bitrate);
}
