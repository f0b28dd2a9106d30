/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * 802.11 timing of the emulated air, in one place so that a benchmark can
 * compute the same throughput ceiling the card enforces.  Values are the
 * standard's: OFDM (802.11a/g, ERP short slot) and DSSS/CCK (802.11b).
 */
#ifndef ATH5K_EMU_AIR_TIMING_H
#define ATH5K_EMU_AIR_TIMING_H

#define AIR_OFDM_SLOT_US	9
#define AIR_OFDM_SIFS_US	16
#define AIR_OFDM_PREAMBLE_US	20	/* training fields and SIGNAL */
#define AIR_OFDM_SYMBOL_US	4
#define AIR_OFDM_SERVICE_BITS	16
#define AIR_OFDM_TAIL_BITS	6

#define AIR_CCK_SLOT_US		20
#define AIR_CCK_SIFS_US		10
#define AIR_CCK_LONG_PREAMBLE_US	192	/* 144 µs preamble + 48 µs PLCP header */
#define AIR_CCK_SHORT_PREAMBLE_US	96

/* DIFS = SIFS + 2 slots */
#define AIR_OFDM_DIFS_US	(AIR_OFDM_SIFS_US + 2 * AIR_OFDM_SLOT_US)
#define AIR_CCK_DIFS_US		(AIR_CCK_SIFS_US + 2 * AIR_CCK_SLOT_US)

/* An ACK is 14 bytes with FCS. */
#define AIR_ACK_BYTES		14
/*
 * RTS (20 bytes) and CTS (14) with FCS, both at the descriptor's RTS/CTS
 * rate; a protected exchange adds RTS + SIFS + CTS + SIFS (CTS-to-self:
 * CTS + SIFS) before the frame.
 */
#define AIR_RTS_BYTES		20
#define AIR_CTS_BYTES		14
/*
 * The rates of ACKs in Mbit/s, as tx_engine.c's tx_ack_rate() picks them
 * (test_link holds the two to each other): the base rates, where the
 * responder's STA_ID1 asks for them (ACKCTS_6MB) and on the AR5211 and
 * AR5210; otherwise the AR5212 family answers a frame of 24 Mbit/s or
 * more at 24 (12 for 12-18, 6 for 6-9) and CCK of 2 or more at 2.
 */
#define AIR_ACK_OFDM_MBPS	6
#define AIR_ACK_CCK_MBPS	1
#define AIR_ACK_OFDM_HIGH_MBPS	24
#define AIR_ACK_CCK_HIGH_MBPS	2

/* air=real (card_config.c): percent of transmit attempts lost. */
#define AIR_REAL_LOSS_PERCENT	10

/* Contention window in slots: doubles after each failed attempt. */
#define AIR_CW_MIN		15
#define AIR_CW_MAX		1023

#endif /* ATH5K_EMU_AIR_TIMING_H */
