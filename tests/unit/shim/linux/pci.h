/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/pci.h>: the type the driver points to. */
#ifndef ATH5K_SHIM_LINUX_PCI_H
#define ATH5K_SHIM_LINUX_PCI_H

#include <linux/types.h>
#include <linux/device.h>

struct pci_dev {
	struct device dev;
	bool is_pcie;
};

static inline bool pci_is_pcie(const struct pci_dev *pdev)
{
	return pdev->is_pcie;
}

/* Defined by a test that removes a device. */
void pci_clear_master(struct pci_dev *pdev);

#endif
