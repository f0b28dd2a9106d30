/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * BAR0 register offsets and bits of the AR5212 family that the card model
 * gives behaviour to.  Everything else is plain storage.
 */
#ifndef ATH5K_EMU_CARD_REGS_H
#define ATH5K_EMU_CARD_REGS_H

/* DMA unit */
#define REG_CR			0x0008
#define  CR_RX_ENABLE		0x00000004
#define  CR_RX_DISABLE		0x00000020
#define  CR_SWI			0x00000040
#define REG_RXDP		0x000c
#define REG_CFG			0x0014
#define REG_IER			0x0024
#define REG_TXCFG		0x0030
#define REG_RXCFG		0x0034
#define REG_MIBC		0x0040
#define  MIBC_FREEZE		0x00000002	/* FMC: the counters hold */
#define  MIBC_CLEAR		0x00000004	/* CMC: zeroes them, once */

/* Interrupt status (write 1 to clear) and masks */
#define REG_PISR		0x0080
#define REG_SISR(n)		(0x0084 + 4 * (n))
#define REG_PIMR		0x00a0
#define REG_SIMR(n)		(0x00a4 + 4 * (n))
#define REG_RAC_PISR		0x00c0	/* read-and-clear mirrors 0xc0..0xd4 */
#define REG_RAC_LAST		0x00d4
#define  INT_RXOK		0x00000001
#define  INT_RXERR		0x00000004
#define  INT_RXEOL		0x00000010
#define  INT_RXORN		0x00000020
#define  INT_TXOK		0x00000040
#define  INT_TXDESC		0x00000080
#define  INT_TXERR		0x00000100
#define  INT_TXEOL		0x00000400
#define  INT_MIB		0x00001000
#define  INT_SWI		0x00002000
#define  INT_SWBA		0x00010000
#define  INT_BNR		0x00100000
#define  INT_TXURN		0x00000800
#define  INT_HIUERR		0x00080000
#define  INT_GPIO		0x01000000	/* GPIOCR's interrupt pin */
/* PISR bits that only summarise the secondary registers */
#define  INT_FROM_SISR		(INT_TXOK | INT_TXDESC | INT_TXERR | INT_TXEOL | \
				 INT_TXURN | INT_HIUERR)
#define  SISR_QUEUES_LOW	0x000003ff	/* SISR0 TXOK, SISR1 TXERR */
#define  SISR_QUEUES_HIGH	0x03ff0000	/* SISR0 TXDESC, SISR1 TXEOL */
#define  SISR2_QCU_TXURN	0x000003ff
#define  SISR2_BUS_ERRORS	0x00070000	/* MCABT, SSERR, DPERR */

/* Queue control units */
#define CARD_QUEUES		10
#define REG_QCU_TXDP(q)		(0x0800 + 4 * (q))
#define REG_QCU_TXE		0x0840
#define REG_QCU_TXD		0x0880
#define REG_QCU_MISC(q)		(0x09c0 + 4 * (q))
#define REG_QCU_STS(q)		(0x0a00 + 4 * (q))
#define  QCU_STS_FRMPENDCNT	0x00000003

/* Host interface */
#define REG_RESET_CTL		0x4000
#define  RESET_CTL_PCU		0x00000001
#define  RESET_CTL_BASEBAND	0x00000002
#define  RESET_CTL_PCI		0x00000010
#define REG_SLEEP_CTL		0x4004
#define  SLEEP_CTL_SLE		0x00030000
#define  SLEEP_CTL_SLE_SLEEP	0x00010000
#define REG_INTPEND		0x4008
#define REG_PCICFG		0x4010
#define  PCICFG_SPWR_DN		0x00010000
#define REG_GPIOCR		0x4014	/* pin modes and the interrupt pin */
#define  GPIOCR_MODE_BITS	2	/* a pin's mode: bits 2n + 1:2n */
#define  GPIOCR_INT_PIN		0x00007000
#define  GPIOCR_INT_PIN_SHIFT	12
#define  GPIOCR_INT_ENA		0x00008000
#define  GPIOCR_INT_HIGH	0x00010000	/* interrupt while high, else low */
#define REG_GPIODO		0x4018	/* levels the output pins drive */
#define REG_GPIODI		0x401c	/* the pins' levels */
#define CARD_GPIO_PINS		6
#define REG_SREV		0x4020

/* EEPROM window */
#define REG_EEPROM_BASE		0x6000
#define REG_EEPROM_DATA		0x6004
#define REG_EEPROM_CMD		0x6008
#define  EEPROM_CMD_READ	0x00000001
#define  EEPROM_CMD_WRITE	0x00000002
#define  EEPROM_CMD_RESET	0x00000004
#define REG_EEPROM_STATUS	0x600c
#define  EEPROM_STAT_RDERR	0x00000001
#define  EEPROM_STAT_RDDONE	0x00000002
#define  EEPROM_STAT_WRERR	0x00000004
#define  EEPROM_STAT_WRDONE	0x00000008

