// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Bringing the chip up far enough for probe: power and reset handshakes,
 * identification of MAC, PHY and radio, the power-on self test and the
 * EEPROM.  Sequences and values follow the Linux ath5k driver (attach.c,
 * reset.c, phy.c, pci.c in Debian linux-source-6.1) and the project's
 * hardware-facts note.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/attach.c in Linux 6.1:
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
 * From drivers/net/wireless/ath/ath5k/pci.c in Linux 6.1:
 *
 * Copyright (c) 2008-2009 Atheros Communications Inc.
 *
 * Permission to use, copy, modify, and/or distribute this software for any
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
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "hw.h"
#include "hw_internal.h"
#include "reg.h"

/* ----- polling ------------------------------------------------------- */

int ath5k_hw_wait(struct ath5k_hw *ah, u32 reg, u32 mask, u32 val,
		  unsigned int step_us, unsigned int tries)
{
	u32 cur;

	return read_poll_timeout(ioread32, cur, (cur & mask) == val,
				 step_us, (u64)step_us * tries, false,
				 ah->iomem + reg);
}

/* ----- power ----------------------------------------------------------- */

#define WAKE_TRIES		200
#define RESET_POLL_US		15
#define RESET_POLL_TRIES	20000

static int ath5k_wake_chip(struct ath5k_hw *ah)
{
	unsigned int i;
	u32 sleep;

	sleep = ath5k_rd(ah, R_SLEEP_CTL);
	/* garbage in the upper bits means the register is not ours yet */
	sleep = (sleep & 0xffc00000) ? 0 : sleep & ~SLEEP_MODE;
	sleep |= FIELD_PREP(SLEEP_MODE, SLEEP_MODE_WAKE);

	ath5k_wr(ah, R_SLEEP_CTL, sleep);
	usleep_range(15, 20);
	for (i = 0; i < WAKE_TRIES; i++) {
		if (!(ath5k_rd(ah, R_PCICFG) & PCICFG_SPWR_DN))
			return 0;
		usleep_range(50, 75);
		ath5k_wr(ah, R_SLEEP_CTL, sleep);
	}
	return -EIO;
}

int ath5k_hw_set_power(struct ath5k_hw *ah, enum ath5k_power mode)
{
	u32 staid = ath5k_pcu_rd(ah, R_STA_ID1);
	int ret;

	switch (mode) {
	case ATH5K_POWER_AWAKE:
		ret = ath5k_wake_chip(ah);
		if (ret)
			return ret;
		staid &= ~STA_ID1_PWR_SV;
		break;
	case ATH5K_POWER_NETWORK_SLEEP:
		ath5k_wr(ah, R_SLEEP_CTL,
			 FIELD_PREP(SLEEP_MODE, SLEEP_MODE_ALLOW));
		staid |= STA_ID1_PWR_SV;
		break;
	case ATH5K_POWER_FULL_SLEEP:
		ath5k_wr(ah, R_SLEEP_CTL,
			 FIELD_PREP(SLEEP_MODE, SLEEP_MODE_SLEEP));
		staid |= STA_ID1_PWR_SV;
		break;
	default:
		return -EINVAL;
	}
	ath5k_pcu_wr(ah, R_STA_ID1, staid);
	return 0;
}

u32 ath5k_hw_reset_all_bits(const struct ath5k_hw *ah)
{
	/* the AR5210 is a PCI part; a PCIe core must not be reset */
	return ah->mac_ops->reset_units | (ah->pcie ? 0 : RESET_PCI);
}

/*
 * Put the units in @bits into reset (or, with 0, take everything out of
 * reset) and wait until the units' bits read back as written.
 */
int ath5k_hw_nic_reset(struct ath5k_hw *ah, u32 bits)
{
	u32 mask = ah->mac_ops->reset_units;
	int ret;

	ath5k_rd(ah, R_RXDP);	/* flush posted writes first */
	ath5k_wr(ah, R_RESET_CTL, bits);
	/* the mask registers start over: the next mask is written whole */
	ah->imr_hw_valid = false;
	usleep_range(15, 20);

	ret = ath5k_hw_wait(ah, R_RESET_CTL, mask, bits & mask,
			    RESET_POLL_US, RESET_POLL_TRIES);
	/* coming out of PCU reset: little-endian descriptors, no swapping */
	if (!(bits & RESET_PCU))
		ath5k_wr(ah, R_CFG, 0);
	return ret;
}

