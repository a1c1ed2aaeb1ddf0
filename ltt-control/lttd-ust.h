/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-ust.h: lttd's user-space source.  Applications linked with
 * libltt-ust register in a directory of shared-memory buffers; lttd maps
 * them and writes their committed events as LTT channels of the trace it is
 * recording, next to the kernel's, so that readers merge both in time. */
#ifndef LTTD_UST_H
#define LTTD_UST_H

#include <glib.h>
#include "ltt/writer.h"

typedef struct _LttdUst LttdUst;

/* Watches registry_dir (created if missing; applications find it in
 * LTT_UST_REGISTRY) for applications.  Events are written through writer,
 * which lttd owns, as channels "ust-NAME-PID".  Fails when another drainer
 * uses the registry.  The first drain that meets an application recording
 * TSC times takes 20 ms more (clock calibration). */
LttdUst *lttd_ust_new(const char *registry_dir, LttWriter *writer, GError **error);
/* A descriptor lttd polls (readable when an application registers or has
 * data), or -1 if lttd must instead call lttd_ust_drain periodically.  The
 * shared-memory implementation has nothing to poll: always -1; every 100 ms
 * or so is right (doc/ust.md §6). */
int lttd_ust_fd(LttdUst *u);
/* Drains what applications have committed, finds new ones, and recovers
 * and removes the buffers of applications that died.  final: lttd is
 * stopping; also take the committed part of partial sub-buffers.  Call it
 * before ltt_writer_close.  Damaged buffers are reported with g_message and
 * skipped; errors are about writing the trace. */
gboolean lttd_ust_drain(LttdUst *u, gboolean final, GError **error);
void lttd_ust_free(LttdUst *u);

#endif
