/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* intervals-record.c: recording what each event changed in the state into
 * an interval store.
 *
 * Comparing every task after every event would cost the number of tasks
 * per event.  An event changes only the tasks it names (its pid fields)
 * and the running tasks of its CPU before and after it; CPU-local events
 * (state-private.h) only the latter.  Events that may change other CPUs
 * (scheduling, forks, the state dump) have every CPU checked. */
#include "config.h"
#include "intervals-private.h"

/* What the store last recorded of a live task. */
typedef struct {
	LttvProcess *p;          /* the state's task; with first_seen, tells a reused pid apart */
	LttTime first_seen;
	LttvIntervalEntity entity;
} TaskMirror;

typedef struct {
	gboolean has_running;    /* the CPU entity last recorded a running task: */
	gint32 running_pid;      /* its pid (any number: damaged events name negative ones) */
	const LttvProcess *running;   /* and the state's task then, compared, never followed */
	gint32 softirq;          /* the vector whose handler the running task is in, -1: none */
} CpuMirror;

/* IRQ lines and soft IRQ vectors beyond this are damage (the state
 * ignores IRQ lines from there on). */
#define MAX_LINES 65536

/* Pids below this find their task's mirror in an array, the others in a
 * table. */
#define DIRECT_PIDS (1 << 20)

struct _LttvIntervalRecorder {
	LttvIntervalStore *store;
	LttvTraceState *ts;
	GPtrArray *direct;       /* TaskMirror by pid in [1, DIRECT_PIDS), NULL: none */
	GHashTable *tasks;       /* other pids (damaged events name any) -> TaskMirror */
	GArray *idle;            /* TaskMirror of the idle task, by CPU */
	GArray *cpus;            /* CpuMirror by CPU */
	GArray *irq_busy;        /* IRQ lines the store last saw busy (guint) */
	GArray *softirq_cpus;    /* guint by vector: CPUs running its handler */
};

LttvIntervalRecorder *lttv_interval_recorder_new(LttvIntervalStore *store, LttvTraceState *ts)
{
	LttvIntervalRecorder *r = g_new0(LttvIntervalRecorder, 1);

	r->store = store;
	r->ts = ts;
	r->direct = g_ptr_array_new_with_free_func(g_free);
	r->tasks = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
	r->idle = g_array_new(FALSE, TRUE, sizeof(TaskMirror));
	r->cpus = g_array_new(FALSE, TRUE, sizeof(CpuMirror));
	r->irq_busy = g_array_new(FALSE, FALSE, sizeof(guint));
	r->softirq_cpus = g_array_new(FALSE, TRUE, sizeof(guint));
	return r;
}

void lttv_interval_recorder_free(LttvIntervalRecorder *r)
{
	if (r == NULL)
		return;
	g_ptr_array_unref(r->direct);
	g_hash_table_destroy(r->tasks);
	g_array_unref(r->idle);
	g_array_unref(r->cpus);
	g_array_unref(r->irq_busy);
	g_array_unref(r->softirq_cpus);
	g_free(r);
}

static void update_info(LttvIntervalStore *store, LttvIntervalEntity e, const LttvProcess *p)
{
	LttvEntityInfo *info = &lttv_intervals_record(store, e)->info;

	info->tgid = p->tgid;
	info->ppid = p->ppid;
	info->name = p->name;
	info->birth = p->birth;
	info->cpu = p->cpu;
}

/* Brings the store's view of the mirrored task up to the state's task p
 * (NULL: none any more). */
static void sync_task(LttvIntervalRecorder *r, TaskMirror *m, LttvProcess *p, gint32 pid, guint cpu, LttTime t)
{
	const LttvExecFrame *top;

	if (m->p != NULL && (m->p != p || p->first_seen != m->first_seen)) {
		lttv_intervals_end(r->store, m->entity, t);
		m->p = NULL;
	}
	if (p == NULL)
		return;
	if (m->p == NULL) {
		m->p = p;
		m->first_seen = p->first_seen;
		m->entity = lttv_intervals_add(r->store, LTTV_ENTITY_PROCESS, pid, cpu, t);
	}
	update_info(r->store, m->entity, p);
	top = &p->stack[p->depth - 1];
	lttv_intervals_set(r->store, m->entity, t, lttv_intervals_pack_process(p->status, top->mode, top->submode));
}

