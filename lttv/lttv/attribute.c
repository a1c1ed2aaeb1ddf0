/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* attribute.c: the attribute tree. */
#include <string.h>
#include "attribute.h"

/* Each value is allocated alone so that the LttvAttributeValue pointers
 * handed out stay valid while the tree grows. */
typedef struct {
	LttvAttributeName name;
	LttvAttributeType type;
	union {
		int v_int;
		unsigned v_uint;
		long v_long;
		unsigned long v_ulong;
		float v_float;
		double v_double;
		LttTime v_time;
		gpointer v_pointer;
		char *v_string;
		GObject *v_gobject;     /* also subtrees */
	} v;
} Entry;

struct _LttvAttribute {
	GObject parent;
	GPtrArray *entries;     /* Entry *, creation order */
	GHashTable *by_name;    /* GQuark -> Entry * */
};

G_DEFINE_TYPE(LttvAttribute, lttv_attribute, G_TYPE_OBJECT)
G_DEFINE_QUARK(lttv-attribute-error-quark, lttv_attribute_error)

static void entry_free(gpointer p)
{
	Entry *e = p;
	if (e->type == LTTV_STRING)
		g_free(e->v.v_string);
	else if ((e->type == LTTV_GOBJECT || e->type == LTTV_GATTRIBUTE) && e->v.v_gobject != NULL)
		g_object_unref(e->v.v_gobject);
	g_free(e);
}

static void lttv_attribute_finalize(GObject *object)
{
	LttvAttribute *self = LTTV_ATTRIBUTE(object);
	g_hash_table_destroy(self->by_name);
	g_ptr_array_free(self->entries, TRUE);
	G_OBJECT_CLASS(lttv_attribute_parent_class)->finalize(object);
}

static void lttv_attribute_class_init(LttvAttributeClass *klass)
{
	G_OBJECT_CLASS(klass)->finalize = lttv_attribute_finalize;
}

static void lttv_attribute_init(LttvAttribute *self)
{
	self->entries = g_ptr_array_new_with_free_func(entry_free);
	self->by_name = g_hash_table_new(g_direct_hash, g_direct_equal);
}

LttvAttribute *lttv_attribute_new(void)
{
	return g_object_new(LTTV_TYPE_ATTRIBUTE, NULL);
}

const char *lttv_attribute_type_name(LttvAttributeType t)
{
	static const char *const names[] = {
		"none", "int", "uint", "long", "ulong", "float", "double", "time",
		"pointer", "string", "gobject", "subtree"
	};
	return (guint) t < G_N_ELEMENTS(names) ? names[t] : "invalid";
}

static LttvAttributeValue value_of(Entry *e)
{
	LttvAttributeValue v;
	switch (e->type) {
	case LTTV_INT: v.v_int = &e->v.v_int; break;
	case LTTV_UINT: v.v_uint = &e->v.v_uint; break;
	case LTTV_LONG: v.v_long = &e->v.v_long; break;
	case LTTV_ULONG: v.v_ulong = &e->v.v_ulong; break;
	case LTTV_FLOAT: v.v_float = &e->v.v_float; break;
	case LTTV_DOUBLE: v.v_double = &e->v.v_double; break;
	case LTTV_TIME: v.v_time = &e->v.v_time; break;
	case LTTV_POINTER: v.v_pointer = &e->v.v_pointer; break;
	case LTTV_STRING: v.v_string = &e->v.v_string; break;
	default: v.v_gobject = &e->v.v_gobject; break;
	}
	return v;
}

static Entry *lookup(LttvAttribute *self, LttvAttributeName name)
{
	return g_hash_table_lookup(self->by_name, GUINT_TO_POINTER(name));
}

static Entry *find_or_create(LttvAttribute *self, LttvAttributeName name, LttvAttributeType t,
                             GError **error)
{
	Entry *e = lookup(self, name);
	if (e != NULL) {
		if (e->type != t) {
			g_set_error(error, LTTV_ATTRIBUTE_ERROR, LTTV_ATTRIBUTE_ERROR_TYPE,
			            "attribute \"%s\" is a %s, not a %s", g_quark_to_string(name),
			            lttv_attribute_type_name(e->type), lttv_attribute_type_name(t));
			return NULL;
		}
		return e;
	}
	e = g_new0(Entry, 1);
	e->name = name;
	e->type = t;
	if (t == LTTV_GATTRIBUTE)
		e->v.v_gobject = G_OBJECT(lttv_attribute_new());
	g_ptr_array_add(self->entries, e);
	g_hash_table_insert(self->by_name, GUINT_TO_POINTER(name), e);
	return e;
}

