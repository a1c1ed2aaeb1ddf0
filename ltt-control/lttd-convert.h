/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-convert.h: turning one kind of kernel trace record into an LTT event
 * type.  The LTT payload type is derived from the kernel's own format
 * description (libtraceevent's tep_event), so any tracepoint can be
 * recorded without a hand-written table, with the types of doc/format.md §4:
 * char[N] and __data_loc char[] become strings, integers keep their size and
 * signedness, and fields printed with __print_symbolic become enums. */
#ifndef LTTD_CONVERT_H
#define LTTD_CONVERT_H

#include <glib.h>
#include <event-parse.h>
#include "ltt/writer.h"

G_BEGIN_DECLS

typedef struct _LttdConverter LttdConverter;

/* Builds the converter of event (its common_* fields are left out: the
 * LTT event header and the channel already say when and where).  Fails
 * when a field has a layout no LTT type can express. */
LttdConverter *lttd_converter_new(struct tep_event *event, GError **error);
void lttd_converter_free(LttdConverter *c);

const char *lttd_converter_system(const LttdConverter *c);
const char *lttd_converter_name(const LttdConverter *c);
/* The payload declaration in the metadata grammar ("pid: s32; comm: string;"). */
const char *lttd_converter_fields(const LttdConverter *c);

/* Appends the LTT payload of one raw record (data, size as the ring buffer
 * holds it, common fields first) to p.  Fails, naming the field, when the
 * record is shorter than its format says. */
gboolean lttd_converter_convert(const LttdConverter *c, const guint8 *data, gsize size,
                                LttPayload *p, GError **error);

G_END_DECLS

#endif