/* The mirror of pid (pid 0: the idle task of cpu); created when create. */
static TaskMirror *mirror_get(LttvIntervalRecorder *r, gint32 pid, guint cpu, gboolean create)
{
	TaskMirror *m;

	if (pid == 0) {
		if (cpu >= r->idle->len)
			g_array_set_size(r->idle, cpu + 1);
		return &g_array_index(r->idle, TaskMirror, cpu);
	}
	if (pid > 0 && pid < DIRECT_PIDS) {
		if ((guint) pid >= r->direct->len) {
			if (!create)
				return NULL;
			g_ptr_array_set_size(r->direct, pid + 1);
		}
		m = g_ptr_array_index(r->direct, pid);
		if (m == NULL && create) {
			m = g_new0(TaskMirror, 1);
			g_ptr_array_index(r->direct, pid) = m;
		}
		return m;
	}
	m = g_hash_table_lookup(r->tasks, GINT_TO_POINTER(pid));
	if (m == NULL && create) {
		m = g_new0(TaskMirror, 1);
		g_hash_table_insert(r->tasks, GINT_TO_POINTER(pid), m);
	}
	return m;
}

static void sync_pid(LttvIntervalRecorder *r, gint32 pid, guint cpu, LttTime t)
{
	LttvProcess *p;
	TaskMirror *m;

	/* A damaged event may name any number: the state knows its CPUs.  (A
	 * negative pid is a task too when the state made one of it.) */
	if (pid == 0 && cpu >= lttv_trace_state_cpu_count(r->ts))
		return;
	p = lttv_trace_state_find_process(r->ts, pid, cpu);
	m = mirror_get(r, pid, cpu, p != NULL);
	if (m != NULL)
		sync_task(r, m, p, pid, cpu, t);
}

static CpuMirror *cpu_mirror(LttvIntervalRecorder *r, guint cpu)
{
	while (cpu >= r->cpus->len) {
		CpuMirror c = { FALSE, -1, NULL, -1 };

		g_array_append_val(r->cpus, c);
	}
	return &g_array_index(r->cpus, CpuMirror, cpu);
}

static LttvIntervalEntity entity_of(LttvIntervalStore *store, LttvEntityKind kind, guint id, LttTime t)
{
	LttvIntervalEntity e;

	switch (kind) {
	case LTTV_ENTITY_CPU:
		e = lttv_intervals_find_cpu(store, id);
		break;
	case LTTV_ENTITY_IRQ:
		e = lttv_intervals_find_irq(store, id);
		break;
	default:
		e = lttv_intervals_find_softirq(store, id);
		break;
	}
	return e != LTTV_INTERVAL_ENTITY_NONE ? e : lttv_intervals_add(store, kind, (gint32) id, id, t);
}

static void softirq_add(LttvIntervalRecorder *r, gint32 vec, gint delta, LttTime t)
{
	guint *count;

	if (vec < 0 || vec >= MAX_LINES)
		return;
	if ((guint) vec >= r->softirq_cpus->len)
		g_array_set_size(r->softirq_cpus, vec + 1);
	count = &g_array_index(r->softirq_cpus, guint, vec);
	*count += delta;
	lttv_intervals_set(r->store, entity_of(r->store, LTTV_ENTITY_SOFTIRQ, (guint) vec, t), t, *count > 0);
}

/* The vector of the innermost soft IRQ frame of p, -1 when none. */
static gint32 softirq_of(const LttvProcess *p)
{
	guint i;

	if (p == NULL)
		return -1;
	for (i = p->depth; i-- > 0;)
		if (p->stack[i].mode == LTTV_MODE_SOFTIRQ)
			return p->stack[i].submode;
	return -1;
}

/* The CPU's entity and the soft IRQ vector it runs, from its running task. */
static void sync_cpu_value(LttvIntervalRecorder *r, CpuMirror *c, guint cpu, LttvProcess *run, LttTime t)
{
	gint32 pid = run != NULL ? run->pid : -1;
	gint32 vec = softirq_of(run);

	c->has_running = run != NULL;
	c->running_pid = pid;
	c->running = run;
	lttv_intervals_set(r->store, entity_of(r->store, LTTV_ENTITY_CPU, cpu, t), t,
	                   lttv_intervals_pack_cpu(lttv_trace_state_cpu_mode(r->ts, cpu), pid));
	if (vec != c->softirq) {
		softirq_add(r, c->softirq, -1, t);
		softirq_add(r, vec, 1, t);
		c->softirq = vec;
	}
}

static void sync_cpu(LttvIntervalRecorder *r, guint cpu, LttTime t);

/* After a CPU-local event: only the running task's stack changed. */
static void sync_cpu_local(LttvIntervalRecorder *r, guint cpu, LttTime t)
{
	CpuMirror *c = cpu_mirror(r, cpu);
	LttvProcess *run = lttv_trace_state_running_process(r->ts, cpu);

	if (run == NULL || run != c->running || run->pid != c->running_pid) {
		sync_cpu(r, cpu, t);
		return;
	}
	sync_task(r, mirror_get(r, run->pid, cpu, TRUE), run, run->pid, cpu, t);
	sync_cpu_value(r, c, cpu, run, t);
}

