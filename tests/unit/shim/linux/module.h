/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/module.h>: module metadata vanishes. */
#ifndef ATH5K_SHIM_LINUX_MODULE_H
#define ATH5K_SHIM_LINUX_MODULE_H

#define MODULE_AUTHOR(s)	struct ath5k_shim_module_unused
#define MODULE_DESCRIPTION(s)	struct ath5k_shim_module_unused
#define MODULE_LICENSE(s)	struct ath5k_shim_module_unused
#define MODULE_VERSION(s)	struct ath5k_shim_module_unused
#define MODULE_PARM_DESC(n, s)	struct ath5k_shim_module_unused
#define module_param_named(name, var, type, perm) \
	struct ath5k_shim_module_unused

#ifndef ATH5K_VERSION
#define ATH5K_VERSION "test"
#endif

#endif
