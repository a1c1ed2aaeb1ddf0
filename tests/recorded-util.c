/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* recorded-util.c */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "recorded-util.h"

#define TRACEFS_EVENTS "/sys/kernel/tracing/events"

char *recorded_cannot_record(void)
{
	if (geteuid() != 0)
		return g_strdup("recording needs root");
	if (!g_file_test(TRACEFS_EVENTS, G_FILE_TEST_IS_DIR))
		return g_strdup("tracefs is not mounted at /sys/kernel/tracing");
	return NULL;
}

/* The time the CPUs spent so far not running tasks for the kernel's
 * accounting, in ns: what the hypervisor stole (and, with IRQ time
 * accounting, the IRQs), summed over the CPUs.  The scheduler's clock of
 * each CPU minus its task clock (debugfs sched/debug, mounted when it is
 * not: the test runs as root) gives it to the nanosecond; /proc/stat's
 * steal only to the 10 ms tick, which a trace of 200 ms cannot use.  The
 * file is written without the run queues' lock: an update of a CPU's
 * clocks between the reading of the two shows up to tens of microseconds
 * too little (a few reads in thousands on the 2-vCPU VM), or too much.
 * Each CPU's median of a few reads is taken.  0 and *exact FALSE when the
 * file cannot be read. */
#define UNRUN_READS 5
static gint compare_u64(gconstpointer a, gconstpointer b)
{
	guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

	return x < y ? -1 : x > y;
}

/* A clock of sched/debug, "  .NAME   : MS.NNNNNN" (ms, to the ns), in ns:
 * read as integers, since doubles' rounding made a difference of two go
 * back by a nanosecond. */
static gboolean clock_field(const char *line, const char *name, guint64 *ns)
{
	const char *p = line;
	char *end;
	guint64 ms, frac;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p++ != '.' || !g_str_has_prefix(p, name))
		return FALSE;
	p += strlen(name);
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p++ != ':')
		return FALSE;
	ms = g_ascii_strtoull(p, &end, 10);
	if (end == p || *end != '.' || strspn(end + 1, "0123456789") != 6)
		return FALSE;
	frac = g_ascii_strtoull(end + 1, NULL, 10);
	*ns = ms * 1000000 + frac;
	return TRUE;
}

static guint64 unrun_ns(gboolean *exact)
{
	const char *debug = "/sys/kernel/debug/sched/debug";
	GPtrArray *reads = g_ptr_array_new_with_free_func((GDestroyNotify) g_array_unref); /* per CPU, its reads */
	guint64 sum = 0;
	guint r, i;

	if (!g_file_test(debug, G_FILE_TEST_EXISTS))
		g_spawn_command_line_sync("mount -t debugfs none /sys/kernel/debug", NULL, NULL, NULL, NULL);
	*exact = TRUE;
	for (r = 0; *exact && r < UNRUN_READS; r++) {
		char *text = NULL, **lines;
		guint64 clock = 0, v;
		guint cpu = 0;

		*exact = g_file_get_contents(debug, &text, NULL, NULL);
		if (!*exact)
			break;
		lines = g_strsplit(text, "\n", -1);
		for (i = 0; lines[i] != NULL; i++) {
			if (clock_field(lines[i], "clock", &v)) {
				clock = v;
			} else if (clock_field(lines[i], "clock_task", &v)) {
				guint64 d = clock > v ? clock - v : 0;

				if (cpu >= reads->len)
					g_ptr_array_add(reads, g_array_new(FALSE, FALSE, sizeof(guint64)));
				g_array_append_val(g_ptr_array_index(reads, cpu), d);
				cpu++;
			}
		}
		g_strfreev(lines);
		g_free(text);
	}
	for (i = 0; *exact && i < reads->len; i++) {
		GArray *a = g_ptr_array_index(reads, i);

		*exact = a->len == UNRUN_READS;
		g_array_sort(a, compare_u64);
		sum += g_array_index(a, guint64, a->len / 2);
	}
	g_ptr_array_unref(reads);
	return *exact ? sum : 0;
}

