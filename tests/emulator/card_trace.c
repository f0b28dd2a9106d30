// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Register names for --trace lines. */
#include "card_model.h"

#include <stdio.h>

struct reg_name {
	uint32_t offset;
	const char *name;
};

static const struct reg_name names[] = {
	{ REG_CR, "CR" }, { REG_RXDP, "RXDP" }, { REG_CFG, "CFG" },
	{ REG_IER, "IER" }, { REG_TXCFG, "TXCFG" }, { REG_RXCFG, "RXCFG" },
	{ REG_MIBC, "MIBC" }, { REG_PISR, "PISR" }, { REG_PIMR, "PIMR" },
	{ REG_QCU_TXE, "QCU_TXE" }, { REG_QCU_TXD, "QCU_TXD" },
	{ REG_RESET_CTL, "RESET_CTL" }, { REG_SLEEP_CTL, "SLEEP_CTL" },
	{ REG_INTPEND, "INTPEND" }, { REG_PCICFG, "PCICFG" }, { REG_SREV, "SREV" },
	{ 0x4014, "GPIOCR" }, { 0x4018, "GPIODO" }, { 0x401c, "GPIODI" },
	{ REG_EEPROM_BASE, "EEPROM_BASE" }, { REG_EEPROM_DATA, "EEPROM_DATA" },
	{ REG_EEPROM_CMD, "EEPROM_CMD" }, { REG_EEPROM_STATUS, "EEPROM_STATUS" },
	{ REG_STA_ID0, "STA_ID0" }, { REG_STA_ID1, "STA_ID1" },
	{ REG_BSSID0, "BSSID0" }, { REG_BSSID1, "BSSID1" },
	{ REG_USEC, "USEC" }, { REG_BEACON, "BEACON" },
	{ REG_TIMER0, "TIMER0" }, { REG_TIMER1, "TIMER1" },
	{ REG_TIMER2, "TIMER2" }, { REG_TIMER3, "TIMER3" },
	{ REG_RX_FILTER, "RX_FILTER" }, { REG_MCAST_FILTER0, "MCAST_FILTER0" },
	{ REG_MCAST_FILTER1, "MCAST_FILTER1" }, { REG_DIAG_SW, "DIAG_SW" },
	{ REG_TSF_L32, "TSF_L32" }, { REG_TSF_U32, "TSF_U32" },
	{ 0x8088, "RTS_OK" }, { 0x808c, "RTS_FAIL" }, { 0x8090, "ACK_FAIL" },
	{ 0x8094, "FCS_FAIL" }, { 0x8098, "BEACON_CNT" },
	{ REG_PROFCNT_TX, "PROFCNT_TX" }, { REG_PROFCNT_RX, "PROFCNT_RX" },
	{ REG_PROFCNT_RXCLR, "PROFCNT_RXCLR" }, { REG_PROFCNT_CYCLE, "PROFCNT_CYCLE" },
	{ REG_PHYERR_CNT1, "PHYERR_CNT1" }, { REG_PHYERR_CNT1_MASK, "PHYERR_CNT1_MASK" },
	{ REG_PHYERR_CNT2, "PHYERR_CNT2" }, { REG_PHYERR_CNT2_MASK, "PHYERR_CNT2_MASK" },
	{ REG_PHY_SHIFT, "PHY_SHIFT" }, { REG_PHY_CHIP_ID, "PHY_CHIP_ID" },
	{ REG_PHY_ACTIVE, "PHY_ACT" }, { REG_PHY_DESIRED_SIZE, "PHY_DESIRED_SIZE" },
	{ REG_PHY_SIG, "PHY_SIG" }, { REG_PHY_AGCCOARSE, "PHY_AGCCOARSE" },
	{ REG_PHY_AGCCTL, "PHY_AGCCTL" }, { REG_PHY_WEAK_OFDM_HIGH, "PHY_WEAK_OFDM_HIGH" },
	{ REG_PHY_WEAK_OFDM_LOW, "PHY_WEAK_OFDM_LOW" },
	{ REG_PHY_OFDM_SELFCORR, "PHY_OFDM_SELFCORR" },
	{ REG_PHY_CCK_CROSSCORR, "PHY_CCK_CROSSCORR" },
	{ REG_PHY_NF, "PHY_NF" }, { REG_PHY_PLL, "PHY_PLL" },
	{ REG_RF_BUFFER, "RF_BUFFER" }, { REG_RF_BUFFER_CTL5, "RF_BUFFER_CTL5" },
	{ 0x9914, "PHY_RX_DELAY" }, { REG_PHY_IQ, "PHY_IQ" },
	{ REG_PHY_FAST_CHAN, "PHY_RFBUS_REQ" }, { REG_PHY_RADIO_REV, "PHY_RADIO_REV" },
	{ REG_PHY_FAST_DONE, "PHY_RFBUS_GRANT" }, { REG_PHY_TX_ACTIVE, "PHY_TX_ACTIVE" },
	{ REG_PHY_MODE, "PHY_MODE" },
};

const char *card_reg_name(uint32_t offset, char *buf, size_t len)
{
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].offset == offset)
			return names[i].name;
	if (offset >= REG_SISR(0) && offset <= REG_SISR(4))
		snprintf(buf, len, "SISR%u", (offset - REG_SISR(0)) / 4);
	else if (offset >= REG_SIMR(0) && offset <= REG_SIMR(4))
		snprintf(buf, len, "SIMR%u", (offset - REG_SIMR(0)) / 4);
	else if (offset >= REG_RAC_PISR && offset <= REG_RAC_LAST)
		snprintf(buf, len, "RAC_ISR%u", (offset - REG_RAC_PISR) / 4);
	else if (offset >= REG_QCU_TXDP(0) && offset < REG_QCU_TXDP(CARD_QUEUES))
		snprintf(buf, len, "QCU_TXDP(%u)", (offset - REG_QCU_TXDP(0)) / 4);
	else if (offset >= 0x900 && offset < 0x9c0)
		snprintf(buf, len, "QCU_CFG+%03x", offset - 0x900);
	else if (offset >= REG_QCU_MISC(0) && offset < REG_QCU_MISC(CARD_QUEUES))
		snprintf(buf, len, "QCU_MISC(%u)", (offset - REG_QCU_MISC(0)) / 4);
	else if (offset >= REG_QCU_STS(0) && offset < REG_QCU_STS(CARD_QUEUES))
		snprintf(buf, len, "QCU_STS(%u)", (offset - REG_QCU_STS(0)) / 4);
	else if (offset >= 0x1000 && offset < 0x1200)
		snprintf(buf, len, "DCU+%03x", offset - 0x1000);
	else if (offset >= REG_KEYCACHE && offset < REG_KEYCACHE + 128 * 32)
		snprintf(buf, len, "KEY(%u)+%02x", (offset - REG_KEYCACHE) / 32,
			 (offset - REG_KEYCACHE) % 32);
	else if (offset >= 0x9800 && offset < 0xa000)
		snprintf(buf, len, "PHY(%u)", (offset - 0x9800) / 4);
	else if (offset >= 0xa000)
		snprintf(buf, len, "PHY2+%04x", offset);
	else
		snprintf(buf, len, "-");
	return buf;
}
