/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* attribute.h: a tree of named, typed values.
 *
 * Modules publish what others need through attribute trees instead of
 * global variables: hook lists, computed statistics, per-trace state.  A
 * value is created the first time it is looked up (zeroed), so that
 * producers and consumers do not depend on who comes first; the type given
 * at the lookup is checked against the existing one. */
#ifndef LTTV_ATTRIBUTE_H
#define LTTV_ATTRIBUTE_H

#include <glib.h>
#include <glib-object.h>
#include <ltt/ltt-time.h>

G_BEGIN_DECLS

typedef enum {
	LTTV_INT = 1,
	LTTV_UINT,
	LTTV_LONG,
	LTTV_ULONG,
	LTTV_FLOAT,
	LTTV_DOUBLE,
	LTTV_TIME,
	LTTV_POINTER,           /* not owned */
	LTTV_STRING,            /* owned: g_free'd when replaced through lttv_attribute_set_string or destroyed */
	LTTV_GOBJECT,           /* owned: one reference, dropped when the tree is destroyed */
	LTTV_GATTRIBUTE         /* a subtree (an LttvAttribute) */
} LttvAttributeType;

typedef GQuark LttvAttributeName;

/* Where a value lives; which member is valid depends on the type. */
typedef union {
	int *v_int;
	unsigned *v_uint;
	long *v_long;
	unsigned long *v_ulong;
	float *v_float;
	double *v_double;
	LttTime *v_time;
	gpointer *v_pointer;
	char **v_string;
	GObject **v_gobject;
} LttvAttributeValue;

#define LTTV_TYPE_ATTRIBUTE (lttv_attribute_get_type())
G_DECLARE_FINAL_TYPE(LttvAttribute, lttv_attribute, LTTV, ATTRIBUTE, GObject)

LttvAttribute *lttv_attribute_new(void);

/* The attribute errors: a lookup whose type or path does not fit the tree. */
#define LTTV_ATTRIBUTE_ERROR (lttv_attribute_error_quark())
GQuark lttv_attribute_error_quark(void);
typedef enum {
	LTTV_ATTRIBUTE_ERROR_TYPE,   /* the value exists with another type */
	LTTV_ATTRIBUTE_ERROR_PATH    /* empty path component, or a component that is not a subtree */
} LttvAttributeError;

/* Finds or creates (zeroed) the value name of type t directly under self.
 * FALSE with an error when it exists with another type. */
gboolean lttv_attribute_find(LttvAttribute *self, LttvAttributeName name, LttvAttributeType t,
                             LttvAttributeValue *value, GError **error);
/* Same for a "/"-separated path ("hooks/event/before"), creating the
 * intermediate subtrees. */
gboolean lttv_attribute_find_by_path(LttvAttribute *self, const char *path, LttvAttributeType t,
                                     LttvAttributeValue *value, GError **error);
/* Finds or creates the subtree name; NULL with an error when name holds a
 * value of another type.  The tree keeps the reference. */
LttvAttribute *lttv_attribute_find_subdir(LttvAttribute *self, LttvAttributeName name, GError **error);
LttvAttribute *lttv_attribute_find_subdir_by_path(LttvAttribute *self, const char *path, GError **error);

/* Type of name, or 0 when absent (no creation). */
LttvAttributeType lttv_attribute_get_type_by_name(LttvAttribute *self, LttvAttributeName name);
/* Looks up without creating; FALSE when absent. */
gboolean lttv_attribute_get_by_name(LttvAttribute *self, LttvAttributeName name,
                                    LttvAttributeType *t, LttvAttributeValue *value);

/* Children in creation order. */
guint lttv_attribute_get_number(LttvAttribute *self);
/* Name, type and value of the i-th child; 0 when i is out of range. */
LttvAttributeType lttv_attribute_get(LttvAttribute *self, guint i, LttvAttributeName *name,
                                     LttvAttributeValue *value);

/* Removes name (freeing what the tree owns); FALSE when absent. */
gboolean lttv_attribute_remove_by_name(LttvAttribute *self, LttvAttributeName name);

/* Replaces a string value (creating it), the tree keeps a copy. */
gboolean lttv_attribute_set_string(LttvAttribute *self, const char *path, const char *s, GError **error);

/* Adds every numeric (int ... double, time) value of src to the value of
 * the same name and type in dest, creating what dest lacks; descends into
 * subtrees.  Values of other types are left alone.  A name present in both
 * with different types is an error (dest keeps what was summed so far). */
gboolean lttv_attribute_sum(LttvAttribute *dest, LttvAttribute *src, GError **error);

/* Appends a readable, indented listing: "name (type): value" per line,
 * subtrees indented by two spaces. */
void lttv_attribute_dump(LttvAttribute *self, GString *out, guint indent);

const char *lttv_attribute_type_name(LttvAttributeType t);

G_END_DECLS

#endif
