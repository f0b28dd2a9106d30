/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Minimal assertion helpers for the unit tests: every failed check prints
 * its location and the values involved, and the program's exit status is
 * the verdict (check_done()).
 */
#ifndef ATH5K_UNIT_CHECK_H
#define ATH5K_UNIT_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond)							\
	do {								\
		check_count++;						\
		if (!(cond)) {						\
			check_failures++;				\
			fprintf(stderr, "%s:%d: check failed: %s\n",	\
				__FILE__, __LINE__, #cond);		\
		}							\
	} while (0)

#define CHECK_EQ(got, want)						\
	do {								\
		long long got_ = (long long)(got);			\
		long long want_ = (long long)(want);			\
		check_count++;						\
		if (got_ != want_) {					\
			check_failures++;				\
			fprintf(stderr, "%s:%d: %s is %lld, want %lld\n", \
				__FILE__, __LINE__, #got, got_, want_);	\
		}							\
	} while (0)

#define CHECK_STR(got, want)						\
	do {								\
		const char *got_ = (got), *want_ = (want);		\
		check_count++;						\
		if (strcmp(got_, want_)) {				\
			check_failures++;				\
			fprintf(stderr, "%s:%d: %s is \"%s\", want \"%s\"\n", \
				__FILE__, __LINE__, #got, got_, want_);	\
		}							\
	} while (0)

static inline int check_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_count,
	       check_failures);
	return check_failures ? 1 : 0;
}

#endif
