/* event.c: the current event and the values of its fields.  Every read is
 * checked against the payload's size: payload bytes come from a file. */
#include <string.h>
#include "ltt-error.h"
#include "event.h"
#include "byteorder-private.h"
#include "trace-private.h"

LttTracefile *ltt_event_tracefile(const LttEvent *ev)
{
	return ev->tf;
}

LttTime ltt_event_time(const LttEvent *ev)
{
	return ev->time;
}

guint ltt_event_cpu(const LttEvent *ev)
{
	return ev->cpu;
}

guint ltt_event_id(const LttEvent *ev)
{
	return ev->id;
}

const LttEventType *ltt_event_type(const LttEvent *ev)
{
	return ev->type;
}

const char *ltt_event_name(const LttEvent *ev)
{
	return ev->type->name;
}

const guint8 *ltt_event_payload(const LttEvent *ev)
{
	return ev->payload;
}

gsize ltt_event_payload_size(const LttEvent *ev)
{
	return ev->size;
}

void ltt_event_position(const LttEvent *ev, LttEventPosition *pos)
{
	pos->tracefile = ev->tf;
	pos->block = ev->block;
	pos->offset = ev->offset;
	pos->time = ev->time;
}

void ltt_event_payload_value(const LttEvent *ev, LttValue *out)
{
	out->type = ev->type->payload;
	out->data = ev->payload;
	out->avail = ev->size;
	out->swap = ev->tf->swap;
}

static G_GNUC_NO_INLINE gboolean short_payload(const LttValue *v, GError **error)
{
	g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED,
	            "%s value does not fit in the %" G_GSIZE_FORMAT " bytes left in the payload",
	            ltt_type_kind_name(v->type->kind), v->avail);
	return FALSE;
}

static G_GNUC_NO_INLINE gboolean wrong_kind(const LttValue *v, const char *wanted, GError **error)
{
	g_set_error(error, LTT_ERROR, LTT_ERROR_FIELD, "value of type %s is not %s",
	            ltt_type_kind_name(v->type->kind), wanted);
	return FALSE;
}

/* Reads an integer of the given kind (s8..u64), sign- or zero-extended. */
static guint64 load_int(LttTypeKind kind, const guint8 *p, gboolean swap)
{
	switch (kind) {
	case LTT_TYPE_S8: return (guint64) (gint64) (gint8) p[0];
	case LTT_TYPE_U8: return p[0];
	case LTT_TYPE_S16: return (guint64) (gint64) (gint16) ltt_load_u16(p, swap);
	case LTT_TYPE_U16: return ltt_load_u16(p, swap);
	case LTT_TYPE_S32: return (guint64) (gint64) (gint32) ltt_load_u32(p, swap);
	case LTT_TYPE_U32: return ltt_load_u32(p, swap);
	default: return ltt_load_u64(p, swap);
	}
}

/* The integer or enum of type t at data + pos, which fits in the window
 * [data, data + avail).  Any 8 bytes of the window that contain the value
 * will do: those that begin with it, else those that end with it.  The
 * shift that moves the value to the top then depends only on which, and on
 * the byte order; only a window of fewer than 8 bytes takes the switch. */
#ifdef __GNUC__
__attribute__((always_inline))
#endif
static inline guint64 load_in_window(const LttType *t, const guint8 *data, gsize pos, gsize avail,
                                     gboolean swap)
{
	/* After a forward load (and swap), the value sits at the top of x when
	 * its first byte lands there: when x ends up in big-endian order. */
	gboolean top = G_BYTE_ORDER == G_LITTLE_ENDIAN ? swap : !swap;
	guint64 x;

	if (G_LIKELY(avail - pos >= 8)) {
		memcpy(&x, data + pos, sizeof x);
	} else if (pos + t->size >= 8) {
		memcpy(&x, data + pos + t->size - 8, sizeof x);
		top = !top;
	} else {
		return load_int(t->int_kind, data + pos, swap);
	}
	if (swap)
		x = GUINT64_SWAP_LE_BE(x);
	if (!top)
		x <<= t->int_shift;
	return (guint64) ((gint64) x >> t->int_shift) & t->int_mask;
}

static gboolean value_size(const LttType *t, const guint8 *data, gsize avail, gboolean swap, gsize *out);

