/* window-stats.c: the statistics of a time window: the state at its start
 * from the nearest checkpoint, then statistics over the window's events. */
#include "config.h"
#include "window-stats.h"
#include "stats-private.h"

LttvStats *lttv_window_stats_from_state(LttvTraceState *ts, const LttvEventSource *src, gpointer data, LttTime t0,
                                        LttTime t1)
{
	LttvStats *s = lttv_stats_new(ts, t0);
	const LttEvent *ev;

	if (t1 < t0)
		t1 = t0;
	while ((ev = src->peek(data)) != NULL && ev->time < t1) {
		lttv_stats_apply(s, ev);
		src->advance(data);
	}
	lttv_stats_close(s, t1);
	return s;
}

LttvStats *lttv_window_stats_compute(const LttvCheckpoints *cps, const LttvEventSource *src, gpointer data,
                                     LttTime t0, LttTime t1, GError **error)
{
	LttvTraceState *ts = lttv_checkpoints_state_at(cps, t0, src, data, error);

	return ts != NULL ? lttv_window_stats_from_state(ts, src, data, t0, t1) : NULL;
}

void lttv_window_stats_free(LttvStats *s)
{
	LttvTraceState *ts;

	if (s == NULL)
		return;
	ts = s->ts;
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
}
