/* tracecontext.c: traceset, trace and tracefile contexts, the time-ordered
 * merge, seeking and positions. */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include "traceset-private.h"
#include "tracecontext.h"

/* A tracefile's merge key: its next event's time, then its rank, so that
 * equal times come in (trace, tracefile) order.  The key carries both so
 * that matches compare without touching the tracefile contexts. */
typedef struct {
	LttTime time;
	guint order;                /* index in lanes[]; G_MAXUINT: the tracefile is at its end */
} MergeEntry;

/* Sorts after every event. */
static const MergeEntry entry_end = { LTT_TIME_INFINITE, G_MAXUINT };

/* What the merge loop needs of one tracefile, packed in one array: reading
 * 1,000 tracefiles in turn, each event would otherwise also miss the cache
 * on the tracefile context (measured with callgrind). */
typedef struct {
	const LttEvent *e;          /* the tracefile's event, once it had one (the pointer stays) */
	LttvTracefileContext *tfc;
	LttvHooks *event;           /* tfc's lists */
	const LttvHooksById *by_id;
} Lane;

/* The merge: every tracefile in (trace, tracefile) order, and a
 * tournament tree of their keys.  Leaf i (node n + i, not stored) is
 * tracefile i; internal node k < n holds the loser of the match between
 * its two subtrees and node 0 the overall winner, the next event.  When
 * the winner's tracefile advances, only the matches on its leaf's path are
 * replayed: log2 n comparisons whose operands do not depend on each
 * other's outcome, so the loads overlap and no branch is mispredicted
 * (a heap's sift picks its path by comparing, one dependent load per
 * level, and random interleaving defeats the predictor). */
