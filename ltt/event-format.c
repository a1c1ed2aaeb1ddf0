/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* event-format.c: a payload as text, "{ pid = 12, comm = "bash" }".
 * Decodes members and elements in order with LttValueIter, so that
 * formatting is one pass over the payload. */
#include <string.h>
#include "ltt-error.h"
#include "event.h"

static void append_string(GString *out, const char *s)
{
	g_string_append_c(out, '"');
	for (const guchar *p = (const guchar *) s; *p; p++) {
		switch (*p) {
		case '"': g_string_append(out, "\\\""); break;
		case '\\': g_string_append(out, "\\\\"); break;
		case '\n': g_string_append(out, "\\n"); break;
		case '\t': g_string_append(out, "\\t"); break;
		default:
			if (*p < 0x20 || *p == 0x7F)
				g_string_append_printf(out, "\\x%02x", *p);
			else
				g_string_append_c(out, (char) *p);
		}
	}
	g_string_append_c(out, '"');
}

static void format_value(const LttDecodedValue *d, const char *name, GString *out, LttFormatFlags flags,
                         GError **damage);

/* The name of member i of struct st; NULL for an element of an array. */
static const char *item_name(const LttType *st, guint64 i)
{
	return st != NULL ? ltt_field_name(ltt_type_field(st, (guint) i)) : NULL;
}

static void format_item_start(GString *out, guint64 i, const LttType *st, LttFormatFlags flags)
{
	g_string_append(out, i ? ", " : " ");
	if (st != NULL && (flags & LTT_FORMAT_FIELD_NAMES))
		g_string_append_printf(out, "%s = ", item_name(st, i));
}

/* LTT_FORMAT_HEX_ADDRESSES: where the metadata declares u8..u64 rather
 * than x8..x64 (format.md §3.1; recorders of kernel events use u64 for
 * addresses), an address is known by its field's name: an unsigned integer
 * named addr, address, ip, pc, ptr or call_site, or ending in _addr, _ptr
 * or _ip (leading underscores aside: CTF's "_call_site"). */
static gboolean is_address_name(const char *name)
{
	static const char *const names[] = { "addr", "address", "ip", "pc", "ptr", "call_site" };
	static const char *const suffixes[] = { "_addr", "_ptr", "_ip" };

	if (name == NULL)
		return FALSE;
	while (*name == '_')
		name++;
	for (guint i = 0; i < G_N_ELEMENTS(names); i++)
		if (strcmp(name, names[i]) == 0)
			return TRUE;
	for (guint i = 0; i < G_N_ELEMENTS(suffixes); i++)
		if (g_str_has_suffix(name, suffixes[i]))
			return TRUE;
	return FALSE;
}

/* An unsigned integer (not an enum's value) declared x8..x64, or named
 * as an address when the flags ask. */
static gboolean shows_hex(const LttDecodedValue *d, const char *name, LttFormatFlags flags)
{
	if (d->kind == LTT_TYPE_ENUM || ltt_type_is_signed(d->value.type))
		return FALSE;
	return ltt_type_is_hex(d->value.type) || ((flags & LTT_FORMAT_HEX_ADDRESSES) && is_address_name(name));
}

/* "{ a = 1, b = 2 }" or "[ 1, 2 ]", decoding runs of values in one pass.
 * Past a damaged value the others cannot be located: the remaining members
 * print as damaged, elements stop. */
static void format_contents(const LttValue *v, GString *out, LttFormatFlags flags, GError **damage)
{
	const LttType *st = ltt_type_kind(v->type) == LTT_TYPE_STRUCT ? v->type : NULL;
	LttDecodedValue run[8];
	LttValueIter it;
	GError *here = NULL;
	guint64 i = 0;
	guint n;

	if (!ltt_value_iter_init(&it, v, damage != NULL && *damage == NULL ? damage : NULL)) {
		g_string_append(out, "<damaged>");
		return;
	}
	g_string_append_c(out, st ? '{' : '[');
	do {
		n = ltt_value_iter_read(&it, run, G_N_ELEMENTS(run), &here);
		for (guint k = 0; k < n; k++, i++) {
			format_item_start(out, i, st, flags);
			format_value(&run[k], item_name(st, i), out, flags, damage);
		}
	} while (n == G_N_ELEMENTS(run));
	if (here != NULL) {
		do {
			format_item_start(out, i, st, flags);
			g_string_append(out, "<damaged>");
		} while (st != NULL && ++i < ltt_type_field_count(st));
		if (damage != NULL && *damage == NULL)
			*damage = here;
		else
			g_error_free(here);
	}
	g_string_append(out, st ? " }" : " ]");
}

static void format_value(const LttDecodedValue *d, const char *name, GString *out, LttFormatFlags flags,
                         GError **damage)
{
	const char *label;

	switch (d->kind) {
	case LTT_TYPE_STRING:
		append_string(out, d->string);
		break;
	case LTT_TYPE_ENUM:
		if ((label = ltt_type_enum_label(d->value.type, (gint64) d->uint)) != NULL) {
			g_string_append(out, label);
			break;
		}
		/* An unnamed value prints as its number. */
		G_GNUC_FALLTHROUGH;
	case LTT_TYPE_S8: case LTT_TYPE_S16: case LTT_TYPE_S32: case LTT_TYPE_S64:
	case LTT_TYPE_U8: case LTT_TYPE_U16: case LTT_TYPE_U32: case LTT_TYPE_U64:
		if (shows_hex(d, name, flags))
			g_string_append_printf(out, "0x%" G_GINT64_MODIFIER "x", d->uint);
		else if (ltt_type_is_signed(d->value.type))
			g_string_append_printf(out, "%" G_GINT64_FORMAT, (gint64) d->uint);
		else
			g_string_append_printf(out, "%" G_GUINT64_FORMAT, d->uint);
		break;
	default:
		format_contents(&d->value, out, flags, damage);
	}
}

void ltt_event_format_payload(const LttEvent *ev, GString *out, LttFormatFlags flags)
{
	LttValue v;

	GError *damage = NULL;

	ltt_event_payload_value(ev, &v);
	format_contents(&v, out, flags, &damage);
	if (damage != NULL) {
		ltt_event_report_damage(ev, damage->message);
		g_error_free(damage);
	}
}
