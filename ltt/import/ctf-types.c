/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ctf-types.c: babeltrace2's field classes as LTT field declarations
 * (doc/format.md §3.1), and its fields as LTT payloads.  Integers keep their
 * width (rounded up to 8, 16, 32 or 64 bits) and sign, enumerations their
 * labels, arrays and structures their shape; what the LTT format has no type
 * for (reals, variants, options) becomes the text babeltrace2 would print. */
#include "config.h"
#include <string.h>
#include "import-private.h"

static const char *int_name(guint64 bits, gboolean is_signed)
{
	if (bits <= 8)
		return is_signed ? "s8" : "u8";
	if (bits <= 16)
		return is_signed ? "s16" : "u16";
	if (bits <= 32)
		return is_signed ? "s32" : "u32";
	return is_signed ? "s64" : "u64";
}

static gsize int_bytes(guint64 bits)
{
	return bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8;
}

/* An LTT field or label name: [A-Za-z_][A-Za-z0-9_]*. */
void ltt_import_ident(GString *s, const char *name)
{
	const char *p;

	if (name == NULL || *name == '\0' || g_ascii_isdigit(*name))
		g_string_append_c(s, '_');
	for (p = name != NULL ? name : ""; *p; p++)
		g_string_append_c(s, g_ascii_isalnum(*p) ? *p : '_');
}

static void quoted(GString *s, const char *text)
{
	g_string_append_c(s, '"');
	for (; *text; text++) {
		if (*text == '"' || *text == '\\')
			g_string_append_c(s, '\\');
		if (*text == '\n')
			g_string_append(s, "\\n");
		else if (*text == '\t')
			g_string_append(s, "\\t");
		else
			g_string_append_c(s, *text);
	}
	g_string_append_c(s, '"');
}

static gint64 *int64_new(gint64 v)
{
	gint64 *p = g_new(gint64, 1);

	*p = v;
	return p;
}

/* The labels of single values; a label of a range has no LTT form (the
 * value is still kept as the integer). */
static void enum_text(GString *s, const bt_field_class *fc, gboolean is_signed, guint64 bits)
{
	guint64 i, n = bt_field_class_enumeration_get_mapping_count(fc);
	GHashTable *seen = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
	GString *entries = g_string_new(NULL);

	for (i = 0; i < n; i++) {
		const char *label;
		const bt_integer_range_set *ranges;
		guint64 r, nr;

		if (is_signed) {
			const bt_field_class_enumeration_signed_mapping *m =
				bt_field_class_enumeration_signed_borrow_mapping_by_index_const(fc, i);
			label = bt_field_class_enumeration_mapping_get_label(
				bt_field_class_enumeration_signed_mapping_as_mapping_const(m));
			ranges = bt_integer_range_set_signed_as_range_set_const(
				bt_field_class_enumeration_signed_mapping_borrow_ranges_const(m));
		} else {
			const bt_field_class_enumeration_unsigned_mapping *m =
				bt_field_class_enumeration_unsigned_borrow_mapping_by_index_const(fc, i);
			label = bt_field_class_enumeration_mapping_get_label(
				bt_field_class_enumeration_unsigned_mapping_as_mapping_const(m));
			ranges = bt_integer_range_set_unsigned_as_range_set_const(
				bt_field_class_enumeration_unsigned_mapping_borrow_ranges_const(m));
		}
		nr = bt_integer_range_set_get_range_count(ranges);
		for (r = 0; r < nr; r++) {
			gint64 v;

			if (is_signed) {
				const bt_integer_range_signed *range = bt_integer_range_set_signed_borrow_range_by_index_const(
					(const bt_integer_range_set_signed *) ranges, r);
				if (bt_integer_range_signed_get_lower(range) != bt_integer_range_signed_get_upper(range))
					continue;
				v = bt_integer_range_signed_get_lower(range);
			} else {
				const bt_integer_range_unsigned *range = bt_integer_range_set_unsigned_borrow_range_by_index_const(
					(const bt_integer_range_set_unsigned *) ranges, r);
				guint64 u = bt_integer_range_unsigned_get_lower(range);
				if (u != bt_integer_range_unsigned_get_upper(range) || u > G_MAXINT64)
					continue;
				v = (gint64) u;
			}
			if (g_hash_table_contains(seen, &v))
				continue;
			g_hash_table_add(seen, int64_new(v));
			if (entries->len > 0)
				g_string_append(entries, ", ");
			quoted(entries, label);
			g_string_append_printf(entries, " = %" G_GINT64_FORMAT, v);
		}
	}
	if (entries->len > 0)
		g_string_append_printf(s, "enum %s { %s }", int_name(bits, is_signed), entries->str);
	else
		g_string_append(s, int_name(bits, is_signed));
	g_string_free(entries, TRUE);
	g_hash_table_destroy(seen);
}

