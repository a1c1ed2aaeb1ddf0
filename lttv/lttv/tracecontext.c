/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* tracecontext.c: traceset, trace and tracefile contexts, the time-ordered
 * merge, seeking and positions. */
#include <config.h>
#include <string.h>
#include "traceset-private.h"
#include "tracecontext.h"
#include "merge-window.h"
#include "hook-private.h"

/* Where the merge keeps one tracefile's cursor: what filling a window
 * reads, lane after lane (24 bytes: the lanes of 1,000 tracefiles take
 * 24 KiB). */
typedef struct {
	LttTracefile *tf;
	const LttEvent *cur;        /* the cursor's event, once it had one (the pointer stays) */
	gboolean has_event;         /* the cursor has an event (not yet read ahead) */
} Lane;

/* Whose place the cursor of a shared LttTracefile holds.  The trace's
 * owner slot for the tracefile points to the Owner of the context whose
 * place the cursor holds; the others keep theirs in saved (see take). */
typedef struct _Owner Owner;
struct _Owner {
	Lane *lane;
	LttvTracefileContext *tfc;
	Owner **slot;
	LttEventPosition saved;     /* own position while another context holds the cursor */
};

/* How one tracefile's events reach its hooks: a single function to call,
 * decided from the lists' contents and decided again when any list has
 * changed since.  Most tracefiles have one event hook and no by-id hook;
 * calling it directly spares reading two list structures per event, which
 * with 1,000 tracefiles are cache misses.  The table (32 bytes per
 * tracefile) stays in the first-level cache. */
typedef struct {
	LttvHook hook;              /* the one hook, deliver_nothing or deliver_lists */
	void *hook_data;
	LttvTracefileContext *tfc;
	guint64 changes;            /* lttv_hooks_changes when decided */
} Dispatch;

static gboolean deliver_nothing(void *hook_data, void *call_data)
{
	return FALSE;
}

/* The event and by-id lists, merged by priority. */
static gboolean deliver_lists(void *hook_data, void *call_data)
{
	LttvTracefileContext *tfc = call_data;
	LttvHooks *by_id = lttv_hooks_by_id_get(tfc->event_by_id, tfc->e->id);
	return by_id != NULL ? lttv_hooks_call_merge(tfc->event, tfc, by_id, tfc) :
	                       lttv_hooks_call(tfc->event, tfc);
}

static void dispatch_decide(Dispatch *d)
{
	d->changes = lttv_hooks_changes;
	const LttvHooksById *by_id = d->tfc->event_by_id;
	guint n = lttv_hooks_number(d->tfc->event);
	if (by_id->len != 0 || by_id->sparse != NULL || n > 1) {
		d->hook = deliver_lists;
		d->hook_data = NULL;
	} else if (n == 0 || !lttv_hooks_get(d->tfc->event, 0, &d->hook, &d->hook_data, NULL, NULL)) {
		d->hook = deliver_nothing;
		d->hook_data = NULL;
	}
}

/* The merge (merge-window.h): windows of time [start, start + width) whose
 * events are copied from every tracefile and sorted.  Each tracefile's
 * cursor stays after its last copy.  The window is refilled as soon as its
 * last event is delivered, so that between reads the next event is always
 * the window's next (none: the end of the traceset). */
struct _LttvContextReader {
	guint n;
	Lane *lanes;                /* by order */
	Owner *owners;              /* by order */
	Dispatch *dispatch;         /* by order */
	MergeWindow w;
	guint32 *first;             /* by order, while filling: its first copy */
	LttTime width;              /* of the next window */
	guint target;               /* events a window aims at */
	guint64 epoch;              /* ownership_epoch when every cursor was known to be ours */
	gboolean hook_stopped;      /* the last run ended because a hook returned TRUE */
};

/* Where one tracefile is. */
typedef struct {
	gboolean has_event;
	LttEventPosition pos;
} TracefilePosition;

/* The event a position designates, in merge order. */
typedef struct {
	gboolean at_end;
	LttTime time;
	guint order;
	guint32 block, offset;
} MergeKey;

struct _LttvTracesetContextPosition {
	guint n;
	TracefilePosition *tf;      /* by order */
	MergeKey key;
};

G_DEFINE_TYPE(LttvTracesetContext, lttv_traceset_context, G_TYPE_OBJECT)
G_DEFINE_TYPE(LttvTraceContext, lttv_trace_context, G_TYPE_OBJECT)
G_DEFINE_TYPE(LttvTracefileContext, lttv_tracefile_context, G_TYPE_OBJECT)
G_DEFINE_QUARK(lttv-context-error-quark, lttv_context_error)

/* ---- tracefile cursors shared between contexts ---- */

/* Counts the changes of owner of any tracefile cursor in the process: a
 * reader that saw no change since it last held all its cursors needs no
 * check before it reads ahead. */
static guint64 ownership_epoch;

