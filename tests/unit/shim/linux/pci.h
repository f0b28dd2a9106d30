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
	unsigned int irq;
};

#define to_pci_dev(d) ((struct pci_dev *)((char *)(d) - offsetof(struct pci_dev, dev)))
#define pci_set_drvdata(pdev, data) dev_set_drvdata(&(pdev)->dev, data)
#define pci_get_drvdata(pdev) dev_get_drvdata(&(pdev)->dev)

/* include/linux/mod_devicetable.h's fields */
struct pci_device_id {
	u32 vendor, device;
	u32 subvendor, subdevice;
	u32 class, class_mask;
	unsigned long driver_data;
};

#define PCI_ANY_ID		(~0u)

#define PCI_VENDOR_ID_ATHEROS	0x168c
#define PCI_VENDOR_ID_3COM	0x10b7
#define PCI_VENDOR_ID_3COM_2	0xa727
#define PCI_VDEVICE(v, d)	.vendor = PCI_VENDOR_ID_##v, .device = (d), \
				.subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID
#define MODULE_DEVICE_TABLE(type, name) struct ath5k_shim_module_unused
#define PCI_CACHE_LINE_SIZE	0x0c
#define PCI_LATENCY_TIMER	0x0d
#define PCIE_LINK_STATE_L0S	1
#define L1_CACHE_BYTES		64
#define DMA_BIT_MASK(n)		((1ULL << (n)) - 1)

struct pci_driver {
	const char *name;
	const struct pci_device_id *id_table;
	int (*probe)(struct pci_dev *pdev, const struct pci_device_id *id);
	void (*remove)(struct pci_dev *pdev);
	struct device_driver driver;
};

/* The driver the module registers, for a test to play the PCI core. */
#define module_pci_driver(drv) \
	struct pci_driver *ath5k_shim_pci_driver = &(drv)

/* Defined by a test that probes a device. */
int pci_enable_device(struct pci_dev *pdev);
void pci_disable_device(struct pci_dev *pdev);
void pci_set_master(struct pci_dev *pdev);
int pci_request_region(struct pci_dev *pdev, int bar, const char *name);
void pci_release_region(struct pci_dev *pdev, int bar);
void __iomem *pci_iomap(struct pci_dev *pdev, int bar, unsigned long max);
void pci_iounmap(struct pci_dev *pdev, void __iomem *addr);
int pci_read_config_byte(struct pci_dev *pdev, int where, u8 *val);
int pci_write_config_byte(struct pci_dev *pdev, int where, u8 val);
int pci_disable_link_state(struct pci_dev *pdev, int state);
int dma_set_mask_and_coherent(struct device *dev, u64 mask);

static inline bool pci_is_pcie(const struct pci_dev *pdev)
{
	return pdev->is_pcie;
}

/* Defined by a test that removes a device. */
void pci_clear_master(struct pci_dev *pdev);

#endif