/* value_size with the common cases inline: fixed sizes and strings are
 * most of the values stepped over. */
static inline gboolean value_extent(const LttType *t, const guint8 *data, gsize avail, gboolean swap,
                                    gsize *out)
{
	if (G_LIKELY(t->is_fixed)) {
		*out = t->size;
		return t->size <= avail;
	}
	if (t->kind == LTT_TYPE_STRING) {
		const guint8 *nul = memchr(data, 0, avail);
		*out = nul ? (gsize) (nul - data) + 1 : 0;
		return nul != NULL;
	}
	return value_size(t, data, avail, swap, out);
}

/* Size of the value of type t at data, within avail bytes; FALSE when it
 * does not fit.  Array elements are never of size 0 (the parser refuses
 * them), so every loop below consumes avail. */
static gboolean value_size(const LttType *t, const guint8 *data, gsize avail, gboolean swap, gsize *out)
{
	gsize off = 0;
	guint64 n;

	if (t->is_fixed) {
		*out = t->size;
		return t->size <= avail;
	}
	switch (t->kind) {
	case LTT_TYPE_STRING: {
		const guint8 *nul = memchr(data, 0, avail);
		if (nul == NULL)
			return FALSE;
		*out = (gsize) (nul - data) + 1;
		return TRUE;
	}
	case LTT_TYPE_SEQUENCE:
		off = t->length_type->size;
		if (off > avail)
			return FALSE;
		n = load_in_window(t->length_type, data, 0, avail, swap);
		if (t->element->is_fixed) {
			/* A multiplication, not a division: this is on every decode. */
			if (!g_uint64_checked_mul(&n, n, t->element->size) || n > avail - off)
				return FALSE;
			*out = off + (gsize) n;
			return TRUE;
		}
		break;
	case LTT_TYPE_ARRAY:
		n = t->count;
		break;
	case LTT_TYPE_STRUCT:
		for (guint i = 0; i < t->count; i++) {
			gsize s;
			if (!value_extent(t->fields[i].type, data + off, avail - off, swap, &s))
				return FALSE;
			off += s;
		}
		*out = off;
		return TRUE;
	default:
		return FALSE;
	}
	for (guint64 i = 0; i < n; i++) {
		gsize s;
		if (!value_extent(t->element, data + off, avail - off, swap, &s))
			return FALSE;
		off += s;
	}
	*out = off;
	return TRUE;
}

gboolean ltt_value_size(const LttValue *v, gsize *out, GError **error)
{
	if (!value_extent(v->type, v->data, v->avail, v->swap, out))
		return short_payload(v, error);
	return TRUE;
}

static inline gboolean get_uint(const LttValue *v, guint64 *out, GError **error)
{
	if (G_UNLIKELY(v->type->int_kind == 0))
		return wrong_kind(v, "an integer", error);
	if (G_UNLIKELY(v->type->size > v->avail))
		return short_payload(v, error);
	*out = load_in_window(v->type, v->data, 0, v->avail, v->swap);
	return TRUE;
}

gboolean ltt_value_get_int(const LttValue *v, gint64 *out, GError **error)
{
	return get_uint(v, (guint64 *) out, error);
}

gboolean ltt_value_get_uint(const LttValue *v, guint64 *out, GError **error)
{
	return get_uint(v, out, error);
}

const char *ltt_value_get_enum_label(const LttValue *v)
{
	guint64 u = 0;

	if (v->type->kind != LTT_TYPE_ENUM || !get_uint(v, &u, NULL))
		return NULL;
	return ltt_type_enum_label(v->type, (gint64) u);
}

gboolean ltt_value_get_string(const LttValue *v, const char **out, GError **error)
{
	if (v->type->kind != LTT_TYPE_STRING)
		return wrong_kind(v, "a string", error);
	if (memchr(v->data, 0, v->avail) == NULL)
		return short_payload(v, error);
	*out = (const char *) v->data;
	return TRUE;
}

static void set_value(LttValue *out, const LttType *type, const LttValue *within, gsize off)
{
	out->type = type;
	out->data = within->data + off;
	out->avail = within->avail - off;
	out->swap = within->swap;
}