/* Each kernel channel holds what the kernel handed lttd, each event once:
 * its events besides the state dump are the kernel's read count for that
 * CPU (lttd.cpuN.kernel_read), nothing was left unread in the kernel's
 * buffer at the end (lttd.cpuN.kernel_entries), and no event follows its
 * byte-identical twin at the same time (a page read twice, a splice
 * boundary re-read: every real event differs from the one before it in
 * time or content).
 * A page lttd skipped, or the reader left out as damaged, shows as fewer. */
static void assert_each_event_once(LttTrace *trace, const char *what)
{
	for (guint i = 0; i < ltt_trace_tracefile_count(trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);
		char *key = g_strdup_printf("lttd.cpu%u.kernel_read", ltt_tracefile_cpu(tf));
		char *left_key = g_strdup_printf("lttd.cpu%u.kernel_entries", ltt_tracefile_cpu(tf));
		const char *kernel_read = ltt_trace_property(trace, key), *left = ltt_trace_property(trace, left_key);
		guint64 n = 0, twins = 0;
		const LttEventType *prev_type = NULL;
		LttTime prev_time = 0;
		GByteArray *prev = g_byte_array_new();
		GError *error = NULL;

		g_free(left_key);
		if (strcmp(ltt_tracefile_channel(tf), "kernel") != 0 || kernel_read == NULL) {
			g_free(key);
			g_byte_array_unref(prev);
			continue;
		}
		ltt_tracefile_seek_begin(tf);
		while (ltt_tracefile_next(tf, &error) == LTT_READ_EVENT) {
			const LttEvent *ev = ltt_tracefile_event(tf);
			const guint8 *payload = ltt_event_payload(ev);
			gsize size = ltt_event_payload_size(ev);

			if (g_str_has_prefix(ltt_event_name(ev), "ltt_statedump_"))
				continue;
			n++;
			if (ltt_event_type(ev) == prev_type && ltt_event_time(ev) == prev_time && size == prev->len
			    && memcmp(payload, prev->data, size) == 0) {
				if (twins++ == 0)
					g_test_message("%s: CPU %u: %s at %" G_GUINT64_FORMAT " recorded twice", what,
					               ltt_tracefile_cpu(tf), ltt_event_name(ev), ltt_event_time(ev));
			}
			prev_type = ltt_event_type(ev);
			prev_time = ltt_event_time(ev);
			g_byte_array_set_size(prev, 0);
			g_byte_array_append(prev, payload, (guint) size);
		}
		g_assert_no_error(error);
		g_assert_cmpuint(twins, ==, 0);
		if (n != g_ascii_strtoull(kernel_read, NULL, 10))
			g_test_message("%s: CPU %u: %" G_GUINT64_FORMAT " events, the kernel handed %s", what,
			               ltt_tracefile_cpu(tf), n, kernel_read);
		g_assert_cmpuint(n, ==, g_ascii_strtoull(kernel_read, NULL, 10));
		g_assert_nonnull(left);
		if (strcmp(left, "0") != 0)
			g_test_message("%s: CPU %u: %s events left unread in the kernel's buffer", what, ltt_tracefile_cpu(tf), left);
		g_assert_cmpstr(left, ==, "0");
		g_byte_array_unref(prev);
		g_free(key);
	}
}

