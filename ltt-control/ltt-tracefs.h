/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-tracefs.h: what lttctl and lttd share about the kernel's tracefs:
 * finding it (with errors a user can act on), naming our instances so that
 * we never touch the top-level buffer or another tool's instance, and
 * reading the kernel's own per-CPU counters. */
#ifndef LTT_TRACEFS_H
#define LTT_TRACEFS_H

#include <glib.h>
#include <tracefs.h>

G_BEGIN_DECLS

#define LTT_TRACEFS_ERROR (ltt_tracefs_error_quark())
GQuark ltt_tracefs_error_quark(void);

typedef enum {
	LTT_TRACEFS_ERROR_PERMISSION,  /* not root */
	LTT_TRACEFS_ERROR_NO_TRACEFS,  /* kernel without tracefs, or not mountable */
	LTT_TRACEFS_ERROR_INSTANCE,    /* instance missing, already there, or not ours */
	LTT_TRACEFS_ERROR_EVENT,       /* unknown event or system */
	LTT_TRACEFS_ERROR_IO           /* a tracefs or /proc file could not be read or written */
} LttTracefsError;

/* Our instances are called "ltt-SESSION"; the prefix keeps them apart from
 * other tools' instances. */
#define LTT_TRACEFS_INSTANCE_PREFIX "ltt-"

/* The tracefs mount point ($LTT_TRACEFS when set, for non-standard mounts),
 * after checking that we are root and that it holds instances/. */
const char *ltt_tracefs_dir(GError **error);

/* Opens the existing instance of that name (full name, prefix included). */
struct tracefs_instance *ltt_tracefs_instance_open(const char *name, GError **error);

/* Writes value to the instance's file, with an error naming the file. */
gboolean ltt_tracefs_write(struct tracefs_instance *inst, const char *file,
                           const char *value, GError **error);

/* per_cpu/cpuN/stats of an instance.  Events the kernel wrote to the buffer
 * = read + entries + overrun; dropped were never written (discard mode). */
typedef struct {
	guint64 entries;   /* still in the buffer */
	guint64 overrun;   /* overwritten before being read (flight recorder) */
	guint64 dropped;   /* refused because the buffer was full (discard mode) */
	guint64 read;      /* consumed by a reader */
} LttCpuStats;

gboolean ltt_tracefs_cpu_stats(struct tracefs_instance *inst, guint cpu, LttCpuStats *out,
                               GError **error);

/* Number of possible CPUs: the per_cpu/cpuN directories of the instance. */
guint ltt_tracefs_cpu_count(struct tracefs_instance *inst);

G_END_DECLS

#endif
