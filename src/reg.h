/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * AR5212-family register map (BAR0 offsets) and the bits we use.
 *
 * Facts from the Linux ath5k driver's register header (Debian linux-source-6.1,
 * drivers/net/wireless/ath/ath5k/) and the project's hardware-facts
 * note; names are ours.  Only the 5212 layout is described.
 */
/*
 * This file incorporates work covered by the following copyright and permission notice:
 *
 * From drivers/net/wireless/ath/ath5k/reg.h in Linux 6.1:
 *
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2007-2008 Michael Taylor <mike.taylor@apprion.com>
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
#ifndef ATH5K_REG_H
#define ATH5K_REG_H

#include <linux/types.h>

#include <linux/bits.h>

/* ----- chip revisions (struct ath5k_hw's identity fields) -------------- */

/* MAC: R_SREV bits 7:0 (version << 4 | revision), ah->srev */
#define SREV_AR5211		0x40	/* below: AR5210 and AR5311 */
#define SREV_AR5212		0x50
#define SREV_AR5212_V4		0x54	/* AES from here on */
#define SREV_AR5213A		0x59	/* PHY error counters from here on */
#define SREV_AR2414		0x70	/* combined TKIP Michael keys */
#define SREV_AR2413		0x78
#define SREV_AR5424		0x90
#define SREV_AR5414		0xa0
#define SREV_AR5413		0xa4
#define SREV_PCIE_UNSUPP_LO	0xc0	/* AR5416/5418: ath9k territory */
#define SREV_PCIE_UNSUPP_HI	0xe0
#define SREV_AR2417		0xf0

/* MAC version: SREV bits 7:4, ah->mac_version */
#define MACVER_AR5211		0x4
#define MACVER_AR2413		0x7
#define MACVER_AR2315		0x8
#define MACVER_AR5414		0xa
#define MACVER_AR2415		0xb
#define MACVER_AR2425		0xe
#define MACVER_AR2417		0xf

/* baseband: R_PHY_CHIP_ID bits 7:0, ah->phy_rev */
#define PHY_REV_5212A		0x42
#define PHY_REV_5212B		0x43
#define PHY_REV_2413		0x45
#define PHY_REV_5413		0x61
#define PHY_REV_2425		0x70

/* radio: ah->radio_rev, the radio in RADREV_RADIO, then its revision */
#define RADREV_RADIO		0xf0
#define RADREV_REV		0x0f
#define RADREV_5111		0x10
#define RADREV_2111		0x20	/* the AR5211's 2 GHz radio */
#define RADREV_5112		0x30
#define RADREV_5112A		0x35
#define RADREV_5112B		0x36
#define RADREV_2112		0x40
#define RADREV_2413		0x50
#define RADREV_5413		0x60
#define RADREV_5424		0xa0
#define RADREV_2425		0xa2

/* ----- DMA unit ------------------------------------------------------- */

#define R_CR			0x0008		/* command */
#define   CR_RXE		BIT(2)		/* RX DMA enabled (status) */
#define   CR_RXD		BIT(5)		/* RX DMA disable */
#define   CR_SWI		BIT(6)
#define R_RXDP			0x000c		/* RX descriptor pointer */
#define R_CFG			0x0014
#define   CFG_SWAP_TXDESC	BIT(0)
#define   CFG_SWAP_RXDESC	BIT(2)
#define   CFG_IBSS		BIT(5)
#define   CFG_PHY_OK		BIT(8)
#define   CFG_EEPROM_BUSY	BIT(9)
#define   CFG_PCI_THRES		GENMASK(18, 17)
#define R_IER			0x0024		/* interrupt master enable */
#define   IER_ENABLE		BIT(0)
#define R_TXCFG			0x0030
#define   TXCFG_DMA_SIZE	GENMASK(2, 0)	/* max DMA read burst */
#define   TXCFG_B_MODE		BIT(3)		/* AR5211: RF2111 and CCK on */
#define   TXCFG_TXFULL		GENMASK(9, 4)	/* TX FIFO trigger level */
#define   TXCFG_FRAME_PAD_DIS	BIT(13)
#define   TXCFG_DCU_DBL_BUF_DIS	BIT(15)
#define   TXCFG_DCU_CACHE_DIS	BIT(16)
#define R_RXCFG			0x0034
#define   RXCFG_DMA_SIZE	GENMASK(2, 0)	/* max DMA write burst */
#define   DMA_SIZE_128B		5
#define   DMA_SIZE_256B		6
#define R_MIBC			0x0040		/* MIB control */
#define   MIBC_COUNTER_CLEAR	BIT(0)
#define   MIBC_FREEZE		BIT(1)
#define   MIBC_CLEAR		BIT(2)
#define R_RPGTO			0x0050
#define R_RXNOFRM		0x0048
#define R_TXNOFRM		0x004c
#define R_MISC			0x0058

