/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-convert.c: kernel record -> LTT payload, driven by the kernel's
 * format description of the event. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lttd-convert.h"
#include "ltt/ltt-error.h"

typedef enum {
	FIELD_INT,        /* integer of 1, 2, 4 or 8 bytes */
	FIELD_STRING,     /* char[N]: up to the first NUL within N bytes */
	FIELD_DYN_STRING, /* __data_loc char[] */
	FIELD_ARRAY,      /* fixed array of integers */
	FIELD_DYN_ARRAY,  /* __data_loc T[]: written as a sequence with a u32 count */
	FIELD_BYTES       /* any other layout: its bytes, as u8[size] */
} FieldKind;

typedef struct {
	const char *name;
	FieldKind kind;
	guint offset;
	guint size;          /* bytes the field occupies in the record */
	guint elem_size;     /* integers and array elements */
	guint count;         /* fixed arrays */
	gboolean relative;   /* __rel_loc: offset counts from the end of the field */
} FieldOp;

struct _LttdConverter {
	char *system;
	char *name;
	char *fields;
	GArray *ops;         /* FieldOp */
	/* When every field is a fixed-size integer or integer array and they
	 * follow each other without padding, the payload is these bytes of the
	 * record as they are (in host byte order): one copy per event. */
	gboolean contiguous;
	guint span_offset, span_size;
};

static const char *int_name(guint size, gboolean is_signed)
{
	switch (size) {
	case 1: return is_signed ? "s8" : "u8";
	case 2: return is_signed ? "s16" : "u16";
	case 4: return is_signed ? "s32" : "u32";
	case 8: return is_signed ? "s64" : "u64";
	default: return NULL;
	}
}

static gboolean is_identifier(const char *s)
{
	if (!g_ascii_isalpha(*s) && *s != '_')
		return FALSE;
	for (s++; *s; s++)
		if (!g_ascii_isalnum(*s) && *s != '_')
			return FALSE;
	return TRUE;
}

/* A label as the metadata grammar quotes it (doc/format.md §3.1): only
 * \\, \", \n and \t are escapes, every other byte stands for itself
 * (g_strescape's octal escapes would make the whole declaration refused). */
static void append_quoted(GString *out, const char *s)
{
	g_string_append_c(out, '"');
	for (; *s; s++) {
		switch (*s) {
		case '\\': g_string_append(out, "\\\\"); break;
		case '"': g_string_append(out, "\\\""); break;
		case '\n': g_string_append(out, "\\n"); break;
		case '\t': g_string_append(out, "\\t"); break;
		default: g_string_append_c(out, *s); break;
		}
	}
	g_string_append_c(out, '"');
}

/* The __print_symbolic(REC->field, ...) argument of the print format that
 * names field's values, or NULL. */
static const struct tep_print_arg *find_symbolic(const struct tep_print_arg *args, const char *field)
{
	for (; args; args = args->next) {
		const struct tep_print_arg *inner = NULL;
		if (args->type == TEP_PRINT_SYMBOL) {
			const struct tep_print_arg *f = args->symbol.field;
			if (f && f->type == TEP_PRINT_FIELD && f->field.name
			    && strcmp(f->field.name, field) == 0)
				return args;
		}
		if (args->type == TEP_PRINT_OP)
			inner = args->op.right;
		else if (args->type == TEP_PRINT_TYPE)
			inner = args->typecast.item;
		if (inner) {
			const struct tep_print_arg *found = find_symbolic(inner, field);
			if (found)
				return found;
		}
	}
	return NULL;
}

/* Whether v is a value of the integer type named base (s8..u64). */
static gboolean fits(const char *base, gint64 v)
{
	guint bits = (guint) atoi(base + 1);

	if (base[0] == 's')
		return bits == 64 || (v >= -((gint64) 1 << (bits - 1)) && v < ((gint64) 1 << (bits - 1)));
	return v >= 0 && (bits == 64 || v < ((gint64) 1 << bits));
}

/* Writes "enum u32 { HI = 0, ... }" when every symbol of the print format
 * has a plain numeric value the type holds and a label the metadata can
 * hold; otherwise the bare integer type. */