Recording *recorded_make(const char *dir, const char *name, const char *const *argv)
{
	const char *top = g_getenv("TOP_BUILDDIR");
	Recording *r = g_new0(Recording, 1);
	GPtrArray *args = g_ptr_array_new_with_free_func(g_free);
	char *err = NULL;
	GError *error = NULL;
	int status;
	guint64 unrun;
	gboolean exact;
	guint i;

	r->trace = g_build_filename(dir, name, NULL);
	g_ptr_array_add(args, g_build_filename(top, "ltt-control", "lttctl", NULL));
	g_ptr_array_add(args, g_strdup("record"));
	g_ptr_array_add(args, g_strdup("-s"));
	g_ptr_array_add(args, g_strdup("65536"));
	g_ptr_array_add(args, g_strdup("-o"));
	g_ptr_array_add(args, g_strdup(r->trace));
	/* What the kernel charged each run (recorded_assert_cpu_time), where it says. */
	if (g_file_test(TRACEFS_EVENTS "/sched/sched_stat_runtime", G_FILE_TEST_IS_DIR)) {
		g_ptr_array_add(args, g_strdup("-e"));
		g_ptr_array_add(args, g_strdup("sched:sched_stat_runtime"));
	}
	g_ptr_array_add(args, g_strdup("--"));
	g_ptr_array_add(args, g_build_filename(top, "tests", "workload", argv[0], NULL));
	for (i = 1; argv[i] != NULL; i++)
		g_ptr_array_add(args, g_strdup(argv[i]));
	g_ptr_array_add(args, NULL);

	unrun = unrun_ns(&exact);
	if (!g_spawn_sync(NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &err, &status, &error)
	    || !g_spawn_check_wait_status(status, &error))
		g_error("lttctl record %s: %s: %s", argv[0], error->message, err != NULL ? err : "");
	r->unrun_ns = unrun_ns(&r->unrun_exact);
	/* Less than before: a misread the least of the reads did not undo. */
	r->unrun_exact = r->unrun_exact && r->unrun_ns >= unrun;
	r->unrun_ns = r->unrun_exact ? r->unrun_ns - unrun : 0;
	r->lines = g_strsplit(r->out, "\n", -1);
	r->unrun_exact = r->unrun_exact && exact;
	{
		LttTrace *trace = ltt_trace_open(r->trace, &error);

		g_assert_no_error(error);
		g_assert_nonnull(ltt_trace_property(trace, "lttd.pid"));
		r->lttd_pid = atoi(ltt_trace_property(trace, "lttd.pid"));
		for (i = 0; i < ltt_trace_tracefile_count(trace); i++)
			r->lost += ltt_tracefile_lost_events(ltt_trace_tracefile(trace, i));
		assert_each_event_once(trace, argv[0]);
		r->s = lttv_stats_run_trace(trace, &r->ts, NULL);
		r->tree = lttv_stats_tree(r->s, FALSE);
		ltt_trace_unref(trace);
	}
	g_test_message("%s: %" G_GUINT64_FORMAT " ns not run (stolen), %" G_GUINT64_FORMAT " repairs, %" G_GUINT64_FORMAT
	               " events lost", argv[0], r->unrun_ns, lttv_trace_state_repairs(r->ts), r->lost);
	g_free(err);
	g_ptr_array_unref(args);
	return r;
}

void recorded_free(Recording *r)
{
	if (r == NULL)
		return;
	lttv_stats_node_free(r->tree);
	lttv_stats_free(r->s);
	lttv_trace_state_free(r->ts);
	g_free(r->trace);
	g_free(r->out);
	g_strfreev(r->lines);
	g_free(r);
}

char **recorded_output_next(const Recording *r, const char *key, guint *i)
{
	for (; r->lines[*i] != NULL; (*i)++) {
		char **words = g_strsplit(r->lines[*i], " ", -1);

		if (words[0] != NULL && strcmp(words[0], key) == 0) {
			char **values = g_strdupv(words + 1);

			(*i)++;
			g_strfreev(words);
			return values;
		}
		g_strfreev(words);
	}
	return NULL;
}

const LttvStatsNode *recorded_process_node(const Recording *r, gint32 pid, guint *i)
{
	for (; *i < r->tree->children->len; (*i)++) {
		const LttvStatsNode *p = g_ptr_array_index(r->tree->children, *i);

		if (p->pid == pid) {
			(*i)++;
			return p;
		}
	}
	return NULL;
}

const LttvStatsNode *recorded_submode(const LttvStatsNode *proc, LttvExecMode mode, const char *name)
{
	const LttvStatsNode *m = lttv_stats_node_find_mode(proc, mode);
	guint i;

	for (i = 0; m != NULL && i < m->children->len; i++) {
		const LttvStatsNode *sm = g_ptr_array_index(m->children, i);

		if (sm->name != NULL && strcmp(sm->name, name) == 0)
			return sm;
	}
	return NULL;
}

