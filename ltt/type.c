/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* type.c: field types of event payloads and the parser of the field grammar
 * (doc/format.md §3.1).  Types form trees built once and never modified, so
 * every layout fact that does not depend on the data (fixed sizes, member
 * offsets, where a field sits in the payload) is computed here, and decoding
 * an event only walks what really varies. */
#include <string.h>
#include <stdlib.h>
#include "ltt-error.h"
#include "type-private.h"
#include "metadata-private.h"

/* Deeper declarations only serve to exhaust the stack of whoever walks them. */
#define MAX_NESTING 64
/* A payload size is a u32 on disk: no fixed type may be larger. */
#define MAX_FIXED_SIZE G_MAXUINT32

static const char *const kind_names[] = {
	[LTT_TYPE_S8] = "s8", [LTT_TYPE_S16] = "s16", [LTT_TYPE_S32] = "s32", [LTT_TYPE_S64] = "s64",
	[LTT_TYPE_U8] = "u8", [LTT_TYPE_U16] = "u16", [LTT_TYPE_U32] = "u32", [LTT_TYPE_U64] = "u64",
	[LTT_TYPE_ENUM] = "enum", [LTT_TYPE_STRING] = "string", [LTT_TYPE_ARRAY] = "array",
	[LTT_TYPE_SEQUENCE] = "sequence", [LTT_TYPE_STRUCT] = "struct",
};

LttTypeKind ltt_type_kind(const LttType *type)
{
	return type->kind;
}

const char *ltt_type_kind_name(LttTypeKind kind)
{
	if ((guint) kind >= G_N_ELEMENTS(kind_names) || kind_names[kind] == NULL)
		return "unknown";
	return kind_names[kind];
}

static gboolean kind_is_int(LttTypeKind kind)
{
	return kind >= LTT_TYPE_S8 && kind <= LTT_TYPE_U64;
}

static gsize int_kind_size(LttTypeKind kind)
{
	switch (kind) {
	case LTT_TYPE_S8: case LTT_TYPE_U8: return 1;
	case LTT_TYPE_S16: case LTT_TYPE_U16: return 2;
	case LTT_TYPE_S32: case LTT_TYPE_U32: return 4;
	default: return 8;
	}
}

gboolean ltt_type_is_integer(const LttType *type)
{
	return kind_is_int(type->kind) || type->kind == LTT_TYPE_ENUM;
}

gboolean ltt_type_is_hex(const LttType *type)
{
	return type->hex;
}

gboolean ltt_type_is_signed(const LttType *type)
{
	return type->int_signed;
}

gsize ltt_type_fixed_size(const LttType *type)
{
	return type->is_fixed ? type->size : 0;
}

const LttType *ltt_type_enum_base(const LttType *type)
{
	return type->kind == LTT_TYPE_ENUM ? type->element : NULL;
}

guint ltt_type_enum_count(const LttType *type)
{
	return type->kind == LTT_TYPE_ENUM ? type->count : 0;
}

const LttEnumEntry *ltt_type_enum_entry(const LttType *type, guint i)
{
	if (type->kind != LTT_TYPE_ENUM || i >= type->count)
		return NULL;
	return &type->entries[i];
}

const char *ltt_type_enum_label(const LttType *type, gint64 value)
{
	if (type->kind != LTT_TYPE_ENUM)
		return NULL;
	/* Enumerations are short (a few to a few dozen labels): a scan beats a
	 * hash lookup at this size. */
	for (guint i = 0; i < type->count; i++)
		if (type->entries[i].value == value)
			return type->entries[i].label;
	return NULL;
}

const LttType *ltt_type_element(const LttType *type)
{
	if (type->kind != LTT_TYPE_ARRAY && type->kind != LTT_TYPE_SEQUENCE)
		return NULL;
	return type->element;
}

guint ltt_type_array_length(const LttType *type)
{
	return type->kind == LTT_TYPE_ARRAY ? type->count : 0;
}

const LttType *ltt_type_sequence_length_type(const LttType *type)
{
	return type->kind == LTT_TYPE_SEQUENCE ? type->length_type : NULL;
}

guint ltt_type_field_count(const LttType *type)
{
	return type->kind == LTT_TYPE_STRUCT ? type->count : 0;
}