static gboolean element_count(const LttValue *v, guint64 *out, GError **error)
{
	if (v->type->kind == LTT_TYPE_ARRAY) {
		*out = v->type->count;
		return TRUE;
	}
	if (v->type->kind != LTT_TYPE_SEQUENCE)
		return wrong_kind(v, "an array or a sequence", error);
	if (v->type->length_type->size > v->avail)
		return short_payload(v, error);
	*out = load_in_window(v->type->length_type, v->data, 0, v->avail, v->swap);
	return TRUE;
}

gboolean ltt_value_element_count(const LttValue *v, guint64 *out, GError **error)
{
	return element_count(v, out, error);
}

static G_GNUC_NO_INLINE gboolean no_such_element(const LttValue *v, guint64 i, guint64 n, GError **error)
{
	g_set_error(error, LTT_ERROR, LTT_ERROR_FIELD, "element %" G_GUINT64_FORMAT " of a %s of %"
	            G_GUINT64_FORMAT " elements", i, ltt_type_kind_name(v->type->kind), n);
	return FALSE;
}

/* Sequences and arrays of variable-size elements. */
static G_GNUC_NO_INLINE gboolean element_walk(const LttValue *v, guint64 i, LttValue *out, GError **error)
{
	const LttType *elem = v->type->element;
	guint64 n;
	gsize off;

	if (!element_count(v, &n, error))
		return FALSE;
	if (i >= n)
		return no_such_element(v, i, n, error);
	off = v->type->kind == LTT_TYPE_SEQUENCE ? v->type->length_type->size : 0;
	if (elem->is_fixed) {
		guint64 end;
		if (!g_uint64_checked_mul(&end, i + 1, elem->size) || end > v->avail - off)
			return short_payload(v, error);
		off += (gsize) (end - elem->size);
	} else {
		for (guint64 k = 0; k < i; k++) {
			gsize s;
			if (!value_extent(elem, v->data + off, v->avail - off, v->swap, &s))
				return short_payload(v, error);
			off += s;
		}
	}
	set_value(out, elem, v, off);
	return TRUE;
}

gboolean ltt_value_element(const LttValue *v, guint64 i, LttValue *out, GError **error)
{
	const LttType *t = v->type;

	/* Fixed arrays of fixed-size elements, the common case, take no walk:
	 * count and size are below 2^32, so the product cannot overflow. */
	if (t->kind == LTT_TYPE_ARRAY && t->element->is_fixed) {
		gsize size = t->element->size, off = (gsize) i * size;
		if (G_UNLIKELY(i >= t->count))
			return no_such_element(v, i, t->count, error);
		if (G_UNLIKELY(off + size > v->avail))
			return short_payload(v, error);
		set_value(out, t->element, v, off);
		return TRUE;
	}
	return element_walk(v, i, out, error);
}

/* A member after variable-size ones: walk from the last member at a known
 * offset (visits of every member use LttValueIter instead). */
static G_GNUC_NO_INLINE gboolean member_walk(const LttValue *v, const LttField *f, LttValue *out,
                                             GError **error)
{
	const LttType *t = v->type;
	gsize off = (gsize) t->fields[f->anchor].struct_offset;

	for (guint k = f->anchor; k < f->index; k++) {
		gsize s;
		if (off > v->avail || !value_extent(t->fields[k].type, v->data + off, v->avail - off, v->swap, &s))
			return short_payload(v, error);
		off += s;
	}
	if (off > v->avail)
		return short_payload(v, error);
	set_value(out, f->type, v, off);
	return TRUE;
}

static G_GNUC_NO_INLINE gboolean no_such_member(const LttValue *v, guint i, GError **error)
{
	if (v->type->kind != LTT_TYPE_STRUCT)
		return wrong_kind(v, "a struct", error);
	g_set_error(error, LTT_ERROR, LTT_ERROR_FIELD, "member %u of a struct of %u members", i, v->type->count);
	return FALSE;
}

gboolean ltt_value_member(const LttValue *v, guint i, LttValue *out, GError **error)
{
	const LttType *t = v->type;
	const LttField *f;

	if (G_UNLIKELY(t->kind != LTT_TYPE_STRUCT || i >= t->count))
		return no_such_member(v, i, error);
	f = &t->fields[i];
	if (f->struct_offset < 0)
		return member_walk(v, f, out, error);
	if (G_UNLIKELY((gsize) f->struct_offset > v->avail))
		return short_payload(v, error);
	set_value(out, f->type, v, (gsize) f->struct_offset);
	return TRUE;
}