/* Makes the LttTracefile's cursor o's: saves the previous owner's place
 * and goes back to o's. */
static void take(Owner *o)
{
	Owner *prev = *o->slot;
	if (prev == o)
		return;
	const LttEvent *cur = prev != NULL && prev->lane->has_event ? ltt_tracefile_event(prev->lane->tf) : NULL;
	if (cur != NULL)
		ltt_event_position(cur, &prev->saved);
	*o->slot = o;
	ownership_epoch++;
	if (o->lane->has_event && !ltt_tracefile_seek_position(o->lane->tf, &o->saved, NULL))
		o->lane->has_event = FALSE;
}

/* After a read: skips damage (libltt recorded it in the trace's warnings)
 * and records whether the cursor has an event. */
static void settle(Lane *lane, LttReadStatus s)
{
	while (s == LTT_READ_DAMAGED)
		s = ltt_tracefile_next(lane->tf, NULL);
	lane->has_event = s == LTT_READ_EVENT;
	if (lane->has_event)
		lane->cur = ltt_tracefile_event(lane->tf);
}

/* Takes back every cursor another context moved. */
static void reclaim(LttvContextReader *r)
{
	for (guint i = 0; i < r->n; i++)
		if (r->lanes[i].has_event)
			take(&r->owners[i]);
	r->epoch = ownership_epoch;
}

/* ---- the window ---- */

/* Enough events that touching every tracefile once per window costs
 * little, few enough that the window's buffers stay in the caches: with
 * 1,000 tracefiles, 8, 16 and 32 per tracefile did alike and 48 was slower
 * (bench-merge, with the window at 76 bytes per event). */
static guint window_target(guint n)
{
	return CLAMP(16 * n, 4096, 65536);
}

/* One past tracefile i's last copy in the window (while filling, and until
 * the window is sorted). */
static inline guint32 segment_end(const LttvContextReader *r, guint i)
{
	return i + 1 < r->n ? r->first[i + 1] : r->w.len;
}

/* Copies every cursor event before end into the window, tracefile after
 * tracefile, and leaves the cursors after them.  Returns FALSE, having
 * put every cursor back, when the window would hold more than max events:
 * the caller retries with a narrower window. */
static gboolean window_copy(LttvContextReader *r, LttTime start, LttTime width, guint max)
{
	MergeWindow *w = &r->w;
	merge_window_reset(w);
	for (guint i = 0; i < r->n; i++) {
		Lane *l = &r->lanes[i];
		r->first[i] = w->len;
		/* With many tracefiles each one's cursor, and the events after
		 * it, have left the caches since the last window: ask for the
		 * cursor two lanes ahead and the events one lane ahead. */
		if (i + 2 < r->n) {
			__builtin_prefetch(r->lanes[i + 2].cur);
			__builtin_prefetch((const char *) r->lanes[i + 2].cur + sizeof(LttEvent) - 1);
		}
		if (i + 1 < r->n && r->lanes[i + 1].cur != NULL) {
			const guint8 *next = r->lanes[i + 1].cur->payload + r->lanes[i + 1].cur->size;
			for (guint k = 0; k < 4; k++)
				__builtin_prefetch(next + 64 * k);
		}
		while (l->has_event && l->cur->time - start < width) {
			if (G_UNLIKELY(w->len >= max)) {
				for (guint j = 0; j <= i; j++) {
					if (r->first[j] == (j < i ? segment_end(r, j) : w->len))
						continue;
					LttEventPosition pos;
					ltt_event_position(&w->copies[r->first[j]], &pos);
					settle(&r->lanes[j], ltt_tracefile_seek_position(r->lanes[j].tf, &pos, NULL) ?
					                     LTT_READ_EVENT : LTT_READ_END);
				}
				return FALSE;
			}
			merge_window_append(w, l->cur, l->cur->time - start, i);
			LttReadStatus s = ltt_tracefile_next(l->tf, NULL);
			if (G_UNLIKELY(s != LTT_READ_EVENT))
				settle(l, s);
		}
	}
	return TRUE;
}

/* Did a single tracefile fill the window (its copies are then in order)? */
static gboolean window_one_run(const LttvContextReader *r)
{
	guint runs = 0;
	for (guint i = 0; i < r->n && runs < 2; i++)
		runs += r->first[i] != segment_end(r, i);
	return runs < 2;
}

