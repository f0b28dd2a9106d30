/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/device.h>: device messages go to stderr
 * (or nowhere for debug) so a test can show what the code complained of.
 */
#ifndef ATH5K_SHIM_LINUX_DEVICE_H
#define ATH5K_SHIM_LINUX_DEVICE_H

#include <stdio.h>

struct device {
	const char *name;
};

#define ath5k_shim_dev_msg(dev, level, ...)				\
	do {								\
		fprintf(stderr, "%s%s" level ": ",			\
			(dev) ? ((const struct device *)(dev))->name : "", \
			(dev) ? " " : "");				\
		fprintf(stderr, __VA_ARGS__);				\
	} while (0)

#define dev_err(dev, ...) ath5k_shim_dev_msg(dev, "error", __VA_ARGS__)
#define dev_warn(dev, ...) ath5k_shim_dev_msg(dev, "warning", __VA_ARGS__)
#define dev_info(dev, ...) ath5k_shim_dev_msg(dev, "info", __VA_ARGS__)
#define dev_dbg(dev, ...) do { (void)(dev); } while (0)

#endif