/*
 * The retry fix of the chip's PCI core (AR5213A and later).  A card back
 * from D3hot has lost it and no initial value sets it, so every full
 * reset sets it again, not attach alone.
 */
void ath5k_hw_pci_retry_fix(struct ath5k_hw *ah)
{
	if (ah->srev >= SREV_AR5213A)
		ath5k_set_bits(ah, R_PCICFG, PCICFG_RETRY_FIX);
}

/* Wake the chip and cycle a full warm reset of MAC and baseband. */
int ath5k_hw_nic_wakeup(struct ath5k_hw *ah)
{
	int ret;

	ret = ath5k_hw_set_power(ah, ATH5K_POWER_AWAKE);
	if (ret) {
		dev_err(ah->dev, "chip did not wake up\n");
		return ret;
	}
	ret = ath5k_hw_nic_reset(ah, ath5k_hw_reset_all_bits(ah));
	if (ret) {
		dev_err(ah->dev, "chip did not enter reset\n");
		return -EIO;
	}
	if (ah->mac_ops->reset_settle_us)
		usleep_range(ah->mac_ops->reset_settle_us,
			     ah->mac_ops->reset_settle_us * 5 / 4);
	ret = ath5k_hw_set_power(ah, ATH5K_POWER_AWAKE);
	if (ret) {
		dev_err(ah->dev, "chip did not wake up after reset\n");
		return ret;
	}
	ret = ath5k_hw_nic_reset(ah, 0);
	if (ret) {
		dev_err(ah->dev, "chip did not leave reset\n");
		return -EIO;
	}
	return 0;
}

/* ----- identification ------------------------------------------------- */

/* The radio-revision probe: magic values from the reference driver. */
#define RADIO_SELECT_5GHZ	0x00000007
#define RADIO_SELECT_2GHZ	0x00004007
#define RADIO_PROBE_SETUP	0x00001c16
#define RADIO_PROBE_CLOCK	0x00010000
#define RADIO_PROBE_CLOCKS	8

/* The radio reports its revision with each nibble bit-reversed. */
u8 ath5k_radio_rev_decode(u8 raw)
{
	u8 out = 0;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		if (raw & BIT(i))
			out |= BIT(3 - i);
		if (raw & BIT(4 + i))
			out |= BIT(7 - i);
	}
	return out;
}

/* The radio's answer to the revision probe, as the register reads. */
u32 ath5k_hw_radio_probe(struct ath5k_hw *ah, bool two_ghz)
{
	unsigned int i;
	u32 raw;

	ath5k_wr(ah, R_PHY(0), two_ghz ? RADIO_SELECT_2GHZ : RADIO_SELECT_5GHZ);
	usleep_range(2000, 2500);
	ath5k_wr(ah, R_PHY_RF_BANK_CTL3, RADIO_PROBE_SETUP);
	for (i = 0; i < RADIO_PROBE_CLOCKS; i++)
		ath5k_wr(ah, R_PHY_SHIFT, RADIO_PROBE_CLOCK);
	raw = ath5k_rd(ah, R_PHY_RADIO_REV);
	ath5k_wr(ah, R_PHY(0), RADIO_SELECT_5GHZ);
	return raw;
}

static u8 ath5k_radio_revision(struct ath5k_hw *ah, bool two_ghz)
{
	return ath5k_radio_rev_decode(ath5k_hw_radio_probe(ah, two_ghz) >> 24);
}