/* Interrupt status: primary and secondary, write one to clear. */
#define R_PISR			0x0080
#define R_SISR(n)		(0x0084 + 4 * (n))	/* n = 0..4 */
#define R_PIMR			0x00a0
#define R_SIMR(n)		(0x00a4 + 4 * (n))
#define   INT_RXOK		BIT(0)
#define   INT_RXDESC		BIT(1)
#define   INT_RXERR		BIT(2)
#define   INT_RXNOFRM		BIT(3)
#define   INT_RXEOL		BIT(4)
#define   INT_RXORN		BIT(5)
#define   INT_TXOK		BIT(6)
#define   INT_TXDESC		BIT(7)
#define   INT_TXERR		BIT(8)
#define   INT_TXNOFRM		BIT(9)
#define   INT_TXEOL		BIT(10)
#define   INT_TXURN		BIT(11)
#define   INT_MIB		BIT(12)
#define   INT_SWI		BIT(13)
#define   INT_RXPHY		BIT(14)
#define   INT_RXKCM		BIT(15)
#define   INT_SWBA		BIT(16)
#define   INT_BRSSI		BIT(17)
#define   INT_BMISS		BIT(18)
#define   INT_HIUERR		BIT(19)	/* summary of SISR2 bus errors */
#define   INT_BNR		BIT(20)
#define   INT_TIM		BIT(23)	/* summary of SISR2 beacon causes */
#define   INT_GPIO		BIT(24)
#define   INT_QCBRORN		BIT(25)
#define   INT_QCBRURN		BIT(26)
#define   INT_QTRIG		BIT(27)
#define   INT_ALL_ONES		0xffffffff	/* card removed */
/* SISR0: TXOK per queue 9:0, TXDESC per queue 25:16 */
/* SISR1: TXERR per queue 9:0, TXEOL per queue 25:16 */
#define   SISR_QLOW		GENMASK(9, 0)
#define   SISR_QHIGH		GENMASK(25, 16)
/* SISR2 */
#define   SISR2_TXURN		GENMASK(9, 0)
#define   SISR2_MCABT		BIT(16)
#define   SISR2_SSERR		BIT(17)
#define   SISR2_DPERR		BIT(18)
#define   SISR2_TIM		BIT(24)
#define   SISR2_CAB_END		BIT(25)
#define   SISR2_DTIM_SYNC	BIT(26)
#define   SISR2_BCN_TIMEOUT	BIT(27)
#define   SISR2_CAB_TIMEOUT	BIT(28)
#define   SISR2_DTIM		BIT(29)
#define   SISR2_TSFOOR		BIT(31)	/* TSF out of range */
#define   SISR2_BUS_ERRORS	(SISR2_MCABT | SISR2_SSERR | SISR2_DPERR)

/* ----- QCU: queue control units (q = 0..9) ---------------------------- */

#define R_QCU_TXDP(q)		(0x0800 + 4 * (q))
#define R_QCU_TXE		0x0840		/* set bit q to start */
#define R_QCU_TXD		0x0880		/* set bit q to stop */
#define R_QCU_CBRCFG(q)		(0x08c0 + 4 * (q))
#define   QCU_CBR_INTERVAL	GENMASK(23, 0)
#define   QCU_CBR_ORN_THRES	GENMASK(31, 24)
#define R_QCU_RDYTIMECFG(q)	(0x0900 + 4 * (q))
#define   QCU_RDY_INTERVAL	GENMASK(23, 0)
#define   QCU_RDY_ENABLE	BIT(24)
#define R_QCU_ONESHOT_ARM_SET(q) (0x0940 + 4 * (q))
#define R_QCU_ONESHOT_ARM_CLR(q) (0x0980 + 4 * (q))
#define R_QCU_MISC(q)		(0x09c0 + 4 * (q))
#define   QCU_MISC_FRSHED	GENMASK(3, 0)	/* frame scheduling policy */
#define   QCU_FRSHED_ASAP	0
#define   QCU_FRSHED_CBR	1
#define   QCU_FRSHED_DBA_GATED	2		/* gated by beacon DMA alert */
#define   QCU_FRSHED_TIM_GATED	3
#define   QCU_FRSHED_BCN_SENT_GT 4		/* gated by beacon sent */
#define   QCU_MISC_ONESHOT	BIT(4)
#define   QCU_MISC_CBREXP_DIS	BIT(5)
#define   QCU_MISC_CBREXP_BCN_DIS BIT(6)
#define   QCU_MISC_BCN_ENABLE	BIT(7)
#define   QCU_MISC_CBR_THRES_EN	BIT(8)
#define   QCU_MISC_RDY_VEOL	BIT(9)
#define   QCU_MISC_CBR_RESET	BIT(10)
#define   QCU_MISC_DCU_EARLY	BIT(11)
#define R_QCU_STS(q)		(0x0a00 + 4 * (q))
#define   QCU_STS_FRMPENDCNT	GENMASK(1, 0)
#define   QCU_STS_CBREXPCNT	GENMASK(15, 8)
#define R_QCU_RDYTIMESHDN	0x0a40

/* ----- DCU: DCF control units (one per queue) ------------------------- */

