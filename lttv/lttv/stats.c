/* stats.c: the statistics engine, driven by the state's transitions
 * (LttvStateObserver).  CPU time is attributed at each change of what a CPU
 * executes, so it is exact; see doc/analysis.md §3 for the definitions.
 *
 * The leaves (CPU, task, mode, submode) number hundreds of thousands on a
 * long trace, too many to stay in cache.  So counts and times first go to
 * the frames of the running task, which are hot, and reach the leaves when
 * a frame ends, when its task leaves the CPU, or when the frame met more
 * event types than it holds.  A task's leaves are contiguous (LttvStatsTask),
 * so those of the running tasks stay in cache too. */
#include "config.h"
#include <string.h>
#include "stats-private.h"

/* Time a frame whose mode or number is not known yet gave to a leaf, so it
 * can be moved once the frame is identified. */
typedef struct {
	guint frame;
	guint cpu;                     /* the leaf's key */
	LttvExecMode mode;
	gint32 submode;
	LttTime amount;
} PendingTime;

#define FRAME_TYPES 4

/* One frame of a task: what it has not given its leaf yet. */
typedef struct {
	LttTime acc;                   /* CPU time of the frame and its nested frames (cumulative) */
	LttTime own;                   /* CPU time not yet in the leaf */
	guint64 events;                /* events not yet in the leaf, by type below */
	guint32 types[FRAME_TYPES];    /* event type index + 1; 0: unused */
	guint64 counts[FRAME_TYPES];
	guint32 leaf;                  /* index + 1 in the task's leaves on leaf_cpu, 0 until looked up */
	guint32 generation;            /* of the task's leaves when leaf was looked up */
} FrameStats;

struct _LttvStatsProc {
	guint depth, capacity;
	FrameStats *frames;
	guint leaf_cpu;                /* where the frames' unflushed counts were made */
	LttvStatsTask *task;           /* looked up when first needed (the birth may still change) */
	GArray *pending;               /* PendingTime; NULL until a frame needs it (rare) */
};
typedef struct _LttvStatsProc ProcStats;

static guint task_hash(gconstpointer k)
{
	const LttvStatsTask *t = k;

	return (guint) t->pid * 2654435761u ^ (guint) t->birth ^ (guint) (t->birth >> 32) ^ t->cpu * 40503u;
}

static gboolean task_equal(gconstpointer a, gconstpointer b)
{
	const LttvStatsTask *x = a, *y = b;

	return x->pid == y->pid && x->birth == y->birth && x->cpu == y->cpu;
}

static void task_free(LttvStatsTask *t)
{
	guint i;

	for (i = 0; i < t->capacity; i++)
		if (t->leaves[i].mode != LTTV_STATS_FREE_LEAF)
			g_free(t->leaves[i].dense);
	g_free(t->leaves);
	g_free(t);
}

/* The record of (pid, birth) (on cpu for pid <= 0), created empty. */
static LttvStatsTask *task_record(LttvStats *s, gint32 pid, LttTime birth, guint cpu)
{
	LttvStatsTask key = { .pid = pid, .birth = birth, .cpu = pid <= 0 ? cpu : 0 };
	LttvStatsTask *t = g_hash_table_lookup(s->tasks, &key);

	if (t == NULL) {
		t = g_memdup2(&key, sizeof(key));
		t->name = "";
		t->tgid = -1;
		g_hash_table_add(s->tasks, t);
	}
	return t;
}

static guint leaf_hash(guint cpu, LttvExecMode mode, gint32 submode)
{
	guint64 key = ((guint64) cpu << 40) | ((guint64) mode << 32) | (guint32) submode;

	return (guint) ((key * G_GUINT64_CONSTANT(0x9E3779B97F4A7C15)) >> 40);
}

/* The slot of (cpu, mode, submode) in t: its leaf or the free slot for it. */
static guint task_slot(const LttvStatsTask *t, guint cpu, LttvExecMode mode, gint32 submode)
{
	guint mask = t->capacity - 1, i = leaf_hash(cpu, mode, submode) & mask;
	const LttvStatsLeaf *l;

	for (;; i = (i + 1) & mask) {
		l = &t->leaves[i];
		if (l->mode == LTTV_STATS_FREE_LEAF || (l->submode == submode && l->mode == mode && l->cpu == cpu))
			return i;
	}
}

