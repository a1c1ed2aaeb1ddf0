/* window-stats.c: the statistics of a time window: the state at its start
 * from the nearest checkpoint, then statistics over the window's events. */
#include "config.h"
#include "window-stats.h"
#include "stats-private.h"

LttvStats *lttv_window_stats_compute(const LttvCheckpoints *cps, const LttvEventSource *src, gpointer data,
                                     LttTime t0, LttTime t1, GError **error)
{
	LttvTraceState *ts = lttv_checkpoints_state_at(cps, t0, src, data, error);
	const LttEvent *ev;
	LttvStats *s;

	if (ts == NULL)
		return NULL;
	if (t1 < t0)
		t1 = t0;
	s = lttv_stats_new(ts, t0);
	while ((ev = src->peek(data)) != NULL && ev->time < t1) {
		lttv_stats_apply(s, ev);
		src->advance(data);
	}
	lttv_stats_close(s, t1);
	return s;
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