#define R_DCU_QCUMASK(q)	(0x1000 + 4 * (q))
#define R_DCU_LCL_IFS(q)	(0x1040 + 4 * (q))
#define   DCU_IFS_CW_MIN	GENMASK(9, 0)
#define   DCU_IFS_CW_MAX	GENMASK(19, 10)
#define   DCU_IFS_AIFS		GENMASK(27, 20)
#define R_DCU_RETRY_LMT(q)	(0x1080 + 4 * (q))
#define   DCU_RETRY_RTS		GENMASK(3, 0)
#define   DCU_RETRY_STA_RTS	GENMASK(13, 8)
#define   DCU_RETRY_STA_DATA	GENMASK(19, 14)
#define R_DCU_CHAN_TIME(q)	(0x10c0 + 4 * (q))
#define   DCU_CHAN_TIME_DUR	GENMASK(19, 0)
#define   DCU_CHAN_TIME_ENABLE	BIT(20)
#define R_DCU_MISC(q)		(0x1100 + 4 * (q))
#define   DCU_MISC_BACKOFF	GENMASK(5, 0)
#define   DCU_MISC_FRAG_WAIT	BIT(8)
#define   DCU_MISC_BACKOFF_FRAG	BIT(9)
#define   DCU_MISC_VIRTCOL	GENMASK(15, 14)
#define   DCU_MISC_BCN_ENABLE	BIT(16)
#define   DCU_MISC_ARBLOCK_CTL	GENMASK(18, 17)
#define   DCU_ARBLOCK_GLOBAL	2
#define   DCU_MISC_ARBLOCK_IGNORE BIT(19)
#define   DCU_MISC_SEQ_INCR_DIS	BIT(20)
#define   DCU_MISC_POST_FR_BKOFF_DIS BIT(21)
#define   DCU_MISC_SEQNUM_CTL	BIT(24)
#define R_DCU_SEQNUM(q)		(0x1140 + 4 * (q))
#define R_DCU_GBL_IFS_SIFS	0x1030
#define R_DCU_GBL_IFS_SLOT	0x1070
#define R_DCU_GBL_IFS_EIFS	0x10b0
#define R_DCU_GBL_IFS_MISC	0x10f0
#define   GBL_IFS_MISC_SIFS_DUR	GENMASK(9, 4)
#define   GBL_IFS_MISC_USEC_DUR	GENMASK(19, 10)
#define R_DCU_TXP		0x1270		/* DCU transmit pause */
#define   DCU_TXP_MASK		GENMASK(9, 0)
#define   DCU_TXP_STATUS	BIT(16)
#define R_DCU_TX_FILTER_CLR	0x143c
#define R_DCU_TX_FILTER_SET	0x147c

/* ----- host interface: reset, power, PCI ------------------------------ */

#define R_RESET_CTL		0x4000
#define   RESET_PCU		BIT(0)
#define   RESET_BASEBAND	BIT(1)
#define   RESET_PCI		BIT(4)		/* not on PCIe */
#define R_SLEEP_CTL		0x4004
#define   SLEEP_DURATION	GENMASK(15, 0)
#define   SLEEP_MODE		GENMASK(17, 16)
#define   SLEEP_MODE_WAKE	0
#define   SLEEP_MODE_SLEEP	1
#define   SLEEP_MODE_ALLOW	2
#define R_INTPEND		0x4008
#define   INTPEND_TRUE		BIT(0)
#define R_SFR			0x400c
#define R_PCICFG		0x4010
#define   PCICFG_SLEEP_CLK_EN	BIT(1)
#define   PCICFG_SLEEP_CLK_RATE	GENMASK(25, 24)
#define   PCICFG_EESIZE		GENMASK(4, 3)
#define   PCICFG_LED		GENMASK(6, 5)
#define   PCICFG_LED_NONE	0
#define   PCICFG_LED_PENDING	1
#define   PCICFG_LED_ASSOC	2
#define   PCICFG_RETRY_FIX	BIT(12)
#define   PCICFG_SPWR_DN	BIT(16)		/* chip is powered down */
#define   PCICFG_LEDMODE	GENMASK(19, 17)
#define   PCICFG_LEDMODE_PROM	1
#define   PCICFG_LEDBLINK	GENMASK(22, 20)
#define   PCICFG_LEDSLOW	BIT(23)
#define R_GPIOCR		0x4014
#define   GPIOCR_MODE(n)	(GENMASK(1, 0) << (2 * (n)))
#define   GPIOCR_MODE_IN	0
#define   GPIOCR_MODE_OUT	3
#define   GPIOCR_INT_PIN	GENMASK(14, 12)
#define   GPIOCR_INT_ENA	BIT(15)
#define   GPIOCR_INT_HIGH	BIT(16)		/* fire on high, else low */
#define R_GPIODO		0x4018
#define R_GPIODI		0x401c
#define   GPIODI_MASK		GENMASK(5, 0)
#define R_SREV			0x4020
#define   SREV_REVISION		GENMASK(3, 0)
#define   SREV_VERSION		GENMASK(7, 4)
#define R_PCIE_SERDES		0x4080
#define R_PCIE_SERDES_RESET	0x4084

/* ----- EEPROM access ---------------------------------------------------- */

#define R_EEPROM_ADDR		0x6000
#define R_EEPROM_DATA		0x6004
#define R_EEPROM_CMD		0x6008
#define   EEPROM_CMD_READ	BIT(0)
#define R_EEPROM_STATUS		0x600c
#define   EEPROM_STAT_RDERR	BIT(0)
#define   EEPROM_STAT_RDDONE	BIT(1)

/* ----- PCU: protocol control unit -------------------------------------- */

/*
 * PCU registers have a type of their own, by their offset on the AR5211
 * and the AR5212 family: the ath5k_pcu_*() accessors (hw_internal.h)
 * find them on every generation (the AR5210 keeps them elsewhere), and
 * sparse refuses them to the plain accessors.
 */
typedef u32 __bitwise ath5k_pcu_reg_t;

#define ATH5K_PCU_REG(o)	((__force ath5k_pcu_reg_t)(o))

