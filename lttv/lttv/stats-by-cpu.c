/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-by-cpu.c: the state and statistics of a whole trace, read CPU by
 * CPU instead of through a merge of every event.
 *
 * Each CPU is a lane: its tracefiles, in their own order.  Most events
 * (system calls, soft IRQs, faults, IRQ entries and exits, wakeups of known
 * tasks: lttv_event_kind_is_cpu_local and §3.1's rules) change only the
 * running task of their CPU and that CPU's statistics, or change nothing
 * when applied twice, so a lane's such events are applied as they come,
 * with no merge.  The others (switches, forks and exits, other wakeups,
 * the state dump) are applied in the traceset's
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

/* Events a lane file reads ahead at a time (ltt_tracefile_next_run): the
 * lanes' runs stay in the first-level cache. */
#define RUN_EVENTS 32

typedef struct {
	LttTracefile *tf;
	guint index;                 /* the tracefile's, which orders ties */
	const LttEvent *ev;          /* its current event (in run), NULL at its end */
	const LttEvent *last;        /* the run's last event (ev + 1 is next while ev < last) */
	const LttvEventHandler **by_id;  /* handlers by event id, filled as ids are met */
	guint n_ids;
	LttEvent run[RUN_EVENTS];    /* read ahead; the tracefile's current event is the last */
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

/* Reads the file's next run of events, or its next event the slow way
 * (the start of a block, damage, the other byte order), and makes the
 * first current. */
static G_GNUC_NO_INLINE void file_refill(LaneFile *f)
{
	guint n = ltt_tracefile_next_run(f->tf, f->run, RUN_EVENTS);

	if (n == 0) {
		if (file_next(f->tf) != LTT_READ_EVENT) {
			f->ev = f->last = NULL;
			return;
		}
		f->run[0] = *ltt_tracefile_event(f->tf);
		n = 1;
	}
	f->ev = &f->run[0];
	f->last = &f->run[n - 1];
}

static inline void file_advance(LaneFile *f)
{
	if (G_LIKELY(f->ev < f->last))
		f->ev++;
	else
		file_refill(f);
}

/* The id and time of the event after the current one, when known without
 * reading it (ltt_tracefile_peek: the tracefile's current event is the
 * run's last). */
static inline gboolean file_peek(const LaneFile *f, guint32 *id, LttTime *time)
{
	if (G_LIKELY(f->ev < f->last)) {
		*id = f->ev[1].id;
		*time = f->ev[1].time;
		return TRUE;
	}
	return ltt_tracefile_peek(f->tf, id, time);
}

static G_GNUC_NO_INLINE const LttvEventHandler *file_handler_slow(LttvTraceState *ts, LaneFile *f, guint id)
{
	const LttvEventHandler *h = lttv_event_table_lookup(ts->table, f->ev->type);

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

/* The handler of the file's current event: by its id (per channel, small)
 * rather than by hashing its type. */
static inline const LttvEventHandler *file_handler(LttvTraceState *ts, LaneFile *f)
{
	guint id = f->ev->id;

	if (G_LIKELY(id < f->n_ids && f->by_id[id] != NULL))
		return f->by_id[id];
	return file_handler_slow(ts, f, id);
}

/* Whether an event at t of tracefile i comes before (time, index) in the
 * merge's order: time, then tracefile. */
static inline gboolean key_before(LttTime t, guint i, LttTime time, guint index)
{
	return t < time || (t == time && i < index);
}

static inline gboolean file_before(const LaneFile *f, LttTime time, guint index)
{
	return key_before(f->ev->time, f->index, time, index);
}

/* The handler of an event of f already read, NULL when its id was not met
 * yet (file_handler then fills it in). */
static inline const LttvEventHandler *file_known_handler(const LaneFile *f, guint32 id)
{
	return id < f->n_ids ? f->by_id[id] : NULL;
}

/* When f's current event (h) opens a frame that one of the file's next
 * events closes, before (time, index), with at most LTTV_PAIR_BODY_MAX
 * events between them (in the run read ahead) that can be applied with
 * it (lttv_event_can_be_body): applies them all (a frame entered and left
 * with nothing between, as most system calls are, or with only a wakeup
 * or a count, as most soft IRQs and IRQs are, is never made) and makes the
 * closer current.  FALSE when not so, nothing done. */
static inline gboolean file_apply_pair(LttvTraceState *ts, Lane *l, LaneFile *f, const LttvEventHandler *h,
                                       LttTime time, guint index)
{
	const LttEvent *body[LTTV_PAIR_BODY_MAX];
	const LttvEventHandler *hb[LTTV_PAIR_BODY_MAX], *h2;
	const LttEvent *e;
	guint32 id2;
	LttTime t2;
	guint n = 0, i;

	if (!file_peek(f, &id2, &t2) || (h2 = file_known_handler(f, id2)) == NULL || !key_before(t2, f->index, time, index))
		return FALSE;
	/* A body: its events and the closer are in the run. */
	for (e = f->ev + 1; h2->kind != h->closer; e++) {
		if (n == LTTV_PAIR_BODY_MAX || !lttv_event_can_be_body(h2) || e >= f->last)
			return FALSE;
		body[n] = e;
		hb[n++] = h2;
		id2 = e[1].id;
		t2 = e[1].time;
		if ((h2 = file_known_handler(f, id2)) == NULL || !key_before(t2, f->index, time, index))
			return FALSE;
	}
	if (!lttv_trace_state_apply_pair(ts, f->ev, h, body, hb, n, t2, h2))
		return FALSE;
	for (i = 0; i <= n; i++)
		file_advance(f);         /* peek, or the run, said it reads those events */
	l->events += n + 1;
	return TRUE;
}

/* Applies f's local events (from its run, read ahead) while they come
 * before (time, index); stops at its end, or at an ordered event, which
 * is left as the lane's pending one (TRUE). */
static gboolean file_run_local(LttvTraceState *ts, Lane *l, LaneFile *f, LttTime time, guint index)
{
	guint64 n = 0;
	gboolean ordered = FALSE;

	while (file_before(f, time, index)) {
		const LttvEventHandler *h = file_handler(ts, f);

		if (G_UNLIKELY(!h->cpu_local)) {
			if (h->kind != LTTV_EV_SCHED_WAKEUP || !lttv_trace_state_apply_local_wakeup(ts, f->ev, h)) {
				l->pending = f;
				l->pending_h = h;
				ordered = TRUE;
				break;
			}
		} else if (h->closer == LTTV_EV_NONE || !file_apply_pair(ts, l, f, h, time, index)) {
			lttv_trace_state_dispatch(ts, f->ev, h);
		}
		n++;
		l->last = f->ev->time;
		file_advance(f);
		if (G_UNLIKELY(f->ev == NULL))
			break;
	}
	l->events += n;
	return ordered;
}

/* The file holding the lane's next event (the earliest, ties to the lower
 * tracefile), NULL at the lane's end; *second: the one after it. */
static LaneFile *lane_next_file(Lane *l, LaneFile **second)
{
	LaneFile *best = NULL;
	guint i;

	*second = NULL;
	for (i = 0; i < l->n_files; i++) {
		LaneFile *f = &l->files[i];

		if (f->ev == NULL)
			continue;
		if (best == NULL || file_before(f, best->ev->time, best->index)) {
			*second = best;
			best = f;
		} else if (*second == NULL || file_before(f, (*second)->ev->time, (*second)->index)) {
			*second = f;
		}
	}
	return best;
}

/* Applies the lane's events up to its next ordered one, left pending: each
 * file's, from the earliest, up to the next file's first event, and only
 * those before until (G_MAXUINT64: no bound), where the lane stops with
 * nothing pending.  While every event is ordered (ordered_only), the next
 * one is pending. */
static void lane_skip_local(LttvTraceState *ts, Lane *l, gboolean ordered_only, LttTime until)
{
	LaneFile *f, *second;

	while ((f = lane_next_file(l, &second)) != NULL) {
		LttTime time = second != NULL ? second->ev->time : G_MAXUINT64;
		guint index = second != NULL ? second->index : G_MAXUINT;

		if (G_UNLIKELY(ordered_only)) {
			l->pending = f;
			l->pending_h = file_handler(ts, f);
			return;
		}
		if (until != G_MAXUINT64) {
			if (f->ev->time >= until)
				break;
			if (key_before(until, 0, time, index)) {
				time = until;
				index = 0;
			}
		}
		if (file_run_local(ts, l, f, time, index))
			return;
	}
	l->pending = NULL;
}

static inline gboolean pending_before(const Lane *a, const Lane *b)
{
	return file_before(a->pending, b->pending->ev->time, b->pending->index);
}

/* Whether the task running on each lane's CPU is known (lanes at their
 * end aside).  Until then an event naming its task (common_pid, on every
 * event lttd records through ftrace) would tell a CPU who runs there
 * first, which a lane may only do in time order: the run stays ordered,
 * rather than being void at each CPU's first such event. */
static gboolean every_task_known(const LttvTraceState *ts, const Lane *lanes, guint n)
{
	guint i;

	for (i = 0; i < n; i++)
		if (lanes[i].pending != NULL && (lanes[i].cpu >= ts->cpu_count || ts->cpus[lanes[i].cpu].running == NULL))
			return FALSE;
	return TRUE;
}

/* Applies the lanes' events earlier than until, local ones as they come,
 * ordered ones in time order; can be called again with a later bound. */
static void run_lanes(LttvTraceState *ts, Lane *lanes, guint n, LttTime until)
{
	guint i;

	for (i = 0; i < n; i++)
		if (lanes[i].pending == NULL)
			lane_skip_local(ts, &lanes[i], ts->lanes->ordered, until);
	for (;;) {
		Lane *next = NULL;
		LaneFile *f;

		for (i = 0; i < n; i++)
			if (lanes[i].pending != NULL && (next == NULL || pending_before(&lanes[i], next)))
				next = &lanes[i];
		if (next == NULL || ts->lanes->conflict || next->pending->ev->time >= until)
			return;
		if (G_UNLIKELY(next->pending_h->kind == LTTV_EV_STATEDUMP_END))
			ts->lanes->dump_pending = FALSE;
		f = next->pending;
		lttv_trace_state_dispatch(ts, f->ev, next->pending_h);
		if (G_UNLIKELY(ts->lanes->ordered) && !ts->lanes->in_order && !ts->lanes->dump_pending
		    && (!ts->lanes->first_words || every_task_known(ts, lanes, n)))
			ts->lanes->ordered = FALSE;
		next->events++;
		next->last = f->ev->time;
		file_advance(f);
		lane_skip_local(ts, next, ts->lanes->ordered, until);
	}
}

/* ---- runs ---- */

static gint compare_cpus(gconstpointer a, gconstpointer b)
{
	guint x = *(const guint *) a, y = *(const guint *) b;
	return x < y ? -1 : x > y;
}

/* Groups the trace's tracefiles by CPU, each at its first event.  One lane
 * per CPU present, in CPU order: CPU numbers can be sparse. */
static Lane *lanes_open(LttTrace *trace, guint *n_lanes)
{
	guint n_tf = ltt_trace_tracefile_count(trace), n = 0, i;
	GArray *cpus = g_array_new(FALSE, FALSE, sizeof(guint));
	GHashTable *lane_of = g_hash_table_new(NULL, NULL);
	Lane *lanes = g_new0(Lane, MAX(n_tf, 1));

	for (i = 0; i < n_tf; i++) {
		guint cpu = ltt_tracefile_cpu(ltt_trace_tracefile(trace, i));
		if (!g_hash_table_contains(lane_of, GUINT_TO_POINTER(cpu + 1))) {
			g_hash_table_insert(lane_of, GUINT_TO_POINTER(cpu + 1), NULL);
			g_array_append_val(cpus, cpu);
		}
	}
	g_array_sort(cpus, compare_cpus);
	for (i = 0; i < cpus->len; i++)
		g_hash_table_insert(lane_of, GUINT_TO_POINTER(g_array_index(cpus, guint, i) + 1), GUINT_TO_POINTER(i));
	for (i = 0; i < n_tf; i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);
		Lane *l = &lanes[GPOINTER_TO_UINT(g_hash_table_lookup(lane_of, GUINT_TO_POINTER(ltt_tracefile_cpu(tf) + 1)))];

		/* Whole before the first read: the current events are in it. */
		l->files = g_renew(LaneFile, l->files, l->n_files + 1);
		memset(&l->files[l->n_files], 0, sizeof(LaneFile));
		l->files[l->n_files].tf = tf;
		l->files[l->n_files].index = i;
		l->n_files++;
	}
	for (i = 0; i < cpus->len; i++) {
		lanes[i].cpu = g_array_index(cpus, guint, i);
		for (guint j = 0; j < lanes[i].n_files; j++) {
			ltt_tracefile_seek_begin(lanes[i].files[j].tf);
			file_refill(&lanes[i].files[j]);
		}
	}
	n = cpus->len;
	g_array_unref(cpus);
	g_hash_table_destroy(lane_of);
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

/* Whether some event names the task it ran in (common_pid: lttd's ftrace
 * recordings). */
static gboolean has_common_pid(LttTrace *trace)
{
	guint i;

	for (i = 0; i < ltt_trace_event_type_count(trace); i++)
		if (ltt_event_type_field_by_name(ltt_trace_event_type(trace, i), "common_pid") != NULL)
			return TRUE;
	return FALSE;
}

struct _LttvLaneReader {
	LttvTraceState *ts;
	LttvLaneRun run;
	Lane *lanes;
	guint n;
	LttTime first;             /* the earliest event of all lanes */
};

LttvLaneReader *lttv_lane_reader_new(LttTrace *trace, LttvTraceState *ts, gboolean in_order)
{
	LttvLaneReader *r = g_new0(LttvLaneReader, 1);
	guint i, j;

	r->ts = ts;
	r->run.in_order = in_order;
	/* The dump describes every CPU from one of them: it waits for time
	 * order until its end; and where events name their task, so does the
	 * start of the trace, until every CPU's running task is known
	 * (run_lanes). */
	r->run.dump_pending = has_kernel_event(trace, "ltt_statedump_process")
	                      && has_kernel_event(trace, "ltt_statedump_end");
	r->run.first_words = has_common_pid(trace);
	r->run.ordered = in_order || r->run.dump_pending || r->run.first_words;
	r->lanes = lanes_open(trace, &r->n);
	r->first = G_MAXUINT64;
	for (i = 0; i < r->n; i++)
		for (j = 0; j < r->lanes[i].n_files; j++)
			if (r->lanes[i].files[j].ev != NULL)
				r->first = MIN(r->first, r->lanes[i].files[j].ev->time);
	return r;
}

gboolean lttv_lane_reader_run(LttvLaneReader *r, LttTime until)
{
	r->ts->lanes = &r->run;
	run_lanes(r->ts, r->lanes, r->n, until);
	r->ts->lanes = NULL;
	return !r->run.conflict;
}

guint64 lttv_lane_reader_events(const LttvLaneReader *r)
{
	guint64 events = 0;
	guint i;

	for (i = 0; i < r->n; i++)
		events += r->lanes[i].events;
	return events;
}

void lttv_lane_reader_free(LttvLaneReader *r)
{
	LttvTraceState *ts = r->ts;
	guint64 events = 0;
	guint i;

	if (r->run.irq_named != NULL)
		g_array_unref(r->run.irq_named);
	for (i = 0; i < r->n; i++) {
		if (r->lanes[i].events > 0)
			ts->time = MAX(ts->time, r->lanes[i].last);
		events += r->lanes[i].events;
	}
	if (events > 0)
		ts->start = r->first;
	ts->event_count = events;
	lanes_free(r->lanes, r->n);
	g_free(r);
}

LttvStats *lttv_stats_run_whole(LttTrace *trace, gboolean in_order, LttvTraceState **state, gboolean *redone)
{
	for (;; in_order = TRUE) {
		LttvTraceState *ts = lttv_trace_state_new(trace);
		LttvStats *s = lttv_stats_new(ts, ltt_trace_start_time(trace));
		LttvLaneReader *r = lttv_lane_reader_new(trace, ts, in_order);
		gboolean ok = lttv_lane_reader_run(r, G_MAXUINT64);

		lttv_lane_reader_free(r);
		if (!ok) {
			lttv_stats_free(s);
			lttv_trace_state_free(ts);
			continue;
		}
		if (redone != NULL)
			*redone = in_order;
		lttv_stats_close(s, ts->event_count > 0 ? ts->time : ltt_trace_start_time(trace));
		*state = ts;
		return s;
	}
}
