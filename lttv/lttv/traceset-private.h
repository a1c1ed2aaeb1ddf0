/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* traceset-private.h: what contexts need from LttvTrace. */
#ifndef LTTV_TRACESET_PRIVATE_H
#define LTTV_TRACESET_PRIVATE_H

#include "traceset.h"

/* The read cursor of an LttTracefile is shared by every context on the
 * trace; a context that finds another owner in the slot re-seeks before
 * reading (see tracecontext.c).  One slot per tracefile, NULL when unowned;
 * its address stays valid while the trace is open. */
G_GNUC_INTERNAL gpointer *lttv_trace_owner_slot(LttvTrace *t, guint tracefile_index);

#endif
