/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/*
 * synth-model.c: the simulated machine behind ltt-synth.
 *
 * Every step emits exactly one event on one CPU, at that CPU's next_time, and
 * the CPU stepped is always the one with the earliest next_time (ties: lowest
 * CPU number, which is also the order in which a reader merges equal times).
 * Whatever a step observes (a blocked task to wake, a runnable task to switch
 * to, a zombie to free) was therefore caused by an event at or before the
 * step's time, so the trace is causally consistent as read back.
 *
 * The truth is accounted while emitting: before an event changes anything,
 * the time since the CPU's previous event goes to the mode on top of the
 * current task's stack, and the event is counted for the current task.
 * doc/ltt-synth.md states the rules the analysis must reproduce.
 */
#include <string.h>

#include "synth-model.h"
#include "ltt/ltt-format.h"
#include "synth-vocabulary.h"

#define CHANNEL "kernel"
#define TICK_NS G_GUINT64_CONSTANT(4000000)           /* HZ = 250 */
#define TRACE_START_NS G_GUINT64_CONSTANT(10000000000) /* a multiple of TICK_NS */
#define SIM_START_DELAY_NS 1000
#define LONG_GAP_NS (G_GUINT64_CONSTANT(1) << 32)
#define LONG_GAP_PERIOD 4096                            /* least steps of a CPU between long gaps */
#define PRIO 120
#define FIRST_PID 100
#define CLONE_THREAD_FLAGS G_GUINT64_CONSTANT(0x3d0f00) /* CLONE_VM|FS|FILES|SIGHAND|THREAD|... */
#define CLONE_FORK_FLAGS G_GUINT64_CONSTANT(0x1200011)  /* SIGCHLD|CLONE_CHILD_SETTID|CLEARTID */
#define PREV_STATE_ZOMBIE 32
#define MAX_STACK 8

/* How a random vector is picked: one of the last two. */
#define VECTOR_RANDOM(m) (&vectors[2 + rng_below(m, 2)])

typedef enum { TASK_RUNNING, TASK_RUNNABLE, TASK_BLOCKED, TASK_ZOMBIE, TASK_NEW } TaskState;

typedef struct Task Task;
struct Task {
	Task *next, *prev;           /* in at most one TaskList: a runqueue, blocked or zombies */
	Task *all_next, *all_prev;   /* every task the model still knows */
	gint32 pid, tgid, ppid;
	char comm[16];
	TaskState state;
	guint8 stack[MAX_STACK];     /* SynthMode values; the bottom is user (idle for swappers) */
	guint depth;
	guint cpu;                   /* last CPU it ran or was queued on */
	gint swapper_cpu;            /* -1 unless a swapper */
	Task *leader;                /* the thread group leader (itself for leaders) */
	guint live_threads;          /* leaders: threads other than itself that did not exit */
	gboolean exited;
	gboolean has_birth;
	guint64 birth;
	guint64 exit_time;
	/* The system call in progress. */
	guint8 sc;
	guint8 sc_stage;
	gboolean sys_exit_next;
	gboolean faulted;
	gboolean clone_thread;
	gint64 sc_ret;
	gint32 child_pid;
	Task *child;
	guint64 time[SYNTH_MODE_COUNT];
	guint64 seen[SYNTH_MODE_COUNT]; /* what an analysis of the written events charges it (seen_charge) */
	guint64 counts[EV_COUNT];
};

typedef struct {
	Task *head, *tail;
	guint len;
} TaskList;

typedef struct {
	guint index;
	Task *cur;
	Task *swapper;
	TaskList rq;
	guint64 next_time;
	guint64 charged;             /* time accounted up to */
	guint64 run_start;           /* --charges: when its current task was switched in */
	/* What an analysis of the events written believes (with --missed-switches
	 * and --common-pid, doc/ltt-synth.md §3): the task it believes runs here
	 * (NULL: not known) and the time it has charged up to. */
	Task *seen;
	guint64 seen_charged;
	guint64 next_tick;
	gboolean tick_stopped;       /* idle or in a long gap: no tick until the next step */
	gboolean long_gap;           /* not to be woken early */
	gboolean need_resched;
	guint16 softirq_pending;
	const Irq *irq;              /* the running handler, NULL: none */
	guint8 irq_stage;
	gboolean resched_ipi;        /* --irq-vectors: woken from idle, the IPI is to come */
	gboolean softirq_interrupted;/* --irq-vectors: the running soft IRQ took a vector */
	guint8 softirq_vec;
	guint8 softirq_stage;
	guint64 steps;
	guint64 last_long_gap;       /* steps when the last long gap began */
	LttWriterChannel *ch;
	/* The writer's block being filled, predicted to report losses on time. */
	guint64 pred_used;
	guint32 pred_count;
	guint64 pred_block;
	guint64 pred_prev;
	guint64 lost;
} Cpu;

struct _SynthModel {
	SynthConfig cfg;
	LttWriter *writer;
	SynthTruth *truth;
	guint64 rng[4];
	Cpu *cpus;
	Task *all_head, *all_tail;
	TaskList blocked;            /* in blocking order, so the head blocked earliest */
	TaskList zombies;
	GQueue free_pids;
	gint32 next_pid;
	guint live_processes;
	guint syscall_weight;
	guint64 events;
	guint64 last_time;
	guint64 switches;            /* sched_switch events simulated */
	gboolean missed;             /* the last event emitted was a switch not written */
	gboolean track_seen;         /* truth of what an analysis sees: --missed-switches and --common-pid */
	guint64 unknown_seen;        /* time an analysis charges to no task */
	LttPayload pl;
	LttPayload with_pid;         /* --common-pid: the pid, then pl */
};

