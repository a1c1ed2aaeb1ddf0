/* stats.c: the statistics engine, driven by the state's transitions
 * (LttvStateObserver).  CPU time is attributed at each change of what a CPU
 * executes, so it is exact; see doc/analysis.md §3 for the definitions.
 *
 * The leaves (CPU, task, mode, submode) number hundreds of thousands on a
 * long trace, too many to stay in cache.  So counts and times first go to
 * the frames of the running task, which are hot, and reach the leaves when
 * a frame ends, when its task leaves the CPU, or when the frame met more
 * event types than it holds. */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "stats-private.h"

/* Time a frame whose mode or number is not known yet gave to a leaf, so it
 * can be moved once the frame is identified. */
typedef struct {
	guint frame;
	LttvStatsLeaf *leaf;
	LttTime amount;
} PendingTime;

/* A task's own leaves by (CPU, mode, submode): a small open-addressing
 * table, so that finding a leaf seldom needs the engine's table. */
typedef struct {
	guint64 key;
	LttvStatsLeaf *leaf;           /* NULL: free slot */
} LeafSlot;

typedef struct {
	LeafSlot *slots;
	guint capacity, len;           /* capacity: a power of two */
} LeafTable;

#define FRAME_TYPES 4

/* One frame of a task: what it has not given its leaf yet. */
typedef struct {
	LttTime acc;                   /* CPU time of the frame and its nested frames (cumulative) */
	LttTime own;                   /* CPU time not yet in the leaf */
	guint64 events;                /* events not yet in the leaf, by type below */
	guint32 types[FRAME_TYPES];    /* event type index + 1; 0: unused */
	guint64 counts[FRAME_TYPES];
	LttvStatsLeaf *leaf;           /* on CPU leaf_cpu, NULL until looked up */
} FrameStats;

struct _LttvStatsProc {
	guint depth, capacity;
	FrameStats *frames;
	guint leaf_cpu;                /* where the frames' unflushed counts were made */
	LeafTable own;
	LttvStatsTask *task;
	GArray *pending;               /* PendingTime; NULL until a frame needs it (rare) */
};
typedef struct _LttvStatsProc ProcStats;

static guint key_hash(gconstpointer k)
{
	const LttvStatsKey *key = k;

	return (guint) key->pid * 2654435761u ^ (guint) key->birth ^ (guint) (key->birth >> 32)
	       ^ (key->cpu << 20) ^ ((guint) key->mode << 16) ^ (guint) key->submode * 40503u;
}

static gboolean key_equal(gconstpointer a, gconstpointer b)
{
	const LttvStatsKey *x = a, *y = b;

	return x->cpu == y->cpu && x->pid == y->pid && x->birth == y->birth && x->mode == y->mode
	       && x->submode == y->submode;
}

static void leaf_free(LttvStatsLeaf *leaf)
{
	g_free(leaf->dense);
	free(leaf);
}

static LttvStatsLeaf *leaf_get(LttvStats *s, guint cpu, const LttvProcess *p, const LttvStatsTask *task,
                               LttvExecMode mode, gint32 submode)
{
	LttvStatsKey key = { cpu, p != NULL ? p->pid : -1, p != NULL ? p->birth : 0, mode, submode };
	LttvStatsLeaf *leaf = g_hash_table_lookup(s->leaves, &key);
	void *mem;

	if (leaf == NULL) {
		/* On a cache line of its own: the counters are its first 64 bytes. */
		if (posix_memalign(&mem, 64, sizeof(LttvStatsLeaf)) != 0)
			g_error("out of memory");
		leaf = memset(mem, 0, sizeof(LttvStatsLeaf));
		leaf->key = key;
		leaf->task = task;
		g_hash_table_insert(s->leaves, &leaf->key, leaf);
	}
	return leaf;
}

