/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-filter.c: nanoseconds per event spent in lttv_filter_eval.
 *
 *   bench-filter [TRACE_DIR] [EXPRESSION...]
 *
 * Reads every event of the trace without a filter and with each expression;
 * the difference, divided by the event count, is the filter's own cost.
 * Plain and filtered passes alternate, ROUNDS times each, and the fastest
 * of each kind counts: the machine is shared, so the minimum is the figure
 * least disturbed by others.
 * Events are delivered in time order across tracefiles, as a traceset
 * context would.  Without TRACE_DIR, a trace is made with ltt-synth from the
 * build tree (2 CPUs, 50 processes, 2000000 events, seed 1) and removed
 * afterwards.  state.* fields come from a provider that looks the process
 * up in a per-CPU table which both kinds of passes keep from sched_switch
 * events, the way a state tracker would. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <glib.h>
#include <ltt/ltt.h>
#include <lttv/filter.h>
#include "test-ltt-util.h"

#define ROUNDS 9

static const char *const default_expressions[] = {
	"event.name = sched_switch & event.cpu = 1 | state.pid > 100",
	"event.name = sched_*",
	"event.field.next_pid > 100 & event.name = sched_switch",
	"state.process_name = \"bash*\" | event.time < 0.5",
};

#define MAX_CPUS 256

typedef struct {
	gint64 pid;
	char name[16];
} CpuProcess;

typedef struct {
	LttTrace *trace;
	LttvFilter *filter;     /* NULL: plain iteration */
	guint64 events, passed;
	const LttEventType *sched_switch;
	const LttField *next_pid, *next_comm;
	CpuProcess cpus[MAX_CPUS];
} Pass;

/* The state tracker's part that the provider needs: who runs where. */
static void
track(Pass *pass, const LttEvent *ev)
{
	CpuProcess *cpu;
	const char *name;

	if (ltt_event_type(ev) != pass->sched_switch)
		return;
	cpu = &pass->cpus[ltt_event_cpu(ev) % MAX_CPUS];
	cpu->pid = ltt_event_get_int(ev, pass->next_pid);
	name = ltt_event_get_string(ev, pass->next_comm);
	g_strlcpy(cpu->name, name != NULL ? name : "", sizeof cpu->name);
}

static gboolean
provide(gpointer data, const LttEvent *ev, LttvFilterProcess *out)
{
	const Pass *pass = data;
	guint cpu = ltt_event_cpu(ev);
	const CpuProcess *p = &pass->cpus[cpu % MAX_CPUS];

	out->pid = out->tgid = p->pid;
	out->ppid = 1;
	out->cpu = cpu;
	out->process_name = p->name;
	out->execution_mode = "USER_MODE";
	out->execution_submode = "NONE";
	out->process_status = "RUN";
	out->creation_time = 0;
	return TRUE;
}

static void
pass_init(Pass *pass, LttTrace *trace)
{
	memset(pass, 0, sizeof *pass);
	pass->trace = trace;
	pass->sched_switch = ltt_trace_event_type_by_name(trace, "kernel", "sched_switch");
	if (pass->sched_switch != NULL) {
		pass->next_pid = ltt_event_type_field_by_name(pass->sched_switch, "next_pid");
		pass->next_comm = ltt_event_type_field_by_name(pass->sched_switch, "next_comm");
		if (pass->next_pid == NULL || pass->next_comm == NULL)
			pass->sched_switch = NULL;
	}
}

/* Makes the next event of tf current; FALSE on damage (error set). */
static gboolean
advance(LttTracefile **live, guint *n_live, guint j, GError **error)
{
	switch (ltt_tracefile_next(live[j], error)) {
	case LTT_READ_EVENT:
		return TRUE;
	case LTT_READ_END:
		live[j] = live[--*n_live];
		return TRUE;
	default:
		return FALSE;
	}
}

static gboolean
run_pass(Pass *pass, GError **error)
{
	guint n = ltt_trace_tracefile_count(pass->trace), n_live = 0, i;
	LttTracefile **live = g_new(LttTracefile *, n);
	gboolean ok = TRUE;

	pass->events = pass->passed = 0;
	memset(pass->cpus, 0, sizeof pass->cpus);
	for (i = 0; i < n && ok; i++) {
		live[n_live] = ltt_trace_tracefile(pass->trace, i);
		ltt_tracefile_seek_begin(live[n_live]);
		n_live++;
		ok = advance(live, &n_live, n_live - 1, error);
	}
	while (ok && n_live > 0) {
		guint j = 0;
		const LttEvent *ev;

		for (i = 1; i < n_live; i++)
			if (ltt_event_time(ltt_tracefile_event(live[i]))
			    < ltt_event_time(ltt_tracefile_event(live[j])))
				j = i;
		ev = ltt_tracefile_event(live[j]);
		track(pass, ev);
		pass->events++;
		if (pass->filter != NULL && lttv_filter_eval(pass->filter, ev, provide, pass))
			pass->passed++;
		ok = advance(live, &n_live, j, error);
	}
	g_free(live);
	return ok;
}

