// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * PCI configuration space of the emulated card.  Every byte carries a mask
 * of the bits software may write and a mask of the write-1-to-clear bits,
 * so byte, word and dword writes at any offset follow one rule.
 */
#include "pci_config.h"

#include <string.h>

#define CFG_VENDOR 0x00
#define CFG_DEVICE 0x02
#define CFG_COMMAND 0x04
#define CFG_STATUS 0x06
#define CFG_REVISION 0x08
#define CFG_CLASS 0x09
#define CFG_CACHE_LINE 0x0c
#define CFG_LATENCY 0x0d
#define CFG_HEADER_TYPE 0x0e
#define CFG_BAR0 0x10
#define CFG_SUBSYS_VENDOR 0x2c
#define CFG_SUBSYS_DEVICE 0x2e
#define CFG_CAP_POINTER 0x34
#define CFG_INT_LINE 0x3c
#define CFG_INT_PIN 0x3d
/* Vendor bytes the Atheros drivers touch (0x41 is the retry timeout). */
#define CFG_VENDOR_SPECIFIC 0x40
#define CFG_PM_CAP 0x44
#define CFG_PM_CONTROL (CFG_PM_CAP + 4)

/* Command: I/O, memory, bus master, parity, SERR, INTx disable. */
#define COMMAND_WRITABLE 0x0547u
#define COMMAND_INTX_DISABLE 0x0400u
#define STATUS_INTERRUPT 0x0008u
#define STATUS_CAP_LIST 0x0010u
/* Parity, signalled/received aborts, SERR, detected parity. */
#define STATUS_WRITE_CLEARS 0xf900u
#define PM_CAP_ID 0x01
/* PCI PM 1.1, D0 and D3hot only, no PME. */
#define PM_CAPABILITIES 0x0002u
#define PM_STATE_MASK 0x0003u

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t)v);
	put16(p + 2, (uint16_t)(v >> 16));
}

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get32(const uint8_t *p)
{
	return get16(p) | (uint32_t)get16(p + 2) << 16;
}

void pci_config_reset(struct pci_config *pc)
{
	const struct card_pci_identity *id = &pc->identity;
	uint8_t *b = pc->bytes;

	memset(b, 0, sizeof(pc->bytes));
	put16(b + CFG_VENDOR, id->vendor);
	put16(b + CFG_DEVICE, id->device);
	put16(b + CFG_STATUS, STATUS_CAP_LIST);
	b[CFG_REVISION] = id->revision;
	b[CFG_CLASS] = (uint8_t)id->class_code;
	b[CFG_CLASS + 1] = (uint8_t)(id->class_code >> 8);
	b[CFG_CLASS + 2] = (uint8_t)(id->class_code >> 16);
	/* 32-bit non-prefetchable memory BAR: type bits read as zero. */
	put32(b + CFG_BAR0, 0);
	put16(b + CFG_SUBSYS_VENDOR, id->subsystem_vendor);
	put16(b + CFG_SUBSYS_DEVICE, id->subsystem_device);
	b[CFG_CAP_POINTER] = CFG_PM_CAP;
	b[CFG_INT_PIN] = 1;
	b[CFG_PM_CAP] = PM_CAP_ID;
	b[CFG_PM_CAP + 1] = 0;
	put16(b + CFG_PM_CAP + 2, PM_CAPABILITIES);
	/*
	 * D0, No_Soft_Reset (bit 3) clear: the card resets itself when
	 * brought from D3hot to D0, as these chips do.
	 */
	put16(b + CFG_PM_CONTROL, PCI_PM_D0);
}

void pci_config_init(struct pci_config *pc,
		     const struct card_pci_identity *identity,
		     uint32_t bar0_size)
{
	uint8_t *w;

	memset(pc, 0, sizeof(*pc));
	w = pc->writable;
	pc->identity = *identity;
	pc->bar0_size = bar0_size;
	put16(w + CFG_COMMAND, COMMAND_WRITABLE);
	put16(pc->write_clears + CFG_STATUS, STATUS_WRITE_CLEARS);
	w[CFG_CACHE_LINE] = 0xff;
	w[CFG_LATENCY] = 0xff;
	/* Size probing: the bits below the BAR's size stay zero. */
	put32(w + CFG_BAR0, ~(bar0_size - 1) & 0xfffffff0u);
	w[CFG_INT_LINE] = 0xff;
	memset(w + CFG_VENDOR_SPECIFIC, 0xff, 4);
	put16(w + CFG_PM_CONTROL, PM_STATE_MASK);
	pci_config_reset(pc);
}

bool pci_config_read(const struct pci_config *pc, uint32_t offset,
		     void *buf, size_t len)
{
	if (offset > PCI_CONFIG_SIZE || len > PCI_CONFIG_SIZE - offset)
		return false;
	memcpy(buf, pc->bytes + offset, len);
	return true;
}

bool pci_config_write(struct pci_config *pc, uint32_t offset,
		      const void *buf, size_t len)
{
	const uint8_t *in = buf;
	uint16_t old_pm = get16(pc->bytes + CFG_PM_CONTROL);
	uint16_t pm;

	if (offset > PCI_CONFIG_SIZE || len > PCI_CONFIG_SIZE - offset)
		return false;
	for (size_t i = 0; i < len; i++) {
		uint8_t *byte = &pc->bytes[offset + i];
		uint8_t w = pc->writable[offset + i];

		*byte = (uint8_t)((*byte & ~w) | (in[i] & w));
		*byte &= (uint8_t)~(in[i] & pc->write_clears[offset + i]);
	}
	/* D1 and D2 are not supported: such writes leave the state. */
	pm = get16(pc->bytes + CFG_PM_CONTROL);
	if ((pm & PM_STATE_MASK) == 1 || (pm & PM_STATE_MASK) == 2)
		put16(pc->bytes + CFG_PM_CONTROL,
		      (uint16_t)((pm & ~PM_STATE_MASK) |
				 (old_pm & PM_STATE_MASK)));
	/*
	 * No_Soft_Reset is clear: D3hot to D0 is an internal reset, and the
	 * function comes back D0uninitialized, its configuration context
	 * (command, BAR, cache line, latency, interrupt line) lost as after
	 * RST#.  It has no PME context to keep.
	 */
	if ((old_pm & PM_STATE_MASK) == PCI_PM_D3HOT &&
	    pci_config_power_state(pc) == PCI_PM_D0)
		pci_config_reset(pc);
	return true;
}

bool pci_config_intx_disabled(const struct pci_config *pc)
{
	return get16(pc->bytes + CFG_COMMAND) & COMMAND_INTX_DISABLE;
}

void pci_config_set_intx_status(struct pci_config *pc, bool level)
{
	uint16_t status = get16(pc->bytes + CFG_STATUS);

	if (level)
		status |= STATUS_INTERRUPT;
	else
		status &= (uint16_t)~STATUS_INTERRUPT;
	put16(pc->bytes + CFG_STATUS, status);
}

uint32_t pci_config_bar0(const struct pci_config *pc)
{
	return get32(pc->bytes + CFG_BAR0);
}

unsigned int pci_config_power_state(const struct pci_config *pc)
{
	return get16(pc->bytes + CFG_PM_CONTROL) & PM_STATE_MASK;
}
