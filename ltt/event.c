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
	return ev->tf->cpu;
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
#ifdef __GNUC__
__attribute__((always_inline))
#endif
static inline guint64 load_int(LttTypeKind kind, const guint8 *p, gboolean swap)
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
		n = load_int(t->length_type->kind, data, swap);
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
			if (!value_size(t->fields[i].type, data + off, avail - off, swap, &s))
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
		if (!value_size(t->element, data + off, avail - off, swap, &s))
			return FALSE;
		off += s;
	}
	*out = off;
	return TRUE;
}

gboolean ltt_value_size(const LttValue *v, gsize *out, GError **error)
{
	if (!value_size(v->type, v->data, v->avail, v->swap, out))
		return short_payload(v, error);
	return TRUE;
}

gboolean ltt_value_get_int(const LttValue *v, gint64 *out, GError **error)
{
	guint64 u;

	if (!ltt_value_get_uint(v, &u, error))
		return FALSE;
	*out = (gint64) u;
	return TRUE;
}

gboolean ltt_value_get_uint(const LttValue *v, guint64 *out, GError **error)
{
	if (v->type->int_kind == 0)
		return wrong_kind(v, "an integer", error);
	if (v->type->size > v->avail)
		return short_payload(v, error);
	*out = load_int(v->type->int_kind, v->data, v->swap);
	return TRUE;
}

const char *ltt_value_get_enum_label(const LttValue *v)
{
	guint64 u;

	if (v->type->kind != LTT_TYPE_ENUM || !ltt_value_get_uint(v, &u, NULL))
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

/* Where the last member or element looked up in a value begins.  Readers
 * visit members and elements in order: starting from the previous one makes
 * such a visit linear instead of quadratic when sizes vary.  Per thread, and
 * keyed by everything that determines the layout. */
typedef struct {
	const LttType *type;
	const guint8 *data;
	gsize avail;
	guint64 index;
	gsize offset;
} WalkCache;

#ifdef __GNUC__
/* The cheap TLS model: libltt is linked by programs, not loaded late. */
static _Thread_local WalkCache walk_cache __attribute__((tls_model("initial-exec")));
#else
static _Thread_local WalkCache walk_cache;
#endif

/* Index (and *off) to walk from towards target: the anchor or a nearer
 * remembered place. */
static guint64 walk_start(const LttValue *v, guint64 anchor, guint64 target, gsize *off)
{
	const WalkCache *c = &walk_cache;

	if (c->type == v->type && c->data == v->data && c->avail == v->avail && c->index > anchor &&
	    c->index <= target && c->offset <= v->avail) {
		*off = c->offset;
		return c->index;
	}
	return anchor;
}

static void walk_remember(const LttValue *v, guint64 index, gsize off)
{
	WalkCache *c = &walk_cache;

	c->type = v->type;
	c->data = v->data;
	c->avail = v->avail;
	c->index = index;
	c->offset = off;
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
	*out = load_int(v->type->length_type->kind, v->data, v->swap);
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
		for (guint64 k = walk_start(v, 0, i, &off); k < i; k++) {
			gsize s;
			if (!value_size(elem, v->data + off, v->avail - off, v->swap, &s))
				return short_payload(v, error);
			off += s;
		}
		walk_remember(v, i, off);
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

/* A member after variable-size ones: walk from the nearest place known. */
static G_GNUC_NO_INLINE gboolean member_walk(const LttValue *v, const LttField *f, LttValue *out,
                                             GError **error)
{
	const LttType *t = v->type;
	gsize off = (gsize) t->fields[f->anchor].struct_offset;

	for (guint k = (guint) walk_start(v, f->anchor, f->index, &off); k < f->index; k++) {
		gsize s;
		if (off > v->avail || !value_size(t->fields[k].type, v->data + off, v->avail - off, v->swap, &s))
			return short_payload(v, error);
		off += s;
	}
	walk_remember(v, f->index, off);
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

static gboolean belongs_to(const LttEvent *ev, const LttField *field)
{
	const LttField *top = field->top;
	const LttType *payload = ev->type->payload;

	return top != NULL && top->index < payload->count && &payload->fields[top->index] == top;
}

static gboolean field_damaged(const LttEvent *ev, const LttField *field, GError **error)
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

/* The shortcuts take the fixed offset directly when there is one. */
static gboolean event_int(const LttEvent *ev, const LttField *field, guint64 *out)
{
	LttValue v;

	if (field->payload_offset >= 0 && field->type->is_fixed && belongs_to(ev, field) &&
	    (gsize) field->payload_offset + field->type->size <= ev->size) {
		if (field->type->int_kind == 0)
			return FALSE;
		*out = load_int(field->type->int_kind, ev->payload + field->payload_offset, ev->tf->swap);
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
