/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* event.h: the current event of a tracefile and the values of its fields. */
#ifndef LTT_EVENT_H
#define LTT_EVENT_H

#include <glib.h>
#include "ltt-time.h"
#include "type.h"
#include "tracefile.h"

G_BEGIN_DECLS

LttTracefile *ltt_event_tracefile(const LttEvent *ev);
LttTime ltt_event_time(const LttEvent *ev);
guint ltt_event_cpu(const LttEvent *ev);
guint ltt_event_id(const LttEvent *ev);
/* Never NULL: events of undeclared ids are reported as damage, not delivered. */
const LttEventType *ltt_event_type(const LttEvent *ev);
const char *ltt_event_name(const LttEvent *ev);
/* Raw payload bytes, in the trace's byte order. */
const guint8 *ltt_event_payload(const LttEvent *ev);
gsize ltt_event_payload_size(const LttEvent *ev);
void ltt_event_position(const LttEvent *ev, LttEventPosition *pos);

/*
 * A value inside a payload: a type and the bytes that hold it.  Obtained for
 * a field of the event, then descended into (struct members, array and
 * sequence elements).  Valid as long as the event is.  Every accessor checks
 * bounds against the payload: a value that does not fit gives FALSE/0 and
 * an LTT_ERROR_FIELD or LTT_ERROR_DAMAGED error, never a read past the data.
 */
typedef struct {
	const LttType *type;
	const guint8 *data;     /* first byte of the value */
	gsize avail;            /* bytes from data to the end of the payload */
	gboolean swap;          /* the trace's byte order differs from the host's */
} LttValue;

/* The value of a field of this event's type (top-level or nested path from
 * ltt_event_type_field_by_name). */
gboolean ltt_event_field(const LttEvent *ev, const LttField *field, LttValue *out, GError **error);
/* The value of the whole payload (a struct). */
void ltt_event_payload_value(const LttEvent *ev, LttValue *out);

/* Integers and enums.  get_int sign-extends signed types; get_uint
 * zero-extends unsigned ones; either accepts both and converts. */
gboolean ltt_value_get_int(const LttValue *v, gint64 *out, GError **error);
gboolean ltt_value_get_uint(const LttValue *v, guint64 *out, GError **error);
/* Enum label of the value, NULL when unnamed or not an enum. */
const char *ltt_value_get_enum_label(const LttValue *v);
/* Strings: points into the payload (NUL-terminated inside the payload, checked). */
gboolean ltt_value_get_string(const LttValue *v, const char **out, GError **error);
/* Arrays and sequences. */
gboolean ltt_value_element_count(const LttValue *v, guint64 *out, GError **error);
gboolean ltt_value_element(const LttValue *v, guint64 i, LttValue *out, GError **error);
/* Structs. */
gboolean ltt_value_member(const LttValue *v, guint i, LttValue *out, GError **error);
/* Bytes the value occupies (for strings: with the NUL). */
gboolean ltt_value_size(const LttValue *v, gsize *out, GError **error);

/*
 * Reading every value, in one pass.  The accessors above take a call per
 * fact (kind, count, member, integer); a consumer that reads all of an
 * event (a dump, a converter, a filter over many fields) would spend most
 * of its time in those calls.  These decode a run of values per call: each
 * comes with its kind and, for integers, enums and strings, its contents.
 */
typedef struct {
	LttValue value;          /* for the accessors, and to descend with LttValueIter */
	LttTypeKind kind;
	guint64 uint;            /* integers and enums: as ltt_value_get_uint gives, else 0 */
	const char *string;      /* strings: as ltt_value_get_string gives, else NULL */
} LttDecodedValue;

/* The members of a struct or the elements of an array or sequence, in
 * order.  Each is located where the previous one ends, so a visit is linear
 * even when sizes vary (strings, sequences), where ltt_value_member/element
 * would walk from the start for each index.  The fields are private; the
 * iterator lives on the caller's stack and is valid as long as the value. */
typedef struct {
	const LttType *type;     /* of the struct, array or sequence */
	const guint8 *data;
	gsize avail;
	gsize pos;               /* where the next value begins, from data */
	guint64 index;           /* of the next value */
	guint64 count;
	gboolean swap;
} LttValueIter;

/* FALSE (LTT_ERROR_FIELD) when v is not a struct, array or sequence, or
 * (LTT_ERROR_DAMAGED) when a sequence's length does not fit. */
gboolean ltt_value_iter_init(LttValueIter *it, const LttValue *v, GError **error);
/* Decodes the next values, up to max, into out; each fits whole in the
 * payload.  Returns how many: fewer than max only at the end, or at a value
 * that does not fit (error LTT_ERROR_DAMAGED; the values after it cannot be
 * located, so the iteration ends there). */
guint ltt_value_iter_read(LttValueIter *it, LttDecodedValue *out, guint max, GError **error);

/* Decodes the top-level fields of the event, out[i] for field i, up to max
 * of them.  Returns how many: min(max, field count) when they fit, else the
 * index of the first that does not (error LTT_ERROR_DAMAGED naming the
 * file, block and offset). */
guint ltt_event_fields(const LttEvent *ev, LttDecodedValue *out, guint max, GError **error);

/* Shortcuts for the common case of a top-level integer or string field:
 * no error detail, 0/NULL when the field does not fit. */
gint64 ltt_event_get_int(const LttEvent *ev, const LttField *field);
guint64 ltt_event_get_uint(const LttEvent *ev, const LttField *field);
const char *ltt_event_get_string(const LttEvent *ev, const LttField *field);

typedef enum {
	LTT_FORMAT_FIELD_NAMES = 1 << 0,   /* "name = value" rather than "value" */
	/* Addresses in hex, "ip = 0xffffffff81001234", also where the metadata
	 * does not declare them x8..x64: unsigned integer fields whose name
	 * says they are one (addr, address, ip, pc, ptr, call_site, *_addr,
	 * *_ptr, *_ip, leading underscores aside). */
	LTT_FORMAT_HEX_ADDRESSES = 1 << 1
} LttFormatFlags;

/* Appends the payload as text: "{ prev_pid = 12, prev_comm = "bash",
 * prev_state = RUNNING, data = [ 1, 2 ], sub = { a = 1 } }".
 * Enum values print as label, or the number when unnamed; integers
 * declared x8..x64 in hex ("0x1f").  Damaged fields
 * print as "<damaged>", and are reported (ltt_event_report_damage). */
void ltt_event_format_payload(const LttEvent *ev, GString *out, LttFormatFlags flags);

/* Adds to the trace's warnings that a value of ev's payload could not be
 * read (what: why, e.g. the GError's message), naming the file, block and
 * offset of the event: for a consumer that shows or skips a damaged value.
 * Warnings of one kind are summarised (trace.h). */
void ltt_event_report_damage(const LttEvent *ev, const char *what);

G_END_DECLS

#endif
