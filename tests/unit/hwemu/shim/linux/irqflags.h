/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_HWEMU_LINUX_IRQFLAGS_H
#define ATH5K_HWEMU_LINUX_IRQFLAGS_H

#define local_irq_save(flags) ((flags) = 0)
#define local_irq_restore(flags) ((void)(flags))

#endif
