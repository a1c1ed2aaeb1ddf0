/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* synth-model.h: the simulated machine of ltt-synth.  A discrete-event
 * simulation of CPUs, processes and threads that emits the kernel vocabulary
 * of doc/format.md §4 through an LttWriter, one event per step, always
 * stepping the CPU whose next event is earliest: every state change another
 * CPU can observe has therefore happened at or before the observer's time. */
#ifndef LTT_SYNTH_MODEL_H
#define LTT_SYNTH_MODEL_H

#include <glib.h>
#include "ltt/writer.h"
#include "synth-truth.h"

typedef struct {
	guint cpus;
	guint processes;            /* processes at trace start, pid 1 included */
	guint threads;              /* threads per process at start, main thread included */
	guint64 events;             /* events in the trace, state dump included */
	guint64 seed;
	guint64 lost_every;         /* every Nth block of a channel reports losses; 0: never */
	guint32 block_size;         /* of the writer, to know where its blocks end */
	gboolean start_in_syscall;
	gboolean pid_reuse;
	gboolean long_gaps;
	gboolean common_pid;        /* every kernel event starts with the current task's pid, as lttd
	                             * records it */
	guint64 missed_switches;    /* every Nth sched_switch happens but is not written; 0: none */
	gboolean irq_vectors;       /* x86's interrupt vectors (local timer, IPIs) with their own events */
	gboolean charges;           /* sched_stat_runtime: the scheduler's charge of each run, written
	                             * at the switch that ends it */
} SynthConfig;

typedef struct _SynthModel SynthModel;

/* A truth file counting the model's event types. */
SynthTruth *synth_model_truth_new(const char *path, GError **error);
/* truth may be NULL. */
SynthModel *synth_model_new(const SynthConfig *cfg, LttWriter *writer, SynthTruth *truth);
/* Declares the event types, writes the state dump, then simulates until
 * cfg->events events are written. */
gboolean synth_model_run(SynthModel *m, GError **error);
/* Writes what the truth still lacks (live processes, the trace summary) and
 * releases truth; then frees m. */
gboolean synth_model_finish(SynthModel *m, GError **error);
/* Minimum --events: the state dump's size for this configuration. */
guint64 synth_model_statedump_events(const SynthConfig *cfg);

#endif