/* The leaf where events go when no task is known on cpu. */
static LttvStatsLeaf *no_task_leaf(LttvStats *s, guint cpu)
{
	return leaf_get(s, cpu, NULL, NULL, LTTV_MODE_UNKNOWN, LTTV_SUBMODE_NONE);
}

static void leaf_dense(LttvStats *s, LttvStatsLeaf *leaf, guint type)
{
	guint n = MAX(type + 1, s->ts->table->types->len);
	guint64 *dense = g_new0(guint64, n);
	guint i;

	if (leaf->dense != NULL) {
		memcpy(dense, leaf->dense, leaf->n_dense * sizeof(guint64));
		g_free(leaf->dense);
	} else {
		for (i = 0; i < LTTV_STATS_INLINE_TYPES; i++)
			if (leaf->types[i] != 0)
				dense[leaf->types[i] - 1] = leaf->counts[i];
	}
	leaf->dense = dense;
	leaf->n_dense = n;
}

/* Adds n events of type to leaf. */
static void leaf_count(LttvStats *s, LttvStatsLeaf *leaf, guint type, guint64 n)
{
	guint i;

	leaf->events += n;
	if (leaf->dense == NULL && type < G_MAXUINT16) {
		for (i = 0; i < LTTV_STATS_INLINE_TYPES; i++) {
			if (leaf->types[i] == type + 1) {
				leaf->counts[i] += n;
				return;
			}
			if (leaf->types[i] == 0) {
				leaf->types[i] = (guint16) (type + 1);
				leaf->counts[i] = n;
				return;
			}
		}
	}
	if (leaf->dense == NULL || type >= leaf->n_dense)
		leaf_dense(s, leaf, type);
	leaf->dense[type] += n;
}

static gboolean frame_unresolved(const LttvExecFrame *f, guint i)
{
	return f->mode == LTTV_MODE_UNKNOWN || (i > 0 && f->submode == LTTV_SUBMODE_NONE
	                                        && f->mode == LTTV_MODE_SYSCALL);
}

static void proc_grow(ProcStats *ps, guint depth)
{
	if (depth > ps->capacity) {
		ps->capacity = MAX(depth, ps->capacity * 2);
		ps->frames = g_renew(FrameStats, ps->frames, ps->capacity);
	}
	if (ps->depth < depth) {
		memset(ps->frames + ps->depth, 0, (depth - ps->depth) * sizeof(FrameStats));
		ps->depth = depth;
	}
}

/* The task's counters, created (empty, as deep as its stack) when the
 * statistics first meet it. */
static ProcStats *proc_stats(LttvStats *s, LttvProcess *p)
{
	ProcStats *ps = p->observer_data;

	if (G_LIKELY(ps != NULL))
		return ps;
	ps = g_new0(ProcStats, 1);
	ps->capacity = MAX(p->depth, 4);
	ps->frames = g_new0(FrameStats, ps->capacity);
	ps->depth = p->depth;
	ps->leaf_cpu = p->cpu;
	ps->task = g_new0(LttvStatsTask, 1);
	ps->task->name = p->name;
	ps->task->tgid = p->tgid;
	g_ptr_array_add(s->tasks, ps->task);
	p->observer_data = ps;
	return ps;
}

static void proc_stats_free(ProcStats *ps)
{
	g_free(ps->own.slots);
	g_free(ps->frames);
	if (ps->pending != NULL)
		g_array_unref(ps->pending);
	g_free(ps);
}

static guint64 own_key(guint cpu, LttvExecMode mode, gint32 submode)
{
	return ((guint64) cpu << 40) | ((guint64) mode << 32) | (guint32) submode;
}

static LttvStatsLeaf **own_slot(LeafTable *t, guint64 key)
{
	guint i = (guint) ((key * G_GUINT64_CONSTANT(0x9E3779B97F4A7C15)) >> 40) & (t->capacity - 1);

	while (t->slots[i].leaf != NULL && t->slots[i].key != key)
		i = (i + 1) & (t->capacity - 1);
	t->slots[i].key = key;
	return &t->slots[i].leaf;
}