/* Fills the window with the next events; FALSE at the end of the traceset. */
static gboolean window_fill(LttvContextReader *r)
{
	if (r->epoch != ownership_epoch)
		reclaim(r);
	merge_window_reset(&r->w);
	gboolean any = FALSE;
	LttTime start = LTT_TIME_INFINITE;
	for (guint i = 0; i < r->n; i++) {
		if (r->lanes[i].has_event) {
			any = TRUE;
			start = MIN(start, r->lanes[i].cur->time);
		}
	}
	if (!any)
		return FALSE;
	/* A density jump (idle, then a burst) would make one window huge:
	 * past four times the target it is narrowed, down to the events of a
	 * single time, which must come together. */
	while (!window_copy(r, start, r->width, r->width > 1 ? 4 * r->target : G_MAXUINT))
		r->width = MAX(r->width / 8, 1);
	merge_window_sort(&r->w, r->width - 1, window_one_run(r));
	/* The next window aims at the target at the density just seen, growing
	 * at most fourfold so that a sparse stretch does not overshoot. */
	guint64 want = (guint64) ((double) r->width * r->target / r->w.len);
	guint64 most = MIN(r->width * 4, MERGE_WINDOW_MAX_WIDTH);
	r->width = CLAMP(want, 1, most);
	return TRUE;
}

static inline gboolean window_at_end(const LttvContextReader *r)
{
	return r->w.next == r->w.len;
}

/* The next event to deliver (the one being delivered inside a hook). */
static inline const LttEvent *window_top(const LttvContextReader *r, guint *order)
{
	return merge_window_event(&r->w, r->w.next, order);
}

/* ---- GObject plumbing ---- */

static LttvTraceContext *new_trace_context(LttvTracesetContext *self)
{
	return g_object_new(LTTV_TYPE_TRACE_CONTEXT, NULL);
}

static LttvTracefileContext *new_tracefile_context(LttvTracesetContext *self)
{
	return g_object_new(LTTV_TYPE_TRACEFILE_CONTEXT, NULL);
}

static void context_init(LttvTracesetContext *self, LttvTraceset *ts)
{
	LttvTracesetContextClass *klass = LTTV_TRACESET_CONTEXT_GET_CLASS(self);
	self->ts = ts;
	self->n_traces = lttv_traceset_number(ts);
	self->traces = g_new0(LttvTraceContext *, self->n_traces);
	self->a = lttv_attribute_new();
	self->start_time = self->n_traces ? LTT_TIME_INFINITE : 0;
	self->end_time = 0;
	GPtrArray *all = g_ptr_array_new();
	for (guint i = 0; i < self->n_traces; i++) {
		LttvTraceContext *tc = klass->new_trace_context(self);
		self->traces[i] = tc;
		tc->ts_context = self;
		tc->index = i;
		tc->vt = lttv_trace_ref(lttv_traceset_get(ts, i));
		tc->t = lttv_trace_ltt(tc->vt);
		tc->n_tracefiles = ltt_trace_tracefile_count(tc->t);
		tc->tracefiles = g_new0(LttvTracefileContext *, tc->n_tracefiles);
		tc->a = lttv_attribute_new();
		self->start_time = MIN(self->start_time, ltt_trace_start_time(tc->t));
		self->end_time = MAX(self->end_time, ltt_trace_end_time(tc->t));
		for (guint j = 0; j < tc->n_tracefiles; j++) {
			LttvTracefileContext *tfc = klass->new_tracefile_context(self);
			tc->tracefiles[j] = tfc;
			tfc->t_context = tc;
			tfc->index = j;
			tfc->tf = ltt_trace_tracefile(tc->t, j);
			tfc->event = lttv_hooks_new();
			tfc->event_by_id = lttv_hooks_by_id_new();
			tfc->a = lttv_attribute_new();
			g_ptr_array_add(all, tfc);
		}
	}
	LttvContextReader *r = g_new0(LttvContextReader, 1);
	r->n = all->len;
	r->lanes = g_new0(Lane, MAX(r->n, 1));
	r->owners = g_new(Owner, MAX(r->n, 1));
	r->dispatch = g_new(Dispatch, MAX(r->n, 1));
	for (guint i = 0; i < r->n; i++) {
		LttvTracefileContext *tfc = g_ptr_array_index(all, i);
		r->lanes[i].tf = tfc->tf;
		r->owners[i] = (Owner) { &r->lanes[i], tfc,
		                         (Owner **) lttv_trace_owner_slot(tfc->t_context->vt, tfc->index) };
		/* Decided before the first event: no hook list has this value. */
		r->dispatch[i] = (Dispatch) { deliver_nothing, NULL, tfc, lttv_hooks_changes - 1 };
	}
	g_ptr_array_free(all, TRUE);
	r->first = g_new0(guint32, MAX(r->n, 1));
	r->target = window_target(r->n);
	r->width = 1024;
	merge_window_init(&r->w, r->target);
	self->reader = r;
	lttv_process_traceset_seek_time(self, 0);
}