/* After any event: the CPU, its running task, the one it had before, and
 * its idle task. */
static void sync_cpu(LttvIntervalRecorder *r, guint cpu, LttTime t)
{
	CpuMirror *c = cpu_mirror(r, cpu);
	LttvProcess *run = lttv_trace_state_running_process(r->ts, cpu);
	gint32 pid = run != NULL ? run->pid : -1;

	if (c->has_running && (run == NULL || c->running != run || c->running_pid != pid))
		sync_pid(r, c->running_pid, cpu, t);
	if (run != NULL && pid != 0)
		sync_pid(r, pid, cpu, t);
	sync_pid(r, 0, cpu, t);
	sync_cpu_value(r, cpu_mirror(r, cpu), cpu, run, t);
}

static void sync_irq(LttvIntervalRecorder *r, guint irq, LttTime t)
{
	gboolean busy = lttv_trace_state_irq_busy(r->ts, irq);
	guint i;

	lttv_intervals_set(r->store, entity_of(r->store, LTTV_ENTITY_IRQ, irq, t), t, busy);
	for (i = 0; i < r->irq_busy->len && g_array_index(r->irq_busy, guint, i) != irq; i++)
		;
	if (busy && i == r->irq_busy->len)
		g_array_append_val(r->irq_busy, irq);
	else if (!busy && i < r->irq_busy->len)
		g_array_remove_index_fast(r->irq_busy, i);
}

/* Lines that were busy: a handler's lost exit may end them from any event
 * that drops frames. */
static void sync_busy_irqs(LttvIntervalRecorder *r, LttTime t)
{
	guint i;

	for (i = r->irq_busy->len; i-- > 0;)
		sync_irq(r, g_array_index(r->irq_busy, guint, i), t);
}

static gint32 field_pid(const LttvEventHandler *h, LttvEventData *e, guint field)
{
	return h->fields[field].field != NULL ? (gint32) lttv_field_reader_int(&h->fields[field], e) : -1;
}

void lttv_interval_recorder_after(LttvIntervalRecorder *r, const LttEvent *ev)
{
	const LttvEventHandler *h = lttv_event_table_lookup(r->ts->table, ev->type);
	LttTime t = ev->time;
	LttvEventData e;
	guint i;

	lttv_intervals_set_reached(r->store, t, FALSE);
	if (h->kind == LTTV_EV_NONE) {
		/* An event that names its task may have changed who runs here
		 * (doc/analysis.md §1.4). */
		if (h->evidence != NULL)
			sync_cpu_local(r, ev->cpu, t);
		return;
	}
	lttv_event_data_init(&e, h, ev);
	switch (h->kind) {
	case LTTV_EV_SCHED_SWITCH:
		sync_pid(r, field_pid(h, &e, 1), ev->cpu, t);
		sync_pid(r, field_pid(h, &e, 4), ev->cpu, t);
		break;
	case LTTV_EV_SCHED_WAKEUP:
	case LTTV_EV_SCHED_WAKEUP_NEW:
	case LTTV_EV_SCHED_PROCESS_EXEC:
	case LTTV_EV_SCHED_PROCESS_EXIT:
	case LTTV_EV_SCHED_PROCESS_FREE:
		sync_pid(r, field_pid(h, &e, 1), ev->cpu, t);
		break;
	case LTTV_EV_SCHED_PROCESS_FORK:
		sync_pid(r, field_pid(h, &e, 0), ev->cpu, t);
		sync_pid(r, field_pid(h, &e, 2), ev->cpu, t);
		break;
	case LTTV_EV_TASK_NEWTASK:
		sync_pid(r, field_pid(h, &e, 0), ev->cpu, t);
		break;
	case LTTV_EV_STATEDUMP_COMM:
		sync_pid(r, field_pid(h, &e, 0), ev->cpu, t);
		break;
	case LTTV_EV_STATEDUMP_PROCESS:
		/* An idle task is the one of the CPU the dump names. */
		sync_pid(r, field_pid(h, &e, 0), (guint) MAX(field_pid(h, &e, 6), 0), t);
		break;
	case LTTV_EV_IRQ_ENTRY:
	case LTTV_EV_IRQ_EXIT:
		if (h->fields[0].field != NULL) {
			gint64 irq = lttv_field_reader_int(&h->fields[0], &e);

			if (irq >= 0 && irq < MAX_LINES)
				sync_irq(r, (guint) irq, t);
		}
		break;
	default:
		break;
	}
	sync_busy_irqs(r, t);
	if (h->cpu_local) {
		sync_cpu_local(r, ev->cpu, t);
		return;
	}
	for (i = 0; i < r->ts->present_cpus->len; i++)
		sync_cpu(r, g_array_index(r->ts->present_cpus, guint, i), t);
}
