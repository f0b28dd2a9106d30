// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * What the AR5211 does its own way in the PHY (ath5k_phy_5211_ops): the
 * RF5111's PHY mode and PLL words, the MAC's own 802.11b switch, the
 * I/Q calibration's Q scale.  What it lacks is in ATH5K_CAPS_AR5211; its
 * queues and interrupts are the AR5212 family's (qcu.c), its descriptors
 * the two-word ones (desc_2word.c).
 *
 * Register values follow the Linux ath5k driver (its PHY and reset code,
 * Debian linux-source-6.1) and the project's hardware-facts note.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/phy.c in Linux 6.1:
 *
 * Copyright (c) 2004-2007 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2009 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2007-2008 Jiri Slaby <jirislaby@gmail.com>
 * Copyright (c) 2008-2009 Felix Fietkau <nbd@openwrt.org>
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
 * From drivers/net/wireless/ath/ath5k/reset.c in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2007-2008 Luis Rodriguez <mcgrof@winlab.rutgers.edu>
 * Copyright (c) 2007-2008 Pavel Roskin <proski@gnu.org>
 * Copyright (c) 2007-2008 Jiri Slaby <jirislaby@gmail.com>
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
#include "hw_internal.h"
#include "reg.h"

#define PLL_40MHZ_5211		0x18
#define PLL_44MHZ_5211		0x19

/*
 * AR5211: the RF5111 bus (mode bit 3 clear), its own PLL words and
 * neither dynamic OFDM/CCK nor narrow channels.
 */
static int ath5k_phy_mode_set_5211(struct ath5k_hw *ah,
				   const struct ath5k_chan *chan)
{
	u32 mode = 0, pll = PLL_40MHZ_5211;

	if (chan->bw != ATH5K_BW_20 || chan->mode == ATH5K_MODE_11G)
		return -EOPNOTSUPP;
	if (ath5k_chan_is_2ghz(chan)) {
		mode = PHY_MODE_2GHZ | PHY_MODE_CCK;
		pll = PLL_44MHZ_5211;
	}
	ath5k_phy_mode_write(ah, mode, pll);
	return 0;
}

/* the AR5211 turns its RF2111 and CCK on for 802.11b in the MAC */
static int ath5k_phy_modulation_set_5211(struct ath5k_hw *ah,
					 const struct ath5k_chan *chan)
{
	if (chan->mode == ATH5K_MODE_11B)
		ath5k_set_bits(ah, R_TXCFG, TXCFG_B_MODE);
	else
		ath5k_clear_bits(ah, R_TXCFG, TXCFG_B_MODE);
	return 0;
}

/* the AR5211 scales the Q power by half as much */
const struct ath5k_phy_ops ath5k_phy_5211_ops = {
	.mode_set = ath5k_phy_mode_set_5211,
	.modulation_set = ath5k_phy_modulation_set_5211,
	.iq_q_shift = 6,
	.iq_q_offset = 64,
};