gboolean lttv_attribute_find(LttvAttribute *self, LttvAttributeName name, LttvAttributeType t,
                             LttvAttributeValue *value, GError **error)
{
	g_return_val_if_fail(LTTV_IS_ATTRIBUTE(self), FALSE);
	Entry *e = find_or_create(self, name, t, error);
	if (e == NULL)
		return FALSE;
	*value = value_of(e);
	return TRUE;
}

LttvAttribute *lttv_attribute_find_subdir(LttvAttribute *self, LttvAttributeName name, GError **error)
{
	g_return_val_if_fail(LTTV_IS_ATTRIBUTE(self), NULL);
	Entry *e = find_or_create(self, name, LTTV_GATTRIBUTE, error);
	return e == NULL ? NULL : LTTV_ATTRIBUTE(e->v.v_gobject);
}

/* Walks path: returns the subtree holding the last component, whose name
 * goes to *last. */
static LttvAttribute *walk(LttvAttribute *self, const char *path, LttvAttributeName *last,
                           GError **error)
{
	gchar **parts = g_strsplit(path, "/", -1);
	guint n = g_strv_length(parts);
	LttvAttribute *dir = self;
	for (guint i = 0; i < n && dir != NULL; i++) {
		if (parts[i][0] == '\0') {
			g_set_error(error, LTTV_ATTRIBUTE_ERROR, LTTV_ATTRIBUTE_ERROR_PATH,
			            "attribute path \"%s\" has an empty component", path);
			dir = NULL;
		} else if (i + 1 == n) {
			*last = g_quark_from_string(parts[i]);
		} else {
			GError *sub = NULL;
			dir = lttv_attribute_find_subdir(dir, g_quark_from_string(parts[i]), &sub);
			if (dir == NULL) {
				g_set_error(error, LTTV_ATTRIBUTE_ERROR, LTTV_ATTRIBUTE_ERROR_PATH,
				            "attribute path \"%s\": %s", path, sub->message);
				g_error_free(sub);
			}
		}
	}
	if (n == 0 && dir != NULL) {
		g_set_error(error, LTTV_ATTRIBUTE_ERROR, LTTV_ATTRIBUTE_ERROR_PATH, "empty attribute path");
		dir = NULL;
	}
	g_strfreev(parts);
	return dir;
}

gboolean lttv_attribute_find_by_path(LttvAttribute *self, const char *path, LttvAttributeType t,
                                     LttvAttributeValue *value, GError **error)
{
	LttvAttributeName last = 0;
	LttvAttribute *dir = walk(self, path, &last, error);
	return dir != NULL && lttv_attribute_find(dir, last, t, value, error);
}

LttvAttribute *lttv_attribute_find_subdir_by_path(LttvAttribute *self, const char *path, GError **error)
{
	LttvAttributeName last = 0;
	LttvAttribute *dir = walk(self, path, &last, error);
	return dir == NULL ? NULL : lttv_attribute_find_subdir(dir, last, error);
}

LttvAttributeType lttv_attribute_get_type_by_name(LttvAttribute *self, LttvAttributeName name)
{
	Entry *e = lookup(self, name);
	return e == NULL ? 0 : e->type;
}

gboolean lttv_attribute_get_by_name(LttvAttribute *self, LttvAttributeName name,
                                    LttvAttributeType *t, LttvAttributeValue *value)
{
	Entry *e = lookup(self, name);
	if (e == NULL)
		return FALSE;
	if (t)
		*t = e->type;
	if (value)
		*value = value_of(e);
	return TRUE;
}

guint lttv_attribute_get_number(LttvAttribute *self)
{
	return self->entries->len;
}

