/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* type.h: event types and the field types of their payloads, as declared in
 * the metadata (doc/format.md §4).  Types are immutable once the trace or
 * writer that owns them has parsed them; pointers stay valid while it lives. */
#ifndef LTT_TYPE_H
#define LTT_TYPE_H

#include <glib.h>
#include "ltt-format.h"

G_BEGIN_DECLS

typedef enum ltt_type_kind LttTypeKind;

typedef struct _LttType LttType;
typedef struct _LttField LttField;
typedef struct _LttEventType LttEventType;

/* One value -> label pair of an enumeration. */
typedef struct {
	gint64 value;
	const char *label;
} LttEnumEntry;

LttTypeKind ltt_type_kind(const LttType *type);
/* "s32", "string", "enum", "array", "sequence", "struct"... */
const char *ltt_type_kind_name(LttTypeKind kind);
gboolean ltt_type_is_integer(const LttType *type);   /* s8..u64 and enum */
gboolean ltt_type_is_signed(const LttType *type);    /* for enums: of the base type */
/* An unsigned integer declared x8..x64 (doc/format.md §3.1): its values
 * are shown in hex. */
gboolean ltt_type_is_hex(const LttType *type);
/* Size in bytes when fixed (integers, enums, arrays and structs of fixed-size
 * elements); 0 when it depends on the data (strings, sequences). */
gsize ltt_type_fixed_size(const LttType *type);

/* Enumerations. */
const LttType *ltt_type_enum_base(const LttType *type);
guint ltt_type_enum_count(const LttType *type);
const LttEnumEntry *ltt_type_enum_entry(const LttType *type, guint i);
/* Label of value, or NULL when the enumeration does not name it. */
const char *ltt_type_enum_label(const LttType *type, gint64 value);

/* Arrays and sequences. */
const LttType *ltt_type_element(const LttType *type);
guint ltt_type_array_length(const LttType *type);
const LttType *ltt_type_sequence_length_type(const LttType *type);

/* Structs (an event's payload is a struct). */
guint ltt_type_field_count(const LttType *type);
const LttField *ltt_type_field(const LttType *type, guint i);
/* Member by name; "a.b.c" descends into nested structs.  NULL if absent. */
const LttField *ltt_type_field_by_name(const LttType *type, const char *path);

/* Writes the declaration of type in the metadata grammar ("u8[16]", "enum
 * u8 { A = 0, B = 1 }", "struct { a: s32; b: string; }"). */
void ltt_type_to_string(const LttType *type, GString *out);

/* A named member of a struct. */
const char *ltt_field_name(const LttField *field);
const LttType *ltt_field_type(const LttField *field);
guint ltt_field_index(const LttField *field);       /* position within its struct */
/* For a field of an event payload (top level or nested in fixed-size
 * structs), its byte offset when every field before it has a fixed size;
 * -1 otherwise. */
gssize ltt_field_fixed_offset(const LttField *field);
/* The top-level field of the payload that contains this field (itself for
 * top-level fields). */
const LttField *ltt_field_top(const LttField *field);

/* An event type: (channel, numeric id) is unique within a trace. */
const char *ltt_event_type_channel(const LttEventType *et);
const char *ltt_event_type_name(const LttEventType *et);
guint ltt_event_type_id(const LttEventType *et);
/* The payload: always a struct, possibly with no fields. */
const LttType *ltt_event_type_payload(const LttEventType *et);
guint ltt_event_type_field_count(const LttEventType *et);
const LttField *ltt_event_type_field(const LttEventType *et, guint i);
const LttField *ltt_event_type_field_by_name(const LttEventType *et, const char *path);

G_END_DECLS

#endif