static void context_fini(LttvTracesetContext *self)
{
	LttvContextReader *r = self->reader;
	for (guint i = 0; i < r->n; i++)
		if (*r->owners[i].slot == &r->owners[i])
			*r->owners[i].slot = NULL;
	for (guint i = 0; i < self->n_traces; i++) {
		LttvTraceContext *tc = self->traces[i];
		for (guint j = 0; j < tc->n_tracefiles; j++)
			g_object_unref(tc->tracefiles[j]);
		g_free(tc->tracefiles);
		tc->tracefiles = NULL;
		tc->n_tracefiles = 0;
		lttv_trace_unref(tc->vt);
		tc->vt = NULL;
		tc->t = NULL;
		g_object_unref(tc);
	}
	g_free(self->traces);
	self->traces = NULL;
	self->n_traces = 0;
	g_clear_object(&self->a);
	g_free(self->reader->lanes);
	g_free(self->reader->owners);
	g_free(self->reader->dispatch);
	g_free(self->reader->first);
	merge_window_free(&self->reader->w);
	g_clear_pointer(&self->reader, g_free);
}

static void lttv_traceset_context_dispose(GObject *object)
{
	LttvTracesetContext *self = LTTV_TRACESET_CONTEXT(object);
	if (self->reader != NULL)
		lttv_context_fini(self);
	G_OBJECT_CLASS(lttv_traceset_context_parent_class)->dispose(object);
}

static void lttv_traceset_context_class_init(LttvTracesetContextClass *klass)
{
	G_OBJECT_CLASS(klass)->dispose = lttv_traceset_context_dispose;
	klass->init = context_init;
	klass->fini = context_fini;
	klass->new_trace_context = new_trace_context;
	klass->new_tracefile_context = new_tracefile_context;
}

static void lttv_traceset_context_init(LttvTracesetContext *self)
{
}

static void lttv_trace_context_dispose(GObject *object)
{
	g_clear_object(&LTTV_TRACE_CONTEXT(object)->a);
	G_OBJECT_CLASS(lttv_trace_context_parent_class)->dispose(object);
}

static void lttv_trace_context_class_init(LttvTraceContextClass *klass)
{
	G_OBJECT_CLASS(klass)->dispose = lttv_trace_context_dispose;
}

static void lttv_trace_context_init(LttvTraceContext *self)
{
}

static void lttv_tracefile_context_dispose(GObject *object)
{
	LttvTracefileContext *tfc = LTTV_TRACEFILE_CONTEXT(object);
	g_clear_pointer(&tfc->event, lttv_hooks_destroy);
	g_clear_pointer(&tfc->event_by_id, lttv_hooks_by_id_destroy);
	g_clear_object(&tfc->a);
	G_OBJECT_CLASS(lttv_tracefile_context_parent_class)->dispose(object);
}

static void lttv_tracefile_context_class_init(LttvTracefileContextClass *klass)
{
	G_OBJECT_CLASS(klass)->dispose = lttv_tracefile_context_dispose;
}

static void lttv_tracefile_context_init(LttvTracefileContext *self)
{
}

LttvTracesetContext *lttv_traceset_context_new(LttvTraceset *ts)
{
	LttvTracesetContext *self = g_object_new(LTTV_TYPE_TRACESET_CONTEXT, NULL);
	lttv_context_init(self, ts);
	return self;
}

LttvTraceset *lttv_traceset_context_snapshot(const LttvTracesetContext *self)
{
	LttvTraceset *ts = lttv_traceset_new();
	for (guint i = 0; i < self->n_traces; i++)
		lttv_traceset_add(ts, self->traces[i]->vt);
	return ts;
}

void lttv_context_init(LttvTracesetContext *self, LttvTraceset *ts)
{
	g_return_if_fail(LTTV_IS_TRACESET_CONTEXT(self) && self->reader == NULL);
	LTTV_TRACESET_CONTEXT_GET_CLASS(self)->init(self, ts);
}

void lttv_context_fini(LttvTracesetContext *self)
{
	g_return_if_fail(LTTV_IS_TRACESET_CONTEXT(self) && self->reader != NULL);
	LTTV_TRACESET_CONTEXT_GET_CLASS(self)->fini(self);
}

/* ---- begin / end ---- */

static void call_levels(LttvTracesetContext *self, LttvHooks *traceset, LttvHooks *trace,
                        LttvHooks *tracefile, gboolean traceset_first)
{
	if (traceset_first)
		lttv_hooks_call(traceset, self);
	for (guint i = 0; i < self->n_traces; i++) {
		LttvTraceContext *tc = self->traces[i];
		if (traceset_first)
			lttv_hooks_call(trace, tc);
		for (guint j = 0; j < tc->n_tracefiles; j++)
			lttv_hooks_call(tracefile, tc->tracefiles[j]);
		if (!traceset_first)
			lttv_hooks_call(trace, tc);
	}
	if (!traceset_first)
		lttv_hooks_call(traceset, self);
}

