/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Register polling on the virtual clock. */
#ifndef ATH5K_HWEMU_LINUX_IOPOLL_H
#define ATH5K_HWEMU_LINUX_IOPOLL_H

#include <errno.h>
#include "card_bus.h"

#define read_poll_timeout(op, val, cond, sleep_us, timeout_us, sleep_first, \
			  ...)						\
	({								\
		unsigned long long waited_ = 0;				\
		int ret_ = 0;						\
		(void)(sleep_first);					\
		for (;;) {						\
			(val) = op(__VA_ARGS__);			\
			if (cond)					\
				break;					\
			if (waited_ >= (timeout_us)) {			\
				ret_ = -ETIMEDOUT;			\
				break;					\
			}						\
			card_bus_delay(sleep_us);			\
			waited_ += (sleep_us);				\
		}							\
		ret_;							\
	})
#define read_poll_timeout_atomic read_poll_timeout

#endif
