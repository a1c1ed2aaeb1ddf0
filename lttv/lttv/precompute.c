/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* precompute.c: the precomputation service of a trace: one pass over the
 * trace, in steps of a time budget, feeding the state, its checkpoints, the
 * interval store and the pass's event hooks; notifications as it goes. */
#include "config.h"
#include "precompute-private.h"
#include "checkpoint-private.h"
#include "intervals-private.h"
#include "window-stats.h"
#include "window-stats-split.h"
#include "event-index.h"
#include "stats-index.h"

/* Events between two looks at the clock during a step. */
#define EVENTS_PER_CLOCK_CHECK 256

typedef struct {
	guint id;
	gboolean by_count;       /* target is an event count, else a time */
	guint64 target;
	LttvHook f;
	gpointer data;
} Notification;

typedef struct {
	LttvHook f;
	gpointer data;
} EventHook;

struct _LttvPrecompute {
	gint refcount;
	LttvTrace *trace;
	LttTrace *reader;        /* the pass's own cursors */
	LttvMerge *merge;
	LttvTraceState *ts;
	LttvTraceState *names;       /* from the cache: a state restored for the names it knows */
	LttvCompactCheckpoints *cps;
	LttvIntervalStore *store;
	LttvIntervalRecorder *recorder;
	LttvEventMarks *marks;   /* the event index's (precompute-marks.c) */
	LttvStatsIndex *stats_index; /* window statistics counted by the pass (stats-index.c) */
	guint64 index_windows;   /* window statistics the index gave */
	GArray *event_hooks;     /* EventHook */
	guint64 events_done, events_total;
	gboolean started, done, cancelled, failed;
	GArray *notes;           /* Notification, pending */
	guint next_id;
	/* Window statistics read through cursors of their own, so that they
	 * never move the pass's. */
	LttTrace *window_reader;
	LttvMerge *window_merge;
	gboolean use_cache, from_cache;
	LttvPrecomputeCache cache;   /* the mapped file the results came from */
	/* After the pass the cache is written by a thread of its own, which
	 * only reads the finished results and gives nothing back. */
	LttvCacheWriter *writer;
	GThread *write_thread;
	gint write_cancel;           /* atomic: stop writing (the file is dropped) */
	LttvCacheLoader *loader;     /* before it, while a cache is checked */
	guint cache_stage;           /* cache files looked at: beside the trace, then the user's */
	char *cache_warning;         /* a cache found unusable, until taken */
};

static void stop_writer(LttvPrecompute *p);
static void join_writer(LttvPrecompute *p, gboolean cancel);

/* The results of a pass go to files in the user's cache folder rather
 * than anonymous memory, so that the resident size stays small whatever
 * the trace's size (doc/performance.md, "lttv-gui memory"). */
static void keep_out_of_memory(LttvPrecompute *p)
{
	char *dir = g_build_filename(g_get_user_cache_dir(), "lttv", NULL);

	lttv_arena_use_file(p->store->arena, dir);
	lttv_arena_use_file(lttv_compact_checkpoints_arena(p->cps), dir);
	g_free(dir);
}

/* Window statistics are counted once the pass is over, on a thread of
 * their own (stats-index.c): counted beside it, on two processors, they
 * lengthened it by half (doc/performance.md).  With the cache, the thread
 * writes what it counted to a file of its own, and after a cache was read
 * it reads that file first (stats-index-cache.c). */
static void start_window_index(LttvPrecompute *p)
{
	char *dir = g_build_filename(g_get_user_cache_dir(), "lttv", NULL);

	p->stats_index = lttv_stats_index_new(lttv_trace_ltt(p->trace), lttv_compact_checkpoints_interval(p->cps), dir,
	                                      p->from_cache, p->use_cache);
	g_free(dir);
}

/* Services by LttvTrace; used from one thread (the main loop's). */
static GHashTable *services;