static void append_int_type(GString *out, const struct tep_event *event, const char *field,
                            const char *base)
{
	const struct tep_print_arg *sym = find_symbolic(event->print_fmt.args, field);
	const struct tep_print_flag_sym *s;
	GString *entries;

	if (!sym || !sym->symbol.symbols) {
		g_string_append(out, base);
		return;
	}
	entries = g_string_new(NULL);
	for (s = sym->symbol.symbols; s; s = s->next) {
		char *end;
		gint64 v;
		/* The metadata grammar has no way to write a carriage return. */
		if (!s->value || !s->str || strchr(s->str, '\r'))
			break;
		errno = 0;
		v = g_ascii_strtoll(s->value, &end, 0);
		if (end == s->value || *end || errno != 0 || !fits(base, v))
			break;
		if (entries->len)
			g_string_append(entries, ", ");
		if (is_identifier(s->str)) {
			g_string_append(entries, s->str);
		} else {
			append_quoted(entries, s->str);
		}
		g_string_append_printf(entries, " = %" G_GINT64_FORMAT, v);
	}
	if (s)
		g_string_append(out, base);
	else
		g_string_append_printf(out, "enum %s { %s }", base, entries->str);
	g_string_free(entries, TRUE);
}

static gboolean is_char_type(const char *type)
{
	return g_str_has_prefix(type, "char ") || g_str_has_prefix(type, "char[")
	       || g_str_has_prefix(type, "__data_loc char") || g_str_has_prefix(type, "__rel_loc char")
	       || g_str_has_prefix(type, "const char");
}

LttdConverter *lttd_converter_new(struct tep_event *event, GError **error)
{
	LttdConverter *c = g_new0(LttdConverter, 1);
	GString *decl = g_string_new(NULL);
	/* Field names, each once in a declaration (a damaged format repeats some). */
	GHashTable *names = g_hash_table_new(g_str_hash, g_str_equal);
	struct tep_format_field *f;

	c->system = g_strdup(event->system);
	c->name = g_strdup(event->name);
	c->ops = g_array_new(FALSE, TRUE, sizeof(FieldOp));
	/* The task the event ran in, whatever the analyses believe runs
	 * (doc/recording.md "Conversion"): kept first, so that with the
	 * fields after it the payload is still one copy of the record. */
	f = tep_find_common_field(event, "common_pid");
	if (f != NULL && f->size == 4) {
		FieldOp op = { .name = f->name, .kind = FIELD_INT, .offset = f->offset, .size = 4, .elem_size = 4 };

		g_string_append(decl, "common_pid: s32; ");
		g_array_append_val(c->ops, op);
		g_hash_table_add(names, (gpointer) "common_pid");
	}
	for (f = event->format.fields; f; f = f->next) {
		FieldOp op = { .name = f->name, .offset = f->offset, .size = f->size };
		gboolean is_signed = (f->flags & TEP_FIELD_IS_SIGNED) != 0;
		gboolean dynamic = (f->flags & TEP_FIELD_IS_DYNAMIC) != 0;
		const char *base;

		if (!is_identifier(f->name) || !g_hash_table_add(names, f->name)) {
			g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
			            "%s:%s: field name \"%s\" is %s", event->system, event->name, f->name,
			            is_identifier(f->name) ? "used twice" : "not an identifier");
			g_hash_table_destroy(names);
			g_string_free(decl, TRUE);
			lttd_converter_free(c);
			return NULL;
		}
		op.relative = (f->flags & TEP_FIELD_IS_RELATIVE) != 0;
		g_string_append_printf(decl, "%s: ", f->name);
		if ((f->flags & TEP_FIELD_IS_STRING) || ((f->flags & TEP_FIELD_IS_ARRAY) && is_char_type(f->type))) {
			op.kind = dynamic ? FIELD_DYN_STRING : FIELD_STRING;
			g_string_append(decl, "string");
		} else if (dynamic) {
			op.elem_size = f->elementsize ? f->elementsize : 1;
			base = int_name(op.elem_size, is_signed);
			if (!base) {
				op.elem_size = 1;
				base = "u8";
			}
			op.kind = FIELD_DYN_ARRAY;
			g_string_append_printf(decl, "%s[u32]", base);
		} else if ((f->flags & TEP_FIELD_IS_ARRAY) && f->arraylen
		           && (base = int_name(f->elementsize, is_signed))
		           && f->elementsize * f->arraylen == (guint) f->size) {
			op.kind = FIELD_ARRAY;
			op.elem_size = f->elementsize;
			op.count = f->arraylen;
			g_string_append_printf(decl, "%s[%u]", base, op.count);
		} else if (!(f->flags & TEP_FIELD_IS_ARRAY) && (base = int_name(f->size, is_signed))) {
			op.kind = FIELD_INT;
			op.elem_size = f->size;
			append_int_type(decl, event, f->name, base);
		} else {
			op.kind = FIELD_BYTES;
			g_string_append_printf(decl, "u8[%u]", op.size);
		}
		g_string_append(decl, "; ");
		g_array_append_val(c->ops, op);
	}
	g_hash_table_destroy(names);
	if (decl->len)
		g_string_truncate(decl, decl->len - 1);
	c->fields = g_string_free(decl, FALSE);
	c->contiguous = c->ops->len > 0;
	for (guint i = 0; i < c->ops->len && c->contiguous; i++) {
		const FieldOp *op = &g_array_index(c->ops, FieldOp, i);
		if (i == 0)
			c->span_offset = op->offset;
		c->contiguous = (op->kind == FIELD_INT || op->kind == FIELD_ARRAY)
		                && op->offset == c->span_offset + c->span_size;
		c->span_size += op->size;
	}
	return c;
}