static void own_grow(LeafTable *t)
{
	LeafTable old = *t;
	guint i;

	t->capacity = old.capacity > 0 ? old.capacity * 2 : 16;
	t->slots = g_new0(LeafSlot, t->capacity);
	for (i = 0; i < old.capacity; i++)
		if (old.slots[i].leaf != NULL)
			*own_slot(t, old.slots[i].key) = old.slots[i].leaf;
	g_free(old.slots);
}

/* The leaf of p on cpu in mode/submode, through the task's own table. */
static LttvStatsLeaf *proc_leaf(LttvStats *s, ProcStats *ps, const LttvProcess *p, guint cpu,
                                LttvExecMode mode, gint32 submode)
{
	LttvStatsLeaf **slot;

	if (G_UNLIKELY(2 * (ps->own.len + 1) > ps->own.capacity))
		own_grow(&ps->own);
	slot = own_slot(&ps->own, own_key(cpu, mode, submode));
	if (*slot == NULL) {
		*slot = leaf_get(s, cpu, p, ps->task, mode, submode);
		ps->own.len++;
	}
	return *slot;
}

static void add_pending(ProcStats *ps, guint frame, LttvStatsLeaf *leaf, LttTime amount)
{
	PendingTime *pt;
	guint i;

	if (ps->pending == NULL)
		ps->pending = g_array_new(FALSE, FALSE, sizeof(PendingTime));
	for (i = 0; i < ps->pending->len; i++) {
		pt = &g_array_index(ps->pending, PendingTime, i);
		if (pt->frame == frame && pt->leaf == leaf) {
			pt->amount += amount;
			return;
		}
	}
	g_array_append_vals(ps->pending, &(PendingTime) { frame, leaf, amount }, 1);
}

static void drop_pending(ProcStats *ps, guint from_frame)
{
	guint i = 0;

	while (ps->pending != NULL && i < ps->pending->len)
		if (g_array_index(ps->pending, PendingTime, i).frame >= from_frame)
			g_array_remove_index_fast(ps->pending, i);
		else
			i++;
}

/* Gives frame i (ef: its mode) of p what it accumulated. */
static LttvStatsLeaf *flush_frame(LttvStats *s, ProcStats *ps, const LttvProcess *p, guint i,
                                  const LttvExecFrame *ef)
{
	FrameStats *f = &ps->frames[i];
	LttvStatsLeaf *leaf;
	guint j;

	if (f->leaf == NULL)
		f->leaf = proc_leaf(s, ps, p, ps->leaf_cpu, ef->mode, ef->submode);
	leaf = f->leaf;
	if (f->own != 0) {
		leaf->cpu_time += f->own;
		if (frame_unresolved(ef, i))
			add_pending(ps, i, leaf, f->own);
		f->own = 0;
	}
	if (f->events != 0) {
		for (j = 0; j < FRAME_TYPES && f->types[j] != 0; j++) {
			leaf_count(s, leaf, f->types[j] - 1, f->counts[j]);
			f->types[j] = 0;
		}
		f->events = 0;
	}
	return leaf;
}

static void flush_all(LttvStats *s, ProcStats *ps, const LttvProcess *p)
{
	guint i, n = MIN(ps->depth, p->depth);

	for (i = 0; i < n; i++)
		if (ps->frames[i].own != 0 || ps->frames[i].events != 0)
			flush_frame(s, ps, p, i, &p->stack[i]);
}

static void ensure_cpu(LttvStats *s, guint cpu)
{
	guint i;

	if (G_LIKELY(cpu < s->cpu_count))
		return;
	s->cpus = g_renew(LttvStatsCpu, s->cpus, cpu + 1);
	for (i = s->cpu_count; i <= cpu; i++) {
		memset(&s->cpus[i], 0, sizeof(LttvStatsCpu));
		s->cpus[i].last = s->start;
	}
	s->cpu_count = cpu + 1;
}

