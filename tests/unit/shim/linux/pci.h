/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/pci.h>: the type the driver points to. */
#ifndef ATH5K_SHIM_LINUX_PCI_H
#define ATH5K_SHIM_LINUX_PCI_H

#include <linux/device.h>

struct pci_dev {
	struct device dev;
};

#endif
