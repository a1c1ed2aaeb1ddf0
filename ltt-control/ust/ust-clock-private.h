/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ust-clock-private.h: the time source of records.  CLOCK_MONOTONIC costs
 * about 30 ns through the vDSO on a virtual machine, as much as the rest of
 * the event path; the TSC costs 10.  When the kernel itself keeps time with
 * the TSC (so it is constant and synchronised across CPUs) applications
 * store raw TSC values and the drainer, on the same machine, converts them
 * to CLOCK_MONOTONIC ns with its own calibration. */
#ifndef LTT_UST_CLOCK_PRIVATE_H
#define LTT_UST_CLOCK_PRIVATE_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define LTT_UST_HAVE_TSC 1
static inline uint64_t ltt_ust_clock_tsc(void)
{
	return __rdtsc();
}
#endif

static inline uint64_t ltt_ust_clock_monotonic(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000U + (uint64_t) ts.tv_nsec;
}

#define LTT_UST_CLOCKSOURCE_FILE "/sys/devices/system/clocksource/clocksource0/current_clocksource"

#endif
