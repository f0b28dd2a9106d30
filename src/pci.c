// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * PCI/PCIe glue: device table, bus setup quirks of the AR5212 family,
 * probe/remove and system sleep.  Configuration-space values are facts
 * from Linux 6.1's ath5k (pci.c).
 */
/*
 * This file incorporates work covered by the following copyright and permission notice:
 *
 * From drivers/net/wireless/ath/ath5k/pci.c in Linux 6.1:
 *
 * Copyright (c) 2008-2009 Atheros Communications Inc.
 *
 * Permission to use, copy, modify, and/or distribute this software for any
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
#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/pci.h>

#include "ath5k.h"

/* Vendor-specific config byte: the PCI retry timeout, which must be 0. */
#define ATH5K_PCI_RETRY_TIMEOUT	0x41
#define ATH5K_PCI_LATENCY	0xa8

/* driver_data: a chip with one data queue (ath5k_ops_one_queue) */
#define ATH5K_PCI_ONE_DATA_QUEUE	BIT(0)

/*
 * The AR5212 family, the AR5211 and the AR5210; the early AR5210 (0x0207)
 * and the AR5311 stay with the kernel's own ath5k
 * (debian/older-chips.modprobe.conf).
 */
static const struct pci_device_id ath5k_pci_ids[] = {
	{ PCI_VDEVICE(ATHEROS, 0x0007),				/* AR5210 */
	  .driver_data = ATH5K_PCI_ONE_DATA_QUEUE },
	{ PCI_VDEVICE(ATHEROS, 0x0012) },	/* AR5211 */
	{ PCI_VDEVICE(ATHEROS, 0x0013) },	/* AR5212 */
	{ PCI_VDEVICE(3COM_2, 0x0013) },	/* 3Com AR5212 */
	{ PCI_VDEVICE(3COM, 0x0013) },		/* 3Com 3CRDAG675 */
	{ PCI_VDEVICE(ATHEROS, 0x1014) },	/* IBM mini-PCI AR5212 */
	{ PCI_VDEVICE(ATHEROS, 0x0014) },	/* AR5212 compatibles */
	{ PCI_VDEVICE(ATHEROS, 0x0015) },
	{ PCI_VDEVICE(ATHEROS, 0x0016) },
	{ PCI_VDEVICE(ATHEROS, 0x0017) },
	{ PCI_VDEVICE(ATHEROS, 0x0018) },
	{ PCI_VDEVICE(ATHEROS, 0x0019) },
	{ PCI_VDEVICE(ATHEROS, 0x001a) },	/* AR2413 */
	{ PCI_VDEVICE(ATHEROS, 0x001b) },	/* AR5413 */
	{ PCI_VDEVICE(ATHEROS, 0x001c) },	/* AR2424/AR5424 PCIe */
	{ PCI_VDEVICE(ATHEROS, 0x001d) },	/* AR2417 */
	{ PCI_VDEVICE(ATHEROS, 0xff16) },	/* AR2413/AR2414 (Gigaset) */
	{ PCI_VDEVICE(ATHEROS, 0xff1a) },	/* AR2417 (Arcadyan) */
	{ PCI_VDEVICE(ATHEROS, 0xff1b) },	/* AR5BXB63 */
	{ }
};
MODULE_DEVICE_TABLE(pci, ath5k_pci_ids);

/* Bus settings the chip needs; also restored after resume. */
static void ath5k_pci_setup_bus(struct pci_dev *pdev)
{
	pci_write_config_byte(pdev, PCI_LATENCY_TIMER, ATH5K_PCI_LATENCY);
	/* otherwise retries can stall the bus on some chipsets */
	pci_write_config_byte(pdev, ATH5K_PCI_RETRY_TIMEOUT, 0);
}

/* Cache line size in bytes; descriptors and RX buffers align to it. */
static unsigned int ath5k_pci_cachelsz(struct pci_dev *pdev)
{
	u8 words;

	pci_read_config_byte(pdev, PCI_CACHE_LINE_SIZE, &words);
	if (!words) {
		/* firmware left it unset; DMA misbehaves without one */
		words = L1_CACHE_BYTES >> 2;
		pci_write_config_byte(pdev, PCI_CACHE_LINE_SIZE, words);
	}
	return words << 2;
}

