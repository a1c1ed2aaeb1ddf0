/* stats-by-cpu.c: the state and statistics of a whole trace, read CPU by
 * CPU instead of through a merge of every event.
 *
 * Each CPU is a lane: its tracefiles, in their own order.  Most events
 * (system calls, soft IRQs, faults: lttv_event_kind_is_cpu_local) change
 * only the running task of their CPU and that CPU's statistics, so a lane's
 * such events are applied as they come, with no merge.  The others
 * (scheduling, forks, IRQs, the state dump) are applied in the traceset's
 * time order: the engine applies a lane's local events up to its next
 * ordered event, then the earliest ordered event of all lanes, and so on.
 * A task's events still reach it in time order: it runs on one CPU at a
 * time and changes CPU only through ordered events.  When an ordered event
 * would touch a task running on another CPU (lost events, a state dump in
 * the middle of a trace), the state marks the run void (state-private.h)
 * and the trace is read again in plain time order.  doc/analysis.md §3.1. */
#include "config.h"
#include <string.h>
#include "stats-private.h"

typedef struct {
	LttTracefile *tf;
	const LttEvent *ev;          /* its current event, NULL at its end */
	const LttEvent *cursor;      /* where libltt keeps the current event (the same for every event) */
	const LttvEventHandler **by_id;  /* handlers by event id, filled as ids are met */
	guint n_ids;
} LaneFile;

typedef struct {
	guint cpu;
	LaneFile *files;
	guint n_files;
	LaneFile *pending;           /* the file at the lane's next ordered event, NULL at the end */
	const LttvEventHandler *pending_h;
	guint64 events;
	LttTime last;
} Lane;

/* Moves to the tracefile's next event: damage is skipped as the traceset
 * context skips it (in the trace's warnings). */
static inline LttReadStatus file_next(LttTracefile *tf)
{
	LttReadStatus s;

	while ((s = ltt_tracefile_next(tf, NULL)) == LTT_READ_DAMAGED)
		;
	return s;
}

static const LttEvent *file_read(LttTracefile *tf)
{
	return file_next(tf) == LTT_READ_EVENT ? ltt_tracefile_event(tf) : NULL;
}

/* The file's next event: libltt keeps every event of a tracefile at the
 * same place (its cursor, known from the first event). */
static inline void file_advance(LaneFile *f)
{
	f->ev = file_next(f->tf) == LTT_READ_EVENT ? f->cursor : NULL;
}

/* The handler of the file's current event: by its id (per channel, small)
 * rather than by hashing its type. */
static inline const LttvEventHandler *file_handler(LttvTraceState *ts, LaneFile *f)
{
	guint id = f->ev->id;
	const LttvEventHandler *h;

	if (G_LIKELY(id < f->n_ids && f->by_id[id] != NULL))
		return f->by_id[id];
	h = lttv_event_table_lookup(ts->table, f->ev->type);
	if (id < 4096) {
		if (id >= f->n_ids) {
			f->by_id = g_renew(const LttvEventHandler *, f->by_id, id + 1);
			memset(f->by_id + f->n_ids, 0, (id + 1 - f->n_ids) * sizeof(*f->by_id));
			f->n_ids = id + 1;
		}
		f->by_id[id] = h;
	}
	return h;
}

/* The file holding the lane's next event (the earliest, ties to the lower
 * tracefile), NULL at the lane's end. */
static inline LaneFile *lane_next_file(Lane *l)
{
	LaneFile *best = NULL;
	guint i;

	if (G_LIKELY(l->n_files == 1))
		return l->files[0].ev != NULL ? &l->files[0] : NULL;
	for (i = 0; i < l->n_files; i++) {
		LaneFile *f = &l->files[i];

		if (f->ev != NULL && (best == NULL || f->ev->time < best->ev->time))
			best = f;
	}
	return best;
}

/* Applies the lane's next event, from its file (no copy), and reads on. */
static inline void lane_apply(LttvTraceState *ts, Lane *l, LaneFile *f, const LttvEventHandler *h)
{
	const LttEvent *ev = f->ev;

	lttv_trace_state_dispatch(ts, ev, h);
	l->events++;
	l->last = ev->time;
	file_advance(f);
}

/* Applies the lane's events up to its next ordered one, left pending.  An
 * event of another CPU would change a CPU that is not the lane's: the run
 * is void. */
static void lane_skip_local(LttvTraceState *ts, Lane *l)
{
	LaneFile *f;

	while ((f = lane_next_file(l)) != NULL) {
		const LttvEventHandler *h = file_handler(ts, f);

		if (G_UNLIKELY(f->ev->cpu != l->cpu && !ts->lanes->in_order)) {
			ts->lanes->conflict = TRUE;
			break;
		}
		if (G_UNLIKELY(!lttv_event_kind_is_cpu_local(h->kind) || ts->lanes->ordered)) {
			l->pending = f;
			l->pending_h = h;
			return;
		}
		lane_apply(ts, l, f, h);
	}
	l->pending = NULL;
}