static int ath5k_identify_radio(struct ath5k_hw *ah)
{
	u8 ver = ah->mac_version;

	if (ah->mac_ops->radio_identify)
		return ah->mac_ops->radio_identify(ah);
	ah->radio_rev = ath5k_radio_revision(ah, false);

	switch (ah->radio_rev & RADREV_RADIO) {
	case RADREV_5112:
	case RADREV_2112:
		ah->radio = ATH5K_RADIO_RF5112;
		ah->radio_rev_2ghz = ath5k_radio_revision(ah, true);
		return 0;
	case RADREV_2413:
		ah->radio = ATH5K_RADIO_RF2413;
		return 0;
	case RADREV_5413:
		ah->radio = ATH5K_RADIO_RF5413;
		return 0;
	case RADREV_5424:	/* and the RF2425 family */
		ah->radio = (ver == MACVER_AR2425 || ver == MACVER_AR2417) ?
			    ATH5K_RADIO_RF2425 : ATH5K_RADIO_RF5413;
		return 0;
	case RADREV_5111:
		/* only as the AR5211's radio: its tables are the 5211's */
		if (!ah->ar5211) {
			dev_err(ah->dev, "RF5111 radio (rev 0x%02x) is not supported on an AR5212\n",
				ah->radio_rev);
			return -ENODEV;
		}
		ah->radio = ATH5K_RADIO_RF5111;
		ah->radio_rev_2ghz = ath5k_radio_revision(ah, true);
		return 0;
	case RADREV_2111:
		dev_err(ah->dev, "RF2111 radio (rev 0x%02x) is not supported as a 5 GHz radio\n",
			ah->radio_rev);
		return -ENODEV;
	}

	/* an AR5211 that does not answer the probe still has an RF5111 */
	if (ah->ar5211) {
		ah->radio = ATH5K_RADIO_RF5111;
		ah->radio_rev = RADREV_5111;
		ah->radio_rev_2ghz = ath5k_radio_revision(ah, true);
		return 0;
	}

	/* Single-chip parts may not answer the probe: go by MAC/PHY ids. */
	if (ver == MACVER_AR2425 || ver == MACVER_AR2417 ||
	    ah->phy_rev == PHY_REV_2425) {
		ah->radio = ATH5K_RADIO_RF2425;
		ah->radio_rev = RADREV_2425;
	} else if (ah->srev == SREV_AR5213A && ah->phy_rev == PHY_REV_5212B) {
		ah->radio = ATH5K_RADIO_RF5112;
		ah->radio_rev = RADREV_5112B;
	} else if (ver == MACVER_AR2415 || ver == MACVER_AR2315) {
		dev_err(ah->dev, "RF2316 (SoC) radio is not supported\n");
		return -ENODEV;
	} else if (ver == MACVER_AR5414 || ah->phy_rev == PHY_REV_5413) {
		ah->radio = ATH5K_RADIO_RF5413;
		ah->radio_rev = RADREV_5413;
	} else if (ver == MACVER_AR2413 || ah->phy_rev == PHY_REV_2413) {
		ah->radio = ATH5K_RADIO_RF2413;
		ah->radio_rev = RADREV_2413;
	} else {
		dev_err(ah->dev, "unknown radio (rev 0x%02x, MAC 0x%02x, PHY 0x%02x)\n",
			ah->radio_rev, ah->srev, ah->phy_rev);
		return -ENODEV;
	}
	return 0;
}