#define R_STA_ID0		ATH5K_PCU_REG(0x8000)	/* MAC address bytes 0..3 */
#define R_STA_ID1		ATH5K_PCU_REG(0x8004)	/* MAC bytes 4..5 and mode */
#define   STA_ID1_ADDR_HI	GENMASK(15, 0)
#define   STA_ID1_AP		BIT(16)
#define   STA_ID1_ADHOC		BIT(17)
#define   STA_ID1_PWR_SV	BIT(18)
#define   STA_ID1_NO_KEYSRCH	BIT(19)
#define   STA_ID1_DEFAULT_ANT	BIT(21)
#define   STA_ID1_DESC_ANT	BIT(22)
#define   STA_ID1_RTS_DEF_ANT	BIT(23)
#define   STA_ID1_ACKCTS_6MB	BIT(24)
#define   STA_ID1_BASE_RATE_11B	BIT(25)
#define   STA_ID1_SELFGEN_DEF_ANT BIT(26)
#define   STA_ID1_CRYPT_MIC_EN	BIT(27)
#define   STA_ID1_KEYSRCH_MODE	BIT(28)
#define   STA_ID1_PRESERVE_SEQ	BIT(29)
#define   STA_ID1_KEYSRCH_MCAST	BIT(31)
#define   STA_ID1_ANT_BITS	(STA_ID1_DEFAULT_ANT | STA_ID1_DESC_ANT | \
				 STA_ID1_RTS_DEF_ANT | STA_ID1_SELFGEN_DEF_ANT)
#define R_BSSID0		ATH5K_PCU_REG(0x8008)
#define R_BSSID1		ATH5K_PCU_REG(0x800c)
#define   BSSID1_AID		GENMASK(31, 16)
#define R_SLOT_TIME		ATH5K_PCU_REG(0x8010)	/* 5210 only; 5212 uses DCU */
#define R_TIME_OUT		ATH5K_PCU_REG(0x8014)
#define   TIME_OUT_ACK		GENMASK(12, 0)
#define   TIME_OUT_CTS		GENMASK(28, 16)
#define R_RSSI_THR		ATH5K_PCU_REG(0x8018)
#define R_USEC			ATH5K_PCU_REG(0x801c)
#define   USEC_1		GENMASK(6, 0)	/* core clocks per us, minus 1 */
#define   USEC_32		GENMASK(13, 7)
#define   USEC_TX_LATENCY	GENMASK(22, 14)
#define   USEC_RX_LATENCY	GENMASK(28, 23)
#define R_BEACON		ATH5K_PCU_REG(0x8020)
#define   BEACON_PERIOD		GENMASK(15, 0)
#define   BEACON_ENABLE		BIT(23)
#define   BEACON_RESET_TSF	BIT(24)
#define R_CFP_PERIOD		ATH5K_PCU_REG(0x8024)
#define R_TIMER0		ATH5K_PCU_REG(0x8028)	/* next TBTT, TU */
#define R_TIMER1		ATH5K_PCU_REG(0x802c)	/* next DMA beacon alert, 1/8 TU */
#define R_TIMER2		ATH5K_PCU_REG(0x8030)	/* next SWBA, 1/8 TU */
#define R_TIMER3		ATH5K_PCU_REG(0x8034)	/* next ATIM window end, TU */
#define R_CFP_DUR		ATH5K_PCU_REG(0x8038)
#define R_RX_FILTER		ATH5K_PCU_REG(0x803c)
#define   RXF_UCAST		BIT(0)
#define   RXF_MCAST		BIT(1)
#define   RXF_BCAST		BIT(2)
#define   RXF_CONTROL		BIT(3)
#define   RXF_BEACON		BIT(4)
#define   RXF_PROM		BIT(5)
#define   RXF_XRPOLL		BIT(6)
#define   RXF_PROBEREQ		BIT(7)
#define   RXF_PHYERR_5212	BIT(8)
#define   RXF_RADARERR_5212	BIT(9)
#define R_MCAST_FILTER0		ATH5K_PCU_REG(0x8040)
#define R_MCAST_FILTER1		ATH5K_PCU_REG(0x8044)
#define R_DIAG_SW		ATH5K_PCU_REG(0x8048)
#define   DIAG_SW_DIS_WEP_ACK	BIT(0)
#define   DIAG_SW_DIS_ACK	BIT(1)
#define   DIAG_SW_DIS_CTS	BIT(2)
#define   DIAG_SW_DIS_ENC	BIT(3)
#define   DIAG_SW_DIS_DEC	BIT(4)
#define   DIAG_SW_DIS_RX	BIT(5)
#define   DIAG_SW_IGNORE_CS	BIT(21)
#define   DIAG_SW_CHAN_IDLE_HIGH	BIT(22)
#define R_TSF_L32		ATH5K_PCU_REG(0x804c)
#define R_TSF_U32		ATH5K_PCU_REG(0x8050)
#define R_DEFAULT_ANTENNA	ATH5K_PCU_REG(0x8058)
#define R_FRAME_CTL_QOSM	ATH5K_PCU_REG(0x805c)
#define R_SEQ_MASK		ATH5K_PCU_REG(0x8060)
#define R_LAST_TSTP		ATH5K_PCU_REG(0x8080)
#define R_NAV			ATH5K_PCU_REG(0x8084)
#define R_RTS_OK		ATH5K_PCU_REG(0x8088)
#define R_RTS_FAIL		ATH5K_PCU_REG(0x808c)
#define R_ACK_FAIL		ATH5K_PCU_REG(0x8090)
#define R_FCS_FAIL		ATH5K_PCU_REG(0x8094)
#define R_BEACON_CNT		ATH5K_PCU_REG(0x8098)
#define R_SLEEP0		ATH5K_PCU_REG(0x80d4)
#define R_SLEEP1		ATH5K_PCU_REG(0x80d8)
#define R_SLEEP2		ATH5K_PCU_REG(0x80dc)
#define R_BSSID_MASK0		ATH5K_PCU_REG(0x80e0)
#define R_BSSID_MASK1		ATH5K_PCU_REG(0x80e4)
#define R_TXPC			ATH5K_PCU_REG(0x80e8)	/* power for self-generated frames */
#define   TXPC_ACK		GENMASK(5, 0)
#define   TXPC_CTS		GENMASK(13, 8)
#define   TXPC_CHIRP		GENMASK(21, 16)
#define R_PROFCNT_TX		ATH5K_PCU_REG(0x80ec)
#define R_PROFCNT_RX		ATH5K_PCU_REG(0x80f0)
#define R_PROFCNT_RXCLR		ATH5K_PCU_REG(0x80f4)
#define R_PROFCNT_CYCLE		ATH5K_PCU_REG(0x80f8)
#define R_QUIET_CTL1		ATH5K_PCU_REG(0x80fc)
#define   QUIET_CTL1_NEXT_QT	GENMASK(15, 0)
#define   QUIET_CTL1_QT_EN	BIT(16)
#define R_QUIET_CTL2		ATH5K_PCU_REG(0x8100)
#define   QUIET_CTL2_QT_PER	GENMASK(15, 0)
#define   QUIET_CTL2_QT_DUR	GENMASK(31, 16)
#define R_TSF_PARM		ATH5K_PCU_REG(0x8104)
#define   TSF_PARM_INC		GENMASK(7, 0)
#define R_QOS_NOACK		ATH5K_PCU_REG(0x8108)
#define R_PHY_ERR_FIL		ATH5K_PCU_REG(0x810c)
#define   PHY_ERR_FIL_RADAR	BIT(5)
#define   PHY_ERR_FIL_OFDM	BIT(17)
#define   PHY_ERR_FIL_CCK	BIT(25)
#define R_ACKSIFS		ATH5K_PCU_REG(0x8114)
#define R_MIC_QOS_CTL		ATH5K_PCU_REG(0x8118)
#define R_MIC_QOS_SEL		ATH5K_PCU_REG(0x811c)
#define R_MISC_MODE		ATH5K_PCU_REG(0x8120)
#define   MISC_MODE_FBSSID_MATCH BIT(0)
#define   MISC_MODE_ACKSIFS_MEM	BIT(1)
#define   MISC_MODE_COMBINED_MIC BIT(2)
#define R_OFDM_FIL_CNT		ATH5K_PCU_REG(0x8124)
#define R_CCK_FIL_CNT		ATH5K_PCU_REG(0x8128)
#define R_PHYERR_CNT1		ATH5K_PCU_REG(0x812c)
#define R_PHYERR_CNT1_MASK	ATH5K_PCU_REG(0x8130)
#define R_PHYERR_CNT2		ATH5K_PCU_REG(0x8134)
#define R_PHYERR_CNT2_MASK	ATH5K_PCU_REG(0x8138)
#define R_TSF_THRES		ATH5K_PCU_REG(0x813c)
#define R_RATE_DUR(n)		ATH5K_PCU_REG(0x8700 + 4 * (n))	/* n = rate code 0..31 */
#define R_RATE2DB(n)		ATH5K_PCU_REG(0x87c0 + 4 * (n))
#define R_DB2RATE(n)		ATH5K_PCU_REG(0x87e0 + 4 * (n))

