// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The adaptive noise immunity knobs in sysfs, in an "ani" group on the PCI
 * device with the attribute names Linux 6.1's ath5k uses (sysfs.c), so
 * existing tools and notes keep working.  Knobs act on a running radio.
 * The driver core creates the group (pci.c: .driver.dev_groups) before it
 * announces the bound device, so udev rules find the attributes.
 */
#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/sysfs.h>

#include "ath5k.h"

enum ath5k_ani_knob {
	ATH5K_KNOB_MODE,
	ATH5K_KNOB_NOISE_IMM,
	ATH5K_KNOB_SPUR,
	ATH5K_KNOB_FIRSTEP,
	ATH5K_KNOB_OFDM_WEAK,
	ATH5K_KNOB_CCK_WEAK,
	ATH5K_KNOB_NOISE_IMM_MAX,
	ATH5K_KNOB_SPUR_MAX,
	ATH5K_KNOB_FIRSTEP_MAX,
};

struct ath5k_ani_attr {
	struct device_attribute attr;
	enum ath5k_ani_knob knob;
};

static struct ath5k_dev *ath5k_sysfs_dev(struct device *device)
{
	struct ieee80211_hw *hw = dev_get_drvdata(device);

	return hw->priv;
}

static unsigned int ath5k_ani_value(struct ath5k_dev *dev,
				    enum ath5k_ani_knob knob)
{
	const struct ath5k_ani *ani = &dev->ah.ani;

	switch (knob) {
	case ATH5K_KNOB_MODE:
		return dev->ani_mode;
	case ATH5K_KNOB_NOISE_IMM:
		return ani->noise_imm;
	case ATH5K_KNOB_SPUR:
		return ani->spur;
	case ATH5K_KNOB_FIRSTEP:
		return ani->firstep;
	case ATH5K_KNOB_OFDM_WEAK:
		return ani->ofdm_weak;
	case ATH5K_KNOB_CCK_WEAK:
		return ani->cck_weak;
	case ATH5K_KNOB_NOISE_IMM_MAX:
		return ATH5K_ANI_MAX_NOISE_IMM;
	case ATH5K_KNOB_SPUR_MAX:
		return ani->max_spur;
	default:
		return ATH5K_ANI_MAX_FIRSTEP;
	}
}

static int ath5k_ani_apply(struct ath5k_dev *dev, enum ath5k_ani_knob knob,
			   u8 val)
{
	struct ath5k_hw *ah = &dev->ah;

	switch (knob) {
	case ATH5K_KNOB_MODE:
		if (val >= ATH5K_ANI_MODE_COUNT)
			return -EINVAL;
		dev->ani_mode = val;
		return ath5k_hw_ani_init(ah, val);
	case ATH5K_KNOB_NOISE_IMM:
		return ath5k_hw_ani_set_noise_immunity(ah, val);
	case ATH5K_KNOB_SPUR:
		return ath5k_hw_ani_set_spur_immunity(ah, val);
	case ATH5K_KNOB_FIRSTEP:
		return ath5k_hw_ani_set_firstep(ah, val);
	case ATH5K_KNOB_OFDM_WEAK:
		ath5k_hw_ani_set_ofdm_weak_signal(ah, val);
		return 0;
	case ATH5K_KNOB_CCK_WEAK:
		ath5k_hw_ani_set_cck_weak_signal(ah, val);
		return 0;
	default:
		return -EPERM;
	}
}

static ssize_t ath5k_ani_show(struct device *device,
			      struct device_attribute *attr, char *buf)
{
	struct ath5k_ani_attr *a = container_of(attr, struct ath5k_ani_attr, attr);

	return sysfs_emit(buf, "%u\n",
			  ath5k_ani_value(ath5k_sysfs_dev(device), a->knob));
}

static ssize_t ath5k_ani_store(struct device *device,
			       struct device_attribute *attr,
			       const char *buf, size_t count)
{
	struct ath5k_ani_attr *a = container_of(attr, struct ath5k_ani_attr, attr);
	struct ath5k_dev *dev = ath5k_sysfs_dev(device);
	u8 val;
	int ret;

	ret = kstrtou8(buf, 0, &val);
	if (ret)
		return ret;

	mutex_lock(&dev->lock);
	if (!test_bit(ATH5K_RUNNING, &dev->flags) ||
	    test_bit(ATH5K_INVALID, &dev->flags))
		ret = -ENETDOWN;
	else
		ret = ath5k_ani_apply(dev, a->knob, val);
	mutex_unlock(&dev->lock);
	return ret ? ret : count;
}

#define ATH5K_ANI_RW(_name, _knob)					\
	struct ath5k_ani_attr ath5k_ani_##_name = {			\
		.attr = __ATTR(_name, 0644, ath5k_ani_show,		\
			       ath5k_ani_store),			\
		.knob = (_knob),					\
	}
#define ATH5K_ANI_RO(_name, _knob)					\
	struct ath5k_ani_attr ath5k_ani_##_name = {			\
		.attr = __ATTR(_name, 0444, ath5k_ani_show, NULL),	\
		.knob = (_knob),					\
	}

static ATH5K_ANI_RW(ani_mode, ATH5K_KNOB_MODE);
static ATH5K_ANI_RW(noise_immunity_level, ATH5K_KNOB_NOISE_IMM);
static ATH5K_ANI_RW(spur_level, ATH5K_KNOB_SPUR);
static ATH5K_ANI_RW(firstep_level, ATH5K_KNOB_FIRSTEP);
static ATH5K_ANI_RW(ofdm_weak_signal_detection, ATH5K_KNOB_OFDM_WEAK);
static ATH5K_ANI_RW(cck_weak_signal_detection, ATH5K_KNOB_CCK_WEAK);
static ATH5K_ANI_RO(noise_immunity_level_max, ATH5K_KNOB_NOISE_IMM_MAX);
static ATH5K_ANI_RO(spur_level_max, ATH5K_KNOB_SPUR_MAX);
static ATH5K_ANI_RO(firstep_level_max, ATH5K_KNOB_FIRSTEP_MAX);

static struct attribute *ath5k_ani_attrs[] = {
	&ath5k_ani_ani_mode.attr.attr,
	&ath5k_ani_noise_immunity_level.attr.attr,
	&ath5k_ani_spur_level.attr.attr,
	&ath5k_ani_firstep_level.attr.attr,
	&ath5k_ani_ofdm_weak_signal_detection.attr.attr,
	&ath5k_ani_cck_weak_signal_detection.attr.attr,
	&ath5k_ani_noise_immunity_level_max.attr.attr,
	&ath5k_ani_spur_level_max.attr.attr,
	&ath5k_ani_firstep_level_max.attr.attr,
	NULL
};

static const struct attribute_group ath5k_ani_group = {
	.name = "ani",
	.attrs = ath5k_ani_attrs,
};

/* The driver core adds them when probe succeeds and removes them first. */
const struct attribute_group *ath5k_sysfs_groups[] = {
	&ath5k_ani_group,
	NULL
};