static double
thread_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU seconds of one pass: time spent descheduled while other programs
 * run does not count. */
static gboolean
time_pass(Pass *pass, double *seconds, GError **error)
{
	double t0 = thread_seconds();

	if (!run_pass(pass, error))
		return FALSE;
	*seconds = thread_seconds() - t0;
	return TRUE;
}

/* Fastest plain and filtered passes over ROUNDS alternations. */
static gboolean
time_filter(Pass *pass, LttvFilter *filter, double *plain, double *with, GError **error)
{
	int r;

	*plain = *with = G_MAXDOUBLE;
	for (r = 0; r < ROUNDS; r++) {
		double s;

		pass->filter = NULL;
		if (!time_pass(pass, &s, error))
			return FALSE;
		*plain = MIN(*plain, s);
		pass->filter = filter;
		if (!time_pass(pass, &s, error))
			return FALSE;
		*with = MIN(*with, s);
	}
	return TRUE;
}

static char *
make_synth_trace(GError **error)
{
	char *dir = g_dir_make_tmp("bench-filter-XXXXXX", error);
	char *out = NULL;
	int wait_status;
	const char *argv[] = { LTT_SYNTH, "-o", NULL, "--cpus", "2", "--processes", "50",
	                       "--events", "2000000", "--seed", "1", NULL };

	if (dir == NULL)
		return NULL;
	argv[2] = dir;
	if (!g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
	                  NULL, &out, &wait_status, error)
	    || !g_spawn_check_wait_status(wait_status, error)) {
		if (error != NULL && *error != NULL)
			g_prefix_error(error, "%s: %s", LTT_SYNTH, out != NULL ? out : "");
		g_free(out);
		g_free(dir);
		return NULL;
	}
	g_free(out);
	return dir;
}

int
main(int argc, char **argv)
{
	GError *error = NULL;
	char *made = NULL;
	const char *dir;
	const char *const *exprs = default_expressions;
	guint n_exprs = G_N_ELEMENTS(default_expressions), i;
	Pass pass;
	LttTrace *trace = NULL;
	LttvFilter *filter = NULL;
	double plain, with;
	int status = 1;

	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("Usage: %s [TRACE_DIR] [EXPRESSION...]\n"
		       "Prints the nanoseconds per event spent in lttv_filter_eval for each\n"
		       "expression (default: a few typical ones) over the events of TRACE_DIR\n"
		       "(default: a trace made by %s and removed afterwards).\n", argv[0], LTT_SYNTH);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--version") == 0) {
		printf("bench-filter %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (argc > 1) {
		dir = argv[1];
	} else {
		dir = made = make_synth_trace(&error);
		if (made == NULL)
			goto out;
	}
	if (argc > 2) {
		exprs = (const char *const *) argv + 2;
		n_exprs = argc - 2;
	}
	trace = ltt_trace_open(dir, &error);
	if (trace == NULL)
		goto out;
	pass_init(&pass, trace);
	if (!run_pass(&pass, &error))
		goto out;
	printf("trace %s: %" G_GUINT64_FORMAT " events\n", dir, pass.events);
	if (pass.events == 0) {
		fprintf(stderr, "bench-filter: %s: no event to filter\n", dir);
		goto out;
	}
	for (i = 0; i < n_exprs; i++) {
		filter = lttv_filter_new(exprs[i], &error);
		if (filter == NULL) {
			g_prefix_error(&error, "%s: ", exprs[i]);
			goto out;
		}
		if (!time_filter(&pass, filter, &plain, &with, &error))
			goto out;
		printf("%-62s %6.1f ns/event  (iteration alone %.1f; %" G_GUINT64_FORMAT " passed)\n",
		       exprs[i], (with - plain) * 1e9 / pass.events, plain * 1e9 / pass.events, pass.passed);
		lttv_filter_free(filter);
		filter = NULL;
	}
	status = 0;
out:
	if (error != NULL) {
		fprintf(stderr, "bench-filter: %s\n", error->message);
		g_error_free(error);
	}
	lttv_filter_free(filter);
	if (trace != NULL)
		ltt_trace_unref(trace);
	if (made != NULL) {
		tlt_remove_dir(made);
		g_free(made);
	}
	return status;
}
