/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* checkpoint-compact.c: checkpoints whose states are serialized (as in
 * the cache file) into mapped memory.  A full copy of a state with
 * thousands of tasks costs hundreds of kilobytes of small heap blocks; the
 * precomputation keeps hundreds of them. */
#include "config.h"
#include <string.h>
#include "checkpoint-private.h"
#include "precompute-private.h"

#define STATE_SEGMENT_SIZE (8u << 20)

struct _LttvCompactCheckpoints {
	LttTrace *trace;
	guint interval, n_tracefiles;
	GArray *list;            /* LttvCompactCheckpoint, in time order */
	LttvArena *arena;
	GByteArray *buffer;      /* where a state is serialized before it is copied */
	LttEventPosition *last;  /* the pass's last event per tracefile */
	gboolean *has_last;
	guint since;
};

LttvCompactCheckpoints *lttv_compact_checkpoints_new(LttTrace *trace, guint interval)
{
	LttvCompactCheckpoints *c = g_new0(LttvCompactCheckpoints, 1);

	c->trace = ltt_trace_ref(trace);
	c->interval = interval > 0 ? interval : LTTV_CHECKPOINT_INTERVAL_DEFAULT;
	c->n_tracefiles = ltt_trace_tracefile_count(trace);
	c->list = g_array_new(FALSE, FALSE, sizeof(LttvCompactCheckpoint));
	c->arena = lttv_arena_new(STATE_SEGMENT_SIZE);
	c->buffer = g_byte_array_new();
	c->last = g_new0(LttEventPosition, c->n_tracefiles);
	c->has_last = g_new0(gboolean, c->n_tracefiles);
	return c;
}

LttvArena *lttv_compact_checkpoints_arena(const LttvCompactCheckpoints *c)
{
	return c->arena;
}

void lttv_compact_checkpoints_free(LttvCompactCheckpoints *c)
{
	guint i;

	if (c == NULL)
		return;
	for (i = 0; i < c->list->len; i++) {
		LttvCompactCheckpoint *cp = &g_array_index(c->list, LttvCompactCheckpoint, i);

		g_free(cp->last);
		g_free(cp->has_last);
	}
	g_array_unref(c->list);
	lttv_arena_free(c->arena);
	g_byte_array_unref(c->buffer);
	g_free(c->last);
	g_free(c->has_last);
	ltt_trace_unref(c->trace);
	g_free(c);
}

void lttv_compact_checkpoints_record(LttvCompactCheckpoints *c, const LttvTraceState *ts, const LttEvent *ev)
{
	guint tfi = ltt_tracefile_index(ev->tf);
	LttvCompactCheckpoint cp;
	guint8 *copy;

	if (G_UNLIKELY(tfi >= c->n_tracefiles))
		return;
	ltt_event_position(ev, &c->last[tfi]);
	c->has_last[tfi] = TRUE;
	if (++c->since < c->interval)
		return;
	c->since = 0;
	g_byte_array_set_size(c->buffer, 0);
	lttv_state_serialize(c->buffer, ts);
	copy = lttv_arena_alloc(c->arena, c->buffer->len);
	memcpy(copy, c->buffer->data, c->buffer->len);
	cp.time = lttv_trace_state_time(ts);
	cp.last = g_memdup2(c->last, c->n_tracefiles * sizeof(LttEventPosition));
	cp.has_last = g_memdup2(c->has_last, c->n_tracefiles * sizeof(gboolean));
	cp.state = copy;
	cp.state_len = c->buffer->len;
	g_array_append_val(c->list, cp);
}

/* The index of the first checkpoint at or after t, from lo on. */
static guint first_from(const LttvCompactCheckpoints *c, guint lo, LttTime t)
{
	guint hi = c->list->len;

	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;

		if (g_array_index(c->list, LttvCompactCheckpoint, mid).time < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The last checkpoint whose events are all earlier than t, or NULL. */
static const LttvCompactCheckpoint *before(const LttvCompactCheckpoints *c, LttTime t)
{
	guint i = first_from(c, 0, t);

	return i > 0 ? &g_array_index(c->list, LttvCompactCheckpoint, i - 1) : NULL;
}

LttvTraceState *lttv_compact_checkpoints_state_at(const LttvCompactCheckpoints *c, LttTime t,
                                                  const LttvEventSource *src, gpointer data, GError **error)
{
	const LttvCompactCheckpoint *cp = before(c, t);
	LttvTraceState *ts;
	const LttEvent *ev;

	if (cp == NULL) {
		if (!src->seek_begin(data, error))
			return NULL;
		ts = lttv_trace_state_new(c->trace);
	} else {
		if (!src->seek_after(data, cp->last, cp->has_last, c->n_tracefiles, error))
			return NULL;
		ts = lttv_state_deserialize(c->trace, cp->state, cp->state_len, "checkpoint in memory", error);
		if (ts == NULL)
			return NULL;
	}
	while ((ev = src->peek(data)) != NULL && ev->time < t) {
		lttv_trace_state_apply(ts, ev);
		src->advance(data);
	}
	return ts;
}

guint lttv_compact_checkpoints_between(const LttvCompactCheckpoints *c, LttTime t0, LttTime t1, guint *first)
{
	*first = first_from(c, 0, t0);
	return first_from(c, *first, t1) - *first;
}

guint lttv_compact_checkpoints_interval(const LttvCompactCheckpoints *c)
{
	return c->interval;
}

const LttvCompactCheckpoint *lttv_compact_checkpoints_get(const LttvCompactCheckpoints *c, guint i)
{
	return i < c->list->len ? &g_array_index(c->list, LttvCompactCheckpoint, i) : NULL;
}

void lttv_compact_checkpoints_adopt(LttvCompactCheckpoints *c, LttTime time, const LttEventPosition *last,
                                    const gboolean *has_last, const guint8 *state, gsize state_len)
{
	LttvCompactCheckpoint cp;

	cp.time = time;
	cp.last = g_memdup2(last, c->n_tracefiles * sizeof(LttEventPosition));
	cp.has_last = g_memdup2(has_last, c->n_tracefiles * sizeof(gboolean));
	cp.state = state;
	cp.state_len = state_len;
	g_array_append_val(c->list, cp);
}

guint lttv_compact_checkpoints_count(const LttvCompactCheckpoints *c)
{
	return c->list->len;
}

gsize lttv_compact_checkpoints_mapped(const LttvCompactCheckpoints *c)
{
	return lttv_arena_mapped(c->arena);
}

gsize lttv_compact_checkpoints_heap(const LttvCompactCheckpoints *c)
{
	return c->list->len * (sizeof(LttvCompactCheckpoint) + c->n_tracefiles * (sizeof(LttEventPosition) + sizeof(gboolean)))
	       + c->buffer->len;
}
