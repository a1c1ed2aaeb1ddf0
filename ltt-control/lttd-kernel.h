/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-kernel.h: lttd's kernel source.  One drainer per CPU moves whole
 * ring-buffer pages out of the instance's trace_pipe_raw with splice and
 * converts their records into events of channel "kernel" (one channel file
 * per CPU), with event types built from the kernel's format descriptions. */
#ifndef LTTD_KERNEL_H
#define LTTD_KERNEL_H

#include <glib.h>
#include "lttd-source.h"
#include "ltt/writer.h"

G_BEGIN_DECLS

#define LTTD_KERNEL_CHANNEL "kernel"

/* Opens the tracefs instance (full name), reads the formats of the events
 * enabled in it and declares them in w with ids from first_id.
 * flight_recorder: the buffer overwrites; it is read only once stopped. */
LttdSource *lttd_kernel_new(LttWriter *w, const char *instance, gboolean flight_recorder,
                            guint first_id, GError **error);

/* Keeps pid's events out of the trace (lttd's own activity). */
gboolean lttd_kernel_exclude_pid(LttdSource *src, int pid, GError **error);

/* Empties the buffer, then switches tracing on; *on_ns: CLOCK_MONOTONIC
 * just before it was switched on. */
gboolean lttd_kernel_start(LttdSource *src, guint64 *on_ns, GError **error);

/* Once the final drain is done: records the kernel's per-CPU counters and
 * ours as metadata properties (kernel.cpuN.*), and settles the lost-event
 * count with the kernel's own (overrun + dropped).  Returns the totals. */
gboolean lttd_kernel_report(LttdSource *src, guint64 *events, guint64 *lost, GError **error);

G_END_DECLS

#endif