static guint64 trace_event_total(LttTrace *trace)
{
	guint64 n = 0;
	guint i;

	for (i = 0; i < ltt_trace_tracefile_count(trace); i++)
		n += ltt_tracefile_event_count(ltt_trace_tracefile(trace, i));
	return n;
}

LttvPrecompute *lttv_precompute_find(LttvTrace *t)
{
	LttvPrecompute *p = services != NULL ? g_hash_table_lookup(services, t) : NULL;

	return p != NULL ? lttv_precompute_ref(p) : NULL;
}

LttvPrecompute *lttv_precompute_get(LttvTrace *t)
{
	LttvPrecompute *p;
	LttTrace *trace = lttv_trace_ltt(t);

	if (services == NULL)
		services = g_hash_table_new(g_direct_hash, g_direct_equal);
	p = g_hash_table_lookup(services, t);
	if (p != NULL)
		return lttv_precompute_ref(p);
	p = g_new0(LttvPrecompute, 1);
	p->refcount = 1;
	p->trace = lttv_trace_ref(t);
	p->reader = ltt_trace_new_reader(trace);
	p->merge = lttv_merge_new(p->reader);
	p->ts = lttv_trace_state_new(trace);
	p->cps = lttv_compact_checkpoints_new(trace, LTTV_PRECOMPUTE_CHECKPOINT_INTERVAL);
	p->store = lttv_intervals_new();
	p->recorder = lttv_interval_recorder_new(p->store, p->ts);
	p->event_hooks = g_array_new(FALSE, FALSE, sizeof(EventHook));
	p->events_total = trace_event_total(trace);
	p->marks = lttv_event_marks_new(ltt_trace_tracefile_count(trace),
	                                lttv_event_index_choose_interval(p->events_total,
	                                                                 ltt_trace_tracefile_count(trace)));
	p->notes = g_array_new(FALSE, FALSE, sizeof(Notification));
	p->next_id = 1;
	p->use_cache = TRUE;
	g_hash_table_insert(services, t, p);
	return p;
}

LttvPrecompute *lttv_precompute_ref(LttvPrecompute *p)
{
	p->refcount++;
	return p;
}

/* What only the pass needs. */
static void pass_free(LttvPrecompute *p)
{
	lttv_interval_recorder_free(p->recorder);
	p->recorder = NULL;
	lttv_merge_free(p->merge);
	p->merge = NULL;
	/* What the pass found damaged is the trace's to tell (viewers mark it). */
	if (p->reader != NULL) {
		ltt_trace_take_reader_warnings(lttv_trace_ltt(p->trace), p->reader);
		ltt_trace_unref(p->reader);
	}
	p->reader = NULL;
}

void lttv_precompute_unref(LttvPrecompute *p)
{
	if (p == NULL || --p->refcount > 0)
		return;
	g_hash_table_remove(services, p->trace);
	pass_free(p);
	/* A cache being written is finished (about a second for 10 M events)
	 * unless the work was cancelled: closing a trace just after its pass
	 * must not cost the next open a whole pass. */
	join_writer(p, lttv_precompute_cancelled(p));
	lttv_cache_loader_free(p->loader);
	lttv_trace_state_free(p->ts);
	if (p->names != NULL)
		lttv_trace_state_free(p->names);
	lttv_stats_index_free(p->stats_index);
	lttv_merge_free(p->window_merge);
	if (p->window_reader != NULL)
		ltt_trace_unref(p->window_reader);
	if (p->from_cache) {
		lttv_precompute_cache_clear(&p->cache);
	} else {
		lttv_compact_checkpoints_free(p->cps);
		lttv_intervals_free(p->store);
		lttv_event_marks_free(p->marks);
	}
	g_free(p->cache_warning);
	g_array_unref(p->event_hooks);
	g_array_unref(p->notes);
	lttv_trace_unref(p->trace);
	g_free(p);
}

LttvTrace *lttv_precompute_trace(const LttvPrecompute *p)
{
	return p->trace;
}