const LttField *ltt_type_field(const LttType *type, guint i)
{
	if (type->kind != LTT_TYPE_STRUCT || i >= type->count)
		return NULL;
	return &type->fields[i];
}

const LttField *ltt_type_field_by_name(const LttType *type, const char *path)
{
	const LttField *found = NULL;

	while (type != NULL && type->kind == LTT_TYPE_STRUCT) {
		const char *dot = strchr(path, '.');
		gsize len = dot ? (gsize) (dot - path) : strlen(path);

		found = NULL;
		for (guint i = 0; i < type->count; i++) {
			const char *name = type->fields[i].name;
			if (strncmp(name, path, len) == 0 && name[len] == '\0') {
				found = &type->fields[i];
				break;
			}
		}
		if (found == NULL || dot == NULL)
			return found;
		type = found->type;
		path = dot + 1;
	}
	return NULL;
}

static void append_quoted_label(GString *out, const char *label)
{
	gboolean ident = g_ascii_isalpha(label[0]) || label[0] == '_';

	for (const char *p = label; *p && ident; p++)
		ident = g_ascii_isalnum(*p) || *p == '_';
	if (ident) {
		g_string_append(out, label);
		return;
	}
	ltt_append_quoted(out, label);
}

void ltt_type_to_string(const LttType *type, GString *out)
{
	switch (type->kind) {
	case LTT_TYPE_ENUM:
		g_string_append_printf(out, "enum %s {", kind_names[type->element->kind]);
		for (guint i = 0; i < type->count; i++) {
			g_string_append(out, i ? ", " : " ");
			append_quoted_label(out, type->entries[i].label);
			g_string_append_printf(out, " = %" G_GINT64_FORMAT, type->entries[i].value);
		}
		g_string_append(out, " }");
		break;
	case LTT_TYPE_ARRAY:
		ltt_type_to_string(type->element, out);
		g_string_append_printf(out, "[%u]", type->count);
		break;
	case LTT_TYPE_SEQUENCE:
		ltt_type_to_string(type->element, out);
		g_string_append_printf(out, "[%s]", kind_names[type->length_type->kind]);
		break;
	case LTT_TYPE_STRUCT:
		g_string_append(out, "struct {");
		for (guint i = 0; i < type->count; i++) {
			g_string_append_printf(out, " %s: ", type->fields[i].name);
			ltt_type_to_string(type->fields[i].type, out);
			g_string_append_c(out, ';');
		}
		g_string_append(out, " }");
		break;
	default:
		if (type->hex)
			g_string_append_printf(out, "x%s", ltt_type_kind_name(type->kind) + 1);
		else
			g_string_append(out, ltt_type_kind_name(type->kind));
	}
}

const char *ltt_field_name(const LttField *field)
{
	return field->name;
}

const LttType *ltt_field_type(const LttField *field)
{
	return field->type;
}

guint ltt_field_index(const LttField *field)
{
	return field->index;
}

gssize ltt_field_fixed_offset(const LttField *field)
{
	return field->payload_offset;
}

const LttField *ltt_field_top(const LttField *field)
{
	return field->top;
}

const char *ltt_event_type_channel(const LttEventType *et)
{
	return et->channel;
}

const char *ltt_event_type_name(const LttEventType *et)
{
	return et->name;
}

guint ltt_event_type_id(const LttEventType *et)
{
	return et->id;
}

const LttType *ltt_event_type_payload(const LttEventType *et)
{
	return et->payload;
}

guint ltt_event_type_field_count(const LttEventType *et)
{
	return et->payload->count;
}

const LttField *ltt_event_type_field(const LttEventType *et, guint i)
{
	return ltt_type_field(et->payload, i);
}

const LttField *ltt_event_type_field_by_name(const LttEventType *et, const char *path)
{
	return ltt_type_field_by_name(et->payload, path);
}

void ltt_type_free(LttType *type)
{
	if (type == NULL)
		return;
	switch (type->kind) {
	case LTT_TYPE_ENUM:
		for (guint i = 0; i < type->count; i++)
			g_free((char *) type->entries[i].label);
		g_free(type->entries);
		ltt_type_free(type->element);
		break;
	case LTT_TYPE_ARRAY:
		ltt_type_free(type->element);
		break;
	case LTT_TYPE_SEQUENCE:
		ltt_type_free(type->element);
		ltt_type_free(type->length_type);
		break;
	case LTT_TYPE_STRUCT:
		for (guint i = 0; i < type->count; i++) {
			g_free(type->fields[i].name);
			ltt_type_free(type->fields[i].type);
		}
		g_free(type->fields);
		break;
	default:
		break;
	}
	g_free(type);
}