struct _LttvContextReader {
	guint n;
	Lane *lanes;                /* by order, cache-line aligned */
	MergeEntry *tree;           /* max(n, 1) nodes */
	/* While the winner's tracefile keeps winning (bursts of events), the
	 * time of the best loser on its path: a next event before it needs no
	 * replay.  0 when unknown. */
	LttTime runner_up;
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
 * per-event ownership check. */
static guint64 ownership_epoch;

/* Makes the LttTracefile's cursor tfc's: saves the previous owner's place
 * and goes back to tfc's. */
static void take(LttvTracefileContext *tfc)
{
	LttvTracefileContext *prev = *tfc->owner;
	if (prev == tfc)
		return;
	const LttEvent *cur = prev != NULL && prev->has_event ? ltt_tracefile_event(prev->tf) : NULL;
	if (cur != NULL)
		ltt_event_position(cur, &prev->saved);
	*tfc->owner = tfc;
	ownership_epoch++;
	if (tfc->has_event && !ltt_tracefile_seek_position(tfc->tf, &tfc->saved, NULL)) {
		tfc->has_event = FALSE;
		tfc->e = NULL;
	}
}

/* After a read that did not simply find the next event: skips damage
 * (libltt recorded it in the trace's warnings) and records whether there
 * is an event.  The event pointer is the tracefile's and does not change,
 * so the per-event path writes nothing here. */
static void settle(LttvTracefileContext *tfc, Lane *lane, LttReadStatus s)
{
	while (s == LTT_READ_DAMAGED)
		s = ltt_tracefile_next(tfc->tf, NULL);
	tfc->has_event = s == LTT_READ_EVENT;
	tfc->e = tfc->has_event ? ltt_tracefile_event(tfc->tf) : NULL;
	if (tfc->e != NULL)
		lane->e = tfc->e;
}

/* ---- the tournament tree ---- */

static inline gboolean before(const MergeEntry *a, const MergeEntry *b)
{
	return a->time < b->time || (a->time == b->time && a->order < b->order);
}

/* Only while this reader holds every cursor (after a seek or reclaim). */
static inline MergeEntry leaf_key(const LttvContextReader *r, guint i)
{
	const Lane *l = &r->lanes[i];
	return l->tfc->has_event ? (MergeEntry) { l->e->time, i } : entry_end;
}

/* Tracefile leaf's key became w: replays the matches up to the root. */
static inline void tree_replay(LttvContextReader *r, guint leaf, MergeEntry w)
{
	MergeEntry *t = r->tree;
	LttTime best_loser = LTT_TIME_INFINITE;
	guint64 lost = 0;
	for (guint k = (r->n + leaf) >> 1; k > 0; k >>= 1) {
		MergeEntry l = t[k];
		best_loser = MIN(best_loser, l.time);
		/* All ones when the stored loser beats w: the exchange is done
		 * with masks, which compilers do not turn back into branches. */
		guint64 m = -(guint64) ((guint) (l.time < w.time) |
		                        ((guint) (l.time == w.time) & (guint) (l.order < w.order)));
		guint64 dt = (l.time ^ w.time) & m;
		guint dord = (l.order ^ w.order) & (guint) m;
		t[k].time = l.time ^ dt;
		t[k].order = l.order ^ dord;
		w.time ^= dt;
		w.order ^= dord;
		lost |= m;
	}
	t[0] = w;
	r->runner_up = lost ? 0 : best_loser;
}

/* The winner's tracefile has advanced to key w. */
static inline void tree_advance_winner(LttvContextReader *r, MergeEntry w)
{
	/* Strictly before every loser on the path: every match keeps its
	 * outcome. */
	if (w.time < r->runner_up)
		r->tree[0] = w;
	else
		tree_replay(r, w.order, w);
}

static void tree_rebuild(LttvContextReader *r)
{
	guint n = r->n;
	r->runner_up = 0;
	if (n <= 1) {
		r->tree[0] = n == 1 ? leaf_key(r, 0) : entry_end;
		return;
	}
	/* Winner of each internal node's subtree, children before parents. */
	MergeEntry *win = g_new(MergeEntry, n);
	for (guint k = n - 1; k > 0; k--) {
		MergeEntry a = 2 * k >= n ? leaf_key(r, 2 * k - n) : win[2 * k];
		MergeEntry b = 2 * k + 1 >= n ? leaf_key(r, 2 * k + 1 - n) : win[2 * k + 1];
		gboolean a_first = before(&a, &b);
		win[k] = a_first ? a : b;
		r->tree[k] = a_first ? b : a;
	}
	r->tree[0] = win[1];
	g_free(win);
}

static inline gboolean tree_at_end(const LttvContextReader *r)
{
	return r->tree[0].order == G_MAXUINT;
}

static inline LttvTracefileContext *tree_top(const LttvContextReader *r)
{
	return r->lanes[r->tree[0].order].tfc;
}

/* Takes back every cursor another context moved. */
static void reclaim(LttvContextReader *r)
{
	gboolean lost = FALSE;
	for (guint i = 0; i < r->n; i++) {
		LttvTracefileContext *tfc = r->lanes[i].tfc;
		if (!tfc->has_event)
			continue;
		take(tfc);
		lost |= !tfc->has_event;
	}
	/* Only when a saved position no longer reads: the tracefile ends there. */
	if (lost)
		tree_rebuild(r);
	r->epoch = ownership_epoch;
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
			tfc->order = all->len;
			tfc->owner = lttv_trace_owner_slot(tc->vt, j);
			g_ptr_array_add(all, tfc);
		}
	}
	LttvContextReader *r = g_new0(LttvContextReader, 1);
	r->n = all->len;
	void *lanes = NULL;
	if (posix_memalign(&lanes, 64, MAX(r->n, 1) * sizeof(Lane)) != 0)
		g_error("out of memory for %u tracefiles", r->n);
	r->lanes = lanes;
	for (guint i = 0; i < r->n; i++) {
		LttvTracefileContext *tfc = g_ptr_array_index(all, i);
		r->lanes[i] = (Lane) { NULL, tfc, tfc->event, tfc->event_by_id };
	}
	g_ptr_array_free(all, TRUE);
	r->tree = g_new(MergeEntry, MAX(r->n, 1));
	self->reader = r;
	lttv_process_traceset_seek_time(self, 0);
}