/* Key cache: 128 entries of 8 words, 32 bytes apart. */
#define R_KEY(entry, word)	ATH5K_PCU_REG(0x8800 + 32 * (entry) + 4 * (word))
#define   KEY_WORD_TYPE		5
#define   KEY_WORD_MAC0		6
#define   KEY_WORD_MAC1		7
#define   KEY_TYPE_WEP40	0
#define   KEY_TYPE_WEP104	1
#define   KEY_TYPE_WEP128	3
#define   KEY_TYPE_TKIP		4
#define   KEY_TYPE_AES		5
#define   KEY_TYPE_CCM		6
#define   KEY_TYPE_NULL		7
#define   KEY_MAC1_VALID	BIT(15)

/* ----- PHY (baseband) --------------------------------------------------- */

#define R_PHY(n)		(0x9800 + 4 * (n))
#define R_PHY_TURBO		0x9804
#define R_PHY_TEST1		0x9808
#define   TEST1_TXHOLD		GENMASK(13, 11)
#define R_PHY_CHIP_ID		0x9818
#define R_PHY_ACTIVE		0x981c
#define   PHY_ACTIVE_ENABLE	BIT(0)
#define   PHY_ACTIVE_DISABLE	BIT(1)
#define R_PHY_RF_CTL2		0x9824
#define   RF_CTL2_TXF2TXD_START	GENMASK(3, 0)
#define R_PHY_RF_CTL3		0x9828
#define   RF_CTL3_TXE2XLNA_ON	GENMASK(15, 8)
#define R_PHY_ADC_CTL		0x982c
#define   ADC_CTL_INBUFGAIN_OFF	GENMASK(1, 0)
#define   ADC_CTL_PWD_DAC_OFF	BIT(13)
#define   ADC_CTL_PWD_ADC_OFF	BIT(15)
#define   ADC_CTL_INBUFGAIN_ON	GENMASK(17, 16)
#define R_PHY_RF_CTL4		0x9834
#define   RF_CTL4_TXE2XPA_A_OFF	GENMASK(7, 0)
#define   RF_CTL4_TXE2XPA_B_OFF	GENMASK(15, 8)
#define   RF_CTL4_FRM2XPA_A_ON	GENMASK(23, 16)
#define   RF_CTL4_FRM2XPA_B_ON	GENMASK(31, 24)
#define R_PHY_PA_CTL		0x9838
#define   PA_CTL_XPA_A_HI	BIT(0)
#define   PA_CTL_XPA_B_HI	BIT(1)
#define   PA_CTL_XPA_A_EN	BIT(2)
#define   PA_CTL_XPA_B_EN	BIT(3)
#define R_PHY_SETTLING		0x9844
#define   SETTLING_SWITCH	GENMASK(13, 7)
#define   SETTLING_AGC		GENMASK(6, 0)
#define R_PHY_GAIN		0x9848
#define   GAIN_TXRX_ATTEN	GENMASK(17, 12)
#define R_PHY_DESIRED_SIZE	0x9850
#define   DESIRED_SIZE_ADC	GENMASK(7, 0)
#define   DESIRED_SIZE_PGA	GENMASK(15, 8)
#define   DESIRED_SIZE_TOT	GENMASK(27, 20)
#define R_PHY_SIG		0x9858
#define   PHY_SIG_FIRSTEP	GENMASK(17, 12)
#define   PHY_SIG_FIRPWR	GENMASK(25, 18)
#define R_PHY_AGCCOARSE		0x985c
#define   AGCCOARSE_LO		GENMASK(14, 7)
#define   AGCCOARSE_HI		GENMASK(21, 15)
#define R_PHY_AGCCTL		0x9860
#define   AGCCTL_CAL		BIT(0)
#define   AGCCTL_NF		BIT(1)
#define   AGCCTL_OFDM_DIV_DIS	BIT(3)
#define   AGCCTL_NF_EN		BIT(15)
#define   AGCCTL_FLTR_CAL	BIT(16)
#define   AGCCTL_NF_NOUPDATE	BIT(17)
#define R_PHY_NF		0x9864
#define   PHY_NF_VALUE		GENMASK(8, 0)	/* written: half dBm */
#define   PHY_NF_LOAD		BIT(9)
#define   PHY_NF_THRESH62	GENMASK(18, 12)
#define   PHY_NF_READ		GENMASK(27, 19)	/* read: signed dBm */
#define R_PHY_WEAK_OFDM_HIGH	0x9868
#define   WEAK_HIGH_M2_COUNT	GENMASK(4, 0)
#define   WEAK_HIGH_M1		GENMASK(23, 17)
#define   WEAK_HIGH_M2		GENMASK(30, 24)
#define R_PHY_WEAK_OFDM_LOW	0x986c
#define   WEAK_LOW_SELFCOR_EN	BIT(0)
#define   WEAK_LOW_M2_COUNT	GENMASK(13, 8)
#define   WEAK_LOW_M1		GENMASK(20, 14)
#define   WEAK_LOW_M2		GENMASK(27, 21)
#define R_PHY_SCR		0x9870
#define   PHY_SCR_32MHZ		0x1f
#define R_PHY_SLMT		0x9874
#define   PHY_SLMT_32MHZ	0x7f
#define R_PHY_SCAL		0x9878
#define   PHY_SCAL_32MHZ	0x0e
#define   PHY_SCAL_32MHZ_2417	0x0a
#define   PHY_SCAL_32MHZ_HB63	0x32
#define R_PHY_PLL		0x987c
#define R_PHY_RF_BUFFER		0x989c		/* serial RF bank data */
#define R_PHY_RF_BUFFER_CTL(n)	(0x98c0 + 4 * (n))
#define R_PHY_RF_BANK_CTL0	0x98c0
#define R_PHY_RF_BANK_CTL1	0x98c4
#define R_PHY_RF_BANK_CTL2	0x98cc
#define R_PHY_RF_BANK_CTL3	0x98d0		/* also radio-revision probe */
#define R_PHY_RF_BANK_CTL4	0x98d4
#define R_PHY_RF_BANK_CTL5	0x98d8
#define R_PHY_RF_BANK_CTL6	0x98dc
#define R_PHY_SHIFT		0x9880		/* radio-revision probe trigger */
#define R_PHY_RX_DELAY		0x9914
#define   RX_DELAY_MASK		GENMASK(13, 0)
#define R_PHY_SPENDING		0x99f8
#define R_PHY_ANT_CTL		0x9910
#define   ANT_CTL_TXRX_ENABLE	BIT(0)
#define   ANT_CTL_SWTABLE_IDLE	GENMASK(9, 4)
#define R_PHY_IQ		0x9920
#define   PHY_IQ_CORR_Q_Q_COFF	GENMASK(4, 0)
#define   PHY_IQ_CORR_Q_I_COFF	GENMASK(10, 5)
#define   PHY_IQ_CORR_ENABLE	BIT(11)
#define   PHY_IQ_CAL_NUM_LOG_MAX GENMASK(15, 12)
#define   PHY_IQ_RUN		BIT(16)
#define   PHY_IQ_PILOT_MASK_EN	BIT(28)
#define   PHY_IQ_CHAN_MASK_EN	BIT(29)
#define   PHY_IQ_SPUR_FILT_EN	BIT(30)
#define R_PHY_OFDM_SELFCORR	0x9924
#define   SELFCORR_CYPWR_THR1	GENMASK(7, 1)
#define R_PHY_CTL		0x992c
#define   PHY_CTL_TX_ANT_SEL	BIT(3)
#define   PHY_CTL_TX_ANT_STATIC	BIT(4)
#define   PHY_CTL_RX_ANT_SEL	BIT(5)
#define   PHY_CTL_RX_ANT_STATIC	BIT(6)
#define R_PHY_PAPD_PROBE	0x9930
#define R_PHY_TXPOWER_RATE1	0x9934
#define R_PHY_TXPOWER_RATE2	0x9938
#define R_PHY_TXPOWER_RATE_MAX	0x993c
#define   TXPOWER_RATE_MAX_TPC	BIT(6)
#define R_PHY_FRAME_CTL		0x9944
#define   FRAME_CTL_WIN_LEN	GENMASK(1, 0)
#define   FRAME_CTL_TX_CLIP	GENMASK(5, 3)
#define   FRAME_CTL_PREP_CHINFO	BIT(16)
#define   FRAME_CTL_TIMING_ERR	BIT(24)
#define   FRAME_CTL_PARITY_ERR	BIT(25)
#define   FRAME_CTL_ILLRATE_ERR	BIT(26)
#define   FRAME_CTL_ILLLEN_ERR	BIT(27)
#define   FRAME_CTL_SERVICE_ERR	BIT(29)
#define   FRAME_CTL_TXURN_ERR	BIT(30)
#define   FRAME_CTL_EMU		BIT(31)
#define R_PHY_TXPOWER_RATE3	0xa234
#define R_PHY_TXPOWER_RATE4	0xa238
#define R_PHY_ANT_SWITCH_A	0x9960
#define R_PHY_ANT_SWITCH_B	0x9964
#define R_PHY_NFTHRES		0x9968
#define R_PHY_RESTART		0x9970
#define   RESTART_DIV_GC	GENMASK(20, 18)
#define R_PHY_SIGMA_DELTA	0x996c
#define R_PHY_RFBUS_REQ		0x997c		/* fast channel switch request */
#define   RFBUS_REQ_REQUEST	BIT(0)
#define R_PHY_TIMING_3		0x9814
#define   TIMING_3_DSC_MAN	GENMASK(30, 17)
#define   TIMING_3_DSC_EXP	GENMASK(16, 13)
#define R_PHY_TIMING_7		0x9980
#define R_PHY_TIMING_8		0x9984
#define   TIMING_PILOT_MASK_2	GENMASK(19, 0)	/* also TIMING_10 */
#define R_PHY_BIN_MASK2(n)	(0x9988 + 4 * (n))	/* n = 0..3 */
#define   BIN_MASK_4		GENMASK(13, 0)
#define R_PHY_BIN_MASK(n)	(0x9900 + 4 * (n))	/* n = 0..2 */
#define R_PHY_TIMING_9		0x9998
#define R_PHY_TIMING_10		0x999c
#define R_PHY_TIMING_11		0x99a0
#define   TIMING_11_SPUR_DELTA_PHASE GENMASK(19, 0)
#define   TIMING_11_SPUR_FREQ_SD GENMASK(29, 20)
#define   TIMING_11_SPUR_IN_AGC	BIT(30)
#define R_PHY_HEAVY_CLIP_ENABLE	0x99e0
#define R_PHY_BIN_MASK_CTL	0x990c
#define   BIN_MASK_CTL_RATE	GENMASK(31, 24)
#define R_PHY_SCLOCK		0x99f0
#define   PHY_SCLOCK_32MHZ	0x0c
#define R_PHY_SDELAY		0x99f4
#define   PHY_SDELAY_32MHZ	0xff
#define R_PHY_RADIO_REV		0x9c00		/* probe result, bits 31:24 */
#define R_PHY_IQRES_CAL_PWR_I	0x9c10
#define R_PHY_IQRES_CAL_PWR_Q	0x9c14
#define R_PHY_IQRES_CAL_CORR	0x9c18
#define R_PHY_ADC_TEST		0x9c24
#define   ADC_TEST_BUSY		BIT(4)
#define R_PHY_RFBUS_GRANT	0x9c20		/* fast channel switch grant */
#define   RFBUS_GRANT_OK	BIT(0)
#define R_PHY_CURRENT_RSSI	0x9c1c
#define R_PHY_TX_PWR_ADJ	0x994c
#define   TX_PWR_ADJ_CCK_GAIN_DELTA GENMASK(11, 6)
#define   TX_PWR_ADJ_CCK_PCDAC_IDX GENMASK(23, 18)
#define R_PHY_CCKTXCTL		0xa204
#define   CCKTXCTL_JAPAN	BIT(4)
#define R_PHY_FAST_ANT_DIV	0xa208		/* shared with CCK cross-correlation */
#define   FAST_ANT_DIV_EN	BIT(13)
#define R_PHY_CCK_CROSSCORR	0xa208
#define   CCK_WEAK_SIG_THR	GENMASK(5, 0)
#define R_PHY_DAG_CCK_CTL	0xa228
#define   DAG_CCK_EN_RSSI_THR	BIT(9)
#define   DAG_CCK_RSSI_THR	GENMASK(16, 10)
#define R_PHY_FAST_ADC		0xa24c
#define R_PHY_BLUETOOTH		0xa254
#define R_PHY_GAIN_2GHZ		0xa20c
#define   GAIN_2GHZ_MARGIN_TXRX	GENMASK(23, 18)
#define R_PHY_GAIN_2GHZ_INI	0xa244
#define R_PHY_CCK_RX_CTL_4	0xa21c
#define R_PHY_MODE		0xa200
#define   PHY_MODE_CCK		BIT(0)		/* 0 = OFDM */
#define   PHY_MODE_2GHZ		BIT(1)
#define   PHY_MODE_DYNAMIC	BIT(2)		/* OFDM and CCK (11g) */
#define   PHY_MODE_RAD_RF5112	BIT(3)		/* 5112-style radio bus */
#define   PHY_MODE_HALF_RATE	BIT(5)
#define   PHY_MODE_QUARTER_RATE	BIT(6)
#define R_PHY_TPC_RG1		0xa258
#define   TPC_RG1_NUM_PD_GAIN	GENMASK(15, 14)
#define   TPC_RG1_PDGAIN_1	GENMASK(17, 16)
#define   TPC_RG1_PDGAIN_2	GENMASK(19, 18)
#define   TPC_RG1_PDGAIN_3	GENMASK(21, 20)
#define R_PHY_TPC_RG5		0xa26c
#define   TPC_RG5_PD_GAIN_OVERLAP GENMASK(3, 0)
#define   TPC_RG5_PD_GAIN_BOUNDARY_1 GENMASK(9, 4)
#define   TPC_RG5_PD_GAIN_BOUNDARY_2 GENMASK(15, 10)
#define   TPC_RG5_PD_GAIN_BOUNDARY_3 GENMASK(21, 16)
#define   TPC_RG5_PD_GAIN_BOUNDARY_4 GENMASK(27, 22)
#define R_PHY_PCDAC_TXPOWER(n)	(0xa180 + 4 * (n))	/* RF5112 */
#define R_PHY_PDADC_TXPOWER(n)	(0xa280 + 4 * (n))	/* RF2413 family */
#define R_PHY_RF_GAIN(n)	(0x9a00 + 4 * (n))	/* RF gain table */
#define R_PHY_BB_GAIN(n)	(0x9b00 + 4 * (n))

