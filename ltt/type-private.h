/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* type-private.h: building types from the metadata grammar; shared by the
 * metadata reader and the writer, which validates declarations with it. */
#ifndef LTT_TYPE_PRIVATE_H
#define LTT_TYPE_PRIVATE_H

#include "type.h"

/* Parses a field list ("a: s32; b: string;", doc/format.md §3.1) into a new
 * struct type.  Errors (LTT_ERROR_METADATA) say "column N: expected X";
 * callers prefix the file and line. */
G_GNUC_INTERNAL LttType *ltt_type_parse_fields(const char *text, GError **error);
G_GNUC_INTERNAL void ltt_type_free(LttType *type);

/* Takes ownership of payload (a struct type). */
G_GNUC_INTERNAL LttEventType *ltt_event_type_new(const char *channel, guint id, const char *name,
                                                 LttType *payload);
G_GNUC_INTERNAL void ltt_event_type_free(LttEventType *et);

#endif