void lttv_precompute_set_checkpoint_interval(LttvPrecompute *p, guint interval)
{
	if (p->started)
		return;
	lttv_compact_checkpoints_free(p->cps);
	p->cps = lttv_compact_checkpoints_new(lttv_trace_ltt(p->trace),
	                                      interval > 0 ? interval : LTTV_PRECOMPUTE_CHECKPOINT_INTERVAL);
}

LttTime lttv_precompute_ready_until(const LttvPrecompute *p)
{
	if (p->done)
		return LTT_TIME_INFINITE;
	return p->ts != NULL ? lttv_trace_state_time(p->ts) : LTT_TIME_ZERO;
}

static gboolean note_due(const LttvPrecompute *p, const Notification *n)
{
	if (p->done)
		return TRUE;
	if (n->by_count)
		return p->events_done >= n->target;
	return n->target != LTT_TIME_INFINITE && lttv_precompute_ready_until(p) > n->target;
}

/* Calls the notifications that are due, one at a time: a callback may add
 * or remove others. */
static void fire_notifications(LttvPrecompute *p)
{
	guint i = 0;

	while (i < p->notes->len) {
		Notification n = g_array_index(p->notes, Notification, i);

		if (!note_due(p, &n)) {
			i++;
			continue;
		}
		g_array_remove_index(p->notes, i);
		n.f(n.data, p);
		i = 0;
	}
}

/* Writes the cache by pieces until done or cancelled. */
static gpointer write_thread_main(gpointer data)
{
	LttvPrecompute *p = data;
	gboolean finished = FALSE;

	while (!g_atomic_int_get(&p->write_cancel) && !finished)
		if (!lttv_cache_writer_step(p->writer, g_get_monotonic_time() + 10000, &finished, NULL))
			break;
	return NULL;
}

/* Waits for the writing thread (cancelled first when cancel: it stops
 * within one piece of 1 MB) and drops an unfinished file. */
static void join_writer(LttvPrecompute *p, gboolean cancel)
{
	if (p->write_thread != NULL) {
		if (cancel)
			g_atomic_int_set(&p->write_cancel, 1);
		g_thread_join(p->write_thread);
		p->write_thread = NULL;
	}
	lttv_cache_writer_free(p->writer);
	p->writer = NULL;
}

static void stop_writer(LttvPrecompute *p)
{
	join_writer(p, TRUE);
}

/* The pass is over: the results are complete and no longer change, and a
 * thread writes the cache (a cache that cannot be written costs a pass
 * next time, nothing else). */
static void finish(LttvPrecompute *p)
{
	lttv_intervals_set_reached(p->store, lttv_trace_state_time(p->ts), TRUE);
	p->done = TRUE;
	pass_free(p);
	start_window_index(p);
	if (p->use_cache)
		p->writer = lttv_cache_writer_new(lttv_trace_ltt(p->trace), p->store, p->cps, p->marks, p->events_done,
		                                  NULL);
	if (p->writer != NULL)
		p->write_thread = g_thread_new("lttv-cache-writer", write_thread_main, p);
}

void lttv_precompute_finish_cache(LttvPrecompute *p)
{
	join_writer(p, FALSE);
}

gboolean lttv_precompute_writing_cache(const LttvPrecompute *p)
{
	return p->write_thread != NULL;
}