/*
 * ----- the AR5210 (MAC below SREV_AR5211, RF5110 radio) -----------------
 *
 * Its own map where it differs from the AR5211's.  The PCU registers
 * (R_* of type ath5k_pcu_reg_t) are found where the AR5210 keeps them by
 * its mac_ops (ar5210.c); the R5210_* registers below have no such
 * counterpart and are reached by ar5210.c alone.
 */
#define SREV_AR5210_LAST	0x0f	/* SREV up to here: an AR5210 */
#define RADREV_5110		0x00	/* RF5110: the radio nibble reads 0 */

#define R5210_TXDP0		0x0000		/* data queue */
#define R5210_TXDP1		0x0004		/* beacon queue */
#define   R5210_CR_TXE0		BIT(0)
#define   R5210_CR_TXE1		BIT(1)
#define   R5210_CR_TXD0		BIT(3)
#define   R5210_CR_TXD1		BIT(4)
#define R5210_ISR		0x001c		/* a read clears it */
#define R5210_IMR		0x0020
#define   R5210_INT_MCABT	BIT(20)		/* bus errors: fatal */
#define   R5210_INT_SSERR	BIT(21)
#define   R5210_INT_DPERR	BIT(22)
#define R5210_BCR		0x0028		/* beacon control */
#define   R5210_BCR_ADHOC	BIT(0)
#define   R5210_BCR_BDMAE	BIT(1)
#define   R5210_BCR_TQ1V	BIT(3)
#define R5210_BSR		0x002c		/* beacon status */
#define   R5210_RESET_DMA	BIT(1)		/* RESET_CTL: 4 units to reset */
#define   R5210_RESET_MAC	BIT(2)
#define   R5210_RESET_PHY	BIT(3)
#define   R5210_PCICFG_EEAE	BIT(0)		/* EEPROM access enable */
#define R5210_EEPROM(n)		(0x6000 + 4 * (n))	/* a read starts word n */
#define R5210_EEPROM_DATA	0x6800
#define R5210_EEPROM_STATUS	0x6c00		/* RDERR/RDDONE as EEPROM_STAT_* */
#define R5210_EEPROM_WORDS	0x200		/* words with an address of their own */
#define R5210_SLOT_TIME		0x8010
#define R5210_RETRY_LMT		0x801c
#define   R5210_RETRY_SH	GENMASK(3, 0)
#define   R5210_RETRY_LG	GENMASK(7, 4)
#define   R5210_RETRY_STA_SH	GENMASK(13, 8)
#define   R5210_RETRY_STA_LG	GENMASK(19, 14)	/* tries of a data frame */
#define   R5210_RETRY_CW_MIN	GENMASK(29, 20)
#define   R5210_USEC_TX_LATENCY	GENMASK(19, 14)
#define   R5210_USEC_RX_LATENCY	GENMASK(25, 20)
#define R5210_IFS0		0x8040
#define   R5210_IFS0_SIFS	GENMASK(10, 0)
#define   R5210_IFS0_DIFS	GENMASK(22, 11)
#define R5210_IFS1		0x8044
#define   R5210_IFS1_PIFS	GENMASK(11, 0)
#define   R5210_IFS1_EIFS	GENMASK(25, 12)
#define   R5210_IFS1_CS_EN	BIT(26)
#define R5210_TRIG_LVL		0x8064		/* TX FIFO trigger, 64-byte units */
#define   R5210_DIAG_SW_DIS_TX	BIT(5)
#define   R5210_DIAG_SW_DIS_RX	BIT(6)
#define   R5210_STA_ID1_NO_PSPOLL BIT(20)
#define R5210_KEY_ENTRIES	64		/* at 0x9000, 32 bytes apart */
#define R5210_PHY_FRAME_CTL	0x9804
#define   R5210_FRAME_CTL_NORMAL 0x1020		/* with the FRAME_CTL_*_ERR bits */
#define R5210_PHY_SELECT_5GHZ	0x00000047

#endif /* ATH5K_REG_H */