void lttv_process_traceset_begin(LttvTracesetContext *self, LttvHooks *before_traceset,
                                 LttvHooks *before_trace, LttvHooks *before_tracefile,
                                 LttvHooks *event, LttvHooksById *event_by_id)
{
	LttvContextReader *r = self->reader;
	for (guint i = 0; i < r->n; i++) {
		lttv_hooks_add_list(r->owners[i].tfc->event, event);
		lttv_hooks_by_id_add_list(r->owners[i].tfc->event_by_id, event_by_id);
	}
	call_levels(self, before_traceset, before_trace, before_tracefile, TRUE);
}

void lttv_process_traceset_end(LttvTracesetContext *self, LttvHooks *after_traceset,
                               LttvHooks *after_trace, LttvHooks *after_tracefile,
                               LttvHooks *event, LttvHooksById *event_by_id)
{
	LttvContextReader *r = self->reader;
	call_levels(self, after_traceset, after_trace, after_tracefile, FALSE);
	for (guint i = 0; i < r->n; i++) {
		lttv_hooks_remove_list(r->owners[i].tfc->event, event);
		lttv_hooks_by_id_remove_list(r->owners[i].tfc->event_by_id, event_by_id);
	}
}

static guint change_event_hook(LttvTracesetContext *self, const char *channel, const char *name,
                               LttvHook hook, void *hook_data, LttvHookPriority prio, gboolean add)
{
	guint matched = 0;
	for (guint i = 0; i < self->n_traces; i++) {
		LttvTraceContext *tc = self->traces[i];
		guint n = ltt_trace_event_type_count(tc->t);
		for (guint k = 0; k < n; k++) {
			const LttEventType *et = ltt_trace_event_type(tc->t, k);
			const char *et_channel = ltt_event_type_channel(et);
			if (strcmp(ltt_event_type_name(et), name) != 0 ||
			    (channel != NULL && strcmp(channel, et_channel) != 0))
				continue;
			matched++;
			guint id = ltt_event_type_id(et);
			for (guint j = 0; j < tc->n_tracefiles; j++) {
				LttvTracefileContext *tfc = tc->tracefiles[j];
				if (strcmp(ltt_tracefile_channel(tfc->tf), et_channel) != 0)
					continue;
				if (add)
					lttv_hooks_add(lttv_hooks_by_id_find(tfc->event_by_id, id), hook, hook_data, prio);
				else if (lttv_hooks_by_id_get(tfc->event_by_id, id) != NULL)
					lttv_hooks_remove_data(lttv_hooks_by_id_get(tfc->event_by_id, id), hook, hook_data);
			}
		}
	}
	return matched;
}

guint lttv_traceset_context_add_event_hook(LttvTracesetContext *self, const char *channel,
                                           const char *name, LttvHook hook, void *hook_data,
                                           LttvHookPriority prio)
{
	return change_event_hook(self, channel, name, hook, hook_data, prio, TRUE);
}

guint lttv_traceset_context_remove_event_hook(LttvTracesetContext *self, const char *channel,
                                              const char *name, LttvHook hook, void *hook_data)
{
	return change_event_hook(self, channel, name, hook, hook_data, 0, FALSE);
}

/* ---- positions ---- */

static int key_compare(const MergeKey *a, const MergeKey *b)
{
	if (a->at_end || b->at_end)
		return (int) a->at_end - (int) b->at_end;
	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	if (a->order != b->order)
		return a->order < b->order ? -1 : 1;
	if (a->block != b->block)
		return a->block < b->block ? -1 : 1;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	return 0;
}

/* Position of tracefile i's next undelivered event, if it has one: its
 * first undelivered copy (the next_copy[i]-th in merge order; none:
 * G_MAXUINT), else its cursor (saved when another context holds it). */
static gboolean tracefile_position(const LttvContextReader *r, guint i, const guint *next_copy,
                                   LttEventPosition *pos)
{
	const Owner *o = &r->owners[i];
	guint order;
	if (next_copy[i] != G_MAXUINT)
		ltt_event_position(merge_window_event(&r->w, next_copy[i], &order), pos);
	else if (!o->lane->has_event)
		return FALSE;
	else if (*o->slot == o)
		ltt_event_position(o->lane->cur, pos);
	else
		*pos = o->saved;
	return TRUE;
}

static void current_key(const LttvTracesetContext *self, MergeKey *k)
{
	const LttvContextReader *r = self->reader;
	memset(k, 0, sizeof(*k));
	if (window_at_end(r)) {
		k->at_end = TRUE;
		return;
	}
	const LttEvent *e = window_top(r, &k->order);
	k->time = e->time;
	k->block = e->block;
	k->offset = e->offset;
}

LttvTracesetContextPosition *lttv_traceset_context_position_new(const LttvTracesetContext *self)
{
	LttvTracesetContextPosition *pos = g_new0(LttvTracesetContextPosition, 1);
	pos->n = self->reader->n;
	pos->tf = g_new0(TracefilePosition, pos->n);
	pos->key.at_end = TRUE;
	return pos;
}

