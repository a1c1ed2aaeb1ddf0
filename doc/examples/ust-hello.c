/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ust-hello: a program with user-space events, as a user writes one outside
 * the tree (doc/ust.md), built with `pkg-config ltt-ust` only:
 *
 *   cc -o /tmp/hello doc/examples/ust-hello.c $(pkg-config --cflags --libs ltt-ust)
 *   lttctl record -o /tmp/k2 -u /tmp/reg -- /tmp/hello
 *
 * Each run emits ten "step" events and says how many the tracer lost. */
#include <stdint.h>
#include <stdio.h>
#include <ltt/ltt-ust.h>

static LTT_UST_EVENT(ev_step, "step", "index: u32;");

int main(void)
{
	for (uint32_t i = 0; i < 10; i++)
		ltt_ust_emit(&ev_step, &i, sizeof i);
	printf("lost %llu\n", (unsigned long long) ltt_ust_lost_events());
	return 0;
}
