/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-ust: ns per event of libltt-ust (bench-ust-loop.h); run it with
 * a drainer watching LTT_UST_REGISTRY, as bench-ust.sh does. */
#include "ltt-control/ust/ltt-ust.h"
#include "bench-ust-loop.h"

static LTT_UST_EVENT(ev_tick, "tick", "thread: u32; seq: u64; value: u64;");

static void emit(uint32_t thread, uint64_t seq, uint64_t value)
{
	struct __attribute__((packed)) {
		uint32_t thread;
		uint64_t seq;
		uint64_t value;
	} p = { thread, seq, value };

	ltt_ust_emit(&ev_tick, &p, sizeof p);
}

int main(int argc, char **argv)
{
	return bench_main(argc, argv, emit, ltt_ust_lost_events);
}