static void task_grow(LttvStatsTask *t)
{
	LttvStatsLeaf *old = t->leaves;
	guint i, n = t->capacity;

	t->capacity = n > 0 ? n * 2 : 8;
	t->leaves = g_new0(LttvStatsLeaf, t->capacity);
	for (i = 0; i < t->capacity; i++)
		t->leaves[i].mode = LTTV_STATS_FREE_LEAF;
	for (i = 0; i < n; i++)
		if (old[i].mode != LTTV_STATS_FREE_LEAF)
			t->leaves[task_slot(t, old[i].cpu, old[i].mode, old[i].submode)] = old[i];
	g_free(old);
	t->generation++;
}

/* Index of t's leaf (cpu, mode, submode), created empty.  Leaves move when
 * the table grows (the generation changes): callers keep indexes, not
 * pointers, and check the generation. */
static guint task_leaf(LttvStatsTask *t, guint cpu, LttvExecMode mode, gint32 submode)
{
	LttvStatsLeaf *leaf;
	guint i;

	if (G_UNLIKELY(4 * (t->n_leaves + 1) > 3 * t->capacity))
		task_grow(t);
	i = task_slot(t, cpu, mode, submode);
	leaf = &t->leaves[i];
	if (leaf->mode == LTTV_STATS_FREE_LEAF) {
		memset(leaf, 0, sizeof(*leaf));
		leaf->cpu = cpu;
		leaf->mode = (guint8) mode;
		leaf->submode = submode;
		t->n_leaves++;
	}
	return i;
}

