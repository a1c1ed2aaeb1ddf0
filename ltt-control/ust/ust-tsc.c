/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ust-tsc.c: converting TSC values to CLOCK_MONOTONIC ns.  The drainer runs
 * on the machine the applications run on, so it can measure the relation
 * itself: one point at start, one at every drain, the rate over the whole
 * interval. */
#include "config.h"

#include "ust-drain-private.h"
#include "ust-clock-private.h"

#ifdef LTT_UST_HAVE_TSC
static void sample(guint64 *tsc, guint64 *ns)
{
	guint64 a = ltt_ust_clock_tsc();
	*ns = ltt_ust_clock_monotonic();
	*tsc = a + (ltt_ust_clock_tsc() - a) / 2U;
}
#else
/* Without a TSC no application records one: identity. */
static void sample(guint64 *tsc, guint64 *ns)
{
	*ns = ltt_ust_clock_monotonic();
	*tsc = *ns;
}
#endif

static void set_rate(UstTsc *t)
{
	if (t->tsc1 > t->tsc0)
		t->ns_per_tick = (double) (t->ns1 - t->ns0) / (double) (t->tsc1 - t->tsc0);
}

void ust_tsc_init(UstTsc *t)
{
	sample(&t->tsc0, &t->ns0);
	g_usleep(20000);
	sample(&t->tsc1, &t->ns1);
	t->ns_per_tick = 1.0;
	set_rate(t);
}

void ust_tsc_update(UstTsc *t)
{
	sample(&t->tsc1, &t->ns1);
	set_rate(t);
}

guint64 ust_tsc_to_ns(const UstTsc *t, guint64 tsc)
{
	double ns = (double) t->ns1 + (double) (gint64) (tsc - t->tsc1) * t->ns_per_tick;

	return ns <= 0.0 ? 0U : (guint64) ns;
}