LttvAttributeType lttv_attribute_get(LttvAttribute *self, guint i, LttvAttributeName *name,
                                     LttvAttributeValue *value)
{
	if (i >= self->entries->len)
		return 0;
	Entry *e = g_ptr_array_index(self->entries, i);
	if (name)
		*name = e->name;
	if (value)
		*value = value_of(e);
	return e->type;
}

gboolean lttv_attribute_remove_by_name(LttvAttribute *self, LttvAttributeName name)
{
	Entry *e = lookup(self, name);
	if (e == NULL)
		return FALSE;
	g_hash_table_remove(self->by_name, GUINT_TO_POINTER(name));
	g_ptr_array_remove(self->entries, e);
	return TRUE;
}

gboolean lttv_attribute_set_string(LttvAttribute *self, const char *path, const char *s, GError **error)
{
	LttvAttributeValue v;
	if (!lttv_attribute_find_by_path(self, path, LTTV_STRING, &v, error))
		return FALSE;
	g_free(*v.v_string);
	*v.v_string = g_strdup(s);
	return TRUE;
}

gboolean lttv_attribute_sum(LttvAttribute *dest, LttvAttribute *src, GError **error)
{
	for (guint i = 0; i < src->entries->len; i++) {
		Entry *s = g_ptr_array_index(src->entries, i);
		if (s->type == LTTV_POINTER || s->type == LTTV_STRING || s->type == LTTV_GOBJECT)
			continue;
		Entry *d = find_or_create(dest, s->name, s->type, error);
		if (d == NULL)
			return FALSE;
		switch (s->type) {
		case LTTV_INT: d->v.v_int += s->v.v_int; break;
		case LTTV_UINT: d->v.v_uint += s->v.v_uint; break;
		case LTTV_LONG: d->v.v_long += s->v.v_long; break;
		case LTTV_ULONG: d->v.v_ulong += s->v.v_ulong; break;
		case LTTV_FLOAT: d->v.v_float += s->v.v_float; break;
		case LTTV_DOUBLE: d->v.v_double += s->v.v_double; break;
		case LTTV_TIME: d->v.v_time += s->v.v_time; break;
		default:
			if (!lttv_attribute_sum(LTTV_ATTRIBUTE(d->v.v_gobject),
			                        LTTV_ATTRIBUTE(s->v.v_gobject), error))
				return FALSE;
			break;
		}
	}
	return TRUE;
}

void lttv_attribute_dump(LttvAttribute *self, GString *out, guint indent)
{
	for (guint i = 0; i < self->entries->len; i++) {
		Entry *e = g_ptr_array_index(self->entries, i);
		char tbuf[LTT_TIME_STRING_SIZE];
		g_string_append_printf(out, "%*s%s (%s)", (int) indent, "",
		                       g_quark_to_string(e->name), lttv_attribute_type_name(e->type));
		switch (e->type) {
		case LTTV_INT: g_string_append_printf(out, ": %d\n", e->v.v_int); break;
		case LTTV_UINT: g_string_append_printf(out, ": %u\n", e->v.v_uint); break;
		case LTTV_LONG: g_string_append_printf(out, ": %ld\n", e->v.v_long); break;
		case LTTV_ULONG: g_string_append_printf(out, ": %lu\n", e->v.v_ulong); break;
		case LTTV_FLOAT: g_string_append_printf(out, ": %g\n", e->v.v_float); break;
		case LTTV_DOUBLE: g_string_append_printf(out, ": %g\n", e->v.v_double); break;
		case LTTV_TIME:
			ltt_time_format(e->v.v_time, tbuf);
			g_string_append_printf(out, ": %s\n", tbuf);
			break;
		case LTTV_POINTER: g_string_append_printf(out, ": %p\n", e->v.v_pointer); break;
		case LTTV_STRING:
			g_string_append_printf(out, ": \"%s\"\n", e->v.v_string ? e->v.v_string : "");
			break;
		case LTTV_GOBJECT:
			g_string_append_printf(out, ": %s\n",
			                       e->v.v_gobject ? G_OBJECT_TYPE_NAME(e->v.v_gobject) : "(null)");
			break;
		default:
			g_string_append_c(out, '\n');
			lttv_attribute_dump(LTTV_ATTRIBUTE(e->v.v_gobject), out, indent + 2);
			break;
		}
	}
}