static void on_cpu_leave(gpointer data, LttvTraceState *ts, guint cpu, LttTime t)
{
	LttvStats *s = data;
	LttvStatsCpu *c;
	FrameStats *f;
	LttTime delta;

	ensure_cpu(s, cpu);
	c = &s->cpus[cpu];
	if (t <= c->last)
		return;
	delta = t - c->last;
	c->last = t;
	if (c->proc == NULL)
		return;
	f = &c->proc->frames[c->top];
	f->own += delta;
	f->acc += delta;
}

static void on_cpu_enter(gpointer data, LttvTraceState *ts, guint cpu, LttTime t)
{
	LttvStats *s = data;
	LttvProcess *p = ts->cpus[cpu].running;
	LttvStatsCpu *c;
	ProcStats *ps;
	guint i;

	ensure_cpu(s, cpu);
	c = &s->cpus[cpu];
	ps = p != NULL ? proc_stats(s, p) : NULL;
	if (c->proc != ps) {
		/* A task leaves the CPU: its counts belong to this CPU's leaves. */
		if (c->proc != NULL)
			flush_all(s, c->proc, c->task);
		if (ps != NULL) {
			if (ps->leaf_cpu != cpu) {
				for (i = 0; i < ps->depth; i++)
					ps->frames[i].leaf = NULL;
				ps->leaf_cpu = cpu;
			}
			ps->task->name = p->name;
			ps->task->tgid = p->tgid;
		}
		c->proc = ps;
		c->task = p;
	}
	if (ps != NULL)
		c->top = p->depth - 1;
}

static void on_frame_push(gpointer data, LttvProcess *p, LttTime t)
{
	proc_grow(proc_stats(data, p), p->depth);
}

/* Ends frame i (f) of p at t: its elapsed and cumulative times are final;
 * its cumulative time also belongs to the frame under it. */
static void close_frame(LttvStats *s, ProcStats *ps, LttvProcess *p, guint i, const LttvExecFrame *f, LttTime t)
{
	LttTime from = MAX(f->entry, s->start);
	LttvStatsLeaf *leaf;
	LttTime acc;

	if (i >= ps->depth)
		proc_grow(ps, i + 1);
	leaf = flush_frame(s, ps, p, i, f);
	acc = ps->frames[i].acc;
	leaf->elapsed_time += t > from ? t - from : 0;
	leaf->cumulative_time += acc;
	if (i > 0)
		ps->frames[i - 1].acc += acc;
	drop_pending(ps, i);
	ps->depth = i;
}

static void on_frame_pop(gpointer data, LttvProcess *p, const LttvExecFrame *f, LttTime t)
{
	close_frame(data, proc_stats(data, p), p, p->depth, f, t);
}

static void on_frame_resolve(gpointer data, LttvProcess *p, guint i, const LttvExecFrame *before)
{
	LttvStats *s = data;
	ProcStats *ps = proc_stats(s, p);
	guint j;

	/* What it gave its old leaf moves to the new one; what it still holds
	 * goes to the new leaf when flushed. */
	for (j = 0; ps->pending != NULL && j < ps->pending->len; j++) {
		PendingTime *pt = &g_array_index(ps->pending, PendingTime, j);
		LttvStatsLeaf *to;

		if (pt->frame != i)
			continue;
		to = proc_leaf(s, ps, p, pt->leaf->key.cpu, p->stack[i].mode, p->stack[i].submode);
		pt->leaf->cpu_time -= pt->amount;
		to->cpu_time += pt->amount;
		pt->leaf = to;
	}
	if (!frame_unresolved(&p->stack[i], i))
		drop_pending(ps, i);
	if (i < ps->depth)
		ps->frames[i].leaf = NULL;
}

static void close_all_frames(LttvStats *s, LttvProcess *p, LttTime t)
{
	ProcStats *ps = proc_stats(s, p);
	guint i = p->depth;

	ps->task->name = p->name;
	ps->task->tgid = p->tgid;
	while (i-- > 0)
		close_frame(s, ps, p, i, &p->stack[i], t);
}

