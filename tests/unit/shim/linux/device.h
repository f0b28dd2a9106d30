/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/device.h>: device messages go to stderr
 * (or nowhere for debug) so a test can show what the code complained of.
 */
#ifndef ATH5K_SHIM_LINUX_DEVICE_H
#define ATH5K_SHIM_LINUX_DEVICE_H

#include <stddef.h>
#include <stdio.h>

struct device {
	const char *name;
	void *driver_data;
};

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

/* sysfs attributes of a device, as <linux/device.h> and sysfs.h have them */
struct attribute {
	const char *name;
	unsigned short mode;
};

struct attribute_group {
	const char *name;
	struct attribute **attrs;
};

struct device_attribute {
	struct attribute attr;
	long (*show)(struct device *dev, struct device_attribute *attr,
		     char *buf);
	long (*store)(struct device *dev, struct device_attribute *attr,
		      const char *buf, size_t count);
};

#define __ATTR(_name, _mode, _show, _store) {				\
	.attr = { .name = #_name, .mode = (_mode) },			\
	.show = (_show), .store = (_store),				\
}

struct dev_pm_ops {
	int (*suspend)(struct device *dev);
	int (*resume)(struct device *dev);
};

#define DEFINE_SIMPLE_DEV_PM_OPS(name, s, r) \
	const struct dev_pm_ops name = { .suspend = (s), .resume = (r) }
#define pm_sleep_ptr(p) (p)

struct device_driver {
	const struct dev_pm_ops *pm;
	const struct attribute_group **dev_groups;
};

#ifdef ATH5K_SHIM_QUIET_MSGS
/*
 * The fuzz target: formatted (so bad arguments still show under the
 * sanitizers) but not printed; thousands of inputs a second would bury
 * a report under the driver's complaints about the card.
 */
#define ath5k_shim_dev_msg(dev, level, ...)				\
	do {								\
		char msg_[256];						\
		(void)(dev);						\
		snprintf(msg_, sizeof(msg_), __VA_ARGS__);		\
	} while (0)
#else
#define ath5k_shim_dev_msg(dev, level, ...)				\
	do {								\
		fprintf(stderr, "%s%s" level ": ",			\
			(dev) ? ((const struct device *)(dev))->name : "", \
			(dev) ? " " : "");				\
		fprintf(stderr, __VA_ARGS__);				\
	} while (0)
#endif

#define dev_err(dev, ...) ath5k_shim_dev_msg(dev, "error", __VA_ARGS__)
#define dev_warn(dev, ...) ath5k_shim_dev_msg(dev, "warning", __VA_ARGS__)
#define dev_info(dev, ...) ath5k_shim_dev_msg(dev, "info", __VA_ARGS__)
#define dev_dbg(dev, ...) do { (void)(dev); } while (0)

#endif