gboolean ltt_value_iter_init(LttValueIter *it, const LttValue *v, GError **error)
{
	const LttType *t = v->type;

	it->type = t;
	it->data = v->data;
	it->avail = v->avail;
	it->swap = v->swap;
	it->index = 0;
	it->pos = 0;
	it->count = 0;
	switch (t->kind) {
	case LTT_TYPE_STRUCT:
	case LTT_TYPE_ARRAY:
		it->count = t->count;
		return TRUE;
	case LTT_TYPE_SEQUENCE:
		it->pos = t->length_type->size;
		return element_count(v, &it->count, error);
	default:
		return wrong_kind(v, "a struct, an array or a sequence", error);
	}
}

/* The part of d common to every kind. */
static inline void decoded_init(LttDecodedValue *d, const LttType *t, const guint8 *p, gsize left,
                                gboolean swap)
{
	d->value.type = t;
	d->value.data = p;
	d->value.avail = left;
	d->value.swap = swap;
	d->kind = t->kind;
	d->uint = 0;
	d->string = NULL;
}

/* Decodes the next n values (fields: the members' types, NULL for
 * elements); returns how many before one that does not fit.  The cursor
 * lives in locals: stores to out could otherwise alias it.  Inlined in its
 * two callers: a call costs as much as decoding a value. */
#ifdef __GNUC__
__attribute__((always_inline))
#endif
static inline guint read_values(LttValueIter *it, const LttField *fields, LttDecodedValue *out, guint n)
{
	const LttType *element = it->type->element;
	const guint8 *data = it->data;
	gsize avail = it->avail, pos = it->pos;
	gboolean swap = it->swap;
	guint64 index = it->index;
	guint i;

	for (i = 0; i < n; i++, index++) {
		const LttType *t = fields ? fields[index].type : element;
		const guint8 *p = data + pos;
		gsize left = avail - pos, size = t->size;
		LttDecodedValue *d = &out[i];

		decoded_init(d, t, p, left, swap);
		if (t->int_kind != 0) {
			if (G_UNLIKELY(size > left))
				break;
			d->uint = load_in_window(t, data, pos, avail, swap);
		} else if (t->kind == LTT_TYPE_STRING) {
			const guint8 *nul = memchr(p, 0, left);
			if (G_UNLIKELY(nul == NULL))
				break;
			d->string = (const char *) p;
			size = (gsize) (nul - p) + 1;
		} else if (!value_extent(t, p, left, swap, &size)) {
			break;
		}
		pos += size;
	}
	it->pos = pos;
	it->index = index;
	return i;
}

static G_GNUC_NO_INLINE void iter_damaged(LttValueIter *it, GError **error)
{
	g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED,
	            "%s %" G_GUINT64_FORMAT " of the %s does not fit in the %" G_GSIZE_FORMAT
	            " bytes left in the payload", it->type->kind == LTT_TYPE_STRUCT ? "member" : "element",
	            it->index, ltt_type_kind_name(it->type->kind), it->avail - it->pos);
	it->count = it->index;
}

guint ltt_value_iter_read(LttValueIter *it, LttDecodedValue *out, guint max, GError **error)
{
	const LttType *element = it->type->element;
	guint n = (guint) MIN((guint64) max, it->count - it->index), done;

	if (it->type->kind == LTT_TYPE_STRUCT) {
		done = read_values(it, it->type->fields, out, n);
	} else if (n > 0 && element->int_kind != 0 && (guint64) n * element->size <= it->avail - it->pos) {
		/* Integer elements (system call arguments...): the run is checked
		 * once, then each element is a load.  n * size < 2^35: no
		 * overflow.  (n > 0: only containers have elements.) */
		const guint8 *data = it->data;
		gsize avail = it->avail, pos = it->pos, size = element->size;
		gboolean swap = it->swap;

		for (done = 0; done < n; done++, pos += size) {
			decoded_init(&out[done], element, data + pos, avail - pos, swap);
			out[done].uint = load_in_window(element, data, pos, avail, swap);
		}
		it->pos = pos;
		it->index += n;
	} else {
		done = read_values(it, NULL, out, n);
	}
	if (G_UNLIKELY(done < n))
		iter_damaged(it, error);
	return done;
}

