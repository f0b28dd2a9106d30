// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The "ani" sysfs group reaches the PCI device through the driver's
 * dev_groups (src/pci.c, src/sysfs.c), which the driver core creates
 * after probe and before it announces the bound device, so udev sees the
 * attributes (issue 12 finding 18: the group was created by the driver
 * after registration, racing udev).  Plays the PCI core: the driver the
 * module registers is probed, its groups are looked up by name as sysfs
 * would, and read and written; and each id of its table is probed for
 * the operations it allocates with.
 *
 * Links: src/pci.c src/sysfs.c
 */
#include <stdio.h>
#include <string.h>

#include <linux/sysfs.h>

#include "ath5k.h"
#include "check.h"

extern struct pci_driver *ath5k_shim_pci_driver;

/* ----- the kernel and the rest of the driver ------------------------ */

const struct ieee80211_ops ath5k_ops;
const struct ieee80211_ops ath5k_ops_one_queue;
static const struct ieee80211_ops *allocated_ops;
static struct ieee80211_hw the_hw;
static struct ath5k_dev the_dev;
static u8 bar0[64];
static int ani_mode_set = -1;

int pci_enable_device(struct pci_dev *pdev)
{
	return 0;
}

void pci_disable_device(struct pci_dev *pdev)
{
}

void pci_set_master(struct pci_dev *pdev)
{
}

int pci_request_region(struct pci_dev *pdev, int bar, const char *name)
{
	return 0;
}

void pci_release_region(struct pci_dev *pdev, int bar)
{
}

void __iomem *pci_iomap(struct pci_dev *pdev, int bar, unsigned long max)
{
	return bar0;
}

void pci_iounmap(struct pci_dev *pdev, void __iomem *addr)
{
}

int pci_read_config_byte(struct pci_dev *pdev, int where, u8 *val)
{
	*val = where == PCI_CACHE_LINE_SIZE ? 16 : 0;
	return 0;
}

int pci_write_config_byte(struct pci_dev *pdev, int where, u8 val)
{
	return 0;
}

int pci_disable_link_state(struct pci_dev *pdev, int state)
{
	return 0;
}

int dma_set_mask_and_coherent(struct device *dev, u64 mask)
{
	return 0;
}

struct ieee80211_hw *ieee80211_alloc_hw(size_t priv_len,
					const struct ieee80211_ops *ops)
{
	memset(&the_dev, 0, sizeof(the_dev));
	the_hw.priv = &the_dev;
	allocated_ops = ops;
	return &the_hw;
}

void ieee80211_free_hw(struct ieee80211_hw *hw)
{
}

int ath5k_init_device(struct ath5k_dev *dev)
{
	dev->ani_mode = ATH5K_ANI_AUTO;
	return 0;
}

void ath5k_deinit_device(struct ath5k_dev *dev)
{
}

void ath5k_led_off(struct ath5k_dev *dev)
{
}

void ath5k_resume_chip(struct ath5k_dev *dev)
{
}

void ath5k_led_state(struct ath5k_dev *dev, enum ath5k_led_state state)
{
}

int ath5k_hw_ani_init(struct ath5k_hw *ah, enum ath5k_ani_mode mode)
{
	ani_mode_set = mode;
	return 0;
}

int ath5k_hw_ani_set_noise_immunity(struct ath5k_hw *ah, u8 level)
{
	return 0;
}

int ath5k_hw_ani_set_spur_immunity(struct ath5k_hw *ah, u8 level)
{
	return 0;
}

int ath5k_hw_ani_set_firstep(struct ath5k_hw *ah, u8 level)
{
	return 0;
}

void ath5k_hw_ani_set_ofdm_weak_signal(struct ath5k_hw *ah, bool on)
{
}

void ath5k_hw_ani_set_cck_weak_signal(struct ath5k_hw *ah, bool on)
{
}

/* ----- sysfs as the driver core would build it ------------------------ */

static const struct attribute_group *group_named(const char *name)
{
	const struct attribute_group **g = ath5k_shim_pci_driver->driver.dev_groups;

	for (; g && *g; g++)
		if ((*g)->name && !strcmp((*g)->name, name))
			return *g;
	return NULL;
}

