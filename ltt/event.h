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

/* Shortcuts for the common case of a top-level integer or string field:
 * no error detail, 0/NULL when the field does not fit. */
gint64 ltt_event_get_int(const LttEvent *ev, const LttField *field);
guint64 ltt_event_get_uint(const LttEvent *ev, const LttField *field);
const char *ltt_event_get_string(const LttEvent *ev, const LttField *field);

typedef enum {
	LTT_FORMAT_FIELD_NAMES = 1 << 0   /* "name = value" rather than "value" */
} LttFormatFlags;

/* Appends the payload as text: "{ prev_pid = 12, prev_comm = "bash",
 * prev_state = RUNNING, data = [ 1, 2 ], sub = { a = 1 } }".
 * Enum values print as label, or the number when unnamed.  Damaged fields
 * print as "<damaged>". */
void ltt_event_format_payload(const LttEvent *ev, GString *out, LttFormatFlags flags);

G_END_DECLS

#endif