static int ath5k_identify_mac(struct ath5k_hw *ah)
{
	u32 srev = ath5k_rd(ah, R_SREV);

	if (srev == 0xffffffff) {
		dev_err(ah->dev, "card does not answer (SREV reads all ones)\n");
		return -ENODEV;
	}
	ah->srev = srev;
	ah->mac_version = FIELD_GET(SREV_VERSION, srev);
	if (srev > SREV_AR5210_LAST && srev < SREV_AR5211) {
		dev_err(ah->dev, "MAC revision 0x%02x is an AR5311, not supported\n",
			srev);
		return -ENODEV;
	}
	/* each generation's tables and what its MAC has */
	ah->ar5210 = srev <= SREV_AR5210_LAST;
	ah->ar5211 = srev < SREV_AR5212;
	if (ah->ar5210) {
		ah->mac_ops = &ath5k_5210_mac_ops;
		ah->desc_ops = &ath5k_desc_5210_ops;
		ah->caps = ATH5K_CAPS_AR5210;
	} else if (ah->ar5211) {
		ah->mac_ops = &ath5k_qcu_mac_ops;
		ah->desc_ops = &ath5k_desc_5211_ops;
		ah->phy_ops = &ath5k_phy_5211_ops;
		ah->caps = ATH5K_CAPS_AR5211;
	} else {
		ah->mac_ops = &ath5k_qcu_mac_ops;
		ah->desc_ops = &ath5k_desc_5212_ops;
		ah->phy_ops = &ath5k_phy_5212_ops;
		ah->caps = ATH5K_CAPS_AR5212;
	}
	/* an ACK at 24 Mbit/s is 28 us on the air, at 6 Mbit/s 44 */
	ah->ack_rate_high = ah->caps & ATH5K_CAP_ACK_RATES;
	if (srev >= SREV_PCIE_UNSUPP_LO && srev < SREV_PCIE_UNSUPP_HI) {
		dev_err(ah->dev, "MAC revision 0x%02x is an 802.11n chip (ath9k)\n",
			srev);
		return -ENODEV;
	}
	return 0;
}

/* ----- self test --------------------------------------------------------- */

/* A register must hold any 32-bit pattern we write. */
static int ath5k_self_test_reg(struct ath5k_hw *ah, u32 reg)
{
	static const u32 fixed[] = {
		0x55555555, 0xaaaaaaaa, 0x66666666, 0x99999999,
	};
	u32 saved, pat;
	unsigned int i;

	saved = ath5k_rd(ah, reg);
	for (i = 0; i < 256 + ARRAY_SIZE(fixed); i++) {
		pat = i < 256 ? (i << 16 | i) : fixed[i - 256];
		ath5k_wr(ah, reg, pat);
		if (ath5k_rd(ah, reg) != pat) {
			dev_err(ah->dev, "self test failed: register 0x%04x wrote 0x%08x, read 0x%08x\n",
				reg, pat, ath5k_rd(ah, reg));
			return -EAGAIN;
		}
	}
	ath5k_wr(ah, reg, saved);
	return 0;
}

/* The MAC's first address register and a baseband one. */
static int ath5k_power_on_self_test(struct ath5k_hw *ah)
{
	int ret;

	ret = ath5k_self_test_reg(ah, ath5k_pcu_off(ah, R_STA_ID0));
	if (ret)
		return ret;
	return ath5k_self_test_reg(ah, R_PHY(8));
}

/* ----- EEPROM ------------------------------------------------------------- */

#define EEPROM_POLL_TRIES	20000

/* A read was started: wait for @status_reg's RDDONE, then take the word. */
int ath5k_hw_eeprom_wait(struct ath5k_hw *ah, u32 status_reg, u32 data_reg,
			 u16 *out)
{
	unsigned int i;
	u32 st;

	for (i = 0; i < EEPROM_POLL_TRIES; i++) {
		st = ath5k_rd(ah, status_reg);
		if (st & EEPROM_STAT_RDDONE) {
			if (st & EEPROM_STAT_RDERR)
				return -EIO;
			*out = ath5k_rd(ah, data_reg) & 0xffff;
			return 0;
		}
		usleep_range(15, 20);
	}
	return -ETIMEDOUT;
}

/* The AR5211's and the AR5212 family's EEPROM interface. */
int ath5k_qcu_eeprom_read(struct ath5k_hw *ah, unsigned int off, u16 *out)
{
	ath5k_wr(ah, R_EEPROM_ADDR, off);
	ath5k_set_bits(ah, R_EEPROM_CMD, EEPROM_CMD_READ);
	return ath5k_hw_eeprom_wait(ah, R_EEPROM_STATUS, R_EEPROM_DATA, out);
}

static int ath5k_eeprom_read_range(struct ath5k_hw *ah, u16 *img,
				   unsigned int from, unsigned int to)
{
	unsigned int i;
	int ret;

	for (i = from; i < to; i++) {
		ret = ah->mac_ops->eeprom_read(ah, i, &img[i]);
		if (ret) {
			dev_err(ah->dev, "EEPROM read of word 0x%x failed (%d)\n",
				i, ret);
			return ret;
		}
	}
	return 0;
}

