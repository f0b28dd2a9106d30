/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Register polling on the virtual clock. */
#ifndef ATH5K_HWEMU_LINUX_IOPOLL_H
#define ATH5K_HWEMU_LINUX_IOPOLL_H

#include <errno.h>
#include "card_bus.h"

/* @busy_us_: where the waited time is counted, NULL when it sleeps */
#define hwemu_poll_timeout(busy_us_, op, val, cond, sleep_us, timeout_us, \
			   sleep_first, ...)				\
	({								\
		unsigned long long waited_ = 0;				\
		unsigned long long *busy_ = (busy_us_);			\
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
			if (busy_)					\
				*busy_ += (sleep_us);			\
		}							\
		ret_;							\
	})
#define read_poll_timeout(...) hwemu_poll_timeout(NULL, __VA_ARGS__)
#define read_poll_timeout_atomic(...) \
	hwemu_poll_timeout(&card_bus_busy_us, __VA_ARGS__)

#endif
