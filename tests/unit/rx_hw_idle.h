/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * For the tests that link src/rx.c: the hardware layer's RX engine and
 * PCU receive switch, which those tests leave alone, and ANI's PHY error
 * input, which they do not feed.  Include in one file of a test program.
 */
#ifndef ATH5K_UNIT_RX_HW_IDLE_H
#define ATH5K_UNIT_RX_HW_IDLE_H

#include "ath5k.h"

void ath5k_hw_rx_start(struct ath5k_hw *ah)
{
}

int ath5k_hw_rx_stop(struct ath5k_hw *ah)
{
	return 0;
}

void ath5k_hw_pcu_rx_start(struct ath5k_hw *ah)
{
}

void ath5k_hw_pcu_rx_stop(struct ath5k_hw *ah)
{
}

void ath5k_hw_ani_phy_error(struct ath5k_hw *ah, u8 phyerr)
{
}

#endif /* ATH5K_UNIT_RX_HW_IDLE_H */