/* xoshiro256**, seeded through splitmix64: fast and the same everywhere. */
static guint64 rotl(guint64 x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static guint64 rng_next(SynthModel *m)
{
	guint64 *s = m->rng;
	guint64 r = rotl(s[1] * 5, 7) * 9;
	guint64 t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

static guint32 rng_below(SynthModel *m, guint32 n)
{
	return (guint32) (((rng_next(m) >> 32) * n) >> 32);
}

static void rng_seed(SynthModel *m, guint64 seed)
{
	for (int i = 0; i < 4; i++) {
		guint64 z = (seed += G_GUINT64_CONSTANT(0x9E3779B97F4A7C15));
		z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT(0xBF58476D1CE4E5B9);
		z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT(0x94D049BB133111EB);
		m->rng[i] = z ^ (z >> 31);
	}
}

static void list_append(TaskList *l, Task *t)
{
	t->next = NULL;
	t->prev = l->tail;
	if (l->tail)
		l->tail->next = t;
	else
		l->head = t;
	l->tail = t;
	l->len++;
}

static void list_remove(TaskList *l, Task *t)
{
	if (t->prev)
		t->prev->next = t->next;
	else
		l->head = t->next;
	if (t->next)
		t->next->prev = t->prev;
	else
		l->tail = t->prev;
	t->next = t->prev = NULL;
	l->len--;
}

static guint8 top_mode(const Task *t)
{
	return t->stack[t->depth - 1];
}

static void push_mode(Task *t, SynthMode mode)
{
	if (t->depth < MAX_STACK)
		t->stack[t->depth++] = (guint8) mode;
}

static void pop_mode(Task *t)
{
	if (t->depth > 1)
		t->depth--;
}

static gboolean is_leader(const Task *t)
{
	return t->leader == t;
}

static Task *task_new(SynthModel *m, gint32 pid, gint32 tgid, gint32 ppid, const char *comm)
{
	Task *t = g_new0(Task, 1);

	t->pid = pid;
	t->tgid = tgid;
	t->ppid = ppid;
	g_strlcpy(t->comm, comm, sizeof t->comm);
	t->swapper_cpu = -1;
	t->leader = t;
	t->stack[0] = SYNTH_MODE_USER;
	t->depth = 1;
	t->all_prev = m->all_tail;
	if (m->all_tail)
		m->all_tail->all_next = t;
	else
		m->all_head = t;
	m->all_tail = t;
	return t;
}

static gboolean truth_write(SynthModel *m, const Task *t, GError **error)
{
	SynthTruthProcess p = {
		.pid = t->pid, .tgid = t->tgid, .ppid = t->ppid, .name = t->comm,
		.cpu = t->swapper_cpu, .has_birth = t->has_birth, .birth = t->birth,
		.has_exit = t->exited, .exit_time = t->exit_time, .counts = t->counts,
	};

	if (!m->truth)
		return TRUE;
	memcpy(p.time, t->time, sizeof p.time);
	p.seen = m->track_seen ? t->seen : NULL;
	return synth_truth_add_process(m->truth, &p, error);
}

/* The task's last reference is gone: its truth is final. */
static gboolean task_release(SynthModel *m, Task *t, GError **error)
{
	gboolean ok = truth_write(m, t, error);

	if (t->all_prev)
		t->all_prev->all_next = t->all_next;
	else
		m->all_head = t->all_next;
	if (t->all_next)
		t->all_next->all_prev = t->all_prev;
	else
		m->all_tail = t->all_prev;
	if (m->cfg.pid_reuse)
		g_queue_push_tail(&m->free_pids, GINT_TO_POINTER(t->pid));
	g_free(t);
	return ok;
}

static gint32 pid_alloc(SynthModel *m)
{
	if (!g_queue_is_empty(&m->free_pids))
		return GPOINTER_TO_INT(g_queue_pop_head(&m->free_pids));
	return m->next_pid++;
}

/* Follows the writer's block filling (doc/format.md §2: events packed,
 * never split, a block ends when the next event does not fit) so that the
 * losses of --lost-every land in the header of every Nth block. */
static void predict_block(SynthModel *m, Cpu *c, guint64 now, gsize size)
{
	gsize header = c->pred_count > 0 && now - c->pred_prev > G_MAXUINT32
		? LTT_EVENT_HEADER_EXT_SIZE : LTT_EVENT_HEADER_SIZE;

	if (c->pred_count > 0 && c->pred_used + header + size > m->cfg.block_size) {
		c->pred_block++;
		c->pred_used = sizeof(struct ltt_block_header);
		c->pred_count = 0;
		header = LTT_EVENT_HEADER_SIZE;
		if (m->cfg.lost_every && c->pred_block % m->cfg.lost_every == 0) {
			/* A hash, not the generator: losses do not change the events. */
			guint64 n = 1 + ((c->pred_block * G_GUINT64_CONSTANT(2654435761)) >> 8) % 100;
			ltt_writer_channel_add_lost(c->ch, n);
			c->lost += n;
		}
	}
	c->pred_used += header + size;
	c->pred_count++;
	c->pred_prev = now;
}

/* An analysis of the written events charges the time of c since its
 * last event to the task it believes runs there, in that task's mode on
 * top (doc/analysis.md §1.4): a switch the tracer missed leaves the time
 * up to the next written event with the task switched out. */
static void seen_charge(SynthModel *m, Cpu *c, guint64 now)
{
	if (c->seen != NULL)
		c->seen->seen[top_mode(c->seen)] += now - c->seen_charged;
	else
		m->unknown_seen += now - c->seen_charged;
	c->seen_charged = now;
}

/* t is no longer believed to run anywhere (the analysis removes it, or
 * learns it runs on another CPU): those CPUs' task is not known. */
static void seen_forget(SynthModel *m, const Task *t, guint64 now)
{
	for (guint i = 0; i < m->cfg.cpus; i++) {
		Cpu *o = &m->cpus[i];

		if (o->seen == t) {
			seen_charge(m, o, now);
			o->seen = NULL;
		}
	}
}

/* The analysis learns that t runs on c (a switch to it, or an event that
 * names it: common_pid), and so nowhere else. */
static void seen_set(SynthModel *m, Cpu *c, Task *t, guint64 now)
{
	if (c->seen == t)
		return;
	seen_forget(m, t, now);
	c->seen = t;
}

/* Writes the payload built in m->pl as event ev at now on c, after charging
 * the time since c's previous event and counting the event for the task
 * current on c (state dump events excepted). */
static gboolean emit(SynthModel *m, Cpu *c, guint64 now, guint ev, GError **error)
{
	const LttPayload *pl = &m->pl;

	if (ev > EV_STATEDUMP_END) {
		Task *t = c->cur;
		t->time[top_mode(t)] += now - c->charged;
		c->charged = now;
		/* A switch the tracer missed (doc/ltt-synth.md): it happens, unseen. */
		m->missed = ev == EV_SCHED_SWITCH && m->cfg.missed_switches > 0
			&& ++m->switches % m->cfg.missed_switches == 0;
		if (m->missed) {
			ltt_payload_reset(&m->pl);
			return TRUE;
		}
		if (m->track_seen) {
			seen_charge(m, c, now);
			seen_set(m, c, t, now);
		}
		t->counts[ev]++;
		if (m->cfg.common_pid) {
			ltt_payload_reset(&m->with_pid);
			ltt_payload_put_s32(&m->with_pid, t->pid);
			ltt_payload_put_bytes(&m->with_pid, m->pl.data, m->pl.len);
			pl = &m->with_pid;
		}
	}
	predict_block(m, c, now, pl->len);
	if (!ltt_writer_channel_append(c->ch, now, ev, pl->data, pl->len, error))
		return FALSE;
	m->events++;
	if (now > m->last_time)
		m->last_time = now;
	ltt_payload_reset(&m->pl);
	return TRUE;
}

static gboolean declare_events(SynthModel *m, GError **error)
{
	for (guint i = 0; i < EV_COUNT; i++) {
		if ((i >= EV_CORE_COUNT && i < EV_SCHED_STAT_RUNTIME && !m->cfg.irq_vectors)
		    || (i == EV_SCHED_STAT_RUNTIME && !m->cfg.charges))
			continue;
		gboolean with_pid = m->cfg.common_pid && i > EV_STATEDUMP_END;
		char *fields = g_strconcat(with_pid ? "common_pid: s32; " : "", event_fields[i], NULL);
		gboolean ok = ltt_writer_declare_event(m->writer, CHANNEL, i, event_names[i],
		                                       g_strstrip(fields), error) != NULL;

		g_free(fields);
		if (!ok)
			return FALSE;
	}
	return TRUE;
}

/* --- building the machine and its state dump --- */

static Task *swapper_new(SynthModel *m, guint cpu)
{
	char name[16];
	Task *t;

	g_snprintf(name, sizeof name, "swapper/%u", cpu);
	t = task_new(m, 0, 0, 0, name);
	t->swapper_cpu = (gint) cpu;
	t->stack[0] = SYNTH_MODE_IDLE;
	t->cpu = cpu;
	return t;
}

static void initial_processes(SynthModel *m, GPtrArray *tasks)
{
	Task *init = task_new(m, 1, 1, 0, "init");
	gint32 pid = FIRST_PID;

	g_ptr_array_add(tasks, init);
	m->live_processes = 1;
	for (guint p = 1; p < m->cfg.processes; p++) {
		Task *leader = task_new(m, pid, pid, 1, programs[p % N_PROGRAMS]);
		/* Half the processes have a known birth before the trace. */
		if (p % 2) {
			leader->has_birth = TRUE;
			leader->birth = TRACE_START_NS - G_GUINT64_CONSTANT(1000000000) + p * 1000;
		}
		g_ptr_array_add(tasks, leader);
		m->live_processes++;
		pid++;
		for (guint k = 1; k < m->cfg.threads; k++) {
			Task *th = task_new(m, pid++, leader->pid, leader->ppid, leader->comm);
			th->leader = leader;
			th->has_birth = leader->has_birth;
			th->birth = leader->has_birth ? leader->birth + k : 0;
			leader->live_threads++;
			g_ptr_array_add(tasks, th);
		}
	}
	m->next_pid = pid;
}

/* Puts t inside a system call it will leave with sys_exit. */
static void enter_initial_syscall(Task *t, guint sc)
{
	push_mode(t, SYNTH_MODE_SYSCALL);
	t->sc = (guint8) sc;
	t->sc_stage = 1;
	t->sys_exit_next = TRUE;
	t->sc_ret = 0;
}

static gboolean dump_process(SynthModel *m, const Task *t, guint status, guint cpu,
                             GError **error)
{
	LttPayload *pl = &m->pl;

	ltt_payload_put_s32(pl, t->pid);
	ltt_payload_put_s32(pl, t->tgid);
	ltt_payload_put_s32(pl, t->ppid);
	ltt_payload_put_string(pl, t->comm);
	ltt_payload_put_u8(pl, (guint8) status);
	ltt_payload_put_u8(pl, top_mode(t) == SYNTH_MODE_SYSCALL ? DUMP_MODE_SYSCALL : DUMP_MODE_USER);
	ltt_payload_put_s32(pl, (gint32) cpu);
	ltt_payload_put_u8(pl, t->swapper_cpu >= 0);
	ltt_payload_put_u64(pl, t->has_birth ? t->birth : 0);
	return emit(m, &m->cpus[0], TRACE_START_NS, EV_STATEDUMP_PROCESS, error);
}

/* Places the initial tasks (the first ones run, a third of the others sleep
 * in a system call with --start-in-syscall, the rest wait for a CPU) and
 * writes the state dump at the trace start, on CPU 0. */
static gboolean statedump(SynthModel *m, GError **error)
{
	GPtrArray *tasks = g_ptr_array_new();
	guint n = m->cfg.cpus;
	gboolean ok = TRUE;

	initial_processes(m, tasks);
	for (guint i = 0; i < tasks->len; i++) {
		Task *t = g_ptr_array_index(tasks, i);
		if (i < n) {
			Cpu *c = &m->cpus[i];
			c->cur = t;
			t->state = TASK_RUNNING;
			t->cpu = i;
			if (m->cfg.start_in_syscall && i % 2 == 0)
				enter_initial_syscall(t, SYS_READ);
		} else if (m->cfg.start_in_syscall && i % 3 == 0) {
			enter_initial_syscall(t, (i / 3) % 2 ? SYS_READ : SYS_POLL);
			t->state = TASK_BLOCKED;
			t->cpu = i % n;
			list_append(&m->blocked, t);
		} else {
			t->state = TASK_RUNNABLE;
			t->cpu = i % n;
			list_append(&m->cpus[t->cpu].rq, t);
		}
	}

	for (guint c = 0; ok && c < n; c++) {
		Task *s = m->cpus[c].swapper;
		ok = dump_process(m, s, m->cpus[c].cur == s ? STATUS_RUNNING : STATUS_IDLE, c, error);
	}
	for (guint i = 0; ok && i < tasks->len; i++) {
		Task *t = g_ptr_array_index(tasks, i);
		guint status = t->state == TASK_RUNNING ? STATUS_RUNNING
			: t->state == TASK_RUNNABLE ? STATUS_WAITING_CPU
			: t->sc == SYS_READ ? STATUS_DISK_SLEEP : STATUS_SLEEPING;
		ok = dump_process(m, t, status, t->cpu, error);
	}
	g_ptr_array_free(tasks, TRUE);
	for (guint i = 0; ok && i < N_IRQS; i++) {
		ltt_payload_put_s32(&m->pl, irqs[i].irq);
		ltt_payload_put_string(&m->pl, irqs[i].name);
		ok = emit(m, &m->cpus[0], TRACE_START_NS, EV_STATEDUMP_IRQ, error);
	}
	for (guint i = 0; ok && i < N_SYSCALLS; i++) {
		ltt_payload_put_s32(&m->pl, syscalls[i].id);
		ltt_payload_put_string(&m->pl, syscalls[i].name);
		ok = emit(m, &m->cpus[0], TRACE_START_NS, EV_STATEDUMP_SYSCALL, error);
	}
	return ok && emit(m, &m->cpus[0], TRACE_START_NS, EV_STATEDUMP_END, error);
}

SynthTruth *synth_model_truth_new(const char *path, GError **error)
{
	return synth_truth_new(path, event_names, EV_COUNT, error);
}

guint64 synth_model_statedump_events(const SynthConfig *cfg)
{
	return cfg->cpus + 1 + (guint64) (cfg->processes - 1) * cfg->threads + N_IRQS + N_SYSCALLS
		+ 1;
}

SynthModel *synth_model_new(const SynthConfig *cfg, LttWriter *writer, SynthTruth *truth)
{
	SynthModel *m = g_new0(SynthModel, 1);

	m->cfg = *cfg;
	m->writer = writer;
	m->truth = truth;
	rng_seed(m, cfg->seed);
	g_queue_init(&m->free_pids);
	ltt_payload_init(&m->pl, ltt_writer_byte_order(writer));
	ltt_payload_init(&m->with_pid, ltt_writer_byte_order(writer));
	for (guint i = 0; i < N_SYSCALLS; i++)
		m->syscall_weight += syscalls[i].weight;
	m->track_seen = cfg->missed_switches > 0 && cfg->common_pid;
	m->cpus = g_new0(Cpu, cfg->cpus);
	for (guint c = 0; c < cfg->cpus; c++) {
		Cpu *cpu = &m->cpus[c];
		cpu->index = c;
		cpu->swapper = swapper_new(m, c);
		cpu->swapper->state = TASK_RUNNING;
		cpu->cur = cpu->swapper;
		cpu->irq = NULL;
		cpu->charged = cpu->seen_charged = cpu->run_start = TRACE_START_NS;
		cpu->next_time = TRACE_START_NS + SIM_START_DELAY_NS;
		cpu->next_tick = TRACE_START_NS + TICK_NS;
		cpu->pred_used = sizeof(struct ltt_block_header);
	}
	return m;
}

/* --- one step of the simulation --- */

static void put_task(LttPayload *pl, const Task *t)
{
	ltt_payload_put_string(pl, t->comm);
	ltt_payload_put_s32(pl, t->pid);
	ltt_payload_put_s32(pl, PRIO);
}

/* The CPU the scheduler gives a task that becomes runnable: the least
 * loaded, preferring the task's last CPU; not one in a long gap if avoidable. */
static Cpu *pick_cpu(SynthModel *m, const Task *t)
{
	Cpu *best = NULL;
	guint best_load = G_MAXUINT;

	for (guint pass = 0; pass < 2 && !best; pass++) {
		for (guint i = 0; i < m->cfg.cpus; i++) {
			Cpu *c = &m->cpus[i];
			guint load = c->rq.len + (c->cur != c->swapper);
			if (pass == 0 && c->long_gap)
				continue;
			if (load < best_load || (load == best_load && i == t->cpu)) {
				best = c;
				best_load = load;
			}
		}
	}
	return best;
}

static gboolean wake(SynthModel *m, Cpu *c, guint64 now, Task *t, guint ev, GError **error)
{
	Cpu *target = pick_cpu(m, t);

	put_task(&m->pl, t);
	ltt_payload_put_s32(&m->pl, (gint32) target->index);
	if (!emit(m, c, now, ev, error))
		return FALSE;
	if (t->state == TASK_BLOCKED)
		list_remove(&m->blocked, t);
	t->state = TASK_RUNNABLE;
	t->cpu = target->index;
	list_append(&target->rq, t);
	if (target != c && target->cur == target->swapper && !target->long_gap) {
		/* Never at now: a reader must see the wakeup before the switch. */
		guint64 at = now + 1 + rng_below(m, 2000);
		if (target->next_time > at)
			target->next_time = at;
		target->resched_ipi = m->cfg.irq_vectors;
	}
	return TRUE;
}

/* Switches c from its current task to the head of its runqueue (or idle);
 * the caller has decided what becomes of the previous task by prev_state. */
static gboolean switch_out(SynthModel *m, Cpu *c, guint64 now, gint64 prev_state,
                           GError **error)
{
	Task *prev = c->cur;
	Task *next = c->rq.head ? c->rq.head : c->swapper;
	LttPayload *pl = &m->pl;

	/* As the kernel's __schedule: the run is charged before the switch
	 * (not the idle task's). */
	if (m->cfg.charges && prev != c->swapper) {
		ltt_payload_put_string(pl, prev->comm);
		ltt_payload_put_s32(pl, prev->pid);
		ltt_payload_put_u64(pl, now - c->run_start);
		if (!emit(m, c, now, EV_SCHED_STAT_RUNTIME, error))
			return FALSE;
	}
	ltt_payload_put_string(pl, prev->comm);
	ltt_payload_put_s32(pl, prev->pid);
	ltt_payload_put_s32(pl, PRIO);
	ltt_payload_put_s64(pl, prev_state);
	ltt_payload_put_string(pl, next->comm);
	ltt_payload_put_s32(pl, next->pid);
	ltt_payload_put_s32(pl, PRIO);
	if (!emit(m, c, now, EV_SCHED_SWITCH, error))
		return FALSE;
	if (m->track_seen && !m->missed)
		seen_set(m, c, next, now);
	if (next != c->swapper)
		list_remove(&c->rq, next);
	if (prev != c->swapper) {
		if (prev_state == 0) {
			prev->state = TASK_RUNNABLE;
			list_append(&c->rq, prev);
		} else if (prev_state == PREV_STATE_ZOMBIE) {
			prev->state = TASK_ZOMBIE;
			list_append(&m->zombies, prev);
		} else {
			prev->state = TASK_BLOCKED;
			prev->sys_exit_next = TRUE;
			list_append(&m->blocked, prev);
		}
	}
	next->state = TASK_RUNNING;
	next->cpu = c->index;
	c->run_start = now;
	c->cur = next;
	c->need_resched = FALSE;
	return TRUE;
}

static gboolean irq_enter(SynthModel *m, Cpu *c, guint64 now, const Irq *irq, GError **error)
{
	ltt_payload_put_s32(&m->pl, irq->irq);
	if (irq->entry == EV_IRQ_HANDLER_ENTRY)
		ltt_payload_put_string(&m->pl, irq->name);
	if (!emit(m, c, now, irq->entry, error))
		return FALSE;
	push_mode(c->cur, SYNTH_MODE_IRQ);
	c->irq = irq;
	c->irq_stage = 0;
	if (irq == IRQ_TIMER || irq == VECTOR_LOCAL_TIMER) {
		while (c->next_tick <= now)
			c->next_tick += TICK_NS;
		c->need_resched = c->rq.head != NULL;
	}
	return TRUE;
}

static gboolean raise_softirq(SynthModel *m, Cpu *c, guint64 now, guint vec, GError **error)
{
	ltt_payload_put_u32(&m->pl, vec);
	if (!emit(m, c, now, EV_SOFTIRQ_RAISE, error))
		return FALSE;
	c->softirq_pending |= (guint16) (1u << vec);
	return TRUE;
}

/* Inside a handler: maybe wake a task, raise the handler's soft IRQ, raise
 * RCU when zombies wait to be freed, then leave. */
static gboolean irq_step(SynthModel *m, Cpu *c, guint64 now, GError **error)
{
	const Irq *irq = c->irq;

	for (;;) {
		switch (c->irq_stage++) {
		case 0:
			if (irq->wakes && m->blocked.head)
				return wake(m, c, now, m->blocked.head, EV_SCHED_WAKEUP, error);
			break;
		case 1:
			if (irq->vec >= 0)
				return raise_softirq(m, c, now, (guint) irq->vec, error);
			break;
		case 2:
			if (m->zombies.head && !(c->softirq_pending & (1u << VEC_RCU)))
				return raise_softirq(m, c, now, VEC_RCU, error);
			break;
		default:
			ltt_payload_put_s32(&m->pl, irq->irq);
			if (irq->entry == EV_IRQ_HANDLER_ENTRY)
				ltt_payload_put_s32(&m->pl, 1);
			if (!emit(m, c, now, irq->entry + 1, error))
				return FALSE;
			pop_mode(c->cur);
			c->irq = NULL;
			return TRUE;
		}
	}
}

static gboolean softirq_enter(SynthModel *m, Cpu *c, guint64 now, GError **error)
{
	guint vec = (guint) g_bit_nth_lsf(c->softirq_pending, -1);

	ltt_payload_put_u32(&m->pl, vec);
	if (!emit(m, c, now, EV_SOFTIRQ_ENTRY, error))
		return FALSE;
	c->softirq_pending &= (guint16) ~(1u << vec);
	push_mode(c->cur, SYNTH_MODE_SOFTIRQ);
	c->softirq_vec = (guint8) vec;
	c->softirq_stage = 0;
	c->softirq_interrupted = FALSE;
	return TRUE;
}

static gboolean free_zombie(SynthModel *m, Cpu *c, guint64 now, GError **error)
{
	Task *z = m->zombies.head;

	put_task(&m->pl, z);
	if (!emit(m, c, now, EV_SCHED_PROCESS_FREE, error))
		return FALSE;
	if (m->track_seen)
		seen_forget(m, z, now);
	list_remove(&m->zombies, z);
	return task_release(m, z, error);
}

/* Inside a soft IRQ: its work (timers and I/O completions wake tasks, RCU
 * frees the oldest zombie), then leave. */
static gboolean softirq_step(SynthModel *m, Cpu *c, guint64 now, GError **error)
{
	/* Soft IRQs run with interrupts enabled. */
	if (c->softirq_stage == 0 && m->cfg.irq_vectors && !c->softirq_interrupted && rng_below(m, 8) == 0) {
		c->softirq_interrupted = TRUE;
		return irq_enter(m, c, now, VECTOR_RANDOM(m), error);
	}
	if (c->softirq_stage++ == 0) {
		if (c->softirq_vec == VEC_RCU && m->zombies.head)
			return free_zombie(m, c, now, error);
		if (c->softirq_vec != VEC_RCU && m->blocked.head)
			return wake(m, c, now, m->blocked.head, EV_SCHED_WAKEUP, error);
	}
	ltt_payload_put_u32(&m->pl, c->softirq_vec);
	if (!emit(m, c, now, EV_SOFTIRQ_EXIT, error))
		return FALSE;
	pop_mode(c->cur);
	return TRUE;
}

static gboolean page_fault(SynthModel *m, Cpu *c, guint64 now, guint ev, GError **error)
{
	ltt_payload_put_u64(&m->pl, G_GUINT64_CONSTANT(0x7f0000000000) + (rng_next(m) & 0xFFFFFFF000));
	ltt_payload_put_u64(&m->pl, G_GUINT64_CONSTANT(0x400000) + (rng_next(m) & 0xFFFFF));
	ltt_payload_put_u64(&m->pl, ev == EV_PAGE_FAULT_USER ? 6 : 2);
	if (!emit(m, c, now, ev, error))
		return FALSE;
	push_mode(c->cur, SYNTH_MODE_TRAP);
	return TRUE;
}

/* The next system call of t: now and then a life-cycle one (fork a process
 * while there are fewer than --processes, otherwise exit; threads come and
 * go; a single-threaded process may exec), else a weighted ordinary one. */
static guint choose_syscall(SynthModel *m, Task *t)
{
	guint r = rng_below(m, 1024);
	guint w;

	if (r < 6) {
		if (!is_leader(t))
			return SYS_EXIT;
		if (m->live_processes < m->cfg.processes) {
			t->clone_thread = FALSE;
			return SYS_CLONE;
		}
		if (t->pid != 1 && t->live_threads == 0)
			return SYS_EXIT_GROUP;
	} else if (r < 9 && is_leader(t) && t->pid != 1) {
		if (t->live_threads + 1 < m->cfg.threads) {
			t->clone_thread = TRUE;
			return SYS_CLONE;
		}
		if (t->live_threads == 0)
			return SYS_EXECVE;
	}
	w = rng_below(m, m->syscall_weight);
	for (guint i = 0; i < N_SYSCALLS; i++) {
		if (w < syscalls[i].weight)
			return i;
		w -= syscalls[i].weight;
	}
	return SYS_READ;
}

static gint64 syscall_result(SynthModel *m, const Task *t)
{
	switch (syscalls[t->sc].id) {
	case 0: case 1: return rng_below(m, 8) == 0 ? -11 : (gint64) rng_below(m, 4096);
	case 9: case 12: return (gint64) (G_GUINT64_CONSTANT(0x7f0000000000) + (rng_next(m) & 0xFFFFF000));
	case 16: return rng_below(m, 4) == 0 ? -25 : 0;
	case 39: return t->tgid;
	case 61: return -10;
	case 257: return rng_below(m, 8) == 0 ? -2 : 3 + (gint64) rng_below(m, 20);
	case 7: case 232: return rng_below(m, 4);
	default: return 0;
	}
}

static gboolean sys_enter(SynthModel *m, Cpu *c, guint64 now, GError **error)
{
	Task *t = c->cur;
	guint sc = choose_syscall(m, t);

	ltt_payload_put_s64(&m->pl, syscalls[sc].id);
	ltt_payload_put_u64(&m->pl, rng_below(m, 32));
	for (int i = 1; i < 6; i++)
		ltt_payload_put_u64(&m->pl, i < 3 ? rng_next(m) & 0xFFFFFFFFFFF : 0);
	if (!emit(m, c, now, EV_SYS_ENTER, error))
		return FALSE;
	push_mode(t, SYNTH_MODE_SYSCALL);
	t->sc = (guint8) sc;
	t->sc_stage = 0;
	t->sys_exit_next = FALSE;
	t->faulted = FALSE;
	return TRUE;
}

static gboolean sys_exit(SynthModel *m, Cpu *c, guint64 now, gint64 ret, GError **error)
{
	Task *t = c->cur;

	ltt_payload_put_s64(&m->pl, syscalls[t->sc].id);
	ltt_payload_put_s64(&m->pl, ret);
	if (!emit(m, c, now, EV_SYS_EXIT, error))
		return FALSE;
	pop_mode(t);
	t->sys_exit_next = FALSE;
	return TRUE;
}

/* clone: task_newtask, sched_process_fork at the same time, then
 * sched_wakeup_new; the child exists from sched_process_fork on and starts
 * inside the clone call, which it leaves with sys_exit returning 0. */
static gboolean clone_step(SynthModel *m, Cpu *c, guint64 now, GError **error)
{
	Task *t = c->cur;
	LttPayload *pl = &m->pl;

	switch (t->sc_stage++) {
	case 0:
		t->child_pid = pid_alloc(m);
		ltt_payload_put_s32(pl, t->child_pid);
		ltt_payload_put_string(pl, t->comm);
		ltt_payload_put_u64(pl, t->clone_thread ? CLONE_THREAD_FLAGS : CLONE_FORK_FLAGS);
		ltt_payload_put_s16(pl, 0);
		return emit(m, c, now, EV_TASK_NEWTASK, error);
	case 1: {
		Task *child;
		ltt_payload_put_string(pl, t->comm);
		ltt_payload_put_s32(pl, t->pid);
		ltt_payload_put_string(pl, t->comm);
		ltt_payload_put_s32(pl, t->child_pid);
		if (!emit(m, c, now, EV_SCHED_PROCESS_FORK, error))
			return FALSE;
		if (t->clone_thread) {
			child = task_new(m, t->child_pid, t->tgid, t->ppid, t->comm);
			child->leader = t;
			t->live_threads++;
		} else {
			child = task_new(m, t->child_pid, t->child_pid, t->tgid, t->comm);
			m->live_processes++;
		}
		child->state = TASK_NEW;
		child->has_birth = TRUE;
		child->birth = now;
		child->cpu = c->index;
		enter_initial_syscall(child, SYS_CLONE);
		t->child = child;
		return TRUE;
	}
	case 2:
		t->sys_exit_next = TRUE;
		t->sc_ret = t->child_pid;
		return wake(m, c, now, t->child, EV_SCHED_WAKEUP_NEW, error);
	default:
		return sys_exit(m, c, now, t->sc_ret, error);
	}
}

static gboolean exec_step(SynthModel *m, Cpu *c, guint64 now, GError **error)
{
	Task *t = c->cur;
	const char *prog;
	char *filename;
	gboolean ok;

	if (t->sc_stage++ > 0)
		return sys_exit(m, c, now, 0, error);
	prog = programs[rng_below(m, N_PROGRAMS)];
	filename = g_strconcat("/usr/bin/", prog, NULL);
	ltt_payload_put_string(&m->pl, filename);
	ltt_payload_put_s32(&m->pl, t->pid);
	ltt_payload_put_s32(&m->pl, t->pid);
	g_free(filename);
	ok = emit(m, c, now, EV_SCHED_PROCESS_EXEC, error);
	if (ok)
		g_strlcpy(t->comm, prog, sizeof t->comm);
	return ok;
}

static gboolean exit_step(SynthModel *m, Cpu *c, guint64 now, GError **error)
{
	Task *t = c->cur;

	if (t->sc_stage++ > 0)
		return switch_out(m, c, now, PREV_STATE_ZOMBIE, error);
	put_task(&m->pl, t);
	if (!emit(m, c, now, EV_SCHED_PROCESS_EXIT, error))
		return FALSE;
	t->exited = TRUE;
	t->exit_time = now;
	if (is_leader(t))
		m->live_processes--;
	else
		t->leader->live_threads--;
	return TRUE;
}

static gboolean syscall_step(SynthModel *m, Cpu *c, guint64 now, GError **error)
{
	Task *t = c->cur;
	const Syscall *sc = &syscalls[t->sc];

	if (t->sys_exit_next)
		return sys_exit(m, c, now, t->sc_ret, error);
	if (t->sc_stage == 0 && !t->faulted && sc->kind != SC_EXIT && rng_below(m, 16) == 0) {
		t->faulted = TRUE;
		return page_fault(m, c, now, EV_PAGE_FAULT_KERNEL, error);
	}
	switch (sc->kind) {
	case SC_BLOCKS:
		if (t->sc_stage++ == 0 && rng_below(m, 2) == 0) {
			t->sc_ret = syscall_result(m, t);
			return switch_out(m, c, now, t->sc == SYS_READ ? 2 : 1, error);
		}
		break;
	case SC_WAKES:
		if (t->sc_stage++ == 0 && m->blocked.head && rng_below(m, 2) == 0) {
			t->sc_ret = syscall_result(m, t);
			t->sys_exit_next = TRUE;
			return wake(m, c, now, m->blocked.head, EV_SCHED_WAKEUP, error);
		}
		break;
	case SC_CLONE:
		return clone_step(m, c, now, error);
	case SC_EXEC:
		return exec_step(m, c, now, error);
	case SC_EXIT:
		return exit_step(m, c, now, error);
	case SC_PLAIN:
		break;
	}
	return sys_exit(m, c, now, syscall_result(m, t), error);
}

static void schedule_next(SynthModel *m, Cpu *c, guint64 now)
{
	Task *t = c->cur;
	guint8 top = top_mode(t);
	gboolean idle = t == c->swapper && top == SYNTH_MODE_IDLE && !c->rq.head
		&& !c->softirq_pending;
	guint64 gap;

	if (idle)
		gap = 1000 + rng_below(m, 100000);
	else if (top == SYNTH_MODE_USER)
		gap = 200 + rng_below(m, 20000);
	else
		gap = rng_below(m, 32) == 0 ? 0 : 20 + rng_below(m, 1500);
	c->tick_stopped = idle;
	c->long_gap = FALSE;
	if (m->cfg.long_gaps && (idle || top == SYNTH_MODE_USER)
	    && c->steps - c->last_long_gap >= LONG_GAP_PERIOD) {
		c->last_long_gap = c->steps;
		gap = LONG_GAP_NS + rng_below(m, 1000000000);
		c->tick_stopped = TRUE;
		c->long_gap = TRUE;
	}
	c->next_time = now + gap;
	if (!c->tick_stopped && c->next_tick > now && c->next_tick < c->next_time)
		c->next_time = c->next_tick;
}

static gboolean cpu_step(SynthModel *m, Cpu *c, GError **error)
{
	guint64 now = c->next_time;
	Task *t = c->cur;
	guint8 top = top_mode(t);
	gboolean idle = t == c->swapper;
	gboolean ok;

	c->steps++;
	if (c->tick_stopped) {
		c->next_tick = (now / TICK_NS + 1) * TICK_NS;
		c->tick_stopped = FALSE;
	}
	if (c->irq != NULL)
		ok = irq_step(m, c, now, error);
	else if (top == SYNTH_MODE_SOFTIRQ)
		ok = softirq_step(m, c, now, error);
	else if (now >= c->next_tick && !(idle && !c->rq.head))
		ok = irq_enter(m, c, now, m->cfg.irq_vectors ? VECTOR_LOCAL_TIMER : IRQ_TIMER, error);
	else if (c->softirq_pending)
		ok = softirq_enter(m, c, now, error);
	else if (c->resched_ipi) {
		c->resched_ipi = FALSE;
		ok = irq_enter(m, c, now, VECTOR_RESCHEDULE, error);
	} else if (idle && c->rq.head)
		ok = switch_out(m, c, now, 0, error);
	else if (idle || rng_below(m, 64) == 0)
		ok = irq_enter(m, c, now, &irqs[1 + rng_below(m, N_IRQS - 1)], error);
	else if (m->cfg.irq_vectors && rng_below(m, 64) == 0)
		ok = irq_enter(m, c, now, VECTOR_RANDOM(m), error);
	else if (c->need_resched && c->rq.head && !t->exited
	         && (top == SYNTH_MODE_USER || top == SYNTH_MODE_SYSCALL))
		ok = switch_out(m, c, now, 0, error);
	else if (top == SYNTH_MODE_TRAP) {
		ok = emit(m, c, now, EV_PAGE_FAULT_EXIT, error);
		if (ok)
			pop_mode(t);
	} else if (top == SYNTH_MODE_SYSCALL)
		ok = syscall_step(m, c, now, error);
	else if (rng_below(m, 16) == 0)
		ok = page_fault(m, c, now, EV_PAGE_FAULT_USER, error);
	else
		ok = sys_enter(m, c, now, error);
	if (!ok)
		return FALSE;
	schedule_next(m, c, now);
	return TRUE;
}

gboolean synth_model_run(SynthModel *m, GError **error)
{
	if (!declare_events(m, error))
		return FALSE;
	for (guint c = 0; c < m->cfg.cpus; c++)
		if (!(m->cpus[c].ch = ltt_writer_channel(m->writer, CHANNEL, c, error)))
			return FALSE;
	if (!statedump(m, error))
		return FALSE;
	/* The dump says which task runs on each CPU. */
	for (guint c = 0; c < m->cfg.cpus; c++)
		m->cpus[c].seen = m->cpus[c].cur;
	while (m->events < m->cfg.events) {
		Cpu *c = &m->cpus[0];
		for (guint i = 1; i < m->cfg.cpus; i++)
			if (m->cpus[i].next_time < c->next_time)
				c = &m->cpus[i];
		if (!cpu_step(m, c, error))
			return FALSE;
	}
	return TRUE;
}

gboolean synth_model_finish(SynthModel *m, GError **error)
{
	gboolean ok = TRUE;
	guint64 *lost = g_new0(guint64, m->cfg.cpus);
	Task *t, *next;

	for (guint i = 0; i < m->cfg.cpus; i++) {
		Cpu *c = &m->cpus[i];
		if (m->last_time > c->charged)
			c->cur->time[top_mode(c->cur)] += m->last_time - c->charged;
		if (m->track_seen)
			seen_charge(m, c, m->last_time);
		lost[i] = c->lost;
	}
	for (t = m->all_head; t; t = next) {
		next = t->all_next;
		if (ok && !truth_write(m, t, error))
			ok = FALSE;
		g_free(t);
	}
	if (m->truth) {
		if (!synth_truth_finish(m->truth, TRACE_START_NS, m->last_time, m->events, lost,
		                        m->cfg.cpus, m->track_seen ? &m->unknown_seen : NULL, ok ? error : NULL))
			ok = FALSE;
	}
	g_free(lost);
	g_queue_clear(&m->free_pids);
	ltt_payload_clear(&m->pl);
	ltt_payload_clear(&m->with_pid);
	g_free(m->cpus);
	g_free(m);
	return ok;
}