static struct device_attribute *attr_named(const struct attribute_group *g,
					   const char *name)
{
	struct attribute **a;

	for (a = g->attrs; *a; a++)
		if (!strcmp((*a)->name, name))
			return (struct device_attribute *)
				((char *)*a - offsetof(struct device_attribute, attr));
	return NULL;
}

static void test_groups(void)
{
	static const char *const rw[] = {
		"ani_mode", "noise_immunity_level", "spur_level",
		"firstep_level", "ofdm_weak_signal_detection",
		"cck_weak_signal_detection",
	};
	static const char *const ro[] = {
		"noise_immunity_level_max", "spur_level_max",
		"firstep_level_max",
	};
	const struct attribute_group *ani;
	struct device_attribute *a;
	struct pci_dev pdev = { .dev = { .name = "pci" } };
	struct pci_device_id id = { PCI_VDEVICE(ATHEROS, 0x001b) };
	char buf[ATH5K_SHIM_PAGE_SIZE];
	unsigned int i;

	printf("check: the driver's dev_groups hold the 'ani' group with "
	       "Linux 6.1's attribute names\n");
	ani = group_named("ani");
	CHECK(ani != NULL);
	if (!ani)
		return;
	for (i = 0; i < ARRAY_SIZE(rw); i++) {
		a = attr_named(ani, rw[i]);
		CHECK(a && a->attr.mode == 0644 && a->show && a->store);
	}
	for (i = 0; i < ARRAY_SIZE(ro); i++) {
		a = attr_named(ani, ro[i]);
		CHECK(a && a->attr.mode == 0444 && a->show && !a->store);
	}

	printf("check: after probe the attributes read and write the "
	       "bound device\n");
	CHECK_EQ(ath5k_shim_pci_driver->probe(&pdev, &id), 0);
	a = attr_named(ani, "ani_mode");
	CHECK_EQ(a->show(&pdev.dev, a, buf), 2);
	CHECK_EQ(buf[0], '0' + ATH5K_ANI_AUTO);
	a = attr_named(ani, "firstep_level_max");
	CHECK_EQ(a->show(&pdev.dev, a, buf), 2);
	CHECK_EQ(buf[0], '0' + ATH5K_ANI_MAX_FIRSTEP);
	a = attr_named(ani, "ani_mode");
	CHECK_EQ(a->store(&pdev.dev, a, "0\n", 2), -ENETDOWN);
	set_bit(ATH5K_RUNNING, &the_dev.flags);
	CHECK_EQ(a->store(&pdev.dev, a, "0\n", 2), 2);
	CHECK_EQ(ani_mode_set, 0);
	CHECK_EQ(the_dev.ani_mode, 0);
	CHECK_EQ(a->store(&pdev.dev, a, "9\n", 2), -EINVAL);
	ath5k_shim_pci_driver->remove(&pdev);
}

/*
 * The AR5210 (one data queue) gets the operations without .conf_tx, so
 * mac80211's resume does not hand it zeroed EDCA parameters and warn
 * (src/main.c ath5k_ops_one_queue); every other id the full set.
 */
static void test_ops_per_chip(void)
{
	const struct pci_device_id *id;
	unsigned int ids = 0;

	printf("check: probe allocates the AR5210 (0x0007) with "
	       "ath5k_ops_one_queue, every other id with ath5k_ops\n");
	for (id = ath5k_shim_pci_driver->id_table; id->vendor; id++) {
		struct pci_dev pdev = { .dev = { .name = "pci" } };
		bool ar5210 = id->vendor == PCI_VENDOR_ID_ATHEROS &&
			      id->device == 0x0007;

		allocated_ops = NULL;
		CHECK_EQ(ath5k_shim_pci_driver->probe(&pdev, id), 0);
		CHECK(allocated_ops == (ar5210 ? &ath5k_ops_one_queue : &ath5k_ops));
		ath5k_shim_pci_driver->remove(&pdev);
		ids++;
	}
	CHECK(ids > 1);
}

int main(void)
{
	test_groups();
	test_ops_per_chip();
	return check_done("test_pci_sysfs");
}
