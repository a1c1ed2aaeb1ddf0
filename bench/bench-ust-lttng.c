/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-ust-lttng: the loop of bench-ust through LTTng-UST, for comparison
 * in the same run.  Built by bench-ust.sh when lttng-ust is installed. */
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#include "bench-ust-lttng-tp.h"
#include "bench-ust-loop.h"

static void emit(uint32_t thread, uint64_t seq, uint64_t value)
{
	lttng_ust_tracepoint(bench_ust, tick, thread, seq, value);
}

int main(int argc, char **argv)
{
	return bench_main(argc, argv, emit, NULL);
}
