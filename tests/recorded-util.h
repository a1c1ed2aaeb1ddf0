/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* recorded-util.h: what the tests on real recordings share (needs root and
 * tracefs): recording a workload with lttctl, reading its statistics, and
 * the bound within which a task's CPU time from the trace must agree with
 * the kernel's own accounting (doc/analysis.md §1.4). */
#ifndef RECORDED_UTIL_H
#define RECORDED_UTIL_H

#include <ltt/ltt.h>
#include <lttv/state.h>
#include <lttv/stats.h>

typedef struct {
	char *trace;             /* the trace directory */
	char *out;               /* what the workload printed on its standard output */
	char **lines;            /* out, line by line */
	gint32 lttd_pid;         /* the drainer of this recording (metadata lttd.pid) */
	guint64 unrun_ns;        /* CPU time no task was charged during the recording (recorded_unrun_ns) */
	gboolean unrun_exact;    /* and it is known */
	guint64 lost;            /* events the recording lost */
	LttvTraceState *ts;      /* the state at the end of the trace */
	LttvStats *s;
	LttvStatsNode *tree;     /* per process, summed over CPUs */
} Recording;

/* Why nothing can be recorded here (root, tracefs), or NULL. */
char *recorded_cannot_record(void);
/* Records argv (its argv[0] a program of the build tree's tests/workload)
 * with lttctl record into dir/name, with sched_stat_runtime where the
 * kernel has it, and computes its statistics.  Fails the test when the
 * recording fails. */
Recording *recorded_make(const char *dir, const char *name, const char *const *argv);
void recorded_free(Recording *r);

/* The values of the workload's output lines "KEY VALUE..." in turn: *i is
 * the line to start from, advanced past the one returned; NULL at the end.
 * The words after KEY (g_strfreev). */
char **recorded_output_next(const Recording *r, const char *key, guint *i);
/* The process nodes of pid (a pid may have had several keys), in turn. */
const LttvStatsNode *recorded_process_node(const Recording *r, gint32 pid, guint *i);
/* The submode named name of mode in a process node, or NULL. */
const LttvStatsNode *recorded_submode(const LttvStatsNode *proc, LttvExecMode mode, const char *name);
/* Calls fn on every event of the recording, channel file by channel file
 * (each in time order, the files not merged); first is TRUE for a file's
 * first event. */
typedef void (*RecordedEventFunc)(const LttEvent *e, gboolean first, gpointer data);
void recorded_foreach_event(const Recording *r, RecordedEventFunc fn, gpointer data);
/* An integer field of an event, -1 when it has none. */
gint64 recorded_field_int(const LttEvent *e, const char *name);

/* Fails the test unless the CPU time of task pid in the trace agrees with
 * cpu_ns, what the kernel accounted it (getrusage,
 * CLOCK_THREAD_CPUTIME_ID), within the bound that the kernel's own figures
 * and the trace's uncertainty allow (recorded-util.c says which). */
void recorded_assert_cpu_time(const Recording *r, gint32 pid, guint64 cpu_ns);
/* The same for the sum over a set of tasks (GINT_TO_POINTER(pid) keys)
 * against the kernel's sum, each task's allowances added. */
void recorded_assert_tasks_cpu_time(const Recording *r, GHashTable *pids, guint64 cpu_ns);
/* root and every task forked from it or from its descendants during the
 * recording (sched_process_fork), as GINT_TO_POINTER(pid) keys. */
GHashTable *recorded_descendants(const Recording *r, gint32 root);

#endif