void lttv_traceset_context_position_destroy(LttvTracesetContextPosition *pos)
{
	if (pos == NULL)
		return;
	g_free(pos->tf);
	g_free(pos);
}

void lttv_traceset_context_position_save(const LttvTracesetContext *self,
                                         LttvTracesetContextPosition *pos)
{
	const LttvContextReader *r = self->reader;
	if (pos->n != r->n) {
		pos->tf = g_renew(TracefilePosition, pos->tf, r->n);
		pos->n = r->n;
	}
	/* Each tracefile's first undelivered copy, found when asked rather
	 * than kept up to date at every event. */
	guint *next_copy = g_new(guint, MAX(r->n, 1));
	memset(next_copy, 0xff, r->n * sizeof(guint));
	for (guint j = r->w.len; j-- > r->w.next;)
		next_copy[r->w.orders[merge_window_copy_index(&r->w, j)]] = j;
	for (guint i = 0; i < r->n; i++)
		pos->tf[i].has_event = tracefile_position(r, i, next_copy, &pos->tf[i].pos);
	g_free(next_copy);
	current_key(self, &pos->key);
}

void lttv_traceset_context_position_copy(LttvTracesetContextPosition *dest,
                                         const LttvTracesetContextPosition *src)
{
	if (dest->n != src->n) {
		dest->tf = g_renew(TracefilePosition, dest->tf, src->n);
		dest->n = src->n;
	}
	memcpy(dest->tf, src->tf, src->n * sizeof(TracefilePosition));
	dest->key = src->key;
}

void lttv_traceset_context_position_set(LttvTracesetContextPosition *pos, const LttEventPosition *places,
                                        const gboolean *has, guint n)
{
	if (pos->n != n) {
		pos->tf = g_renew(TracefilePosition, pos->tf, n);
		pos->n = n;
	}
	memset(&pos->key, 0, sizeof(pos->key));
	pos->key.at_end = TRUE;
	for (guint i = 0; i < n; i++) {
		pos->tf[i].has_event = has[i];
		pos->tf[i].pos = places[i];
		/* The next event: the earliest, ties to the first tracefile. */
		if (has[i] && (pos->key.at_end || places[i].time < pos->key.time))
			pos->key = (MergeKey) { FALSE, places[i].time, i, places[i].block, places[i].offset };
	}
}

int lttv_traceset_context_position_compare(const LttvTracesetContextPosition *a,
                                           const LttvTracesetContextPosition *b)
{
	return key_compare(&a->key, &b->key);
}

int lttv_traceset_context_ctx_pos_compare(const LttvTracesetContext *self,
                                          const LttvTracesetContextPosition *pos)
{
	MergeKey k;
	current_key(self, &k);
	return key_compare(&k, &pos->key);
}

LttTime lttv_traceset_context_position_get_time(const LttvTracesetContextPosition *pos)
{
	return pos->key.at_end ? LTT_TIME_INFINITE : pos->key.time;
}

/* ---- seeking ---- */

/* After the cursors were placed: the window starts at them. */
static void seek_done(LttvContextReader *r)
{
	r->epoch = ownership_epoch;
	window_fill(r);
}

void lttv_process_traceset_seek_time(LttvTracesetContext *self, LttTime t)
{
	LttvContextReader *r = self->reader;
	for (guint i = 0; i < r->n; i++) {
		Lane *lane = &r->lanes[i];
		lane->has_event = FALSE;
		take(&r->owners[i]);
		settle(lane, ltt_tracefile_seek_time(lane->tf, t, NULL));
	}
	seek_done(r);
}

gboolean lttv_process_traceset_seek_position(LttvTracesetContext *self,
                                             const LttvTracesetContextPosition *pos, GError **error)
{
	LttvContextReader *r = self->reader;
	gboolean fits = pos->n == r->n;
	for (guint i = 0; fits && i < r->n; i++)
		fits = !pos->tf[i].has_event || pos->tf[i].pos.tracefile == r->lanes[i].tf;
	if (!fits) {
		g_set_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_POSITION,
		            "position saved from another traceset (%u tracefiles, this one has %u)",
		            pos->n, r->n);
		return FALSE;
	}
	gboolean ok = TRUE;
	for (guint i = 0; i < r->n; i++) {
		Lane *lane = &r->lanes[i];
		lane->has_event = FALSE;
		take(&r->owners[i]);
		if (!pos->tf[i].has_event || !ok)
			settle(lane, LTT_READ_END);
		else if (!ltt_tracefile_seek_position(lane->tf, &pos->tf[i].pos, error))
			ok = FALSE;
		else
			settle(lane, LTT_READ_EVENT);
	}
	seek_done(r);
	return ok;
}

/* ---- reading ---- */

/* Is e, of tracefile order, before the event end designates? */
static inline gboolean before_end(const LttEvent *e, guint order, const MergeKey *end)
{
	if (e->time != end->time)
		return e->time < end->time;
	if (order != end->order)
		return order < end->order;
	return e->block < end->block || (e->block == end->block && e->offset < end->offset);
}