static int ath5k_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct ieee80211_hw *hw;
	struct ath5k_dev *dev;
	void __iomem *mem;
	int ret;

	/* L0s entry/exit latency breaks DMA on these chips */
	pci_disable_link_state(pdev, PCIE_LINK_STATE_L0S);

	ret = pci_enable_device(pdev);
	if (ret) {
		dev_err(&pdev->dev, "cannot enable the device: %d\n", ret);
		return ret;
	}

	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret) {
		dev_err(&pdev->dev, "32-bit DMA is not available\n");
		goto err_disable;
	}

	ath5k_pci_setup_bus(pdev);
	pci_set_master(pdev);

	ret = pci_request_region(pdev, 0, KBUILD_MODNAME);
	if (ret) {
		dev_err(&pdev->dev, "BAR 0 is busy\n");
		goto err_disable;
	}

	mem = pci_iomap(pdev, 0, 0);
	if (!mem) {
		dev_err(&pdev->dev, "cannot map BAR 0\n");
		ret = -EIO;
		goto err_release;
	}

	hw = ieee80211_alloc_hw(sizeof(*dev),
				id->driver_data & ATH5K_PCI_ONE_DATA_QUEUE ?
				&ath5k_ops_one_queue : &ath5k_ops);
	if (!hw) {
		ret = -ENOMEM;
		goto err_unmap;
	}
	SET_IEEE80211_DEV(hw, &pdev->dev);

	dev = hw->priv;
	dev->hw = hw;
	dev->pdev = pdev;
	dev->dev = &pdev->dev;
	dev->irq = pdev->irq;
	dev->cachelsz = ath5k_pci_cachelsz(pdev);
	dev->ah.iomem = mem;
	pci_set_drvdata(pdev, hw);

	ret = ath5k_init_device(dev);
	if (ret)
		goto err_free;
	return 0;

err_free:
	pci_set_drvdata(pdev, NULL);
	ieee80211_free_hw(hw);
err_unmap:
	pci_iounmap(pdev, mem);
err_release:
	pci_release_region(pdev, 0);
err_disable:
	pci_disable_device(pdev);
	return ret;
}

static void ath5k_pci_remove(struct pci_dev *pdev)
{
	struct ieee80211_hw *hw = pci_get_drvdata(pdev);
	struct ath5k_dev *dev = hw->priv;
	void __iomem *mem = dev->ah.iomem;

	ath5k_deinit_device(dev);
	ieee80211_free_hw(hw);
	pci_iounmap(pdev, mem);
	pci_release_region(pdev, 0);
	pci_disable_device(pdev);
}

/* mac80211 has already stopped the interface; only the LED is ours. */
static int ath5k_pci_suspend(struct device *device)
{
	struct ieee80211_hw *hw = dev_get_drvdata(device);

	ath5k_led_off(hw->priv);
	return 0;
}

static int ath5k_pci_resume(struct device *device)
{
	struct ieee80211_hw *hw = dev_get_drvdata(device);
	struct ath5k_dev *dev = hw->priv;

	/* config space is restored by the PCI core except our quirk bytes */
	ath5k_pci_setup_bus(to_pci_dev(device));
	ath5k_resume_chip(dev);
	ath5k_led_state(dev, dev->led_state);
	return 0;
}

static DEFINE_SIMPLE_DEV_PM_OPS(ath5k_pci_pm, ath5k_pci_suspend,
				ath5k_pci_resume);

static struct pci_driver ath5k_pci_driver = {
	.name = KBUILD_MODNAME,
	.id_table = ath5k_pci_ids,
	.probe = ath5k_pci_probe,
	.remove = ath5k_pci_remove,
	.driver.pm = pm_sleep_ptr(&ath5k_pci_pm),
	.driver.dev_groups = ath5k_sysfs_groups,
};

module_pci_driver(ath5k_pci_driver);