void ltt_import_ctf_members_text(GString *s, const bt_field_class *fc, const char *prefix)
{
	guint64 i, n;

	if (fc == NULL)
		return;
	n = bt_field_class_structure_get_member_count(fc);
	for (i = 0; i < n; i++) {
		const bt_field_class_structure_member *m = bt_field_class_structure_borrow_member_by_index_const(fc, i);

		g_string_append(s, prefix);
		ltt_import_ident(s, bt_field_class_structure_member_get_name(m));
		g_string_append(s, ": ");
		ltt_import_ctf_type_text(s, bt_field_class_structure_member_borrow_field_class_const(m));
		g_string_append(s, "; ");
	}
}

void ltt_import_ctf_type_text(GString *s, const bt_field_class *fc)
{
	bt_field_class_type t = bt_field_class_get_type(fc);

	switch (t) {
	case BT_FIELD_CLASS_TYPE_BOOL:
		g_string_append(s, "u8");
		return;
	case BT_FIELD_CLASS_TYPE_BIT_ARRAY:
		/* Shown in hex, as babeltrace2 prints it: x8..x64. */
		g_string_append_printf(s, "x%s", int_name(bt_field_class_bit_array_get_length(fc), FALSE) + 1);
		return;
	case BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER: {
		const char *name = int_name(bt_field_class_integer_get_field_value_range(fc), FALSE);
		/* The metadata's base 16 (LTTng's addresses, flags) is kept:
		 * x8..x64 ("u64" becomes "x64").  Other bases have no LTT form:
		 * decimal. */
		if (bt_field_class_integer_get_preferred_display_base(fc) ==
		    BT_FIELD_CLASS_INTEGER_PREFERRED_DISPLAY_BASE_HEXADECIMAL)
			g_string_append_printf(s, "x%s", name + 1);
		else
			g_string_append(s, name);
		return;
	}
	case BT_FIELD_CLASS_TYPE_SIGNED_INTEGER:
		g_string_append(s, int_name(bt_field_class_integer_get_field_value_range(fc), TRUE));
		return;
	case BT_FIELD_CLASS_TYPE_UNSIGNED_ENUMERATION:
	case BT_FIELD_CLASS_TYPE_SIGNED_ENUMERATION:
		enum_text(s, fc, t == BT_FIELD_CLASS_TYPE_SIGNED_ENUMERATION,
		          bt_field_class_integer_get_field_value_range(fc));
		return;
	case BT_FIELD_CLASS_TYPE_STRUCTURE:
		g_string_append(s, "struct { ");
		ltt_import_ctf_members_text(s, fc, "");
		g_string_append(s, "}");
		return;
	case BT_FIELD_CLASS_TYPE_STATIC_ARRAY:
		ltt_import_ctf_type_text(s, bt_field_class_array_borrow_element_field_class_const(fc));
		g_string_append_printf(s, "[%" G_GUINT64_FORMAT "]", bt_field_class_array_static_get_length(fc));
		return;
	case BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY_WITHOUT_LENGTH_FIELD:
	case BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY_WITH_LENGTH_FIELD:
		ltt_import_ctf_type_text(s, bt_field_class_array_borrow_element_field_class_const(fc));
		g_string_append(s, "[u32]");
		return;
	default:
		g_string_append(s, "string");
		return;
	}
}

static void put_int(LttPayload *p, guint64 v, gsize bytes)
{
	switch (bytes) {
	case 1:
		ltt_payload_put_u8(p, (guint8) v);
		break;
	case 2:
		ltt_payload_put_u16(p, (guint16) v);
		break;
	case 4:
		ltt_payload_put_u32(p, (guint32) v);
		break;
	default:
		ltt_payload_put_u64(p, v);
		break;
	}
}

