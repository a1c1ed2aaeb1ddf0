/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* synth-truth.h: the ground truth of a synthetic trace, as JSON.  The model
 * knows exactly what each process did; this file only serialises it, one
 * process at a time as the model forgets them, so memory stays constant.
 * doc/ltt-synth.md defines every number precisely. */
#ifndef LTT_SYNTH_TRUTH_H
#define LTT_SYNTH_TRUTH_H

#include <glib.h>

/* Execution modes time is attributed to; "idle" only for the swappers. */
typedef enum {
	SYNTH_MODE_USER,
	SYNTH_MODE_SYSCALL,
	SYNTH_MODE_TRAP,
	SYNTH_MODE_IRQ,
	SYNTH_MODE_SOFTIRQ,
	SYNTH_MODE_IDLE,
	SYNTH_MODE_COUNT
} SynthMode;

typedef struct {
	gint32 pid, tgid, ppid;
	const char *name;
	gint cpu;                   /* the swapper's CPU; -1 for other tasks */
	gboolean has_birth;
	guint64 birth;
	gboolean has_exit;
	guint64 exit_time;
	guint64 time[SYNTH_MODE_COUNT];
	const guint64 *seen;        /* per mode, what an analysis of the written events charges
	                             * (doc/ltt-synth.md §3 rule 6); NULL: the same as time */
	const guint64 *counts;      /* per event type, in the order given to synth_truth_new */
} SynthTruthProcess;

typedef struct _SynthTruth SynthTruth;

/* event_names: the event types counted per process (n of them). */
SynthTruth *synth_truth_new(const char *path, const char *const *event_names, guint n,
                            GError **error);
gboolean synth_truth_add_process(SynthTruth *t, const SynthTruthProcess *p, GError **error);
/* Writes the trace summary, closes the file and frees t (also on failure).
 * unknown_seen: the time an analysis of the written events charges to no
 * task (NULL with seen). */
gboolean synth_truth_finish(SynthTruth *t, guint64 start, guint64 end, guint64 events,
                            const guint64 *lost, guint cpus, const guint64 *unknown_seen, GError **error);

#endif
