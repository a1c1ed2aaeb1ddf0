/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-statedump.h: the process-state dump written at the start of a trace
 * (doc/format.md §4): every process and thread from /proc, the IRQ names and
 * the system call names, so that a reader knows what existed before the
 * first event. */
#ifndef LTTD_STATEDUMP_H
#define LTTD_STATEDUMP_H

#include <glib.h>
#include "ltt/writer.h"

G_BEGIN_DECLS

/* The dump uses this many consecutive ids from first_id. */
#define LTTD_STATEDUMP_EVENT_COUNT 4

gboolean lttd_statedump_declare(LttWriter *w, const char *channel, guint first_id, GError **error);

/* Writes the dump to ch, every event at time t (trace time, taken before
 * tracing was switched on so that the dump sorts before every kernel event).
 * Tasks that exit while /proc is read are left out. */
gboolean lttd_statedump_write(LttWriter *w, LttWriterChannel *ch, guint first_id, LttTime t,
                              GError **error);

G_END_DECLS

#endif