/* Protocol control unit */
#define REG_STA_ID0		0x8000
#define REG_STA_ID1		0x8004
#define  STA_ID1_AP		0x00010000
#define  STA_ID1_ADHOC		0x00020000
#define  STA_ID1_PWR_SV		0x00040000
#define  STA_ID1_ACKCTS_6MB	0x01000000	/* ACK and CTS at the base rate */
#define REG_BSSID0		0x8008
#define REG_BSSID1		0x800c
#define REG_BSSID_MASK0		0x80e0	/* address bits STA_ID matching checks */
#define REG_BSSID_MASK1		0x80e4
#define REG_TIME_OUT		0x8014	/* the sender's wait for an answer */
#define  TIME_OUT_ACK		0x00001fff	/* core clocks */
#define  TIME_OUT_CTS		0x1fff0000
#define  TIME_OUT_CTS_SHIFT	16
#define  TIME_OUT_POWER_ON	0x04000400	/* card.c power_on() */
#define REG_USEC		0x801c
#define  USEC_1			0x0000007f	/* MAC clocks per µs, less one */
#define REG_BEACON		0x8020
#define  BEACON_PERIOD		0x0000ffff
#define  BEACON_ENABLE		0x00800000
#define  BEACON_RESET_TSF	0x01000000
#define REG_TIMER0		0x8028	/* next TBTT, TU */
#define REG_TIMER1		0x802c	/* DMA beacon alert, 1/8 TU */
#define REG_TIMER2		0x8030	/* software beacon alert, 1/8 TU */
#define REG_TIMER3		0x8034	/* ATIM window end, TU */
#define REG_RX_FILTER		0x803c
#define  RX_FILTER_UCAST	0x00000001
#define  RX_FILTER_MCAST	0x00000002
#define  RX_FILTER_BCAST	0x00000004
#define  RX_FILTER_CONTROL	0x00000008
#define  RX_FILTER_BEACON	0x00000010
#define  RX_FILTER_PROM		0x00000020
#define  RX_FILTER_PROBEREQ	0x00000080
#define REG_MCAST_FILTER0	0x8040
#define REG_MCAST_FILTER1	0x8044
#define REG_DIAG_SW		0x8048
#define  DIAG_SW_DIS_RX		0x00000020
#define  DIAG_SW_DIS_RX_5210	0x00000040
#define REG_TSF_L32		0x804c
#define REG_TSF_U32		0x8050
#define REG_MIB_FIRST		0x8088	/* RTS ok/fail, ACK fail, FCS fail, beacons */
#define REG_MIB_LAST		0x8098
#define REG_PROFCNT_TX		0x80ec
#define REG_PROFCNT_RX		0x80f0
#define REG_PROFCNT_RXCLR	0x80f4
#define REG_PROFCNT_CYCLE	0x80f8
#define REG_PHYERR_CNT1		0x812c
#define REG_PHYERR_CNT1_MASK	0x8130
#define REG_PHYERR_CNT2		0x8134
#define REG_PHYERR_CNT2_MASK	0x8138
/* A mask bit per PHY error code, as in PHY_ERR_FIL (reg.h). */
#define  PHYERR_OFDM_TIMING	0x00020000	/* code 17 */
#define  PHYERR_CCK_TIMING	0x02000000	/* code 25 */
#define  PHYERR_CNT_MIB		0x00c00000	/* both set: the MIB cause */
#define REG_KEYCACHE		0x8800

/* Baseband and radio */
#define REG_PHY_SHIFT		0x9800
#define  PHY_SHIFT_2GHZ		0x00004000	/* radio access: the 2 GHz radio */
#define REG_PHY_CHIP_ID		0x9818
#define REG_PHY_ACTIVE		0x981c
#define REG_PHY_POST		0x9820	/* a baseband register POST writes */
/* DESIRED_SIZE, SIG, AGCCOARSE, WEAK_OFDM_*, OFDM_SELFCORR, CCK_CROSSCORR:
 * the receiver's knobs ANI turns (immunity.c) */
#define REG_PHY_DESIRED_SIZE	0x9850
#define REG_PHY_SIG		0x9858
#define REG_PHY_AGCCOARSE	0x985c
#define REG_PHY_AGCCTL		0x9860
#define  AGCCTL_CAL		0x00000001
#define  AGCCTL_NF		0x00000002
#define REG_PHY_NF		0x9864
#define REG_PHY_WEAK_OFDM_HIGH	0x9868
#define REG_PHY_WEAK_OFDM_LOW	0x986c
#define REG_PHY_PLL		0x987c
#define REG_PHY_RF_SHIFT	0x9880	/* written 8 times before reading the radio */
#define REG_RF_BUFFER		0x989c
#define REG_RF_BUFFER_CTL0	0x98c0	/* RF5110 synthesiser: latches RF_BUFFER */
#define REG_RF_BUFFER_CTL3	0x98d0	/* RF5111 synthesiser, high bits */
#define REG_RF_BUFFER_CTL5	0x98d8	/* RF5112-style synthesiser, high bits */
#define REG_PHY_IQ		0x9920
#define REG_PHY_OFDM_SELFCORR	0x9924
#define REG_PHY_PAPD_PROBE	0x9930	/* RF5111/RF5112 gain_F probe */
#define  PAPD_PROBE_TX_NEXT	0x00008000
#define  PAPD_PROBE_GAINF_SHIFT	25
#define  PHY_IQ_RUN		0x00010000
#define REG_PHY_FAST_CHAN	0x997c
#define REG_PHY_RADIO_REV	0x9c00
#define REG_PHY_FAST_DONE	0x9c20
#define REG_PHY_TX_ACTIVE	0x9c24
#define  PHY_TX_ACTIVE_BUSY	0x00000010
#define REG_PHY_MODE		0xa200
#define  PHY_MODE_CCK		0x00000001	/* else OFDM */
#define  PHY_MODE_2GHZ		0x00000002
#define  PHY_MODE_DYN		0x00000004	/* CCK and OFDM (802.11g) */
#define REG_PHY_CCK_CROSSCORR	0xa208

#endif /* ATH5K_EMU_CARD_REGS_H */
