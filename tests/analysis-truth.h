/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* analysis-truth.h: reading the ground truth ltt-synth writes with --truth
 * (doc/ltt-synth.md), with a small JSON parser of our own. */
#ifndef ANALYSIS_TRUTH_H
#define ANALYSIS_TRUTH_H

#include <glib.h>

/* The modes of the truth's "cpu_time", in its order. */
enum { TRUTH_USER, TRUTH_SYSCALL, TRUTH_TRAP, TRUTH_IRQ, TRUTH_SOFTIRQ, TRUTH_IDLE, TRUTH_MODES };
extern const char *const truth_mode_names[TRUTH_MODES];

typedef struct {
	gint32 pid, tgid, ppid;
	char *name;
	gint cpu;                    /* swappers: their CPU; -1 otherwise */
	gboolean has_birth;
	guint64 birth;
	guint64 time[TRUTH_MODES];
	gboolean has_seen;           /* --missed-switches with --common-pid: */
	guint64 seen[TRUTH_MODES];   /* what an analysis of the events written charges ("cpu_time_seen") */
	GHashTable *events;          /* event name -> count (guint64 in a pointer-sized box) */
} TruthProcess;

typedef struct {
	GPtrArray *processes;        /* TruthProcess */
	guint64 start, end, events;
	guint cpus;
	GArray *lost;                /* guint64 per CPU */
	gboolean has_seen;           /* the processes' seen, and: */
	guint64 unknown_seen;        /* the time an analysis of the events written charges to no task */
} Truth;

Truth *truth_load(const char *path, GError **error);
void truth_free(Truth *t);
guint64 truth_process_events(const TruthProcess *p, const char *name);

#endif