void recorded_foreach_event(const Recording *r, RecordedEventFunc fn, gpointer data)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(r->trace, &error);
	guint i;

	g_assert_no_error(error);
	for (i = 0; i < ltt_trace_tracefile_count(trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);
		gboolean first = TRUE;

		if (ltt_tracefile_seek_time(tf, 0, NULL) != LTT_READ_EVENT)
			continue;
		do {
			fn(ltt_tracefile_event(tf), first, data);
			first = FALSE;
		} while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT);
	}
	ltt_trace_unref(trace);
}

gint64 recorded_field_int(const LttEvent *e, const char *name)
{
	const LttField *f = ltt_event_type_field_by_name(ltt_event_type(e), name);

	return f != NULL ? ltt_event_get_int(e, f) : -1;
}

static gboolean in_set(GHashTable *pids, gint64 pid)
{
	return pid > 0 && g_hash_table_contains(pids, GINT_TO_POINTER((gint) pid));
}

/* What the runs of a set of tasks were, read from their CPUs' switches. */
typedef struct {
	guint64 switches;        /* how many times a CPU switched to it */
	guint64 preempted;       /* runs that ended in a preemption, whose time the kernel said */
	guint64 clock_skip_ns;   /* what those runs lasted beyond what the kernel charged them */
	guint64 charged_more_ns; /* what the kernel charged runs beyond what they lasted in the trace */
} Runs;

/* The kernel charges a run from the run queue's clock at the switch to
 * the task to the clock at the switch away from it, less steal; it says
 * so in sched_stat_runtime.  When a wakeup preempts the task, the clock
 * is not read again at the switch (the kernel's rq_clock_skip_update):
 * the time from the wakeup's reading to the switch goes to the next task.
 * Measured on the 2-vCPU VM: the runs that ended within 200 µs of a
 * wakeup to their CPU lasted 2.02 ms longer in the trace than the kernel
 * charged them (123 runs, 11 to 26 µs each, about twice the time from the
 * sched_wakeup to the switch), the 30 others 0.07 ms shorter in all. */
typedef struct {
	GHashTable *pids;
	Runs r;
	gboolean in;             /* the file's CPU runs one of the tasks */
	LttTime start;           /* since then */
	guint64 charged;         /* what the kernel charged it since then */
} RunsScan;

static void runs_scan(const LttEvent *e, gboolean first, gpointer data)
{
	RunsScan *sc = data;
	const char *name = ltt_event_type_name(ltt_event_type(e));

	if (first) {
		sc->in = FALSE;
		sc->start = 0;
		sc->charged = 0;
	}
	if (strcmp(name, "sched_stat_runtime") == 0 && in_set(sc->pids, recorded_field_int(e, "pid"))) {
		sc->charged += (guint64) recorded_field_int(e, "runtime");
	} else if (strcmp(name, "sched_switch") == 0) {
		gint64 prev_state = recorded_field_int(e, "prev_state");

		/* The kernel's clock read before the switch in, or late after it:
		 * it said so in sched_stat_runtime. */
		if (sc->in && in_set(sc->pids, recorded_field_int(e, "prev_pid")) && sc->charged > ltt_event_time(e) - sc->start)
			sc->r.charged_more_ns += sc->charged - (ltt_event_time(e) - sc->start);
		/* Preempted: state 0, or its preemption bit (format.md §4). */
		if (sc->in && in_set(sc->pids, recorded_field_int(e, "prev_pid")) && sc->charged > 0
		    && (prev_state == 0 || (prev_state & 0x100))) {
			sc->r.preempted++;
			if (ltt_event_time(e) - sc->start > sc->charged)
				sc->r.clock_skip_ns += ltt_event_time(e) - sc->start - sc->charged;
		}
		sc->in = in_set(sc->pids, recorded_field_int(e, "next_pid"));
		if (sc->in) {
			sc->r.switches++;
			sc->start = ltt_event_time(e);
			sc->charged = 0;
		}
	}
}

static Runs runs_of(const Recording *rec, GHashTable *pids)
{
	RunsScan sc = { .pids = pids };

	recorded_foreach_event(rec, runs_scan, &sc);
	return sc.r;
}

