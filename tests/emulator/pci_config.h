/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The card's 256-byte PCI configuration space (vfio-user region 7): a
 * type-0 header with one 32-bit memory BAR, INTx pin A and a power
 * management capability, with the write rules of real hardware.
 */
#ifndef ATH5K_EMU_PCI_CONFIG_H
#define ATH5K_EMU_PCI_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card.h"

#define PCI_CONFIG_SIZE 256u
/* PMCSR PowerState values the card supports. */
#define PCI_PM_D0 0u
#define PCI_PM_D3HOT 3u

struct pci_config {
	uint8_t bytes[PCI_CONFIG_SIZE];
	uint8_t writable[PCI_CONFIG_SIZE];	/* bits software may set */
	uint8_t write_clears[PCI_CONFIG_SIZE];	/* write-1-to-clear bits */
	uint32_t bar0_size;
	struct card_pci_identity identity;
};

void pci_config_init(struct pci_config *pc,
		     const struct card_pci_identity *identity,
		     uint32_t bar0_size);
/* Back to power-on values, as after a PCI reset. */
void pci_config_reset(struct pci_config *pc);

/* Any byte range inside the 256 bytes; false when it leaves them. */
bool pci_config_read(const struct pci_config *pc, uint32_t offset,
		     void *buf, size_t len);
/*
 * A write that takes PMCSR from D3hot to D0 resets the whole space, as
 * No_Soft_Reset = 0 says (pci_config_power_state tells the caller).
 */
bool pci_config_write(struct pci_config *pc, uint32_t offset,
		      const void *buf, size_t len);

bool pci_config_intx_disabled(const struct pci_config *pc);
/* Mirrors the line into the status register's interrupt bit. */
void pci_config_set_intx_status(struct pci_config *pc, bool level);
uint32_t pci_config_bar0(const struct pci_config *pc);
/* PMCSR PowerState: PCI_PM_D0 or PCI_PM_D3HOT. */
unsigned int pci_config_power_state(const struct pci_config *pc);

#endif /* ATH5K_EMU_PCI_CONFIG_H */