static void cache_problem(LttvPrecompute *p, const GError *error)
{
	if (p->cache_warning == NULL && !g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
		p->cache_warning = g_strdup_printf("%s; computing again", error->message);
}

/* A loader for the next cache file to look at (beside the trace, then in
 * the user's cache folder); FALSE when there is none left. */
static gboolean next_loader(LttvPrecompute *p)
{
	LttTrace *trace = lttv_trace_ltt(p->trace);

	while (p->loader == NULL && p->cache_stage < 2) {
		char *path = lttv_precompute_cache_path(trace, p->cache_stage++ == 0);
		GError *error = NULL;

		p->loader = lttv_cache_loader_new(trace, path, &error);
		g_free(path);
		if (error != NULL)
			cache_problem(p, error);
		g_clear_error(&error);
	}
	return p->loader != NULL;
}

/* Checks the cache until deadline: TRUE while it is being checked or once
 * its results are in place (p->from_cache); FALSE when there is no valid
 * cache (the pass is to be run). */
static gboolean load_cache(LttvPrecompute *p, gint64 deadline)
{
	while (next_loader(p)) {
		GError *error = NULL;

		if (lttv_cache_loader_step(p->loader, deadline, &p->cache, &error)) {
			if (p->cache.store == NULL)
				return TRUE;
			lttv_cache_loader_free(p->loader);
			p->loader = NULL;
			lttv_compact_checkpoints_free(p->cps);
			lttv_intervals_free(p->store);
			lttv_event_marks_free(p->marks);
			p->store = p->cache.store;
			p->cps = p->cache.cps;
			p->marks = p->cache.marks;
			p->events_done = p->cache.events;
			p->from_cache = TRUE;
			p->done = TRUE;
			/* The setters no longer apply. */
			p->started = TRUE;
			pass_free(p);
			start_window_index(p);
			return TRUE;
		}
		cache_problem(p, error);
		g_clear_error(&error);
		lttv_cache_loader_free(p->loader);
		p->loader = NULL;
	}
	return FALSE;
}

gboolean lttv_precompute_step(LttvPrecompute *p, gint64 budget_us, GError **error)
{
	gint64 deadline = g_get_monotonic_time() + MAX(budget_us, 0);
	const LttEvent *ev;

	if (p->done || p->cancelled || p->failed)
		return FALSE;
	if (!p->started) {
		if (p->use_cache && load_cache(p, deadline)) {
			if (!p->from_cache)
				return TRUE;
			fire_notifications(p);
			return FALSE;
		}
		p->started = TRUE;
		keep_out_of_memory(p);
		if (!lttv_merge_source.seek_begin(p->merge, error)) {
			p->failed = TRUE;
			return FALSE;
		}
	}
	do {
		guint k;

		for (k = 0; k < EVENTS_PER_CLOCK_CHECK; k++) {
			guint h;

			ev = lttv_merge_source.peek(p->merge);
			if (ev == NULL) {
				finish(p);
				fire_notifications(p);
				return FALSE;
			}
			lttv_event_marks_note(p->marks, p->merge, p->events_done);
			lttv_trace_state_apply(p->ts, ev);
			lttv_compact_checkpoints_record(p->cps, p->ts, ev);
			lttv_interval_recorder_after(p->recorder, ev);
			for (h = 0; h < p->event_hooks->len; h++) {
				const EventHook *eh = &g_array_index(p->event_hooks, EventHook, h);

				eh->f(eh->data, (gpointer) ev);
			}
			lttv_merge_source.advance(p->merge);
			p->events_done++;
		}
	} while (g_get_monotonic_time() < deadline);
	fire_notifications(p);
	return TRUE;
}

void lttv_precompute_set_cache(LttvPrecompute *p, gboolean use)
{
	if (!p->started)
		p->use_cache = use;
}

gboolean lttv_precompute_from_cache(const LttvPrecompute *p)
{
	return p->from_cache;
}

char *lttv_precompute_take_cache_warning(LttvPrecompute *p)
{
	char *w = p->cache_warning;

	p->cache_warning = NULL;
	/* The window index's file, found unusable by its thread. */
	if (w == NULL && p->stats_index != NULL)
		w = lttv_stats_index_take_warning(p->stats_index);
	return w;
}

gdouble lttv_precompute_progress(const LttvPrecompute *p)
{
	if (p->done)
		return 1.0;
	if (p->events_total == 0)
		return 0.0;
	return MIN(1.0, (gdouble) p->events_done / (gdouble) p->events_total);
}

guint64 lttv_precompute_events_done(const LttvPrecompute *p)
{
	return p->events_done;
}

gboolean lttv_precompute_done(const LttvPrecompute *p)
{
	return p->done;
}

void lttv_precompute_cancel(LttvPrecompute *p)
{
	stop_writer(p);
	if (p->done)
		return;
	p->cancelled = TRUE;
	if (p->stats_index != NULL)
		lttv_stats_index_stop(p->stats_index);
	g_array_set_size(p->notes, 0);
}

gboolean lttv_precompute_cancelled(const LttvPrecompute *p)
{
	return p->cancelled;
}

gboolean lttv_precompute_stopped(const LttvPrecompute *p)
{
	return !p->done && (p->cancelled || p->failed);
}

guint lttv_precompute_mark_interval(const LttvPrecompute *p)
{
	return lttv_event_marks_interval(p->marks);
}

guint64 lttv_precompute_mark_count(const LttvPrecompute *p)
{
	return lttv_event_marks_count(p->marks);
}

gboolean lttv_precompute_mark(const LttvPrecompute *p, guint64 i, LttEventPosition *places, gboolean *has)
{
	const LttvMarkPlace *m = lttv_event_marks_get(p->marks, i);
	LttTrace *trace = lttv_trace_ltt(p->trace);
	guint j;

	if (m == NULL)
		return FALSE;
	for (j = 0; j < lttv_event_marks_tracefiles(p->marks); j++) {
		has[j] = m[j].block != LTTV_MARK_NO_EVENT;
		places[j] = (LttEventPosition) { ltt_trace_tracefile(trace, j), has[j] ? m[j].block : 0, m[j].offset,
		                                  m[j].time };
	}
	return TRUE;
}

static guint notify_add(LttvPrecompute *p, gboolean by_count, guint64 target, LttvHook f, gpointer data)
{
	Notification n = { 0, by_count, target, f, data };

	if (note_due(p, &n)) {
		f(data, p);
		return 0;
	}
	if (p->cancelled)
		return 0;
	n.id = p->next_id++;
	g_array_append_val(p->notes, n);
	return n.id;
}

guint lttv_precompute_notify_at_time(LttvPrecompute *p, LttTime t, LttvHook f, gpointer data)
{
	return notify_add(p, FALSE, t, f, data);
}

guint lttv_precompute_notify_at_count(LttvPrecompute *p, guint64 events, LttvHook f, gpointer data)
{
	return notify_add(p, TRUE, events, f, data);
}

void lttv_precompute_notify_remove(LttvPrecompute *p, guint id)
{
	guint i;

	for (i = 0; i < p->notes->len; i++)
		if (g_array_index(p->notes, Notification, i).id == id) {
			g_array_remove_index(p->notes, i);
			return;
		}
}

const LttvIntervalStore *lttv_precompute_intervals(const LttvPrecompute *p)
{
	return p->store;
}

/* The cursors of the window statistics (and of the names' state), made
 * on first use. */
static LttvMerge *window_merge(LttvPrecompute *p)
{
	if (p->window_reader == NULL) {
		p->window_reader = ltt_trace_new_reader(lttv_trace_ltt(p->trace));
		p->window_merge = lttv_merge_new(p->window_reader);
	}
	return p->window_merge;
}

LttvStats *lttv_precompute_index_window(LttvPrecompute *p, LttvMerge *merge, LttTime t0, LttTime t1, gboolean *used,
                                        GError **error)
{
	LttvIndexWindow *w = lttv_precompute_index_window_begin(p, merge, t0, t1, used, error);

	return w != NULL ? lttv_precompute_index_window_end(p, w, used) : NULL;
}

LttvIndexWindow *lttv_precompute_index_window_begin(LttvPrecompute *p, LttvMerge *merge, LttTime t0, LttTime t1,
                                                    gboolean *used, GError **error)
{
	*used = FALSE;
	if (p->stats_index == NULL)
		return NULL;
	return lttv_stats_index_window_begin(p->stats_index, p->cps, merge, t0, t1, used, error);
}

LttvStats *lttv_precompute_index_window_end(LttvPrecompute *p, LttvIndexWindow *w, gboolean *used)
{
	LttvStats *s = lttv_stats_index_window_end(w, used);

	p->index_windows += s != NULL;
	return s;
}

LttvStats *lttv_precompute_window_stats(LttvPrecompute *p, LttTime t0, LttTime t1, GError **error)
{
	LttvTraceState *ts;
	LttTime split;
	gboolean used;
	LttvStats *s;

	window_merge(p);
	/* From what the pass counted, when the window spans two of its
	 * usable checkpoints (stats-index.c). */
	s = lttv_precompute_index_window(p, p->window_merge, t0, t1, &used, error);
	if (used)
		return s;
	/* A wide window on two threads (window-stats-split.c). */
	if (lttv_window_stats_split_at(p->cps, t0, t1, &split))
		return lttv_window_stats_split(p->cps, lttv_trace_ltt(p->trace), p->window_merge, t0, split, t1, error);
	ts = lttv_compact_checkpoints_state_at(p->cps, t0, &lttv_merge_source, p->window_merge, error);
	return ts != NULL ? lttv_window_stats_from_state(ts, &lttv_merge_source, p->window_merge, t0, t1) : NULL;
}

const LttvCompactCheckpoints *lttv_precompute_checkpoints(const LttvPrecompute *p)
{
	return p->cps;
}

void lttv_precompute_sizes(const LttvPrecompute *p, gsize *heap, gsize *mapped)
{
	*heap = sizeof(*p) + lttv_intervals_heap(p->store) + lttv_compact_checkpoints_heap(p->cps)
	        + lttv_event_marks_heap(p->marks);
	*mapped = lttv_intervals_mapped(p->store) + lttv_compact_checkpoints_mapped(p->cps);
	if (p->stats_index != NULL) {
		*heap += lttv_stats_index_heap(p->stats_index);
		*mapped += lttv_stats_index_mapped(p->stats_index);
	}
}

const char *lttv_precompute_submode_name(LttvPrecompute *p, gint32 mode, gint32 submode)
{
	/* Results read from the cache had no pass: the names come from the
	 * state at the last checkpoint, restored once (one short replay). */
	if (p->from_cache && p->names == NULL && p->cps != NULL) {
		GError *error = NULL;
		p->names = lttv_compact_checkpoints_state_at(p->cps, ltt_trace_end_time(lttv_trace_ltt(p->trace)),
		                                             &lttv_merge_source, window_merge(p), &error);
		g_clear_error(&error);
	}
	if (p->names != NULL)
		return lttv_trace_state_submode_name(p->names, mode, submode);
	return p->ts != NULL ? lttv_trace_state_submode_name(p->ts, mode, submode) : NULL;
}

void lttv_precompute_add_event_hook(LttvPrecompute *p, LttvHook f, gpointer data)
{
	EventHook h = { f, data };

	g_array_append_val(p->event_hooks, h);
}

guint64 lttv_precompute_index_windows(const LttvPrecompute *p)
{
	return p->index_windows;
}

guint lttv_precompute_index_checkpoints(const LttvPrecompute *p)
{
	return p->stats_index != NULL ? lttv_stats_index_usable(p->stats_index) : 0;
}

gboolean lttv_precompute_index_from_cache(const LttvPrecompute *p)
{
	return p->stats_index != NULL && lttv_stats_index_from_file(p->stats_index);
}

gboolean lttv_precompute_index_wait_until(LttvPrecompute *p, LttTime t, gint64 deadline, LttTime *reached,
                                          gboolean *ended)
{
	if (p->stats_index == NULL) {
		*reached = 0;
		*ended = TRUE;
		return FALSE;
	}
	return lttv_stats_index_wait_until(p->stats_index, t, deadline, reached, ended);
}

gboolean lttv_precompute_index_wait(LttvPrecompute *p, LttTime t)
{
	return p->stats_index != NULL && lttv_stats_index_wait(p->stats_index, t);
}
