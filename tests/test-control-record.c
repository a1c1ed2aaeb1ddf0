/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-control-record: records a workload with known behaviour through
 * lttctl and lttd, then checks the trace against what is known in advance
 * and against the kernel's own accounting.  Needs root and tracefs; every
 * test says why it is skipped otherwise. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "ltt/ltt.h"

/* The workload: K children, each M getppid calls, T ms asleep, B ms busy. */
#define K 4
#define M 500
#define T_MS 40
#define B_MS 200

typedef struct {
	int pid;
	gint64 schedstat_ns;
	gint64 steal_ns;         /* stolen by the hypervisor during its life */
	gint64 run_delay_ns;     /* runnable but waiting for a CPU (schedstat) */
	/* From the trace: */
	guint forks, execs, getppid_calls, switches_out;
	/* The same, from trace-cmd's reading of a second instance. */
	guint tc_forks, tc_execs, tc_getppid_calls, tc_switches_out;
	char *exec_filename;
	guint64 runtime_ns;
	guint64 longest_sleep_ns;
	guint64 measured_sleep_ns;   /* the child's own CLOCK_MONOTONIC reading around its sleep */
	GArray *sleep_marks;     /* Mark: clock_nanosleep entries and exits */
} Child;

/* Entry or exit of a clock_nanosleep system call. */
typedef struct {
	LttTime t;
	gboolean exit;
} Mark;

static struct {
	char *skip;              /* why recording cannot be tested here */
	char *lttctl, *workload, *child_program;
	char *tmp, *trace_dir, *session, *instance_dir;
	int parent_pid;
	Child children[K];
	guint nchildren;
	struct {
		guint64 read, entries, overrun, dropped;
	} kernel[64];
	guint ncpus;
	gboolean instance_removed;
	gboolean steal_seen;     /* the hypervisor has stolen time since boot */
	gint64 offset_before;    /* CLOCK_REALTIME - CLOCK_MONOTONIC before the recording */
	char *tc_skip;           /* why trace-cmd's second opinion is missing */
	LttTrace *trace;
} rec;

static gboolean steal_since_boot(void)
{
	char *text = NULL;
	unsigned long long v[8] = { 0 };
	gboolean seen = FALSE;

	if (g_file_get_contents("/proc/stat", &text, NULL, NULL))
		seen = sscanf(text, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
		              &v[3], &v[4], &v[5], &v[6], &v[7]) == 8 && v[7] > 0;
	g_free(text);
	return seen;
}

static const char *tracefs_dir(void)
{
	const char *env = g_getenv("LTT_TRACEFS");
	return env && *env ? env : "/sys/kernel/tracing";
}

static gboolean run(char **argv, char **out, GError **error)
{
	int status;
	char *err = NULL;

	if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, &err, &status, error))
		return FALSE;
	if (!g_spawn_check_wait_status(status, error)) {
		g_prefix_error(error, "%s: %s: ", argv[0], err ? err : "");
		g_free(err);
		return FALSE;
	}
	g_free(err);
	return TRUE;
}

static guint64 stats_field(const char *text, const char *key)
{
	const char *p = strstr(text, key);
	return p ? g_ascii_strtoull(p + strlen(key), NULL, 10) : G_MAXUINT64;
}

static void read_kernel_counts(void)
{
	guint cpu;

	for (cpu = 0; cpu < G_N_ELEMENTS(rec.kernel); cpu++) {
		char *path = g_strdup_printf("%s/per_cpu/cpu%u/stats", rec.instance_dir, cpu);
		char *text;
		if (!g_file_get_contents(path, &text, NULL, NULL)) {
			g_free(path);
			break;
		}
		rec.kernel[cpu].entries = stats_field(text, "entries:");
		rec.kernel[cpu].overrun = stats_field(text, "\noverrun:");
		rec.kernel[cpu].dropped = stats_field(text, "dropped events:");
		rec.kernel[cpu].read = stats_field(text, "read events:");
		g_free(text);
		g_free(path);
	}
	rec.ncpus = cpu;
}

static void parse_workload_output(const char *out)
{
	char **lines = g_strsplit(out, "\n", -1);
	GHashTable *slept = g_hash_table_new(g_direct_hash, g_direct_equal);
	guint i;

	for (i = 0; lines[i]; i++) {
		int pid;
		long long ns, steal, delay;
		if (sscanf(lines[i], "slept %d %lld", &pid, &ns) == 2 && ns > 0)
			g_hash_table_insert(slept, GINT_TO_POINTER(pid), GSIZE_TO_POINTER((gsize) ns));
		else if (sscanf(lines[i], "parent %d", &pid) == 1)
			rec.parent_pid = pid;
		else if (sscanf(lines[i], "child %d %lld %lld %lld", &pid, &ns, &steal, &delay) == 4
		         && rec.nchildren < K) {
			rec.children[rec.nchildren].pid = pid;
			rec.children[rec.nchildren].schedstat_ns = ns;
			rec.children[rec.nchildren].steal_ns = steal;
			rec.children[rec.nchildren].run_delay_ns = delay;
			rec.children[rec.nchildren].measured_sleep_ns =
				GPOINTER_TO_SIZE(g_hash_table_lookup(slept, GINT_TO_POINTER(pid)));
			rec.children[rec.nchildren].sleep_marks = g_array_new(FALSE, FALSE, sizeof(Mark));
			rec.nchildren++;
		}
	}
	g_hash_table_destroy(slept);
	g_strfreev(lines);
}