/* The task's CPU time within 0.5 % of what the kernel accounted, plus the
 * time the CPUs ran no task for the kernel's accounting meanwhile (what
 * the hypervisor stole: the trace's clock goes on while the kernel does
 * not charge it; under load it took 4 to 11 ms of a 200 ms task).  Each
 * switch to the task adds to the difference the time between the
 * kernel's accounting and the tracepoint (about a microsecond): on a
 * loaded machine the task is switched to thousands of times, so that much
 * is allowed on top.  A switch the tracer lost leaves the time from the
 * CPU's last event to the event that told undecided between two tasks
 * (up to milliseconds on a loaded machine): the statistics say how much
 * (uncertain_time), and that is allowed too.  A run the kernel charged
 * less because a wakeup preempted it (runs_of) may exceed by what the
 * kernel's own sched_stat_runtime says; and a run the kernel charged more
 * than it lasted between its switches (a clock read before the switch in,
 * a VM exit between the two) may fall short by what it says too. */
#define SWITCH_SKEW_NS 2000
void recorded_assert_cpu_time(const Recording *r, gint32 pid, guint64 cpu_ns)
{
	GHashTable *pids = g_hash_table_new(g_direct_hash, g_direct_equal);

	g_hash_table_add(pids, GINT_TO_POINTER(pid));
	recorded_assert_tasks_cpu_time(r, pids, cpu_ns);
	g_hash_table_unref(pids);
}

/* The trace's own sched_stat_runtime events of a set of tasks. */
typedef struct {
	GHashTable *pids;
	guint64 ns, events, largest;
} ChargeScan;

static void charge_scan(const LttEvent *e, gboolean first, gpointer data)
{
	ChargeScan *sc = data;

	if (strcmp(ltt_event_type_name(ltt_event_type(e)), "sched_stat_runtime") == 0
	    && in_set(sc->pids, recorded_field_int(e, "pid"))) {
		guint64 ns = (guint64) recorded_field_int(e, "runtime");

		sc->ns += ns;
		sc->events++;
		sc->largest = MAX(sc->largest, ns);
	}
}

/* What the kernel charged the tasks (sched_stat_runtime, the statistics'
 * charged_time): every charge of theirs in the trace, to the nanosecond,
 * and the kernel's figure itself within 0.5 % (a task reads its own figure
 * before it ends, and runs a little after: +0.000 % to +0.14 % measured).
 * The message says what the trace itself holds, so that a shortfall tells
 * the recording from the analysis. */
static void assert_charged(const Recording *r, GHashTable *pids, guint64 cpu_ns)
{
	ChargeScan sc = { .pids = pids };
	guint64 charged = 0;

	if (r->tree->charged_time == 0) {
		g_test_message("no sched_stat_runtime in this trace: the kernel's charges are not compared");
		return;
	}
	for (guint i = 0; i < r->tree->children->len; i++) {
		const LttvStatsNode *p = g_ptr_array_index(r->tree->children, i);

		if (in_set(pids, p->pid))
			charged += p->charged_time;
	}
	recorded_foreach_event(r, charge_scan, &sc);
	g_test_message("%u task(s): charged %" G_GUINT64_FORMAT " ns, kernel %" G_GUINT64_FORMAT " ns (%+.3f %%); "
	               "the trace's %" G_GUINT64_FORMAT " charges of them: %" G_GUINT64_FORMAT " ns, the largest %"
	               G_GUINT64_FORMAT " ns",
	               g_hash_table_size(pids), charged, cpu_ns, ((double) charged - (double) cpu_ns) / (double) cpu_ns * 100,
	               sc.events, sc.ns, sc.largest);
	g_assert_cmpuint(charged, ==, sc.ns);
	g_assert_cmpuint(charged, >=, cpu_ns - cpu_ns / 200);
	g_assert_cmpuint(charged, <=, cpu_ns + cpu_ns / 200);
}