static void context_fini(LttvTracesetContext *self)
{
	for (guint i = 0; i < self->n_traces; i++) {
		LttvTraceContext *tc = self->traces[i];
		for (guint j = 0; j < tc->n_tracefiles; j++)
			g_object_unref(tc->tracefiles[j]);
		g_free(tc->tracefiles);
		tc->tracefiles = NULL;
		tc->n_tracefiles = 0;
		/* After the tracefile contexts: they clear their owner slots. */
		lttv_trace_unref(tc->vt);
		tc->vt = NULL;
		tc->t = NULL;
		g_object_unref(tc);
	}
	g_free(self->traces);
	self->traces = NULL;
	self->n_traces = 0;
	g_clear_object(&self->a);
	free(self->reader->lanes);
	g_free(self->reader->tree);
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
	if (tfc->owner != NULL && *tfc->owner == tfc)
		*tfc->owner = NULL;
	tfc->owner = NULL;
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
		lttv_hooks_add_list(r->lanes[i].event, event);
		lttv_hooks_by_id_add_list(r->lanes[i].tfc->event_by_id, event_by_id);
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
		lttv_hooks_remove_list(r->lanes[i].event, event);
		lttv_hooks_by_id_remove_list(r->lanes[i].tfc->event_by_id, event_by_id);
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

/* Position of the tracefile context's next event. */
static void tracefile_position(const LttvTracefileContext *tfc, LttEventPosition *pos)
{
	if (*tfc->owner == tfc)
		ltt_event_position(tfc->e, pos);
	else
		*pos = tfc->saved;
}

static void current_key(const LttvTracesetContext *self, MergeKey *k)
{
	const LttvContextReader *r = self->reader;
	memset(k, 0, sizeof(*k));
	if (tree_at_end(r)) {
		k->at_end = TRUE;
		return;
	}
	const LttvTracefileContext *tfc = tree_top(r);
	LttEventPosition pos;
	tracefile_position(tfc, &pos);
	k->time = r->tree[0].time;
	k->order = tfc->order;
	k->block = pos.block;
	k->offset = pos.offset;
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
	for (guint i = 0; i < r->n; i++) {
		const LttvTracefileContext *tfc = r->lanes[i].tfc;
		pos->tf[i].has_event = tfc->has_event;
		if (tfc->has_event)
			tracefile_position(tfc, &pos->tf[i].pos);
	}
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

void lttv_process_traceset_seek_time(LttvTracesetContext *self, LttTime t)
{
	LttvContextReader *r = self->reader;
	for (guint i = 0; i < r->n; i++) {
		LttvTracefileContext *tfc = r->lanes[i].tfc;
		tfc->has_event = FALSE;
		take(tfc);
		settle(tfc, &r->lanes[i], ltt_tracefile_seek_time(tfc->tf, t, NULL));
	}
	tree_rebuild(r);
	r->epoch = ownership_epoch;
}

gboolean lttv_process_traceset_seek_position(LttvTracesetContext *self,
                                             const LttvTracesetContextPosition *pos, GError **error)
{
	LttvContextReader *r = self->reader;
	gboolean fits = pos->n == r->n;
	for (guint i = 0; fits && i < r->n; i++)
		fits = !pos->tf[i].has_event || pos->tf[i].pos.tracefile == r->lanes[i].tfc->tf;
	if (!fits) {
		g_set_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_POSITION,
		            "position saved from another traceset (%u tracefiles, this one has %u)",
		            pos->n, r->n);
		return FALSE;
	}
	for (guint i = 0; i < r->n; i++) {
		LttvTracefileContext *tfc = r->lanes[i].tfc;
		tfc->has_event = FALSE;
		take(tfc);
		if (!pos->tf[i].has_event) {
			settle(tfc, &r->lanes[i], LTT_READ_END);
		} else if (!ltt_tracefile_seek_position(tfc->tf, &pos->tf[i].pos, error)) {
			settle(tfc, &r->lanes[i], LTT_READ_END);
			tree_rebuild(r);
			r->epoch = ownership_epoch;
			return FALSE;
		} else {
			settle(tfc, &r->lanes[i], LTT_READ_EVENT);
		}
	}
	tree_rebuild(r);
	r->epoch = ownership_epoch;
	return TRUE;
}

/* ---- reading ---- */

/* Is the next event (top, of lane) before the one end designates? */
static inline gboolean before_end(const MergeEntry *top, const Lane *lane, const MergeKey *end)
{
	if (top->time != end->time)
		return top->time < end->time;
	if (top->order != end->order)
		return top->order < end->order;
	return lane->e->block < end->block || (lane->e->block == end->block && lane->e->offset < end->offset);
}

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
	while (!tree_at_end(r)) {
		if (G_UNLIKELY(r->epoch != ownership_epoch)) {
			reclaim(r);
			continue;
		}
		const MergeEntry *top = &r->tree[0];
		if (top->time >= end_time)
			break;
		if (count >= max_events && !(whole_times && count > 0 && top->time == last))
			break;
		guint order = top->order;
		Lane *lane = &r->lanes[order];
		const LttEvent *e = lane->e;
		if (end != NULL && !before_end(top, lane, end))
			break;
		gboolean stop = FALSE;
		if (deliver) {
			LttvHooks *by_id = lttv_hooks_by_id_get(lane->by_id, e->id);
			stop = by_id != NULL ? lttv_hooks_call_merge(lane->event, lane->tfc, by_id, lane->tfc) :
			                       lttv_hooks_call(lane->event, lane->tfc);
		}
		count++;
		last = top->time;
		/* A hook may have read another context on the same traces. */
		if (G_UNLIKELY(r->epoch != ownership_epoch)) {
			reclaim(r);
			if (!lane->tfc->has_event) {
				if (stop)
					break;
				continue;
			}
		}
		LttReadStatus s = ltt_tracefile_next(e->tf, NULL);
		if (G_LIKELY(s == LTT_READ_EVENT)) {
			tree_advance_winner(r, (MergeEntry) { e->time, order });
		} else {
			settle(lane->tfc, lane, s);
			tree_replay(r, order, lane->tfc->has_event ? (MergeEntry) { e->time, order } : entry_end);
		}
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

guint64 lttv_process_traceset_middle_budget(LttvTracesetContext *self, LttTime end_time,
                                            guint64 max_events,
                                            const LttvTracesetContextPosition *end_position,
                                            gint64 max_usec)
{
	/* Slices long enough that reading the clock costs nothing. */
	const guint64 slice = 1024;
	gint64 now = g_get_monotonic_time();
	gint64 deadline = max_usec > G_MAXINT64 - now ? G_MAXINT64 : now + max_usec;
	guint64 total = 0;
	for (;;) {
		guint64 want = MIN(slice, max_events - total);
		guint64 n = run(self, end_time, want, end_position, FALSE, TRUE);
		total += n;
		if (n < want || self->reader->hook_stopped || total == max_events ||
		    g_get_monotonic_time() >= deadline)
			return total;
	}
}

guint64 lttv_process_traceset_middle_time(LttvTracesetContext *self, LttTime end_time,
                                          guint64 max_events)
{
	return run(self, end_time, max_events, NULL, TRUE, TRUE);
}

guint64 lttv_process_traceset_seek_n_forward(LttvTracesetContext *self, guint64 n)
{
	return run(self, LTT_TIME_INFINITE, n, NULL, FALSE, FALSE);
}

guint64 lttv_process_traceset_seek_n_backward(LttvTracesetContext *self, guint64 n)
{
	if (n == 0)
		return 0;
	LttvTracesetContextPosition *here = lttv_traceset_context_position_new(self);
	lttv_traceset_context_position_save(self, here);
	LttTime target = here->key.at_end ? self->end_time + 1 : here->key.time;
	/* Widen a window ending here until it holds n events or reaches time 0. */
	LttTime width = 1000, from;
	guint64 found;
	for (;;) {
		from = target > width ? target - width : 0;
		lttv_process_traceset_seek_time(self, from);
		found = run(self, LTT_TIME_INFINITE, G_MAXUINT64, here, FALSE, FALSE);
		if (found >= n || from == 0)
			break;
		width = width > G_MAXUINT64 / 2 ? G_MAXUINT64 : width * 2;
	}
	lttv_process_traceset_seek_time(self, from);
	if (found > n)
		run(self, LTT_TIME_INFINITE, found - n, NULL, FALSE, FALSE);
	lttv_traceset_context_position_destroy(here);
	return MIN(found, n);
}

gboolean lttv_traceset_context_at_end(const LttvTracesetContext *self)
{
	return tree_at_end(self->reader);
}

LttTime lttv_traceset_context_current_time(const LttvTracesetContext *self)
{
	return self->reader->tree[0].time;
}