void lttd_converter_free(LttdConverter *c)
{
	if (!c)
		return;
	g_free(c->system);
	g_free(c->name);
	g_free(c->fields);
	g_array_free(c->ops, TRUE);
	g_free(c);
}

const char *lttd_converter_system(const LttdConverter *c) { return c->system; }
const char *lttd_converter_name(const LttdConverter *c) { return c->name; }
const char *lttd_converter_fields(const LttdConverter *c) { return c->fields; }

static guint64 read_uint(const guint8 *p, guint size)
{
	guint8 v8;
	guint16 v16;
	guint32 v32;
	guint64 v64;

	/* Records come from this machine's kernel: host byte order. */
	switch (size) {
	case 1: memcpy(&v8, p, 1); return v8;
	case 2: memcpy(&v16, p, 2); return v16;
	case 4: memcpy(&v32, p, 4); return v32;
	default: memcpy(&v64, p, 8); return v64;
	}
}

static void put_uint(LttPayload *p, guint64 v, guint size)
{
	switch (size) {
	case 1: ltt_payload_put_u8(p, (guint8) v); break;
	case 2: ltt_payload_put_u16(p, (guint16) v); break;
	case 4: ltt_payload_put_u32(p, (guint32) v); break;
	default: ltt_payload_put_u64(p, v); break;
	}
}

static void put_bounded_string(LttPayload *p, const guint8 *s, gsize max)
{
	const guint8 *nul = memchr(s, '\0', max);
	ltt_payload_put_bytes(p, s, nul ? (gsize) (nul - s) : max);
	ltt_payload_put_u8(p, 0);
}

gboolean lttd_converter_convert(const LttdConverter *c, const guint8 *data, gsize size,
                                LttPayload *p, GError **error)
{
	guint i;

	if (c->contiguous && !p->swap) {
		if ((gsize) c->span_offset + c->span_size > size) {
			i = c->ops->len - 1;
			goto short_record;
		}
		ltt_payload_put_bytes(p, data + c->span_offset, c->span_size);
		return TRUE;
	}
	for (i = 0; i < c->ops->len; i++) {
		const FieldOp *op = &g_array_index(c->ops, FieldOp, i);
		guint32 loc, off, len;
		guint j;

		if ((gsize) op->offset + op->size > size)
			goto short_record;
		switch (op->kind) {
		case FIELD_INT:
			put_uint(p, read_uint(data + op->offset, op->elem_size), op->elem_size);
			break;
		case FIELD_STRING:
			put_bounded_string(p, data + op->offset, op->size);
			break;
		case FIELD_ARRAY:
			for (j = 0; j < op->count; j++)
				put_uint(p, read_uint(data + op->offset + j * op->elem_size, op->elem_size),
				         op->elem_size);
			break;
		case FIELD_BYTES:
			ltt_payload_put_bytes(p, data + op->offset, op->size);
			break;
		case FIELD_DYN_STRING:
		case FIELD_DYN_ARRAY:
			/* A 32-bit locator: offset in the low half, length in the high
			 * (a damaged format may give the field fewer bytes). */
			if ((gsize) op->offset + 4 > size)
				goto short_record;
			loc = (guint32) read_uint(data + op->offset, 4);
			off = loc & 0xffff;
			len = loc >> 16;
			if (op->relative)
				off += op->offset + op->size;
			if ((gsize) off + len > size)
				goto short_record;
			if (op->kind == FIELD_DYN_STRING) {
				put_bounded_string(p, data + off, len);
			} else {
				guint n = len / op->elem_size;
				ltt_payload_put_u32(p, n);
				for (j = 0; j < n; j++)
					put_uint(p, read_uint(data + off + j * op->elem_size, op->elem_size),
					         op->elem_size);
			}
			break;
		}
	}
	return TRUE;

short_record:
	g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED,
	            "%s:%s record of %" G_GSIZE_FORMAT " bytes is too short for field %s",
	            c->system, c->name, size, g_array_index(c->ops, FieldOp, i).name);
	return FALSE;
}