/* Events ahead of delivery whose copies are asked for. */
#define PREFETCH_AHEAD 16

static guint64 run(LttvTracesetContext *self, LttTime end_time, guint64 max_events,
                   const LttvTracesetContextPosition *end_position, gboolean whole_times,
                   gboolean deliver)
{
	LttvContextReader *r = self->reader;
	const MergeKey *end = end_position != NULL && !end_position->key.at_end ?
	                      &end_position->key : NULL;
	guint64 count = 0;
	LttTime last = 0;
	r->hook_stopped = FALSE;
	while (!window_at_end(r)) {
		guint order;
		const LttEvent *e = window_top(r, &order);
		if (e->time >= end_time)
			break;
		if (count >= max_events && !(whole_times && count > 0 && e->time == last))
			break;
		if (end != NULL && !before_end(e, order, end))
			break;
		gboolean stop = FALSE;
		/* In merge order the copies are scattered over the window: ask
		 * for the one a few events ahead.  (Written here: GCC drops a
		 * call to a function that only prefetches, as having no effect.) */
		if (!r->w.identity && r->w.next + PREFETCH_AHEAD < r->w.len) {
			guint c = merge_window_copy_index(&r->w, r->w.next + PREFETCH_AHEAD);
			__builtin_prefetch(&r->w.copies[c]);
			__builtin_prefetch((const char *) &r->w.copies[c] + sizeof(LttEvent) - 1);
			__builtin_prefetch(&r->w.orders[c]);
		}
		if (deliver) {
			Dispatch *d = &r->dispatch[order];
			if (G_UNLIKELY(d->changes != lttv_hooks_changes))
				dispatch_decide(d);
			d->tfc->e = e;
			stop = d->hook(d->hook_data, d->tfc);
		}
		count++;
		last = e->time;
		/* Delivered only now: inside the hooks, positions designate it. */
		if (++r->w.next == r->w.len)
			window_fill(r);
		if (stop) {
			r->hook_stopped = TRUE;
			break;
		}
	}
	return count;
}

guint64 lttv_process_traceset_middle(LttvTracesetContext *self, LttTime end_time, guint64 max_events,
                                     const LttvTracesetContextPosition *end_position)
{
	return run(self, end_time, max_events, end_position, FALSE, TRUE);
}

/* The clock is read between slices of events.  A slice is sized from the
 * cost per event the previous slices showed, so that it ends before the
 * deadline: with hooks of 250 us an event, a 20 ms budget is checked every
 * few dozen events; with cheap hooks slices grow to SLICE_MAX events and
 * reading the clock costs nothing.  Slices start at one event and at most
 * double, so that a first costly event is noticed at once. */
#define SLICE_MAX 1024

guint64 lttv_process_traceset_middle_budget(LttvTracesetContext *self, LttTime end_time,
                                            guint64 max_events,
                                            const LttvTracesetContextPosition *end_position,
                                            gint64 max_usec)
{
	gint64 now = g_get_monotonic_time();
	gint64 deadline = max_usec > G_MAXINT64 - now ? G_MAXINT64 : now + MAX(max_usec, 0);
	guint64 total = 0, slice = 1;
	for (;;) {
		guint64 want = MIN(slice, max_events - total);
		guint64 n = run(self, end_time, want, end_position, FALSE, TRUE);
		total += n;
		if (n < want || self->reader->hook_stopped || total == max_events)
			return total;
		gint64 then = now;
		now = g_get_monotonic_time();
		if (now >= deadline)
			return total;
		/* Events that fit in half the time left at the cost just seen. */
		double per_event = (double) MAX(now - then, 1) / (double) n;
		double fit = (double) (deadline - now) / 2 / per_event;
		slice = MAX(1, MIN(MIN(2 * slice, SLICE_MAX), (guint64) MIN(fit, (double) SLICE_MAX)));
	}
}

guint64 lttv_process_traceset_middle_time(LttvTracesetContext *self, LttTime end_time,
                                          guint64 max_events)
{
	return run(self, end_time, max_events, NULL, TRUE, TRUE);
}

/* Passes events without calling hooks: up to n the filter accepts, never
 * the one end designates (NULL: none), within the limits.  *examined gets
 * how many events were passed, accepted or not. */