static gboolean belongs_to(const LttEvent *ev, const LttField *field)
{
	const LttField *top = field->top;
	const LttType *payload = ev->type->payload;

	return top != NULL && top->index < payload->count && &payload->fields[top->index] == top;
}

static G_GNUC_NO_INLINE gboolean field_damaged(const LttEvent *ev, const LttField *field, GError **error)
{
	const LttBlock *b = &g_array_index(ev->tf->blocks, LttBlock, ev->block);

	g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED,
	            "%s: block %u (offset %" G_GUINT64_FORMAT "): event %s at offset %" G_GUINT64_FORMAT
	            ": field %s does not fit in its %u-byte payload", ev->tf->path, b->number,
	            b->file_offset, ev->type->name, b->file_offset + ev->offset, field->name, ev->size);
	return FALSE;
}

gboolean ltt_event_field(const LttEvent *ev, const LttField *field, LttValue *out, GError **error)
{
	LttValue parent;

	if (!belongs_to(ev, field)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_FIELD, "%s is not a field of event %s", field->name,
		            ev->type->name);
		return FALSE;
	}
	if (field->payload_offset >= 0) {
		if ((gsize) field->payload_offset > ev->size)
			return field_damaged(ev, field, error);
		out->type = field->type;
		out->data = ev->payload + field->payload_offset;
		out->avail = ev->size - (gsize) field->payload_offset;
		out->swap = ev->tf->swap;
		if (field->type->is_fixed && field->type->size > out->avail)
			return field_damaged(ev, field, error);
		return TRUE;
	}
	if (field->parent == NULL)
		ltt_event_payload_value(ev, &parent);
	else if (!ltt_event_field(ev, field->parent, &parent, NULL))
		return field_damaged(ev, field, error);
	if (!ltt_value_member(&parent, field->index, out, NULL))
		return field_damaged(ev, field, error);
	return TRUE;
}

guint ltt_event_fields(const LttEvent *ev, LttDecodedValue *out, guint max, GError **error)
{
	const LttType *payload = ev->type->payload;
	LttValueIter it = {
		.type = payload, .data = ev->payload, .avail = ev->size, .count = payload->count,
		.swap = ev->tf->swap,
	};
	guint n = MIN(max, payload->count), done = read_values(&it, payload->fields, out, n);

	if (G_UNLIKELY(done < n))
		field_damaged(ev, &payload->fields[done], error);
	return done;
}

/* The shortcuts take the fixed offset directly when there is one. */
static gboolean event_int(const LttEvent *ev, const LttField *field, guint64 *out)
{
	LttValue v;

	if (field->payload_offset >= 0 && field->type->is_fixed && belongs_to(ev, field) &&
	    (gsize) field->payload_offset + field->type->size <= ev->size) {
		if (field->type->int_kind == 0)
			return FALSE;
		*out = load_in_window(field->type, ev->payload, (gsize) field->payload_offset, ev->size, ev->tf->swap);
		return TRUE;
	}
	return ltt_event_field(ev, field, &v, NULL) && ltt_value_get_uint(&v, out, NULL);
}

gint64 ltt_event_get_int(const LttEvent *ev, const LttField *field)
{
	guint64 u;

	return event_int(ev, field, &u) ? (gint64) u : 0;
}

guint64 ltt_event_get_uint(const LttEvent *ev, const LttField *field)
{
	guint64 u;

	return event_int(ev, field, &u) ? u : 0;
}

const char *ltt_event_get_string(const LttEvent *ev, const LttField *field)
{
	LttValue v;
	const char *s;

	if (!ltt_event_field(ev, field, &v, NULL) || !ltt_value_get_string(&v, &s, NULL))
		return NULL;
	return s;
}

void ltt_event_report_damage(const LttEvent *ev, const char *what)
{
	const LttTracefile *tf = ev->tf;
	const LttBlock *b = &g_array_index(tf->blocks, LttBlock, ev->block);

	ltt_trace_warn(tf->trace, g_strdup_printf("%s: block %u (offset %" G_GUINT64_FORMAT "): event at offset %"
	                                          G_GUINT64_FORMAT ": payload of %s damaged: %s", tf->path, b->number,
	                                          b->file_offset, b->file_offset + ev->offset, ev->type->name, what));
}