LttEventType *ltt_event_type_new(const char *channel, guint id, const char *name, LttType *payload)
{
	LttEventType *et = g_new0(LttEventType, 1);

	et->channel = g_strdup(channel);
	et->id = id;
	et->name = g_strdup(name);
	et->payload = payload;
	return et;
}

void ltt_event_type_free(LttEventType *et)
{
	if (et == NULL)
		return;
	g_free(et->channel);
	g_free(et->name);
	ltt_type_free(et->payload);
	g_free(et);
}

/* ---- The parser.  Columns are 1-based byte columns of the text. */

typedef struct {
	const char *text;
	const char *p;
	GError **error;
} Parser;

static gboolean fail(Parser *ps, const char *at, const char *what)
{
	g_set_error(ps->error, LTT_ERROR, LTT_ERROR_METADATA, "column %u: expected %s",
	            (guint) (at - ps->text) + 1, what);
	return FALSE;
}

static void skip_blanks(Parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

static gboolean is_ident_start(char c)
{
	return g_ascii_isalpha(c) || c == '_';
}

static gboolean is_ident_char(char c)
{
	return g_ascii_isalnum(c) || c == '_';
}

/* Reads an identifier; returns its length (0 when there is none). */
static gsize scan_ident(Parser *ps)
{
	const char *q;

	skip_blanks(ps);
	q = ps->p;
	if (!is_ident_start(*q))
		return 0;
	while (is_ident_char(*q))
		q++;
	return (gsize) (q - ps->p);
}

static gboolean expect_char(Parser *ps, char c, const char *what)
{
	skip_blanks(ps);
	if (*ps->p != c)
		return fail(ps, ps->p, what);
	ps->p++;
	return TRUE;
}

static LttTypeKind int_kind_of(const char *word, gsize len)
{
	for (LttTypeKind k = LTT_TYPE_S8; k <= LTT_TYPE_U64; k++)
		if (strlen(kind_names[k]) == len && memcmp(kind_names[k], word, len) == 0)
			return k;
	return 0;
}

/* x8..x64: u8..u64 whose values are shown in hex (addresses, flags). */
static LttTypeKind hex_kind_of(const char *word, gsize len)
{
	for (LttTypeKind k = LTT_TYPE_U8; k <= LTT_TYPE_U64; k++)
		if (len == strlen(kind_names[k]) && word[0] == 'x' && memcmp(kind_names[k] + 1, word + 1, len - 1) == 0)
			return k;
	return 0;
}

/* Integers and enums (of base int_kind) are stored alike. */
static void set_int_layout(LttType *t, LttTypeKind int_kind)
{
	t->int_kind = int_kind;
	t->is_fixed = TRUE;
	t->size = int_kind_size(int_kind);
	t->int_shift = 64 - 8 * (guint) t->size;
	t->int_signed = int_kind <= LTT_TYPE_S64;
	t->int_mask = t->int_signed ? G_MAXUINT64 : G_MAXUINT64 >> t->int_shift;
}

static LttType *type_new(LttTypeKind kind)
{
	LttType *t = g_new0(LttType, 1);

	t->kind = kind;
	if (kind_is_int(kind))
		set_int_layout(t, kind);
	return t;
}

/* NUMBER := -?[0-9]+ | 0x[0-9a-fA-F]+, as a 64-bit value; hex may use all
 * 64 bits (u64 enum values), decimal must fit gint64 or guint64. */
static gboolean parse_number(Parser *ps, gint64 *value, gboolean *negative)
{
	const char *start;
	guint64 v = 0;

	skip_blanks(ps);
	start = ps->p;
	*negative = FALSE;
	if (ps->p[0] == '0' && (ps->p[1] == 'x' || ps->p[1] == 'X')) {
		const char *q = ps->p + 2;
		if (!g_ascii_isxdigit(*q))
			return fail(ps, q, "hexadecimal digits");
		for (; g_ascii_isxdigit(*q); q++) {
			if (v >> 60)
				return fail(ps, start, "a number that fits 64 bits");
			v = v << 4 | (guint64) g_ascii_xdigit_value(*q);
		}
		ps->p = q;
		*value = (gint64) v;
		return TRUE;
	}
	if (*ps->p == '-') {
		*negative = TRUE;
		ps->p++;
	}
	if (!g_ascii_isdigit(*ps->p))
		return fail(ps, ps->p, "a number");
	for (; g_ascii_isdigit(*ps->p); ps->p++) {
		guint d = (guint) (*ps->p - '0');
		if (v > (G_MAXUINT64 - d) / 10)
			return fail(ps, start, "a number that fits 64 bits");
		v = v * 10 + d;
	}
	if (*negative) {
		if (v > (guint64) G_MAXINT64 + 1)
			return fail(ps, start, "a number that fits 64 bits");
		*value = (gint64) (0 - v);
	} else {
		*value = (gint64) v;
	}
	return TRUE;
}

/* Whether v (read as signed if negative, else as unsigned) fits the kind. */
static gboolean value_fits(LttTypeKind kind, gint64 v, gboolean negative)
{
	gsize bits = int_kind_size(kind) * 8;
	gboolean is_signed = kind <= LTT_TYPE_S64;

	if (negative) {
		return is_signed && (bits == 64 || v >= -((gint64) 1 << (bits - 1)));
	}
	if (is_signed)
		return bits == 64 ? (guint64) v <= (guint64) G_MAXINT64 : (guint64) v < ((guint64) 1 << (bits - 1));
	return bits == 64 || (guint64) v < ((guint64) 1 << bits);
}

void ltt_append_quoted(GString *out, const char *s)
{
	g_string_append_c(out, '"');
	for (const char *c = s; *c; c++) {
		switch (*c) {
		case '\\': g_string_append(out, "\\\\"); break;
		case '"': g_string_append(out, "\\\""); break;
		case '\n': g_string_append(out, "\\n"); break;
		case '\t': g_string_append(out, "\\t"); break;
		default: g_string_append_c(out, *c); break;
		}
	}
	g_string_append_c(out, '"');
}

char *ltt_parse_quoted(const char *p, const char **end)
{
	GString *s = g_string_new(NULL);
	const char *q = p + 1;

	for (;;) {
		if (*q == '\0')
			break;
		if (*q == '"') {
			*end = q + 1;
			return g_string_free(s, FALSE);
		}
		if (*q == '\\') {
			char c = q[1] == '\\' ? '\\' : q[1] == '"' ? '"' : q[1] == 'n' ? '\n' : q[1] == 't' ? '\t' : 0;
			if (c == 0)
				break;
			g_string_append_c(s, c);
			q += 2;
			continue;
		}
		g_string_append_c(s, *q++);
	}
	*end = q;
	g_string_free(s, TRUE);
	return NULL;
}

/* STRING: double-quoted, escapes \\ \" \n \t. */
static char *parse_string(Parser *ps)
{
	const char *end;
	char *s = ltt_parse_quoted(ps->p, &end);

	if (s == NULL) {
		fail(ps, end, *end ? "an escape \\\\, \\\", \\n or \\t" : "'\"' closing the string");
		return NULL;
	}
	ps->p = end;
	return s;
}

static LttType *parse_type(Parser *ps, guint depth);
static LttType *parse_fields(Parser *ps, char terminator, guint depth);

static LttType *parse_enum(Parser *ps)
{
	GArray *entries = g_array_new(FALSE, FALSE, sizeof(LttEnumEntry));
	const char *at;
	gsize len;
	LttTypeKind base;
	LttType *t;

	skip_blanks(ps);
	at = ps->p;
	len = scan_ident(ps);
	base = int_kind_of(ps->p, len);
	if (base == 0) {
		fail(ps, at, "an integer type (s8..u64) after 'enum'");
		goto error;
	}
	ps->p += len;
	if (!expect_char(ps, '{', "'{' opening the enumeration"))
		goto error;
	do {
		LttEnumEntry e;
		gboolean negative;
		char *label;

		skip_blanks(ps);
		at = ps->p;
		if (*ps->p == '"') {
			if ((label = parse_string(ps)) == NULL)
				goto error;
		} else if ((len = scan_ident(ps)) > 0) {
			label = g_strndup(ps->p, len);
			ps->p += len;
		} else {
			fail(ps, at, "an enumeration label (identifier or string)");
			goto error;
		}
		e.label = label;
		g_array_append_val(entries, e);
		if (!expect_char(ps, '=', "'=' after the label"))
			goto error;
		skip_blanks(ps);
		at = ps->p;
		if (!parse_number(ps, &e.value, &negative))
			goto error;
		if (!value_fits(base, e.value, negative)) {
			fail(ps, at, "a value that fits the enumeration's integer type");
			goto error;
		}
		g_array_index(entries, LttEnumEntry, entries->len - 1).value = e.value;
		skip_blanks(ps);
	} while (*ps->p == ',' && ps->p++);
	if (!expect_char(ps, '}', "',' or '}' closing the enumeration"))
		goto error;
	t = type_new(LTT_TYPE_ENUM);
	t->element = type_new(base);
	set_int_layout(t, base);
	t->count = entries->len;
	t->entries = (LttEnumEntry *) (void *) g_array_free(entries, FALSE);
	return t;
error:
	for (guint i = 0; i < entries->len; i++)
		g_free((char *) g_array_index(entries, LttEnumEntry, i).label);
	g_array_free(entries, TRUE);
	return NULL;
}

static LttType *parse_base(Parser *ps, guint depth)
{
	const char *at;
	gsize len;
	LttTypeKind kind;

	skip_blanks(ps);
	at = ps->p;
	len = scan_ident(ps);
	if ((kind = int_kind_of(ps->p, len)) != 0) {
		ps->p += len;
		return type_new(kind);
	}
	if ((kind = hex_kind_of(at, len)) != 0) {
		LttType *t = type_new(kind);
		ps->p += len;
		t->hex = TRUE;
		return t;
	}
	if (len == 6 && memcmp(at, "string", 6) == 0) {
		ps->p += len;
		return type_new(LTT_TYPE_STRING);
	}
	if (len == 4 && memcmp(at, "enum", 4) == 0) {
		ps->p += len;
		return parse_enum(ps);
	}
	if (len == 6 && memcmp(at, "struct", 6) == 0) {
		ps->p += len;
		if (!expect_char(ps, '{', "'{' opening the struct"))
			return NULL;
		return parse_fields(ps, '}', depth + 1);
	}
	fail(ps, at, "a type (s8..u64, x8..x64, string, enum, struct)");
	return NULL;
}

static LttType *parse_type(Parser *ps, guint depth)
{
	LttType *t;

	if (depth > MAX_NESTING) {
		skip_blanks(ps);
		fail(ps, ps->p, "a type nested less deeply (at most 64 levels)");
		return NULL;
	}
	if ((t = parse_base(ps, depth)) == NULL)
		return NULL;
	for (;;) {
		const char *at;
		gsize len;
		LttTypeKind len_kind;
		LttType *outer;

		skip_blanks(ps);
		if (*ps->p != '[')
			return t;
		at = ps->p;
		if (++depth > MAX_NESTING) {
			fail(ps, at, "a type nested less deeply (at most 64 levels)");
			goto error;
		}
		if (t->is_fixed && t->size == 0) {
			fail(ps, at, "an element type of non-zero size before '['");
			goto error;
		}
		ps->p++;
		skip_blanks(ps);
		at = ps->p;
		len = scan_ident(ps);
		if (len > 0) {
			len_kind = int_kind_of(ps->p, len);
			if (len_kind < LTT_TYPE_U8) {
				fail(ps, at, "an element count or an unsigned length type (u8..u64)");
				goto error;
			}
			ps->p += len;
			outer = type_new(LTT_TYPE_SEQUENCE);
			outer->length_type = type_new(len_kind);
		} else {
			gint64 n;
			gboolean negative;
			if (!g_ascii_isdigit(*ps->p)) {
				fail(ps, at, "an element count or an unsigned length type (u8..u64)");
				goto error;
			}
			if (!parse_number(ps, &n, &negative))
				goto error;
			if ((guint64) n > G_MAXUINT32 ||
			    (t->is_fixed && (guint64) n > MAX_FIXED_SIZE / t->size)) {
				fail(ps, at, "an array small enough for a payload (at most 4 GiB)");
				goto error;
			}
			outer = type_new(LTT_TYPE_ARRAY);
			outer->count = (guint) n;
			/* No element, no byte, whatever the element type. */
			outer->is_fixed = t->is_fixed || n == 0;
			outer->size = t->is_fixed ? t->size * (gsize) n : 0;
		}
		outer->element = t;
		t = outer;
		if (!expect_char(ps, ']', "']'"))
			goto error;
	}
error:
	ltt_type_free(t);
	return NULL;
}

/* fields := ( IDENT ":" type ";" )*, up to terminator ('}' or NUL), which is
 * consumed when it is '}'. */
static LttType *parse_fields(Parser *ps, char terminator, guint depth)
{
	GArray *fields = g_array_new(FALSE, TRUE, sizeof(LttField));
	LttType *t;
	gsize offset = 0;
	gboolean fixed = TRUE;

	if (depth > MAX_NESTING) {
		fail(ps, ps->p, "a struct nested less deeply (at most 64 levels)");
		goto error;
	}
	for (;;) {
		LttField f = { .payload_offset = -1 };
		const char *at;
		gsize len;

		skip_blanks(ps);
		if (*ps->p == terminator)
			break;
		at = ps->p;
		if ((len = scan_ident(ps)) == 0) {
			fail(ps, at, terminator ? "a field name or '}'" : "a field name");
			goto error;
		}
		f.name = g_strndup(ps->p, len);
		ps->p += len;
		for (guint i = 0; i < fields->len; i++) {
			if (strcmp(g_array_index(fields, LttField, i).name, f.name) == 0) {
				g_free(f.name);
				fail(ps, at, "a field name not used before in this struct");
				goto error;
			}
		}
		g_array_append_val(fields, f);
		if (!expect_char(ps, ':', "':' after the field name"))
			goto error;
		if ((f.type = parse_type(ps, depth + 1)) == NULL)
			goto error;
		f.index = fields->len - 1;
		f.struct_offset = fixed ? (gssize) offset : -1;
		if (fixed && f.type->is_fixed) {
			offset += f.type->size;
			if (offset > MAX_FIXED_SIZE) {
				g_array_index(fields, LttField, f.index).type = f.type;
				fail(ps, at, "a struct small enough for a payload (at most 4 GiB)");
				goto error;
			}
		} else {
			fixed = FALSE;
		}
		g_array_index(fields, LttField, f.index) = f;
		if (!expect_char(ps, ';', "';' after the field's type"))
			goto error;
	}
	if (terminator)
		ps->p++;
	t = type_new(LTT_TYPE_STRUCT);
	t->is_fixed = fixed;
	t->size = fixed ? offset : 0;
	t->count = fields->len;
	t->fields = (LttField *) (void *) g_array_free(fields, FALSE);
	/* Anchors: each member's nearest preceding member at a known offset,
	 * where a walk to it starts. */
	for (guint i = 0, anchor = 0; i < t->count; i++) {
		if (t->fields[i].struct_offset >= 0)
			anchor = i;
		t->fields[i].anchor = anchor;
	}
	return t;
error:
	for (guint i = 0; i < fields->len; i++) {
		g_free(g_array_index(fields, LttField, i).name);
		ltt_type_free(g_array_index(fields, LttField, i).type);
	}
	g_array_free(fields, TRUE);
	return NULL;
}

/* Gives every field reachable by a path of struct members its place in the
 * payload: its parent, its top-level ancestor and its offset when fixed.
 * Members of array or sequence elements have no such place (top NULL). */
static void link_fields(LttType *st, LttField *parent, gssize base)
{
	for (guint i = 0; i < st->count; i++) {
		LttField *f = &st->fields[i];

		f->parent = parent;
		f->top = parent ? parent->top : f;
		f->payload_offset = (base >= 0 && f->struct_offset >= 0) ? base + f->struct_offset : -1;
		if (f->type->kind == LTT_TYPE_STRUCT)
			link_fields(f->type, f, f->payload_offset);
	}
}

LttType *ltt_type_parse_fields(const char *text, GError **error)
{
	Parser ps = { text, text, error };
	LttType *t = parse_fields(&ps, '\0', 0);

	if (t == NULL)
		return NULL;
	link_fields(t, NULL, 0);
	return t;
}
