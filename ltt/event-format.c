/* event-format.c: a payload as text, "{ pid = 12, comm = "bash" }".
 * Walks members and elements in order, advancing by each value's size, so
 * that formatting is linear in the payload. */
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

static void format_value(const LttValue *v, GString *out, LttFormatFlags flags);

/* Formats count values laid end to end from first: struct members (named
 * by st) or elements (st NULL).  Past a damaged value the others cannot be
 * located: the remaining members print as damaged, elements stop. */
static void format_sequence_of(LttValue first, guint64 count, const LttType *st, GString *out,
                               LttFormatFlags flags)
{
	LttValue v = first;
	gboolean damaged = FALSE;

	for (guint64 i = 0; i < count; i++) {
		gsize size;

		g_string_append(out, i ? ", " : " ");
		if (st != NULL) {
			const LttField *f = ltt_type_field(st, (guint) i);
			v.type = ltt_field_type(f);
			if (flags & LTT_FORMAT_FIELD_NAMES)
				g_string_append_printf(out, "%s = ", ltt_field_name(f));
		}
		if (damaged || !ltt_value_size(&v, &size, NULL)) {
			g_string_append(out, "<damaged>");
			damaged = TRUE;
			if (st == NULL)
				break;
			continue;
		}
		format_value(&v, out, flags);
		v.data += size;
		v.avail -= size;
	}
	g_string_append_c(out, ' ');
}

static void format_value(const LttValue *v, GString *out, LttFormatFlags flags)
{
	const LttType *t = v->type;
	LttValue first = *v;
	const char *s;
	guint64 u, n;

	switch (ltt_type_kind(t)) {
	case LTT_TYPE_STRING:
		if (ltt_value_get_string(v, &s, NULL))
			append_string(out, s);
		else
			g_string_append(out, "<damaged>");
		break;
	case LTT_TYPE_ENUM:
		if ((s = ltt_value_get_enum_label(v)) != NULL) {
			g_string_append(out, s);
			break;
		}
		/* An unnamed value prints as its number. */
		G_GNUC_FALLTHROUGH;
	case LTT_TYPE_S8: case LTT_TYPE_S16: case LTT_TYPE_S32: case LTT_TYPE_S64:
	case LTT_TYPE_U8: case LTT_TYPE_U16: case LTT_TYPE_U32: case LTT_TYPE_U64:
		if (!ltt_value_get_uint(v, &u, NULL))
			g_string_append(out, "<damaged>");
		else if (ltt_type_is_signed(t))
			g_string_append_printf(out, "%" G_GINT64_FORMAT, (gint64) u);
		else
			g_string_append_printf(out, "%" G_GUINT64_FORMAT, u);
		break;
	case LTT_TYPE_ARRAY:
	case LTT_TYPE_SEQUENCE:
		if (!ltt_value_element_count(v, &n, NULL) || (n > 0 && !ltt_value_element(v, 0, &first, NULL))) {
			g_string_append(out, "<damaged>");
			break;
		}
		g_string_append_c(out, '[');
		format_sequence_of(first, n, NULL, out, flags);
		g_string_append_c(out, ']');
		break;
	case LTT_TYPE_STRUCT:
		g_string_append_c(out, '{');
		format_sequence_of(first, ltt_type_field_count(t), t, out, flags);
		g_string_append_c(out, '}');
		break;
	default:
		g_string_append(out, "<damaged>");
	}
}

void ltt_event_format_payload(const LttEvent *ev, GString *out, LttFormatFlags flags)
{
	LttValue v;

	ltt_event_payload_value(ev, &v);
	format_value(&v, out, flags);
}