static void on_process_remove(gpointer data, LttvProcess *p, LttTime t)
{
	close_all_frames(data, p, t);
	proc_stats_free(p->observer_data);
	p->observer_data = NULL;
}

static const LttvStateObserver stats_observer = {
	on_cpu_leave, on_cpu_enter, on_frame_push, on_frame_pop, on_frame_resolve, on_process_remove
};

LttvStats *lttv_stats_new(LttvTraceState *ts, LttTime start)
{
	LttvStats *s = g_new0(LttvStats, 1);
	guint cpu;

	s->ts = ts;
	s->start = start;
	s->leaves = g_hash_table_new_full(key_hash, key_equal, NULL, (GDestroyNotify) leaf_free);
	s->tasks = g_ptr_array_new_with_free_func(g_free);
	ensure_cpu(s, ts->cpu_count > 0 ? ts->cpu_count - 1 : 0);
	lttv_trace_state_set_observer(ts, &stats_observer, s);
	for (cpu = 0; cpu < ts->cpu_count; cpu++)
		on_cpu_enter(s, ts, cpu, start);
	return s;
}

/* Counts an event of type for the running task's current frame; a frame
 * that met all the types it holds gives them to its leaf first. */
static void frame_count(LttvStats *s, LttvStatsCpu *c, guint type)
{
	FrameStats *f = &c->proc->frames[c->top];
	guint j;

	for (;;) {
		for (j = 0; j < FRAME_TYPES; j++) {
			if (f->types[j] == type + 1) {
				f->counts[j]++;
				f->events++;
				return;
			}
			if (f->types[j] == 0) {
				f->types[j] = type + 1;
				f->counts[j] = 1;
				f->events++;
				return;
			}
		}
		flush_frame(s, c->proc, c->task, c->top, &c->task->stack[c->top]);
	}
}

void lttv_stats_apply(LttvStats *s, const LttEvent *ev)
{
	LttvEventData e;
	LttvStatsCpu *c;

	lttv_event_data_init(&e, s->ts->table, ev);
	ensure_cpu(s, e.cpu);
	c = &s->cpus[e.cpu];
	/* The state dump describes the system; no task did it. */
	if (G_UNLIKELY(c->proc == NULL || (e.h->kind >= LTTV_EV_STATEDUMP_PROCESS && e.h->kind <= LTTV_EV_STATEDUMP_END)))
		leaf_count(s, no_task_leaf(s, e.cpu), e.h->type_index, 1);
	else
		frame_count(s, c, e.h->type_index);
	lttv_trace_state_apply_data(s->ts, &e);
}

void lttv_stats_close(LttvStats *s, LttTime end)
{
	LttvTraceState *ts = s->ts;
	GPtrArray *all;
	guint i;

	if (s->closed)
		return;
	s->closed = TRUE;
	for (i = 0; i < ts->cpu_count; i++)
		on_cpu_leave(s, ts, i, end);
	all = lttv_trace_state_processes(ts);
	for (i = 0; i < all->len; i++)
		close_all_frames(s, g_ptr_array_index(all, i), end);
	g_ptr_array_unref(all);
}

void lttv_stats_free(LttvStats *s)
{
	GPtrArray *all;
	guint i;

	if (s == NULL)
		return;
	all = lttv_trace_state_processes(s->ts);
	for (i = 0; i < all->len; i++) {
		LttvProcess *p = g_ptr_array_index(all, i);

		if (p->observer_data != NULL)
			proc_stats_free(p->observer_data);
		p->observer_data = NULL;
	}
	g_ptr_array_unref(all);
	lttv_trace_state_set_observer(s->ts, NULL, NULL);
	g_hash_table_destroy(s->leaves);
	g_ptr_array_unref(s->tasks);
	g_free(s->cpus);
	g_free(s);
}
