/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* install-ust-program: an instrumented program as a user writes it outside
 * the tree, built by test-install.sh with `pkg-config ltt-ust` only. */
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