static int ath5k_eeprom_load(struct ath5k_hw *ah)
{
	unsigned int n;
	u16 *img;
	int ret;

	img = kcalloc(ATH5K_EE_WORDS_MAX, sizeof(*img), GFP_KERNEL);
	if (!img)
		return -ENOMEM;

	ret = ath5k_eeprom_read_range(ah, img, 0, ATH5K_EE_WORDS);
	if (ret)
		goto out;
	n = ath5k_eeprom_image_words(img, ATH5K_EE_WORDS);
	if (n > ATH5K_EE_WORDS_MAX) {
		dev_err(ah->dev, "EEPROM size field claims %u words, more than %u\n",
			n, ATH5K_EE_WORDS_MAX);
		ret = -EINVAL;
		goto out;
	}
	ret = ath5k_eeprom_read_range(ah, img, ATH5K_EE_WORDS, n);
	if (ret)
		goto out;
	ret = ath5k_eeprom_parse(&ah->ee, img, n, ah->dev);
out:
	kfree(img);
	return ret;
}

/* PCIe parts: program the SERDES (values from the reference driver). */
static void ath5k_pcie_serdes_init(struct ath5k_hw *ah)
{
	static const u32 serdes[] = {
		0x9248fc00, 0x24924924, 0x28000039, 0x53160824,
		0 /* EEPROM-dependent, below */,
		0x001defff, 0x1aaabe40, 0xbe105554, 0x000e3007,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(serdes); i++) {
		u32 v = serdes[i];

		if (i == 4)
			v = ah->ee.serdes ? 0xe5980579 : 0xf6800579;
		ath5k_wr(ah, R_PCIE_SERDES, v);
	}
	ath5k_wr(ah, R_PCIE_SERDES_RESET, 0);
	usleep_range(1000, 1500);
}

/* ----- attach / detach -------------------------------------------------- */

