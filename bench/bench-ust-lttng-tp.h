/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-ust-lttng-tp.h: the LTTng-UST tracepoint of bench-ust-lttng, the
 * same fields as bench-ust's "tick". */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER bench_ust

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./bench-ust-lttng-tp.h"

#if !defined(BENCH_UST_LTTNG_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define BENCH_UST_LTTNG_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(bench_ust, tick,
	LTTNG_UST_TP_ARGS(uint32_t, thread, uint64_t, seq, uint64_t, value),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint32_t, thread, thread)
		lttng_ust_field_integer(uint64_t, seq, seq)
		lttng_ust_field_integer(uint64_t, value, value)
	)
)

#endif

#include <lttng/tracepoint-event.h>