/* The leaf where events go when no task is known on cpu. */
static LttvStatsLeaf *no_task_leaf(LttvStats *s, guint cpu)
{
	LttvStatsCpu *c = &s->cpus[cpu];
	guint i;

	if (c->no_task == NULL)
		c->no_task = task_record(s, -1, 0, cpu);
	i = task_leaf(c->no_task, cpu, LTTV_MODE_UNKNOWN, LTTV_SUBMODE_NONE);
	return &c->no_task->leaves[i];
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

/* Adds n events of type to leaf: in place while the types and counts fit. */
static void leaf_count(LttvStats *s, LttvStatsLeaf *leaf, guint type, guint64 n)
{
	guint i;

	if (leaf->dense == NULL && type < G_MAXUINT16) {
		for (i = 0; i < LTTV_STATS_INLINE_TYPES; i++) {
			if (leaf->types[i] == type + 1) {
				if (n > G_MAXUINT32 - leaf->counts[i])
					break;
				leaf->counts[i] += (guint32) n;
				return;
			}
			if (leaf->types[i] == 0) {
				if (n > G_MAXUINT32)
					break;
				leaf->types[i] = (guint16) (type + 1);
				leaf->counts[i] = (guint32) n;
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
static ProcStats *proc_stats(LttvProcess *p)
{
	ProcStats *ps = p->observer_data;

	if (G_LIKELY(ps != NULL))
		return ps;
	ps = g_new0(ProcStats, 1);
	ps->capacity = MAX(p->depth, 4);
	ps->frames = g_new0(FrameStats, ps->capacity);
	ps->depth = p->depth;
	ps->leaf_cpu = p->cpu;
	p->observer_data = ps;
	return ps;
}

static void proc_stats_free(ProcStats *ps)
{
	g_free(ps->frames);
	if (ps->pending != NULL)
		g_array_unref(ps->pending);
	g_free(ps);
}

/* The record p's counts go to.  A fork or a state dump may still set the
 * birth after the counters were made: the leaves then come from the record
 * of the new key (the frames' cached ones are forgotten). */
static LttvStatsTask *proc_task(LttvStats *s, ProcStats *ps, const LttvProcess *p)
{
	guint i;

	if (G_LIKELY(ps->task != NULL && ps->task->birth == p->birth))
		return ps->task;
	ps->task = task_record(s, p->pid, p->birth, p->cpu);
	ps->task->name = p->name;
	ps->task->tgid = p->tgid;
	for (i = 0; i < ps->depth; i++)
		ps->frames[i].leaf = 0;
	if (ps->pending != NULL)
		g_array_set_size(ps->pending, 0);
	return ps->task;
}

static void add_pending(ProcStats *ps, guint frame, const LttvStatsLeaf *leaf, LttTime amount)
{
	PendingTime *pt;
	guint i;

	if (ps->pending == NULL)
		ps->pending = g_array_new(FALSE, FALSE, sizeof(PendingTime));
	for (i = 0; i < ps->pending->len; i++) {
		pt = &g_array_index(ps->pending, PendingTime, i);
		if (pt->frame == frame && pt->cpu == leaf->cpu && pt->mode == leaf->mode && pt->submode == leaf->submode) {
			pt->amount += amount;
			return;
		}
	}
	g_array_append_vals(ps->pending, &(PendingTime) { frame, leaf->cpu, leaf->mode, leaf->submode, amount }, 1);
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

/* Gives frame i (ef: its mode) of p what it accumulated; returns its leaf. */
static LttvStatsLeaf *flush_frame(LttvStats *s, ProcStats *ps, const LttvProcess *p, guint i,
                                  const LttvExecFrame *ef)
{
	LttvStatsTask *t = proc_task(s, ps, p);
	FrameStats *f = &ps->frames[i];
	LttvStatsLeaf *leaf;
	guint j;

	if (f->leaf == 0 || f->generation != t->generation) {
		f->leaf = task_leaf(t, ps->leaf_cpu, ef->mode, ef->submode) + 1;
		f->generation = t->generation;
	}
	leaf = &t->leaves[f->leaf - 1];
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
	ps = p != NULL ? proc_stats(p) : NULL;
	if (c->proc != ps) {
		/* A task leaves the CPU: its counts belong to this CPU's leaves. */
		if (c->proc != NULL)
			flush_all(s, c->proc, c->task);
		if (ps != NULL) {
			LttvStatsTask *task;

			if (ps->leaf_cpu != cpu) {
				for (i = 0; i < ps->depth; i++)
					ps->frames[i].leaf = 0;
				ps->leaf_cpu = cpu;
			}
			task = proc_task(s, ps, p);
			task->name = p->name;
			task->tgid = p->tgid;
		}
		c->proc = ps;
		c->task = p;
	}
	if (ps != NULL)
		c->top = p->depth - 1;
}

static void on_frame_push(gpointer data, LttvProcess *p, LttTime t)
{
	ProcStats *ps = proc_stats(p);
	const LttvExecFrame *f = &p->stack[p->depth - 1];

	proc_grow(ps, p->depth);
	/* The frame's leaf is needed when it ends, a few events from now:
	 * start loading it (usually at the first slot tried) now. */
	if (ps->task != NULL && ps->task->capacity > 0)
		__builtin_prefetch(&ps->task->leaves[leaf_hash(ps->leaf_cpu, f->mode, f->submode)
		                                     & (ps->task->capacity - 1)], 1);
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
	close_frame(data, proc_stats(p), p, p->depth, f, t);
}

static void on_frame_resolve(gpointer data, LttvProcess *p, guint i, const LttvExecFrame *before)
{
	LttvStats *s = data;
	ProcStats *ps = proc_stats(p);
	LttvStatsTask *t = proc_task(s, ps, p);
	guint j;

	/* What it gave its old leaf moves to the new one; what it still holds
	 * goes to the new leaf when flushed. */
	for (j = 0; ps->pending != NULL && j < ps->pending->len; j++) {
		PendingTime *pt = &g_array_index(ps->pending, PendingTime, j);
		guint from, to;

		if (pt->frame != i)
			continue;
		to = task_leaf(t, pt->cpu, p->stack[i].mode, p->stack[i].submode);
		from = task_leaf(t, pt->cpu, pt->mode, pt->submode);
		t->leaves[from].cpu_time -= pt->amount;
		t->leaves[to].cpu_time += pt->amount;
		pt->mode = p->stack[i].mode;
		pt->submode = p->stack[i].submode;
	}
	if (!frame_unresolved(&p->stack[i], i))
		drop_pending(ps, i);
	if (i < ps->depth)
		ps->frames[i].leaf = 0;
}

static void close_all_frames(LttvStats *s, LttvProcess *p, LttTime t)
{
	ProcStats *ps = proc_stats(p);
	LttvStatsTask *task = proc_task(s, ps, p);
	guint i = p->depth;

	task->name = p->name;
	task->tgid = p->tgid;
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
	s->tasks = g_hash_table_new_full(task_hash, task_equal, (GDestroyNotify) task_free, NULL);
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
	g_hash_table_destroy(s->tasks);
	g_free(s->cpus);
	g_free(s);
}