static Child *child_of(gint64 pid)
{
	guint i;
	for (i = 0; i < rec.nchildren; i++)
		if (rec.children[i].pid == pid)
			return &rec.children[i];
	return NULL;
}

static gint64 field_int(const LttEvent *ev, const char *name)
{
	const LttField *f = ltt_event_type_field_by_name(ltt_event_type(ev), name);
	g_assert_nonnull(f);
	return ltt_event_get_int(ev, f);
}

static const char *field_string(const LttEvent *ev, const char *name)
{
	const LttField *f = ltt_event_type_field_by_name(ltt_event_type(ev), name);
	g_assert_nonnull(f);
	return ltt_event_get_string(ev, f);
}

static gint compare_mark(gconstpointer a, gconstpointer b)
{
	const Mark *x = a, *y = b;
	return x->t < y->t ? -1 : x->t > y->t;
}

/* Events that only the running task's own code emits: interrupts, softirqs
 * and wake-ups also come while the CPU idles. */
static gboolean task_context_event(const char *name)
{
	return g_str_has_prefix(name, "sys_") || strcmp(name, "page_fault_user") == 0
	       || strcmp(name, "sched_process_exec") == 0 || strcmp(name, "sched_process_fork") == 0;
}

/* Walks every kernel tracefile once and fills the per-child figures.
 * What happens between two sched_switch events of a CPU belongs to the task
 * the second one switches out (prev_pid).  That also holds when a switch
 * in is missing: on this VM the switch to a task invisible to ftrace (the
 * host's agent) is recorded and the switch back is not, and on one CPU no
 * switch out of the idle task is (also not in trace-cmd's instance).  The
 * run then starts at the first event of the task's own code after the
 * last switch: interrupts taken while idle must not count. */