/* A field the LTT format has no type for, as text. */
static void field_text(GString *s, const bt_field *f)
{
	const bt_field_class *fc;
	guint64 i, n;

	if (f == NULL) {
		g_string_append(s, "none");
		return;
	}
	fc = bt_field_borrow_class_const(f);
	switch (bt_field_get_class_type(f)) {
	case BT_FIELD_CLASS_TYPE_BOOL:
		g_string_append(s, bt_field_bool_get_value(f) ? "true" : "false");
		break;
	case BT_FIELD_CLASS_TYPE_BIT_ARRAY:
		g_string_append_printf(s, "0x%" G_GINT64_MODIFIER "x", bt_field_bit_array_get_value_as_integer(f));
		break;
	case BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER:
	case BT_FIELD_CLASS_TYPE_UNSIGNED_ENUMERATION:
		g_string_append_printf(s, "%" G_GUINT64_FORMAT, bt_field_integer_unsigned_get_value(f));
		break;
	case BT_FIELD_CLASS_TYPE_SIGNED_INTEGER:
	case BT_FIELD_CLASS_TYPE_SIGNED_ENUMERATION:
		g_string_append_printf(s, "%" G_GINT64_FORMAT, bt_field_integer_signed_get_value(f));
		break;
	case BT_FIELD_CLASS_TYPE_SINGLE_PRECISION_REAL:
		g_string_append_printf(s, "%g", (double) bt_field_real_single_precision_get_value(f));
		break;
	case BT_FIELD_CLASS_TYPE_DOUBLE_PRECISION_REAL:
		g_string_append_printf(s, "%.17g", bt_field_real_double_precision_get_value(f));
		break;
	case BT_FIELD_CLASS_TYPE_STRING:
		g_string_append(s, bt_field_string_get_value(f));
		break;
	case BT_FIELD_CLASS_TYPE_STRUCTURE:
		n = bt_field_class_structure_get_member_count(fc);
		g_string_append(s, "{ ");
		for (i = 0; i < n; i++) {
			g_string_append_printf(s, "%s%s = ", i > 0 ? ", " : "",
			                       bt_field_class_structure_member_get_name(
			                               bt_field_class_structure_borrow_member_by_index_const(fc, i)));
			field_text(s, bt_field_structure_borrow_member_field_by_index_const(f, i));
		}
		g_string_append(s, " }");
		break;
	case BT_FIELD_CLASS_TYPE_STATIC_ARRAY:
	case BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY_WITHOUT_LENGTH_FIELD:
	case BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY_WITH_LENGTH_FIELD:
		n = bt_field_array_get_length(f);
		g_string_append(s, "[ ");
		for (i = 0; i < n; i++) {
			if (i > 0)
				g_string_append(s, ", ");
			field_text(s, bt_field_array_borrow_element_field_by_index_const(f, i));
		}
		g_string_append(s, " ]");
		break;
	case BT_FIELD_CLASS_TYPE_OPTION_WITHOUT_SELECTOR_FIELD:
	case BT_FIELD_CLASS_TYPE_OPTION_WITH_BOOL_SELECTOR_FIELD:
	case BT_FIELD_CLASS_TYPE_OPTION_WITH_UNSIGNED_INTEGER_SELECTOR_FIELD:
	case BT_FIELD_CLASS_TYPE_OPTION_WITH_SIGNED_INTEGER_SELECTOR_FIELD:
		field_text(s, bt_field_option_borrow_field_const(f));
		break;
	default:
		field_text(s, bt_field_variant_borrow_selected_option_field_const(f));
		break;
	}
}

void ltt_import_ctf_members_put(LttPayload *p, const bt_field *f)
{
	guint64 i, n;

	if (f == NULL)
		return;
	n = bt_field_class_structure_get_member_count(bt_field_borrow_class_const(f));
	for (i = 0; i < n; i++)
		ltt_import_ctf_field_put(p, bt_field_structure_borrow_member_field_by_index_const(f, i));
}

void ltt_import_ctf_field_put(LttPayload *p, const bt_field *f)
{
	const bt_field_class *fc = bt_field_borrow_class_const(f);
	guint64 i, n;

	switch (bt_field_get_class_type(f)) {
	case BT_FIELD_CLASS_TYPE_BOOL:
		ltt_payload_put_u8(p, bt_field_bool_get_value(f) ? 1 : 0);
		return;
	case BT_FIELD_CLASS_TYPE_BIT_ARRAY:
		put_int(p, bt_field_bit_array_get_value_as_integer(f), int_bytes(bt_field_class_bit_array_get_length(fc)));
		return;
	case BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER:
	case BT_FIELD_CLASS_TYPE_UNSIGNED_ENUMERATION:
		put_int(p, bt_field_integer_unsigned_get_value(f),
		        int_bytes(bt_field_class_integer_get_field_value_range(fc)));
		return;
	case BT_FIELD_CLASS_TYPE_SIGNED_INTEGER:
	case BT_FIELD_CLASS_TYPE_SIGNED_ENUMERATION:
		put_int(p, (guint64) bt_field_integer_signed_get_value(f),
		        int_bytes(bt_field_class_integer_get_field_value_range(fc)));
		return;
	case BT_FIELD_CLASS_TYPE_STRING:
		ltt_payload_put_string(p, bt_field_string_get_value(f));
		return;
	case BT_FIELD_CLASS_TYPE_STRUCTURE:
		ltt_import_ctf_members_put(p, f);
		return;
	case BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY_WITHOUT_LENGTH_FIELD:
	case BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY_WITH_LENGTH_FIELD:
		n = bt_field_array_get_length(f);
		ltt_payload_put_u32(p, (guint32) MIN(n, G_MAXUINT32));
		for (i = 0; i < n && i < G_MAXUINT32; i++)
			ltt_import_ctf_field_put(p, bt_field_array_borrow_element_field_by_index_const(f, i));
		return;
	case BT_FIELD_CLASS_TYPE_STATIC_ARRAY:
		n = bt_field_array_get_length(f);
		for (i = 0; i < n; i++)
			ltt_import_ctf_field_put(p, bt_field_array_borrow_element_field_by_index_const(f, i));
		return;
	default: {
		GString *s = g_string_new(NULL);

		field_text(s, f);
		ltt_payload_put_string(p, s->str);
		g_string_free(s, TRUE);
		return;
	}
	}
}
