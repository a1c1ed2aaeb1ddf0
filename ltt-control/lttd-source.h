/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-source.h: what lttd's main loop knows about a source of events (the
 * kernel's per-CPU ring buffers, user-space buffers...).  The loop only
 * polls descriptors and asks sources to drain, so adding a source never
 * changes the loop. */
#ifndef LTTD_SOURCE_H
#define LTTD_SOURCE_H

#include <glib.h>

typedef struct _LttdSource LttdSource;

typedef struct {
	const char *name;
	/* Number of inputs (e.g. one per CPU); each is drained on its own. */
	guint (*input_count)(LttdSource *src);
	/* Descriptor that becomes readable when input i has data, or -1 when
	 * the input must be drained at every wake-up of the loop instead. */
	int (*input_fd)(LttdSource *src, guint i);
	/* Moves what input i holds into the trace.  final: tracing has
	 * stopped; take everything, partial pages included. */
	gboolean (*drain)(LttdSource *src, guint i, gboolean final, GError **error);
	/* Tracing stops: called once before the final drains. */
	void (*stop)(LttdSource *src);
	void (*free)(LttdSource *src);
} LttdSourceClass;

struct _LttdSource {
	const LttdSourceClass *klass;
};

#endif