static void analyse(void)
{
	guint i, c;

	for (i = 0; i < ltt_trace_tracefile_count(rec.trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(rec.trace, i);
		LttTime last_switch = 0, first_after = 0;
		gint64 last_next = -1;
		gboolean any_switch = FALSE, any_after = FALSE;
		guint pending_getppid = 0;
		GArray *pending_marks = g_array_new(FALSE, FALSE, sizeof(Mark));
		/* Hard and soft IRQ time is not charged to the interrupted task
		 * (CONFIG_IRQ_TIME_ACCOUNTING): take it out of the runs too. */
		guint64 pending_irq_ns = 0;
		LttTime irq_start = 0, softirq_start = 0;
		gboolean in_irq = FALSE, in_softirq = FALSE;
		GError *error = NULL;
		LttReadStatus st;

		if (strcmp(ltt_tracefile_channel(tf), "kernel") != 0)
			continue;
		ltt_tracefile_seek_begin(tf);
		while ((st = ltt_tracefile_next(tf, &error)) != LTT_READ_END) {
			const LttEvent *ev;
			const char *name;
			LttTime t;
			Child *ch;
			g_assert_no_error(error);
			g_assert_cmpint(st, ==, LTT_READ_EVENT);
			ev = ltt_tracefile_event(tf);
			name = ltt_event_name(ev);
			t = ltt_event_time(ev);
			if (strcmp(name, "sched_switch") == 0) {
				gint64 prev = field_int(ev, "prev_pid");
				if ((ch = child_of(prev)))
					ch->switches_out++;
				if (any_switch && (ch = child_of(prev))) {
					LttTime start = last_switch;
					if (last_next != prev && any_after)
						start = first_after;
					ch->runtime_ns += t - start - pending_irq_ns;
					ch->getppid_calls += pending_getppid;
					g_array_append_vals(ch->sleep_marks, pending_marks->data, pending_marks->len);
				}
				pending_getppid = 0;
				g_array_set_size(pending_marks, 0);
				pending_irq_ns = 0;
				last_switch = t;
				last_next = field_int(ev, "next_pid");
				any_switch = TRUE;
				any_after = FALSE;
				continue;
			}
			if (!any_after && task_context_event(name)) {
				first_after = t;
				any_after = TRUE;
			}
			if (strcmp(name, "sched_process_fork") == 0) {
				if (field_int(ev, "parent_pid") == rec.parent_pid
				    && (ch = child_of(field_int(ev, "child_pid"))))
					ch->forks++;
			} else if (strcmp(name, "sched_process_exec") == 0) {
				if ((ch = child_of(field_int(ev, "pid")))) {
					ch->execs++;
					g_free(ch->exec_filename);
					ch->exec_filename = g_strdup(field_string(ev, "filename"));
				}
			} else if (strcmp(name, "sys_enter") == 0 && field_int(ev, "id") == SYS_getppid) {
				pending_getppid++;
			} else if ((strcmp(name, "sys_enter") == 0 || strcmp(name, "sys_exit") == 0)
			           && field_int(ev, "id") == SYS_clock_nanosleep) {
				Mark mark = { t, name[4] == 'e' && name[5] == 'x' };
				g_array_append_val(pending_marks, mark);
			} else if (strcmp(name, "irq_handler_entry") == 0 && !in_irq) {
				irq_start = t;
				in_irq = TRUE;
			} else if (strcmp(name, "irq_handler_exit") == 0 && in_irq) {
				pending_irq_ns += t - irq_start;
				in_irq = FALSE;
			} else if (strcmp(name, "softirq_entry") == 0 && !in_softirq) {
				softirq_start = t;
				in_softirq = TRUE;
			} else if (strcmp(name, "softirq_exit") == 0 && in_softirq) {
				pending_irq_ns += t - softirq_start;
				in_softirq = FALSE;
			}
		}
		g_array_free(pending_marks, TRUE);
	}
	/* A sleep lasts from the entry of clock_nanosleep to its exit. */
	for (c = 0; c < rec.nchildren; c++) {
		Child *ch = &rec.children[c];
		const Mark *entry = NULL;
		g_array_sort(ch->sleep_marks, compare_mark);
		for (i = 0; i < ch->sleep_marks->len; i++) {
			const Mark *mk = &g_array_index(ch->sleep_marks, Mark, i);
			if (!mk->exit)
				entry = mk;
			else if (entry && mk->t - entry->t > ch->longest_sleep_ns)
				ch->longest_sleep_ns = mk->t - entry->t;
		}
	}
}

/* trace-cmd's view: a second instance with the same events records the
 * same kernel activity; `trace-cmd extract` reads it and `trace-cmd report`
 * prints one line per event, "INSTANCE: COMM-PID [CPU] TIME: EVENT: ...".
 * The report is cut into lines in place. */
static guint64 read_trace_cmd_report(char *report)
{
	char *line = report, *next;
	guint64 events = 0;

	for (; line && *line; line = next) {
		char *bracket, *dash, *colon, *event, *rest, *p;
		Child *ch;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		/* COMM-PID [CPU]: the pid ends at the space before '['. */
		bracket = strstr(line, " [");
		if (!bracket)
			continue;
		*bracket = '\0';
		dash = strrchr(line, '-');
		if (!dash)
			continue;
		ch = child_of(g_ascii_strtoll(dash + 1, NULL, 10));
		/* "] TIME: EVENT: FIELDS" */
		colon = strstr(bracket + 1, ": ");
		if (!colon)
			continue;
		event = colon + 2;
		while (*event == ' ')
			event++;
		rest = strchr(event, ':');
		if (!rest)
			continue;
		*rest++ = '\0';
		while (*rest == ' ')
			rest++;
		events++;
		if (strcmp(event, "sched_process_fork") == 0 && (p = strstr(rest, "child_pid="))
		    && (ch = child_of(g_ascii_strtoll(p + 10, NULL, 10))))
			ch->tc_forks++;
		else if (ch && strcmp(event, "sched_process_exec") == 0)
			ch->tc_execs++;
		else if (ch && strcmp(event, "sched_switch") == 0)
			ch->tc_switches_out++;
		else if (ch && strcmp(event, "sys_enter") == 0 && g_str_has_prefix(rest, "NR ")
		         && g_ascii_strtoll(rest + 3, NULL, 10) == SYS_getppid)
			ch->tc_getppid_calls++;
	}
	return events;
}

static gboolean write_file(const char *path, const char *text)
{
	return g_file_set_contents_full(path, text, -1, G_FILE_SET_CONTENTS_NONE, 0644, NULL);
}

static void trace_cmd_finish(const char *session, const char *instance_dir)
{
	char *on = g_build_filename(instance_dir, "tracing_on", NULL);
	char *dat = g_build_filename(rec.tmp, "trace-cmd.dat", NULL);
	char *instance = g_strconcat("ltt-", session, NULL);
	char *extract[] = { "trace-cmd", "extract", "-B", instance, "-o", dat, NULL };
	char *report_argv[] = { "trace-cmd", "report", "-i", dat, NULL };
	char *report = NULL;
	char *stats = NULL;
	guint64 entries = 0;
	guint cpu;

	write_file(on, "0");
	for (cpu = 0; !rec.tc_skip; cpu++) {
		char *path = g_strdup_printf("%s/per_cpu/cpu%u/stats", instance_dir, cpu);
		gboolean found = g_file_get_contents(path, &stats, NULL, NULL);
		g_free(path);
		if (!found)
			break;
		if (stats_field(stats, "\noverrun:") || stats_field(stats, "dropped events:"))
			rec.tc_skip = g_strdup("trace-cmd's instance lost events (buffer too small)");
		entries += stats_field(stats, "entries:");
		g_free(stats);
	}
	if (!rec.tc_skip) {
		GError *error = NULL;
		if (!g_spawn_sync(rec.tmp, extract, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL
		                  | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, NULL, &error)
		    || !g_spawn_sync(rec.tmp, report_argv, NULL, G_SPAWN_SEARCH_PATH
		                     | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &report, NULL, NULL, &error)) {
			rec.tc_skip = g_strdup_printf("trace-cmd failed: %s", error->message);
			g_error_free(error);
		} else {
			/* Then only trace-cmd's own reading can be short: said, not failed. */
			guint64 read = read_trace_cmd_report(report);
			if (read < entries)
				rec.tc_skip = g_strdup_printf("trace-cmd report gave %" G_GUINT64_FORMAT " of the %"
				                              G_GUINT64_FORMAT " events its instance held",
				                              read, entries);
		}
	}
	g_free(report);
	g_free(instance);
	g_free(dat);
	g_free(on);
}

static gint64 realtime_offset(guint64 *mono_ns);

static void record_workload(void)
{
	char *k = g_strdup_printf("%d", K), *m = g_strdup_printf("%d", M);
	char *t = g_strdup_printf("%d", T_MS), *b = g_strdup_printf("%d", B_MS);
	/* The recording is system-wide: while other jobs fork and exec (a
	 * parallel make check), 4 MiB per CPU can overflow before lttd drains
	 * it, and a lost switch makes the CPU times wrong.  64 MiB absorbs
	 * that; no-lost-events (checked first) says when it did not. */
	char *create[] = { rec.lttctl, "create", rec.session, "-o", rec.trace_dir, "-s", "65536", NULL };
	char *start[] = { rec.lttctl, "start", rec.session, NULL };
	char *stop[] = { rec.lttctl, "stop", rec.session, NULL };
	char *destroy[] = { rec.lttctl, "destroy", rec.session, NULL };
	char *workload[] = { rec.workload, rec.child_program, k, m, t, b, NULL };
	char *out = NULL;
	char *tc_session = g_strdup_printf("test-tc-%d", (int) getpid());
	char *tc_dir = g_build_filename(rec.tmp, "unused", NULL);
	char *tc_instance = g_strdup_printf("%s/instances/ltt-%s", tracefs_dir(), tc_session);
	/* Nothing drains this instance while the workload runs: the whole
	 * recording must fit, as in lttd's (and the check says when not). */
	char *tc_create[] = { rec.lttctl, "create", tc_session, "-o", tc_dir, "-s", "65536", NULL };
	char *tc_destroy[] = { rec.lttctl, "destroy", tc_session, NULL };
	char *tc_on = g_build_filename(tc_instance, "tracing_on", NULL);
	char *tc_path = g_find_program_in_path("trace-cmd");
	gboolean tc = FALSE;
	GError *error = NULL;

	if (!tc_path)
		rec.tc_skip = g_strdup("trace-cmd is not installed");
	else if (!(tc = run(tc_create, NULL, NULL) && write_file(tc_on, "1")))
		rec.tc_skip = g_strdup("cannot set up a second instance for trace-cmd");
	g_assert_true(run(create, NULL, &error));
	g_assert_no_error(error);
	rec.offset_before = realtime_offset(NULL);
	if (run(start, NULL, &error) && run(workload, &out, &error)) {
		run(stop, NULL, &error);
		read_kernel_counts();
	}
	parse_workload_output(out);
	if (tc)
		trace_cmd_finish(tc_session, tc_instance);
	/* Destroy whatever happened, so that no instance is left behind. */
	if (tc_path)
		run(tc_destroy, NULL, NULL);
	run(destroy, NULL, error ? NULL : &error);
	g_assert_no_error(error);
	g_free(tc_path);
	g_free(tc_on);
	g_free(tc_session);
	g_free(tc_dir);
	g_free(tc_instance);
	rec.instance_removed = !g_file_test(rec.instance_dir, G_FILE_TEST_EXISTS);
	rec.steal_seen = steal_since_boot();
	g_free(out);
	rec.trace = ltt_trace_open(rec.trace_dir, &error);
	g_assert_no_error(error);
	analyse();
	g_free(k);
	g_free(m);
	g_free(t);
	g_free(b);
}

static gboolean skipped(void)
{
	if (rec.skip) {
		g_test_skip(rec.skip);
		return TRUE;
	}
	if (!rec.trace)
		record_workload();
	return FALSE;
}

static void test_instance_removed(void)
{
	if (skipped())
		return;
	g_assert_true(rec.instance_removed);
}

static void test_forks(void)
{
	guint i, total = 0;

	if (skipped())
		return;
	g_assert_cmpuint(rec.nchildren, ==, K);
	for (i = 0; i < rec.nchildren; i++) {
		g_assert_cmpuint(rec.children[i].forks, ==, 1);
		total += rec.children[i].forks;
	}
	g_assert_cmpuint(total, ==, K);
}

static void test_exec(void)
{
	guint i;

	if (skipped())
		return;
	for (i = 0; i < rec.nchildren; i++) {
		g_assert_cmpuint(rec.children[i].execs, ==, 1);
		g_assert_cmpstr(rec.children[i].exec_filename, ==, rec.child_program);
	}
}

static void test_syscalls(void)
{
	guint i;

	if (skipped())
		return;
	for (i = 0; i < rec.nchildren; i++)
		g_assert_cmpuint(rec.children[i].getppid_calls, >=, M);
}

static void test_sleep(void)
{
	guint i;

	if (skipped())
		return;
	for (i = 0; i < rec.nchildren; i++) {
		/* At least what was asked, and within what the child itself
		 * measured around the call: wake-up latency on a loaded machine
		 * lengthens both alike. */
		g_assert_cmpuint(rec.children[i].longest_sleep_ns, >=, T_MS * G_GUINT64_CONSTANT(1000000));
		g_assert_cmpuint(rec.children[i].measured_sleep_ns, >, 0);
		g_assert_cmpuint(rec.children[i].longest_sleep_ns, <=, rec.children[i].measured_sleep_ns);
	}
}

/* The kernel charges a task its running time minus the time the
 * hypervisor stole from its CPU, which a trace cannot see.  On a machine
 * where steal is ever reported (a VM), the trace may therefore exceed the
 * kernel's figure by the steal counted during the child's life plus one
 * tick of that counter's granularity; it may never fall short by more than
 * 2 %.  On bare metal the check is a plain 2 %. */
static void test_cpu_time(void)
{
	long tick_ns = 1000000000L / sysconf(_SC_CLK_TCK);
	guint i;

	if (skipped())
		return;
	g_assert_cmpuint(rec.nchildren, ==, K);
	for (i = 0; i < rec.nchildren; i++) {
		const Child *ch = &rec.children[i];
		double kernel = (double) ch->schedstat_ns;
		double traced = (double) ch->runtime_ns;
		double steal = rec.steal_seen ? (double) (ch->steal_ns + tick_ns) : 0.0;
		/* A run whose start the trace does not show (a switch from a task
		 * ftrace does not see, analyse()) is taken from the first event
		 * after the switch: on a busy machine that can charge the child
		 * some of the time it waited for a CPU, and no more. */
		double waited = (double) ch->run_delay_ns;
		if (g_test_verbose())
			g_printerr("child %d: kernel %.3f ms, trace %.3f ms (%+.2f %%), steal %.0f ms, "
			           "waited %.3f ms\n", ch->pid, kernel / 1e6, traced / 1e6,
			           (traced - kernel) / kernel * 100, ch->steal_ns / 1e6, waited / 1e6);
		g_assert_cmpfloat(kernel, >=, B_MS * 1e6);
		g_assert_cmpfloat(traced, >=, kernel * 0.98);
		g_assert_cmpfloat(traced, <=, kernel * 1.02 + steal + waited);
	}
}

static void test_no_lost(void)
{
	guint i;

	if (skipped())
		return;
	for (i = 0; i < ltt_trace_tracefile_count(rec.trace); i++)
		g_assert_cmpuint(ltt_tracefile_lost_events(ltt_trace_tracefile(rec.trace, i)), ==, 0);
	for (i = 0; i < rec.ncpus; i++) {
		g_assert_cmpuint(rec.kernel[i].overrun, ==, 0);
		g_assert_cmpuint(rec.kernel[i].dropped, ==, 0);
	}
}

/* Events in each kernel_N file (the state dump aside) equal the events the
 * kernel says were read from CPU N's buffer, with none left in it. */
static void test_counts_match_kernel(void)
{
	guint cpu;

	if (skipped())
		return;
	g_assert_cmpuint(rec.ncpus, >, 0);
	for (cpu = 0; cpu < rec.ncpus; cpu++) {
		LttTracefile *tf = ltt_trace_tracefile_find(rec.trace, "kernel", cpu);
		guint64 n = 0, dump = 0, headers;
		GError *error = NULL;

		g_assert_nonnull(tf);
		headers = ltt_tracefile_event_count(tf);
		ltt_tracefile_seek_begin(tf);
		while (ltt_tracefile_next(tf, &error) == LTT_READ_EVENT) {
			n++;
			if (g_str_has_prefix(ltt_event_name(ltt_tracefile_event(tf)), "ltt_statedump_"))
				dump++;
		}
		g_assert_no_error(error);
		g_assert_cmpuint(n, ==, headers);
		g_assert_cmpuint(rec.kernel[cpu].entries, ==, 0);
		g_assert_cmpuint(n - dump, ==, rec.kernel[cpu].read);
		if (g_test_verbose())
			g_printerr("cpu %u: %" G_GUINT64_FORMAT " events, kernel read %" G_GUINT64_FORMAT
			           "\n", cpu, n - dump, rec.kernel[cpu].read);
	}
}

static void test_statedump(void)
{
	LttTracefile *tf;
	GError *error = NULL;
	gboolean init_seen = FALSE, getppid_named = FALSE, end_seen = FALSE;

	if (skipped())
		return;
	tf = ltt_trace_tracefile_find(rec.trace, "kernel", 0);
	g_assert_nonnull(tf);
	ltt_tracefile_seek_begin(tf);
	while (!end_seen && ltt_tracefile_next(tf, &error) == LTT_READ_EVENT) {
		const LttEvent *ev = ltt_tracefile_event(tf);
		const char *name = ltt_event_name(ev);
		if (strcmp(name, "ltt_statedump_process") == 0 && field_int(ev, "pid") == 1)
			init_seen = field_int(ev, "ppid") == 0 && field_int(ev, "tgid") == 1;
		else if (strcmp(name, "ltt_statedump_syscall") == 0 && field_int(ev, "id") == SYS_getppid)
			getppid_named = strcmp(field_string(ev, "name"), "getppid") == 0;
		else if (strcmp(name, "ltt_statedump_end") == 0)
			end_seen = TRUE;
	}
	g_assert_no_error(error);
	g_assert_true(init_seen);
	g_assert_true(getppid_named);
	g_assert_true(end_seen);
}

/* CLOCK_REALTIME - CLOCK_MONOTONIC now, in ns; *mono_ns: the monotonic time. */
static gint64 realtime_offset(guint64 *mono_ns)
{
	struct timespec mono, real;

	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	if (mono_ns != NULL)
		*mono_ns = mono.tv_sec * LTT_NSEC_PER_SEC + mono.tv_nsec;
	return (gint64) (real.tv_sec - mono.tv_sec) * (gint64) LTT_NSEC_PER_SEC + (real.tv_nsec - mono.tv_nsec);
}

/* Trace times are CLOCK_MONOTONIC and clock.offset turns them into
 * wall-clock time: the offset lttd wrote is the system's, within 10 ms of
 * what it was before or after the recording (the system clock may be
 * adjusted meanwhile: in one CI run it moved 27.5 ms). */
static void test_clock(void)
{
	const LttTraceInfo *info;
	guint64 now_mono;
	gint64 after, low, high;

	if (skipped())
		return;
	after = realtime_offset(&now_mono);
	low = MIN(rec.offset_before, after) - (gint64) (LTT_NSEC_PER_SEC / 100);
	high = MAX(rec.offset_before, after) + (gint64) (LTT_NSEC_PER_SEC / 100);
	info = ltt_trace_info(rec.trace);
	g_assert_cmpstr(info->clock_name, ==, "monotonic");
	g_assert_cmpuint(ltt_trace_end_time(rec.trace), <=, now_mono);
	g_assert_cmpuint(ltt_trace_start_time(rec.trace), >=, now_mono - 60 * LTT_NSEC_PER_SEC);
	g_test_message("offset %" G_GINT64_FORMAT " ns, the system's %" G_GINT64_FORMAT " before, %" G_GINT64_FORMAT
	               " after", (gint64) info->clock_offset, rec.offset_before, after);
	g_assert_cmpint((gint64) info->clock_offset, >=, low);
	g_assert_cmpint((gint64) info->clock_offset, <=, high);
}

/* A second reader of the same kernel activity (trace-cmd on another
 * instance) counts exactly the same events of the workload. */
static void test_trace_cmd_agrees(void)
{
	guint i;

	if (skipped())
		return;
	if (rec.tc_skip) {
		g_test_skip(rec.tc_skip);
		return;
	}
	for (i = 0; i < rec.nchildren; i++) {
		const Child *ch = &rec.children[i];
		if (g_test_verbose())
			g_printerr("child %d: forks %u/%u execs %u/%u getppid %u/%u switches %u/%u "
			           "(lttd/trace-cmd)\n", ch->pid, ch->forks, ch->tc_forks, ch->execs,
			           ch->tc_execs, ch->getppid_calls, ch->tc_getppid_calls, ch->switches_out,
			           ch->tc_switches_out);
		g_assert_cmpuint(ch->forks, ==, ch->tc_forks);
		g_assert_cmpuint(ch->execs, ==, ch->tc_execs);
		g_assert_cmpuint(ch->getppid_calls, ==, ch->tc_getppid_calls);
		g_assert_cmpuint(ch->switches_out, ==, ch->tc_switches_out);
	}
}

/* Reads every event of the trace; returns how many, and in *damaged how
 * many reads met damage. */
static guint64 count_readable(LttTrace *trace, guint *damaged)
{
	guint64 n = 0;
	guint i;
	LttReadStatus st;

	*damaged = 0;
	for (i = 0; i < ltt_trace_tracefile_count(trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);
		GError *error = NULL;
		ltt_tracefile_seek_begin(tf);
		while ((st = ltt_tracefile_next(tf, &error)) != LTT_READ_END) {
			if (st == LTT_READ_EVENT) {
				n++;
			} else {
				(*damaged)++;
				g_clear_error(&error);
			}
		}
	}
	return n;
}

static gboolean gone(pid_t pid)
{
	char *path = g_strdup_printf("/proc/%d/cmdline", (int) pid);
	char *text = NULL;
	gsize len = 0;
	gboolean dead = !g_file_get_contents(path, &text, &len, NULL) || len == 0;
	g_free(text);
	g_free(path);
	return dead;
}

/* A recording that loses events: a 16 KiB buffer per CPU and a burst of
 * system calls that fills it faster than lttd drains.  Per CPU, the trace
 * holds what the kernel says was read and counts as lost exactly what the
 * kernel says it refused or overwrote, and the analysis reads the trace
 * to its end, reporting the loss (doc/recording.md, "Lost events"). */
static void test_lossy(void)
{
	char *session = g_strdup_printf("test-lossy-%d", (int) getpid());
	char *dir = g_build_filename(rec.tmp, "lossy", NULL);
	char *instance = g_strdup_printf("%s/instances/ltt-%s", tracefs_dir(), session);
	char *create[] = { rec.lttctl, "create", session, "-o", dir, "-s", "16", NULL };
	char *start[] = { rec.lttctl, "start", session, NULL };
	char *stop[] = { rec.lttctl, "stop", session, NULL };
	char *destroy[] = { rec.lttctl, "destroy", session, NULL };
	char *burst[] = { rec.child_program, "300000", "0", "0", NULL };
	char *lttv = g_build_filename(TOP_BUILDDIR, "lttv", "lttv", "lttv", NULL);
	char *analyse[] = { lttv, "-m", "textDump", "-s", "--no-events", "-t", dir, NULL };
	guint64 read[64], refused[64], lost_all = 0;
	char *out = NULL, *err = NULL;
	GError *error = NULL;
	LttTrace *trace;
	guint cpu, ncpus = 0;
	int status;
	gboolean ran;

	if (skipped())
		goto out;
	g_assert_true(run(create, NULL, &error));
	ran = run(start, NULL, &error) && run(burst, NULL, &error) && run(stop, NULL, &error);
	for (cpu = 0; ran && cpu < G_N_ELEMENTS(read); cpu++) {
		char *path = g_strdup_printf("%s/per_cpu/cpu%u/stats", instance, cpu);
		char *text;

		if (!g_file_get_contents(path, &text, NULL, NULL)) {
			g_free(path);
			break;
		}
		g_assert_cmpuint(stats_field(text, "entries:"), ==, 0);
		read[cpu] = stats_field(text, "read events:");
		refused[cpu] = stats_field(text, "\noverrun:") + stats_field(text, "dropped events:");
		g_free(text);
		g_free(path);
		ncpus++;
	}
	run(destroy, NULL, ran ? &error : NULL);
	g_assert_no_error(error);
	g_assert_cmpuint(ncpus, >, 0);

	trace = ltt_trace_open(dir, &error);
	g_assert_no_error(error);
	for (cpu = 0; cpu < ncpus; cpu++) {
		LttTracefile *tf = ltt_trace_tracefile_find(trace, "kernel", cpu);
		guint64 n = 0, dump = 0, lost;

		g_assert_nonnull(tf);
		ltt_tracefile_seek_begin(tf);
		while (ltt_tracefile_next(tf, &error) == LTT_READ_EVENT)
			if (g_str_has_prefix(ltt_event_name(ltt_tracefile_event(tf)), "ltt_statedump_"))
				dump++;
			else
				n++;
		g_assert_no_error(error);
		lost = ltt_tracefile_lost_events(tf);
		g_test_message("cpu %u: %" G_GUINT64_FORMAT " events, %" G_GUINT64_FORMAT " lost; kernel: read %"
		               G_GUINT64_FORMAT ", refused or overwritten %" G_GUINT64_FORMAT, cpu, n, lost, read[cpu],
		               refused[cpu]);
		g_assert_cmpuint(n, ==, read[cpu]);
		g_assert_cmpuint(lost, ==, refused[cpu]);
		lost_all += lost;
	}
	ltt_trace_unref(trace);
	if (lost_all == 0) {
		g_test_skip("lttd kept up with a 16 KiB buffer: nothing was lost, the case did not happen");
		goto out;
	}
	/* The statistics read it all and say where events were lost. */
	g_assert_true(g_spawn_sync(NULL, analyse, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
	g_assert_no_error(error);
	g_assert_true(g_spawn_check_wait_status(status, NULL));
	g_assert_nonnull(strstr(out, "trace lossy events="));
	g_assert_nonnull(strstr(err, "events lost while recording"));
out:
	g_free(out);
	g_free(err);
	g_free(lttv);
	g_free(instance);
	g_free(dir);
	g_free(session);
}

/* SIGINT to lttd ends the recording cleanly: the summary it writes last is
 * in the metadata, and the trace reads without damage.  The session is
 * destroyed before anything is asserted, so that a failure leaves no
 * instance behind. */
static void test_sigint(void)
{
	char *session, *dir, *state;
	GKeyFile *kf = g_key_file_new();
	GError *error = NULL;
	LttTrace *trace;
	pid_t pid = 0;
	gboolean started, ended = FALSE, destroyed;
	guint damaged;
	int waited;

	if (rec.skip) {
		g_test_skip(rec.skip);
		g_key_file_free(kf);
		return;
	}
	session = g_strdup_printf("test-sigint-%d", (int) getpid());
	dir = g_build_filename(rec.tmp, "sigint", NULL);
	state = g_strdup_printf("%s/%s.session", g_getenv("LTTCTL_STATE_DIR"), session);
	{
		char *create[] = { rec.lttctl, "create", session, "-o", dir, NULL };
		char *start[] = { rec.lttctl, "start", session, NULL };
		char *destroy[] = { rec.lttctl, "destroy", session, NULL };
		started = run(create, NULL, NULL) && run(start, NULL, NULL)
		          && g_key_file_load_from_file(kf, state, G_KEY_FILE_NONE, NULL)
		          && (pid = g_key_file_get_integer(kf, "session", "lttd_pid", NULL)) > 0
		          && kill(pid, SIGINT) == 0;
		for (waited = 0; started && !(ended = gone(pid)) && waited < 3000; waited++)
			g_usleep(10000);
		destroyed = run(destroy, NULL, NULL);
	}
	g_assert_true(started);
	g_assert_true(ended);
	g_assert_true(destroyed);
	trace = ltt_trace_open(dir, &error);
	g_assert_no_error(error);
	g_assert_nonnull(ltt_trace_property(trace, "lttd.cpu_time_ns"));
	g_assert_cmpuint(count_readable(trace, &damaged), >, 0);
	g_assert_cmpuint(damaged, ==, 0);
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 0);
	ltt_trace_unref(trace);
	g_key_file_free(kf);
	g_free(state);
	g_free(dir);
	g_free(session);
}

/* Tests run in parallel, so only this lttctl's own instance (named after
 * its pid, see lttctl.c) tells whether it cleaned up. */
static gboolean record_instance_exists(GPid lttctl)
{
	char *path = g_strdup_printf("%s/instances/ltt-record-%d", tracefs_dir(), (int) lttctl);
	gboolean exists = g_file_test(path, G_FILE_TEST_EXISTS);

	g_free(path);
	return exists;
}

/* g_spawn_sync without the pid; this keeps it, and collects standard error. */
static gboolean spawn_and_wait(char **argv, GPid *pid, char **err, int *status, GError **error)
{
	int err_fd;
	GString *text = g_string_new(NULL);
	char buf[4096];
	ssize_t got;

	if (!g_spawn_async_with_pipes(NULL, argv, NULL,
	                              G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
	                              NULL, pid, NULL, NULL, &err_fd, error)) {
		g_string_free(text, TRUE);
		return FALSE;
	}
	while ((got = read(err_fd, buf, sizeof buf)) > 0 || (got < 0 && errno == EINTR))
		if (got > 0)
			g_string_append_len(text, buf, got);
	close(err_fd);
	while (waitpid(*pid, status, 0) < 0 && errno == EINTR)
		;
	g_spawn_close_pid(*pid);
	*err = g_string_free(text, FALSE);
	return TRUE;
}

/* A full disk stops lttd with an error; what it wrote before stays
 * readable and no instance is left behind. */
static void test_full_disk(void)
{
	char *mnt, *dir, *err = NULL, *calls;
	GError *error = NULL;
	LttTrace *trace;
	guint64 readable = 0;
	guint damaged = 0;
	gboolean spawned, opened;
	int status = 0;
	GPid lttctl = 0;

	if (rec.skip) {
		g_test_skip(rec.skip);
		return;
	}
	mnt = g_build_filename(rec.tmp, "small", NULL);
	g_assert_cmpint(g_mkdir(mnt, 0700), ==, 0);
	if (mount("tmpfs", mnt, "tmpfs", 0, "size=256k") < 0) {
		char *reason = g_strdup_printf("cannot mount a small tmpfs: %s", g_strerror(errno));
		g_test_skip(reason);
		g_free(reason);
		g_free(mnt);
		return;
	}
	dir = g_build_filename(mnt, "trace", NULL);
	calls = g_strdup_printf("%d", 20000);
	{
		char *record[] = { rec.lttctl, "record", "-o", dir, "--", rec.workload,
		                   rec.child_program, "1", calls, "0", "0", NULL };
		spawned = spawn_and_wait(record, &lttctl, &err, &status, &error);
	}
	trace = ltt_trace_open(dir, &error);
	opened = trace != NULL;
	if (trace) {
		readable = count_readable(trace, &damaged);
		ltt_trace_unref(trace);
	}
	umount2(mnt, MNT_DETACH);
	g_assert_true(spawned);
	g_assert_true(opened);
	g_assert_no_error(error);
	/* lttctl record returns the command's status; lttd's error is shown. */
	g_assert_true(g_spawn_check_wait_status(status, NULL));
	g_assert_nonnull(strstr(err, "No space left on device"));
	g_assert_cmpuint(readable, >, 0);
	g_assert_cmpuint(damaged, ==, 0);
	g_assert_false(record_instance_exists(lttctl));
	g_free(calls);
	g_free(err);
	g_free(dir);
	g_free(mnt);
}

static char *find_reason_to_skip(void)
{
	char *instances = g_build_filename(tracefs_dir(), "instances", NULL);
	gboolean have = g_file_test(instances, G_FILE_TEST_IS_DIR);

	g_free(instances);
	if (geteuid() != 0)
		return g_strdup("recording needs root");
	if (!have)
		return g_strdup_printf("no tracefs at %s", tracefs_dir());
	if (!g_file_test(rec.lttctl, G_FILE_TEST_IS_EXECUTABLE))
		return g_strdup_printf("%s not built", rec.lttctl);
	return NULL;
}

int main(int argc, char **argv)
{
	int status;
	char *rm[4], *state_dir;

	g_test_init(&argc, &argv, NULL);
	rec.lttctl = g_build_filename(TOP_BUILDDIR, "ltt-control", "lttctl", NULL);
	rec.workload = g_build_filename(TESTS_BUILDDIR, "workload", "ltt-workload", NULL);
	rec.child_program = g_build_filename(TESTS_BUILDDIR, "workload", "ltt-workload-child", NULL);
	rec.skip = find_reason_to_skip();
	rec.tmp = g_dir_make_tmp("test-control-XXXXXX", NULL);
	rec.trace_dir = g_build_filename(rec.tmp, "trace", NULL);
	rec.session = g_strdup_printf("test-control-%d", (int) getpid());
	rec.instance_dir = g_strdup_printf("%s/instances/ltt-%s", tracefs_dir(), rec.session);
	/* Our sessions' files stay in our temporary directory. */
	state_dir = g_build_filename(rec.tmp, "state", NULL);
	g_setenv("LTTCTL_STATE_DIR", state_dir, TRUE);

	g_test_add_func("/control/record/instance-removed", test_instance_removed);
	/* First: every exactness check below assumes nothing was lost. */
	g_test_add_func("/control/record/no-lost-events", test_no_lost);
	g_test_add_func("/control/record/forks", test_forks);
	g_test_add_func("/control/record/exec-names", test_exec);
	g_test_add_func("/control/record/syscalls", test_syscalls);
	g_test_add_func("/control/record/sleep", test_sleep);
	g_test_add_func("/control/record/cpu-time", test_cpu_time);
	g_test_add_func("/control/record/counts-match-kernel", test_counts_match_kernel);
	g_test_add_func("/control/record/statedump", test_statedump);
	g_test_add_func("/control/record/clock", test_clock);
	g_test_add_func("/control/record/trace-cmd-agrees", test_trace_cmd_agrees);
	g_test_add_func("/control/record/lossy", test_lossy);
	g_test_add_func("/control/lttd/sigint", test_sigint);
	g_test_add_func("/control/lttd/full-disk", test_full_disk);
	status = g_test_run();

	if (rec.trace)
		ltt_trace_unref(rec.trace);
	rm[0] = "rm";
	rm[1] = "-rf";
	rm[2] = rec.tmp;
	rm[3] = NULL;
	g_spawn_sync(NULL, rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
	for (guint i = 0; i < rec.nchildren; i++) {
		g_free(rec.children[i].exec_filename);
		g_array_free(rec.children[i].sleep_marks, TRUE);
	}
	g_free(rec.skip);
	g_free(rec.tc_skip);
	g_free(rec.lttctl);
	g_free(rec.workload);
	g_free(rec.child_program);
	g_free(rec.tmp);
	g_free(rec.trace_dir);
	g_free(rec.session);
	g_free(rec.instance_dir);
	g_free(state_dir);
	return status;
}
