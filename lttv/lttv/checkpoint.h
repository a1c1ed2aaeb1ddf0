/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* checkpoint.h: the state of a trace saved every N events during one full
 * pass, so that the state at any time costs one copy and fewer than N
 * events of replay.  Checkpoints can be kept in a cache file next to the
 * trace (format in doc/analysis.md §2). */
#ifndef LTTV_CHECKPOINT_H
#define LTTV_CHECKPOINT_H

#include <glib.h>
#include <ltt/ltt.h>
#include "state.h"

G_BEGIN_DECLS

/* Events between checkpoints when the caller has no preference: the state
 * at a random time then costs about 2 ms on average, under 5 ms at worst
 * (measured, doc/analysis.md §2.1). */
#define LTTV_CHECKPOINT_INTERVAL_DEFAULT 15000

/* Name of the cache file inside the trace directory. */
#define LTTV_CHECKPOINT_CACHE_NAME ".lttv-state-cache"

/*
 * The events of one trace in time order, as a traceset context delivers
 * them.  The checkpoint engine does not merge tracefiles itself: whoever
 * owns the reading (a traceset context, a test) provides this.
 */
typedef struct {
	/* Next event to deliver is the first of the trace. */
	gboolean (*seek_begin)(gpointer data, GError **error);
	/* Next event to deliver is, for tracefile i of the trace, the one after
	 * last[i] when has_last[i], its first event otherwise; n tracefiles. */
	gboolean (*seek_after)(gpointer data, const LttEventPosition *last, const gboolean *has_last,
	                       guint n, GError **error);
	/* The next event, not consumed; NULL at the end. */
	const LttEvent *(*peek)(gpointer data);
	/* Consumes the event peek returned. */
	void (*advance)(gpointer data);
} LttvEventSource;

typedef struct _LttvCheckpoints LttvCheckpoints;

/* An empty set for trace, to be filled by lttv_checkpoints_record during a
 * pass from the first event; interval 0 means the default. */
LttvCheckpoints *lttv_checkpoints_new(LttTrace *trace, guint interval);
void lttv_checkpoints_free(LttvCheckpoints *cps);
/* Call after ts applied ev, for every event of a full pass in order: saves
 * a copy of ts every interval events. */
void lttv_checkpoints_record(LttvCheckpoints *cps, const LttvTraceState *ts, const LttEvent *ev);
/* Runs the full pass itself. */
LttvCheckpoints *lttv_checkpoints_build(LttTrace *trace, guint interval, const LttvEventSource *src,
                                        gpointer data, GError **error);

guint lttv_checkpoints_interval(const LttvCheckpoints *cps);
guint lttv_checkpoints_count(const LttvCheckpoints *cps);
/* Time of the last event applied before checkpoint i. */
LttTime lttv_checkpoints_time(const LttvCheckpoints *cps, guint i);

/* A new state equal to the one a full replay gives just before time t
 * (every event earlier than t applied): restores the nearest checkpoint
 * before t and replays the state only.  Leaves src at the first event at or
 * after t.  NULL + error when the source cannot seek. */
LttvTraceState *lttv_checkpoints_state_at(const LttvCheckpoints *cps, LttTime t, const LttvEventSource *src,
                                          gpointer data, GError **error);

/* The cache file of trace: TRACE/.lttv-state-cache.  Free with g_free. */
char *lttv_checkpoints_cache_path(LttTrace *trace);
/* Writes cps atomically (temporary file, then rename). */
gboolean lttv_checkpoints_save(const LttvCheckpoints *cps, const char *path, GError **error);
/* Reads checkpoints saved for trace.  Fails (NULL + error naming the file and
 * offset) when the file is missing, damaged, of another version, or made for
 * a trace whose files have changed since. */
LttvCheckpoints *lttv_checkpoints_load(LttTrace *trace, const char *path, GError **error);
/* The cached checkpoints of trace when the cache is valid and has this
 * interval; otherwise builds them and rewrites the cache (a cache that
 * cannot be written is not an error).  *from_cache tells which happened. */
LttvCheckpoints *lttv_checkpoints_open(LttTrace *trace, guint interval, const LttvEventSource *src,
                                       gpointer data, gboolean *from_cache, GError **error);

/* Error domain of liblttvcore's analysis engines. */
#define LTTV_ANALYSIS_ERROR (lttv_analysis_error_quark())
GQuark lttv_analysis_error_quark(void);
typedef enum {
	LTTV_ANALYSIS_ERROR_CACHE,   /* cache missing, stale or damaged */
	LTTV_ANALYSIS_ERROR_IO
} LttvAnalysisError;

G_END_DECLS

#endif