/* Whether lane a's pending event comes before lane b's in the merge's
 * order: time, then tracefile. */
static inline gboolean pending_before(const Lane *a, const Lane *b)
{
	const LttEvent *x = a->pending->ev, *y = b->pending->ev;

	return x->time < y->time
	       || (x->time == y->time && ltt_tracefile_index(x->tf) < ltt_tracefile_index(y->tf));
}

static void run_lanes(LttvTraceState *ts, Lane *lanes, guint n)
{
	guint i;

	for (i = 0; i < n; i++)
		lane_skip_local(ts, &lanes[i]);
	for (;;) {
		Lane *next = NULL;

		for (i = 0; i < n; i++)
			if (lanes[i].pending != NULL && (next == NULL || pending_before(&lanes[i], next)))
				next = &lanes[i];
		if (next == NULL || ts->lanes->conflict)
			return;
		if (G_UNLIKELY(next->pending_h->kind == LTTV_EV_STATEDUMP_END))
			ts->lanes->ordered = ts->lanes->in_order;
		lane_apply(ts, next, next->pending, next->pending_h);
		lane_skip_local(ts, next);
	}
}

/* ---- runs ---- */

/* Groups the trace's tracefiles by CPU, each at its first event. */
static Lane *lanes_open(LttTrace *trace, guint *n_lanes)
{
	guint n_tf = ltt_trace_tracefile_count(trace), max_cpu = 0, n = 0, i;
	Lane *lanes;

	for (i = 0; i < n_tf; i++)
		max_cpu = MAX(max_cpu, ltt_tracefile_cpu(ltt_trace_tracefile(trace, i)));
	lanes = g_new0(Lane, max_cpu + 1);
	for (i = 0; i < n_tf; i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);
		Lane *l = &lanes[ltt_tracefile_cpu(tf)];

		l->files = g_renew(LaneFile, l->files, l->n_files + 1);
		ltt_tracefile_seek_begin(tf);
		l->files[l->n_files] = (LaneFile) { .tf = tf, .ev = file_read(tf) };
		l->files[l->n_files].cursor = l->files[l->n_files].ev;
		l->n_files++;
	}
	for (i = 0; i <= max_cpu; i++) {
		lanes[i].cpu = i;
		if (lanes[i].n_files > 0)
			lanes[n++] = lanes[i];
	}
	*n_lanes = n;
	return lanes;
}

static void lanes_free(Lane *lanes, guint n)
{
	guint i;

	for (i = 0; i < n; i++) {
		for (guint j = 0; j < lanes[i].n_files; j++)
			g_free(lanes[i].files[j].by_id);
		g_free(lanes[i].files);
	}
	g_free(lanes);
}

static gboolean has_kernel_event(LttTrace *trace, const char *name)
{
	return ltt_trace_event_type_by_name(trace, "kernel", name) != NULL;
}

/* The trace by CPU, or every event in time order (in_order, which cannot
 * conflict); FALSE when the run is void (a conflict). */
static gboolean run_once(LttTrace *trace, LttvTraceState *ts, gboolean in_order)
{
	LttvLaneRun lanes_state = { .in_order = in_order };
	guint64 events = 0;
	guint n, i, j;
	Lane *lanes = lanes_open(trace, &n);
	LttTime first = G_MAXUINT64;

	for (i = 0; i < n; i++)
		for (j = 0; j < lanes[i].n_files; j++)
			if (lanes[i].files[j].ev != NULL)
				first = MIN(first, lanes[i].files[j].ev->time);
	/* The dump describes every CPU from one of them: it waits for time
	 * order until its end. */
	lanes_state.ordered = in_order || (has_kernel_event(trace, "ltt_statedump_process")
	                                   && has_kernel_event(trace, "ltt_statedump_end"));
	ts->lanes = &lanes_state;
	run_lanes(ts, lanes, n);
	ts->lanes = NULL;
	for (i = 0; i < n; i++) {
		if (lanes[i].events > 0)
			ts->time = MAX(ts->time, lanes[i].last);
		events += lanes[i].events;
	}
	if (events > 0)
		ts->start = first;
	ts->event_count = events;
	lanes_free(lanes, n);
	return !lanes_state.conflict;
}

LttvStats *lttv_stats_run_trace(LttTrace *trace, LttvTraceState **state, gboolean *redone)
{
	guint attempt;

	for (attempt = 0;; attempt++) {
		LttvTraceState *ts = lttv_trace_state_new(trace);
		LttvStats *s = lttv_stats_new(ts, ltt_trace_start_time(trace));

		if (!run_once(trace, ts, attempt > 0)) {
			lttv_stats_free(s);
			lttv_trace_state_free(ts);
			continue;
		}
		if (redone != NULL)
			*redone = attempt > 0;
		lttv_stats_close(s, ts->event_count > 0 ? ts->time : ltt_trace_start_time(trace));
		*state = ts;
		return s;
	}
}