void recorded_assert_tasks_cpu_time(const Recording *r, GHashTable *pids, guint64 cpu_ns)
{
	const LttvStatsNode *p;
	guint64 traced = 0, skew, uncertain = 0, interrupts = 0;
	guint i;
	Runs runs;

	assert_charged(r, pids, cpu_ns);

	if (!r->unrun_exact) {
		g_test_skip("debugfs's sched/debug cannot be read, or went back: the time the hypervisor stole is not known");
		return;
	}
	/* Whether the kernel charges a task the IRQs and soft IRQs it was
	 * interrupted by depends on its configuration (not with
	 * CONFIG_IRQ_TIME_ACCOUNTING), which the host does not show: the
	 * task's time is compared without them, and its interrupts' time may
	 * make up the difference from below. */
	for (i = 0; i < r->tree->children->len; i++) {
		const LttvStatsNode *irq, *softirq;

		p = g_ptr_array_index(r->tree->children, i);
		if (!in_set(pids, p->pid))
			continue;
		irq = lttv_stats_node_find_mode(p, LTTV_MODE_IRQ);
		softirq = lttv_stats_node_find_mode(p, LTTV_MODE_SOFTIRQ);
		interrupts += (irq != NULL ? irq->cpu_time : 0) + (softirq != NULL ? softirq->cpu_time : 0);
		traced += p->cpu_time - (irq != NULL ? irq->cpu_time : 0) - (softirq != NULL ? softirq->cpu_time : 0);
		uncertain += p->uncertain_time;
	}
	runs = runs_of(r, pids);
	skew = runs.switches * SWITCH_SKEW_NS;
	g_test_message("%u task(s): traced %" G_GUINT64_FORMAT " ns, kernel %" G_GUINT64_FORMAT " ns, %" G_GUINT64_FORMAT
	               " switches, switch skew %" G_GUINT64_FORMAT " ns, uncertain %" G_GUINT64_FORMAT " ns, IRQs left out %"
	               G_GUINT64_FORMAT " ns, not run %" G_GUINT64_FORMAT " ns, preemptions the kernel charged less %"
	               G_GUINT64_FORMAT " ns (%" G_GUINT64_FORMAT " runs), runs it charged more %" G_GUINT64_FORMAT " ns",
	               g_hash_table_size(pids), traced, cpu_ns, runs.switches, skew, uncertain, interrupts, r->unrun_ns,
	               runs.clock_skip_ns, runs.preempted, runs.charged_more_ns);
	g_assert_cmpuint(traced, >, 0);
	g_assert_cmpuint(traced + interrupts + cpu_ns / 200 + skew + uncertain + runs.charged_more_ns, >=, cpu_ns);
	g_assert_cmpuint(traced, <=, cpu_ns + cpu_ns / 200 + r->unrun_ns + skew + uncertain + runs.clock_skip_ns);
}

static void fork_scan(const LttEvent *e, gboolean first, gpointer forks)
{
	if (strcmp(ltt_event_type_name(ltt_event_type(e)), "sched_process_fork") == 0) {
		gint32 pair[2] = { (gint32) recorded_field_int(e, "parent_pid"), (gint32) recorded_field_int(e, "child_pid") };

		g_array_append_vals(forks, pair, 2);
	}
}

GHashTable *recorded_descendants(const Recording *r, gint32 root)
{
	GHashTable *tree = g_hash_table_new(g_direct_hash, g_direct_equal);
	GArray *forks = g_array_new(FALSE, FALSE, sizeof(gint32));
	gboolean grew = TRUE;
	guint i;

	recorded_foreach_event(r, fork_scan, forks);
	/* The CPUs' files are not in time order with each other: grow the set
	 * until no fork adds to it. */
	g_hash_table_add(tree, GINT_TO_POINTER(root));
	while (grew) {
		grew = FALSE;
		for (i = 0; i + 1 < forks->len; i += 2)
			if (g_hash_table_contains(tree, GINT_TO_POINTER(g_array_index(forks, gint32, i)))
			    && !g_hash_table_contains(tree, GINT_TO_POINTER(g_array_index(forks, gint32, i + 1)))) {
				g_hash_table_add(tree, GINT_TO_POINTER(g_array_index(forks, gint32, i + 1)));
				grew = TRUE;
			}
	}
	g_array_free(forks, TRUE);
	return tree;
}