static guint64 skip(LttvTracesetContext *self, guint64 n, const MergeKey *end,
                    const LttvSeekLimits *lim, guint64 *examined)
{
	LttvContextReader *r = self->reader;
	guint64 count = 0, seen = 0;
	if (end == NULL && lim != NULL && lim->end != NULL && !lim->end->key.at_end)
		end = &lim->end->key;
	while (count < n && !window_at_end(r)) {
		guint order;
		const LttEvent *e = window_top(r, &order);
		if (end != NULL && !before_end(e, order, end))
			break;
		if (lim != NULL) {
			if (lim->max_examined != 0 && seen >= lim->max_examined)
				break;
			if (lim->stop != NULL && seen % 256 == 255 && lim->stop(lim->stop_data))
				break;
		}
		gboolean accepted = TRUE;
		if (lim != NULL && lim->filter != NULL) {
			LttvTracefileContext *tfc = r->owners[order].tfc;
			tfc->e = e;
			accepted = lim->filter(lim->filter_data, tfc);
		}
		count += accepted;
		seen++;
		if (++r->w.next == r->w.len)
			window_fill(r);
	}
	if (examined != NULL)
		*examined = seen;
	return count;
}

guint64 lttv_process_traceset_seek_n_forward(LttvTracesetContext *self, guint64 n)
{
	return skip(self, n, NULL, NULL, NULL);
}

guint64 lttv_process_traceset_seek_n_forward_limited(LttvTracesetContext *self, guint64 n,
                                                     const LttvSeekLimits *limits)
{
	return skip(self, n, NULL, limits, NULL);
}

guint64 lttv_process_traceset_seek_to_position(LttvTracesetContext *self,
                                               const LttvTracesetContextPosition *pos)
{
	LttvSeekLimits lim = { .end = pos };
	return skip(self, G_MAXUINT64, NULL, &lim, NULL);
}

/* Going back: windows of time that end where the previous began, twice
 * as wide each time, are counted until one holds the event to land after;
 * then the window is read again up to it.  Only the events of the windows
 * are examined, each at most twice. */
guint64 lttv_process_traceset_seek_n_backward_limited(LttvTracesetContext *self, guint64 n,
                                                      const LttvSeekLimits *limits)
{
	if (n == 0)
		return 0;
	LttvSeekLimits window_lim = limits != NULL ? *limits : (LttvSeekLimits) { 0 };
	window_lim.end = NULL;
	guint64 budget = window_lim.max_examined, need = n;
	LttvTracesetContextPosition *here = lttv_traceset_context_position_new(self);
	lttv_traceset_context_position_save(self, here);
	LttTime target = here->key.at_end ? self->end_time + 1 : here->key.time;
	LttTime width = 1000;
	for (;;) {
		LttTime from = target > width ? target - width : 0;
		lttv_process_traceset_seek_time(self, from);
		guint64 examined;
		window_lim.max_examined = budget;
		guint64 m = skip(self, G_MAXUINT64, here->key.at_end ? NULL : &here->key, &window_lim, &examined);
		if (lttv_traceset_context_ctx_pos_compare(self, here) < 0) {
			/* The bound or the stop check came first: back to where the
			 * window ends.  A window too full for the bound before any
			 * progress is narrowed (the events of a single time are
			 * examined whatever the bound); otherwise the call ends with
			 * what it passed. */
			lttv_process_traceset_seek_position(self, here, NULL);
			gboolean bounded = window_lim.max_examined != 0 && examined >= window_lim.max_examined;
			if (!bounded || need < n)
				break;
			width = width / 2;
			budget = width > 0 ? limits->max_examined : 0;
			width = MAX(width, 1);
			continue;
		}
		if (budget != 0)
			budget = budget > examined ? budget - examined : 0;
		if (m > need || from == 0) {
			lttv_process_traceset_seek_time(self, from);
			if (m > need) {
				/* Read again what was just examined: no stop, no bound. */
				window_lim.max_examined = 0;
				window_lim.stop = NULL;
				skip(self, m - need, NULL, &window_lim, NULL);
			}
			need -= MIN(m, need);
			break;
		}
		need -= m;
		lttv_process_traceset_seek_time(self, from);
		lttv_traceset_context_position_save(self, here);
		target = from;
		width = width > G_MAXUINT64 / 2 ? G_MAXUINT64 : width * 2;
		if (budget == 0 && window_lim.max_examined != 0)
			break;
	}
	lttv_traceset_context_position_destroy(here);
	return n - need;
}

guint64 lttv_process_traceset_seek_n_backward(LttvTracesetContext *self, guint64 n)
{
	return lttv_process_traceset_seek_n_backward_limited(self, n, NULL);
}

void lttv_traceset_context_set_read_ahead(LttvTracesetContext *self, guint events)
{
	/* Bounded so that a window's copy indices fit in its keys. */
	self->reader->target = CLAMP(events, 1, 1U << (MERGE_WINDOW_INDEX_BITS - 2));
}

gboolean lttv_traceset_context_at_end(const LttvTracesetContext *self)
{
	return window_at_end(self->reader);
}

LttTime lttv_traceset_context_current_time(const LttvTracesetContext *self)
{
	const LttvContextReader *r = self->reader;
	guint order;
	return window_at_end(r) ? LTT_TIME_INFINITE : window_top(r, &order)->time;
}