static const u8 broadcast_addr[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static const u8 zero_addr[6];

int ath5k_hw_attach(struct ath5k_hw *ah, struct device *dev,
		    void __iomem *iomem, bool pcie)
{
	bool is_5111, map_5111;
	int ret;

	memset(ah, 0, sizeof(*ah));
	ah->dev = dev;
	ah->iomem = iomem;
	ah->pcie = pcie;
	ah->opmode = ATH5K_OPMODE_STA;
	ah->noise_floor = ATH5K_NF_DEFAULT;
	ah->ant_mode = ATH5K_ANT_DIVERSITY;
	ah->def_ant = 1;
	ah->txpower_limit = ATH5K_TXPOWER_MAX;
	memcpy(ah->bssid_mask, broadcast_addr, 6);

	ret = ath5k_identify_mac(ah);
	if (ret)
		return ret;
	ret = ath5k_hw_nic_wakeup(ah);
	if (ret)
		return ret;

	ah->phy_rev = ath5k_rd(ah, R_PHY_CHIP_ID) & 0xff;
	ret = ath5k_identify_radio(ah);
	if (ret)
		return ret;

	ret = ath5k_power_on_self_test(ah);
	if (ret)
		return ret;

	ath5k_hw_pci_retry_fix(ah);

	if (ah->mac_ops->eeprom_access)
		ah->mac_ops->eeprom_access(ah, true);
	ret = ath5k_eeprom_load(ah);
	if (ah->mac_ops->eeprom_access)
		ah->mac_ops->eeprom_access(ah, false);
	if (ret)
		return ret;
	memcpy(ah->perm_addr, ah->ee.mac, 6);
	/* RF5111 calibration (EEMAP 0) goes with the RF5111 and RF5110 */
	is_5111 = ah->radio == ATH5K_RADIO_RF5111 ||
		  ah->radio == ATH5K_RADIO_RF5110;
	map_5111 = ah->ee.eemap == ATH5K_EEMAP_5111;
	if (is_5111 != map_5111) {
		dev_err(ah->dev, "EEPROM: calibration layout EEMAP %u does not fit the %s radio\n",
			ah->ee.eemap, ath5k_hw_radio_name(ah));
		return -EINVAL;
	}

	if (!ath5k_hw_mode_supported(ah, ATH5K_MODE_11A) &&
	    !ath5k_hw_mode_supported(ah, ATH5K_MODE_11B) &&
	    !ath5k_hw_mode_supported(ah, ATH5K_MODE_11G)) {
		dev_err(ah->dev, "EEPROM enables no band this %s radio supports\n",
			ath5k_hw_radio_name(ah));
		return -EINVAL;
	}

	if (pcie)
		ath5k_pcie_serdes_init(ah);

	/* combined TKIP MIC keys from AR2414 on */
	if (ah->srev >= SREV_AR2414)
		ath5k_pcu_set_bits(ah, R_MISC_MODE, MISC_MODE_COMBINED_MIC);

	ret = ath5k_hw_rf_alloc(ah);
	if (ret)
		return ret;

	/*
	 * The key cache survives a warm reset: entries of a previous driver
	 * (warm reboot, kexec, driver swap) would otherwise stay valid.
	 */
	ath5k_hw_key_clear_all(ah);
	ath5k_hw_set_mac(ah, zero_addr);
	ath5k_hw_set_bssid(ah, broadcast_addr, 0);
	ath5k_hw_set_opmode(ah, ah->opmode);
	ath5k_hw_nf_history_reset(ah);
	ath5k_hw_gainf_init(ah);
	ath5k_hw_led_set(ah, ATH5K_LED_INIT);
	return 0;
}

void ath5k_hw_detach(struct ath5k_hw *ah)
{
	ath5k_hw_rf_free(ah);
}

/* ----- names and capabilities -------------------------------------------- */

const char *ath5k_hw_mac_name(const struct ath5k_hw *ah)
{
	if (ah->ar5210)
		return "AR5210";
	switch (ah->mac_version) {
	case MACVER_AR5211:
		return "AR5211";
	case 0x5:
		return ah->srev >= SREV_AR5213A ? "AR5213A" : "AR5212";
	case MACVER_AR2413:
		return ah->srev == SREV_AR2414 ? "AR2414" : "AR2413";
	case MACVER_AR5414:
		return ah->srev == SREV_AR5413 ? "AR5413" : "AR5414";
	case 0x9:
		return "AR5424";
	case MACVER_AR2415:
		return "AR2415";
	case MACVER_AR2425:
		return "AR2425";
	case MACVER_AR2417:
		return "AR2417";
	default:
		return "AR5212 family";
	}
}

const char *ath5k_hw_radio_name(const struct ath5k_hw *ah)
{
	switch (ah->radio) {
	case ATH5K_RADIO_RF5112:
		return (ah->radio_rev & RADREV_RADIO) == RADREV_2112 ? "RF2112" : "RF5112";
	case ATH5K_RADIO_RF2413:
		return "RF2413";
	case ATH5K_RADIO_RF5413:
		return "RF5413";
	case ATH5K_RADIO_RF2425:
		return "RF2425";
	case ATH5K_RADIO_RF5111:
		return "RF5111";
	case ATH5K_RADIO_RF5110:
		return "RF5110";
	}
	return "unknown";
}

/* Single-band radios: RF2413/RF2425/RF2112 cannot tune 5 GHz. */
static bool ath5k_radio_has_5ghz(const struct ath5k_hw *ah)
{
	if (ah->radio == ATH5K_RADIO_RF2413 || ah->radio == ATH5K_RADIO_RF2425)
		return false;
	if (ah->radio == ATH5K_RADIO_RF5112)
		return (ah->radio_rev & RADREV_RADIO) != RADREV_2112;
	return true;
}

bool ath5k_hw_mode_supported(const struct ath5k_hw *ah, enum ath5k_mode mode)
{
	if (mode >= ATH5K_MODE_COUNT || !(ah->ee.modes & BIT(mode)))
		return false;
	/* the MAC decides, whatever the EEPROM says */
	if (mode == ATH5K_MODE_11G && !(ah->caps & ATH5K_CAP_11G))
		return false;
	if (mode == ATH5K_MODE_11B && !(ah->caps & ATH5K_CAP_11B))
		return false;
	return mode != ATH5K_MODE_11A || ath5k_radio_has_5ghz(ah);
}

/* Tuning ranges of the synthesisers (the RF5111's starts higher). */
#define FREQ_2GHZ_MIN	2412
#define FREQ_2GHZ_MAX	2732
#define FREQ_49GHZ_MIN	4920	/* public-safety band, one regdomain only */
#define FREQ_5GHZ_MIN	5005
#define FREQ_5GHZ_MIN_RF5111 5120	/* its synthesiser's channel 24 */
#define FREQ_5GHZ_MAX	6100
#define FREQ_5GHZ_MAX_RF5110 5430	/* its synthesiser's last step */
#define REGDOMAIN_MKK9_MKKC 0xfe

bool ath5k_hw_freq_supported(const struct ath5k_hw *ah, u16 freq)
{
	u16 lo_5ghz = ah->ee.regdomain == REGDOMAIN_MKK9_MKKC ?
		      FREQ_49GHZ_MIN : FREQ_5GHZ_MIN;

	if (ah->radio == ATH5K_RADIO_RF5111 || ah->radio == ATH5K_RADIO_RF5110)
		lo_5ghz = FREQ_5GHZ_MIN_RF5111;
	if (ah->radio == ATH5K_RADIO_RF5110 && freq > FREQ_5GHZ_MAX_RF5110)
		return false;

	if (freq >= FREQ_2GHZ_MIN && freq <= FREQ_2GHZ_MAX)
		return ath5k_hw_mode_supported(ah, ATH5K_MODE_11B) ||
		       ath5k_hw_mode_supported(ah, ATH5K_MODE_11G);
	if (freq >= lo_5ghz && freq <= FREQ_5GHZ_MAX)
		return ath5k_hw_mode_supported(ah, ATH5K_MODE_11A);
	return false;
}

bool ath5k_hw_has_aes(const struct ath5k_hw *ah)
{
	return ah->srev >= SREV_AR5212_V4 && !ah->ee.aes_disabled;
}

bool ath5k_hw_has_fast_chanswitch(const struct ath5k_hw *ah)
{
	return ah->radio == ATH5K_RADIO_RF2413 ||
	       ah->radio == ATH5K_RADIO_RF5413;
}

/* ----- debug dump ------------------------------------------------------ */

/* The PCU registers a hang report wants; the chip's own come first. */
static const struct {
	const char *name;
	ath5k_pcu_reg_t reg;
} ath5k_debug_pcu_regs[] = {
	{ "STA_ID1", R_STA_ID1 },
	{ "BEACON", R_BEACON },
	{ "TIMER0", R_TIMER0 },
	{ "TIMER1", R_TIMER1 },
	{ "TIMER2", R_TIMER2 },
	{ "TIMER3", R_TIMER3 },
	{ "RX_FILTER", R_RX_FILTER },
	{ "DIAG_SW", R_DIAG_SW },
	{ "TSF_L32", R_TSF_L32 },
	{ "TSF_U32", R_TSF_U32 },
};

int ath5k_hw_debug_reg(struct ath5k_hw *ah, unsigned int i,
		       struct ath5k_reg_value *r)
{
	const struct ath5k_mac_ops *ops = ah->mac_ops;

	if (i < ops->n_debug_regs) {
		r->name = ops->debug_regs[i].name;
		r->offset = ops->debug_regs[i].offset;
	} else if (i - ops->n_debug_regs < ARRAY_SIZE(ath5k_debug_pcu_regs)) {
		i -= ops->n_debug_regs;
		r->name = ath5k_debug_pcu_regs[i].name;
		r->offset = ath5k_pcu_off(ah, ath5k_debug_pcu_regs[i].reg);
	} else {
		return -ENOENT;
	}
	r->value = ath5k_rd(ah, r->offset);
	return 0;
}
