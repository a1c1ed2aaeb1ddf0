/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* hook-private.h: what the merge loop may cache of hook lists (inside
 * liblttvcore only). */
#ifndef LTTV_HOOK_PRIVATE_H
#define LTTV_HOOK_PRIVATE_H

#include <glib.h>

/* Counts every creation, change and destruction of any hook list in the
 * process: what a reader cached of a list still holds while this count is
 * the one it saw. */
G_GNUC_INTERNAL extern guint64 lttv_hooks_changes;

#endif
