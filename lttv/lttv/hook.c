/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* hook.c: priority-sorted, reference-counted hook lists whose references
 * remember their owner. */
#include <string.h>
#include "hook.h"
#include "hook-private.h"
#include "module.h"

guint64 lttv_hooks_changes;

/* Who holds some of a hook's references. */
typedef struct {
	gconstpointer owner;
	guint count;
} OwnerRefs;

typedef struct {
	LttvHook f;
	void *hook_data;
	LttvHookPriority prio;
	guint ref_count;            /* the sum of the owners' counts */
	guint n_owners;
	/* Shared with the copies of the vector made while a call held it:
	 * calls read f and hook_data only, and the array is freed when the
	 * hook leaves the list (or the list is destroyed). */
	OwnerRefs *owners;
} LttvHookClosure;

/* The hooks of a list.  A call in progress holds the vector (users > 0); a
 * change made meanwhile works on a copy, and the vector it replaced is freed
 * by the last call that uses it (detached). */
typedef struct {
	guint users;
	gboolean detached;
	guint len, cap;
	LttvHookClosure items[];
} HookVec;

/* Every list of the process is linked, so that a module's hooks can be
 * removed from all of them when it is unloaded. */
struct _LttvHooks {
	HookVec *vec;
	LttvHooks *prev, *next;
};

static LttvHooks *all_lists;

static HookVec *vec_alloc(guint cap)
{
	HookVec *v = g_malloc(sizeof(HookVec) + cap * sizeof(LttvHookClosure));
	v->users = 0;
	v->detached = FALSE;
	v->len = 0;
	v->cap = cap;
	return v;
}

static void vec_release(HookVec *v)
{
	if (v->users == 0)
		g_free(v);
	else
		v->detached = TRUE;
}

/* The vector, ready to be changed and with room for one more hook. */
static HookVec *writable(LttvHooks *h)
{
	lttv_hooks_changes++;
	HookVec *old = h->vec;
	if (old->users == 0 && old->len < old->cap)
		return old;
	guint cap = old->len < old->cap ? old->cap : old->cap * 2;
	HookVec *v = vec_alloc(cap);
	v->len = old->len;
	memcpy(v->items, old->items, old->len * sizeof(LttvHookClosure));
	vec_release(old);
	h->vec = v;
	return v;
}

LttvHooks *lttv_hooks_new(void)
{
	LttvHooks *h = g_new(LttvHooks, 1);
	h->vec = vec_alloc(4);
	h->prev = NULL;
	h->next = all_lists;
	if (all_lists != NULL)
		all_lists->prev = h;
	all_lists = h;
	lttv_hooks_changes++;
	return h;
}

void lttv_hooks_destroy(LttvHooks *h)
{
	if (h == NULL)
		return;
	lttv_hooks_changes++;
	for (guint i = 0; i < h->vec->len; i++)
		g_free(h->vec->items[i].owners);
	vec_release(h->vec);
	if (h->prev != NULL)
		h->prev->next = h->next;
	else
		all_lists = h->next;
	if (h->next != NULL)
		h->next->prev = h->prev;
	g_free(h);
}

static gint find(const HookVec *v, LttvHook f, void *hook_data)
{
	for (guint i = 0; i < v->len; i++)
		if (v->items[i].f == f && v->items[i].hook_data == hook_data)
			return (gint) i;
	return -1;
}

static void owner_add(LttvHookClosure *c, gconstpointer owner, guint count)
{
	c->ref_count += count;
	for (guint k = 0; k < c->n_owners; k++)
		if (c->owners[k].owner == owner) {
			c->owners[k].count += count;
			return;
		}
	c->owners = g_renew(OwnerRefs, c->owners, c->n_owners + 1);
	c->owners[c->n_owners++] = (OwnerRefs) { owner, count };
}

/* Drops up to count references of owner; with any_owner, the rest from
 * the other owners, latest first.  Returns how many were dropped. */
static guint owner_drop(LttvHookClosure *c, gconstpointer owner, guint count, gboolean any_owner)
{
	guint dropped = 0;
	for (guint k = c->n_owners; k-- > 0 && dropped < count;) {
		if (c->owners[k].owner != owner)
			continue;
		guint d = MIN(count - dropped, c->owners[k].count);
		c->owners[k].count -= d;
		dropped += d;
	}
	for (guint k = c->n_owners; any_owner && k-- > 0 && dropped < count;) {
		guint d = MIN(count - dropped, c->owners[k].count);
		c->owners[k].count -= d;
		dropped += d;
	}
	guint kept = 0;
	for (guint k = 0; k < c->n_owners; k++)
		if (c->owners[k].count > 0)
			c->owners[kept++] = c->owners[k];
	c->n_owners = kept;
	c->ref_count -= dropped;
	return dropped;
}

static void add_counted(LttvHooks *h, LttvHook f, void *hook_data, LttvHookPriority p,
                        gconstpointer owner, guint count)
{
	gint found = find(h->vec, f, hook_data);
	HookVec *v = writable(h);
	if (found >= 0) {
		owner_add(&v->items[found], owner, count);
		return;
	}
	/* After every hook of the same priority: stable order. */
	guint pos = v->len;
	while (pos > 0 && v->items[pos - 1].prio > p)
		pos--;
	memmove(&v->items[pos + 1], &v->items[pos], (v->len - pos) * sizeof(LttvHookClosure));
	v->items[pos] = (LttvHookClosure) { f, hook_data, p, 0, 0, NULL };
	owner_add(&v->items[pos], owner, count);
	v->len++;
}

void lttv_hooks_add(LttvHooks *h, LttvHook f, void *hook_data, LttvHookPriority p)
{
	g_return_if_fail(h != NULL && f != NULL);
	add_counted(h, f, hook_data, p, lttv_module_current(), 1);
}

void lttv_hooks_add_owned(LttvHooks *h, LttvHook f, void *hook_data, LttvHookPriority p,
                          gconstpointer owner)
{
	g_return_if_fail(h != NULL && f != NULL);
	add_counted(h, f, hook_data, p, owner, 1);
}

void lttv_hooks_add_list(LttvHooks *h, const LttvHooks *list)
{
	g_return_if_fail(h != NULL);
	if (list == NULL || list == h)
		return;
	const HookVec *src = list->vec;
	for (guint i = 0; i < src->len; i++)
		for (guint k = 0; k < src->items[i].n_owners; k++)
			add_counted(h, src->items[i].f, src->items[i].hook_data, src->items[i].prio,
			            src->items[i].owners[k].owner, src->items[i].owners[k].count);
}

/* Drops references of hook i (owner's first, see owner_drop); the hook
 * leaves the list with its last reference. */
static guint drop_at(LttvHooks *h, gint i, gconstpointer owner, guint count, gboolean any_owner)
{
	if (i < 0)
		return 0;
	HookVec *v = writable(h);
	LttvHookClosure *c = &v->items[i];
	guint dropped = owner_drop(c, owner, count, any_owner);
	if (c->ref_count == 0) {
		g_free(c->owners);
		memmove(&v->items[i], &v->items[i + 1], (v->len - (guint) i - 1) * sizeof(LttvHookClosure));
		v->len--;
	}
	return dropped;
}

void lttv_hooks_remove_data(LttvHooks *h, LttvHook f, void *hook_data)
{
	g_return_if_fail(h != NULL);
	drop_at(h, find(h->vec, f, hook_data), lttv_module_current(), 1, TRUE);
}

guint lttv_hooks_remove_owner(LttvHooks *h, gconstpointer owner)
{
	g_return_val_if_fail(h != NULL, 0);
	guint dropped = 0;
	for (guint i = h->vec->len; i-- > 0;) {
		const LttvHookClosure *c = &h->vec->items[i];
		for (guint k = 0; k < c->n_owners; k++)
			if (c->owners[k].owner == owner) {
				dropped += drop_at(h, (gint) i, owner, G_MAXUINT, FALSE);
				break;
			}
	}
	return dropped;
}

guint lttv_hooks_remove_owner_everywhere(gconstpointer owner)
{
	guint dropped = 0;
	for (LttvHooks *h = all_lists; h != NULL; h = h->next)
		dropped += lttv_hooks_remove_owner(h, owner);
	return dropped;
}

void lttv_hooks_remove_list(LttvHooks *h, const LttvHooks *list)
{
	g_return_if_fail(h != NULL);
	if (list == NULL)
		return;
	if (list == h) {
		HookVec *v = writable(h);
		for (guint i = 0; i < v->len; i++)
			g_free(v->items[i].owners);
		v->len = 0;
		return;
	}
	const HookVec *src = list->vec;
	for (guint i = 0; i < src->len; i++)
		for (guint k = 0; k < src->items[i].n_owners; k++)
			drop_at(h, find(h->vec, src->items[i].f, src->items[i].hook_data),
			        src->items[i].owners[k].owner, src->items[i].owners[k].count, TRUE);
}

guint lttv_hooks_owner_refs(const LttvHooks *h, guint i, gconstpointer owner)
{
	if (h == NULL || i >= h->vec->len)
		return 0;
	const LttvHookClosure *c = &h->vec->items[i];
	for (guint k = 0; k < c->n_owners; k++)
		if (c->owners[k].owner == owner)
			return c->owners[k].count;
	return 0;
}

guint lttv_hooks_number(const LttvHooks *h)
{
	return h == NULL ? 0 : h->vec->len;
}

gboolean lttv_hooks_get(const LttvHooks *h, guint i, LttvHook *f, void **hook_data,
                        LttvHookPriority *p, guint *ref_count)
{
	if (h == NULL || i >= h->vec->len)
		return FALSE;
	const LttvHookClosure *c = &h->vec->items[i];
	if (f)
		*f = c->f;
	if (hook_data)
		*hook_data = c->hook_data;
	if (p)
		*p = c->prio;
	if (ref_count)
		*ref_count = c->ref_count;
	return TRUE;
}

static inline HookVec *hold(LttvHooks *h)
{
	if (h == NULL || h->vec->len == 0)
		return NULL;
	h->vec->users++;
	return h->vec;
}

static inline void unhold(HookVec *v)
{
	if (v != NULL && --v->users == 0 && v->detached)
		g_free(v);
}

static gboolean call(LttvHooks *h, void *call_data, gboolean check)
{
	HookVec *v = hold(h);
	if (v == NULL)
		return FALSE;
	gboolean ret = FALSE;
	for (guint i = 0; i < v->len; i++) {
		ret |= v->items[i].f(v->items[i].hook_data, call_data);
		if (ret && check)
			break;
	}
	unhold(v);
	return ret;
}

gboolean lttv_hooks_call(LttvHooks *h, void *call_data)
{
	return call(h, call_data, FALSE);
}

gboolean lttv_hooks_call_check(LttvHooks *h, void *call_data)
{
	return call(h, call_data, TRUE);
}

static gboolean call_merge(LttvHooks *h1, void *d1, LttvHooks *h2, void *d2, gboolean check)
{
	HookVec *v1 = hold(h1);
	HookVec *v2 = hold(h2);
	gboolean ret = FALSE;
	guint i = 0, j = 0;
	guint n1 = v1 ? v1->len : 0, n2 = v2 ? v2->len : 0;
	while ((i < n1 || j < n2) && !(ret && check)) {
		if (j >= n2 || (i < n1 && v1->items[i].prio <= v2->items[j].prio)) {
			ret |= v1->items[i].f(v1->items[i].hook_data, d1);
			i++;
		} else {
			ret |= v2->items[j].f(v2->items[j].hook_data, d2);
			j++;
		}
	}
	unhold(v1);
	unhold(v2);
	return ret;
}

gboolean lttv_hooks_call_merge(LttvHooks *h1, void *call_data1, LttvHooks *h2, void *call_data2)
{
	return call_merge(h1, call_data1, h2, call_data2, FALSE);
}

gboolean lttv_hooks_call_check_merge(LttvHooks *h1, void *call_data1, LttvHooks *h2, void *call_data2)
{
	return call_merge(h1, call_data1, h2, call_data2, TRUE);
}

LttvHooksById *lttv_hooks_by_id_new(void)
{
	return g_new0(LttvHooksById, 1);
}

void lttv_hooks_by_id_destroy(LttvHooksById *h)
{
	if (h == NULL)
		return;
	for (guint i = 0; i < h->len; i++)
		lttv_hooks_destroy(h->lists[i]);
	g_free(h->lists);
	if (h->sparse != NULL)
		g_hash_table_destroy(h->sparse);
	g_free(h);
}

LttvHooks *lttv_hooks_by_id_find(LttvHooksById *h, guint id)
{
	LttvHooks *list;

	if (id >= LTTV_HOOKS_BY_ID_DENSE) {
		if (h->sparse == NULL)
			h->sparse = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL,
			                                  (GDestroyNotify) lttv_hooks_destroy);
		list = g_hash_table_lookup(h->sparse, GUINT_TO_POINTER(id));
		if (list == NULL) {
			list = lttv_hooks_new();
			g_hash_table_insert(h->sparse, GUINT_TO_POINTER(id), list);
		}
		return list;
	}
	if (id >= h->len) {
		guint len = MIN(MAX(id + 1, h->len * 2), LTTV_HOOKS_BY_ID_DENSE);
		h->lists = g_renew(LttvHooks *, h->lists, len);
		memset(&h->lists[h->len], 0, (len - h->len) * sizeof(LttvHooks *));
		h->len = len;
	}
	if (h->lists[id] == NULL)
		h->lists[id] = lttv_hooks_new();
	return h->lists[id];
}

guint64 lttv_hooks_by_id_max_id(const LttvHooksById *h)
{
	guint64 n = h->len;
	GHashTableIter it;
	gpointer key;

	while (n > 0 && h->lists[n - 1] == NULL)
		n--;
	if (h->sparse != NULL) {
		g_hash_table_iter_init(&it, h->sparse);
		while (g_hash_table_iter_next(&it, &key, NULL))
			n = MAX(n, (guint64) GPOINTER_TO_UINT(key) + 1);
	}
	return n;
}

void lttv_hooks_by_id_remove(LttvHooksById *h, guint id)
{
	if (id < h->len) {
		lttv_hooks_destroy(h->lists[id]);
		h->lists[id] = NULL;
	} else if (h->sparse != NULL) {
		g_hash_table_remove(h->sparse, GUINT_TO_POINTER(id));
	}
}

void lttv_hooks_by_id_add_list(LttvHooksById *h, const LttvHooksById *src)
{
	GHashTableIter it;
	gpointer key, list;

	if (src == NULL)
		return;
	for (guint i = 0; i < src->len; i++)
		if (src->lists[i] != NULL)
			lttv_hooks_add_list(lttv_hooks_by_id_find(h, i), src->lists[i]);
	if (src->sparse == NULL)
		return;
	g_hash_table_iter_init(&it, src->sparse);
	while (g_hash_table_iter_next(&it, &key, &list))
		lttv_hooks_add_list(lttv_hooks_by_id_find(h, GPOINTER_TO_UINT(key)), list);
}

void lttv_hooks_by_id_remove_list(LttvHooksById *h, const LttvHooksById *src)
{
	GHashTableIter it;
	gpointer key, list;
	LttvHooks *mine;

	if (src == NULL)
		return;
	for (guint i = 0; i < src->len && i < h->len; i++)
		if (src->lists[i] != NULL && h->lists[i] != NULL)
			lttv_hooks_remove_list(h->lists[i], src->lists[i]);
	if (src->sparse == NULL)
		return;
	g_hash_table_iter_init(&it, src->sparse);
	while (g_hash_table_iter_next(&it, &key, &list))
		if ((mine = lttv_hooks_by_id_get(h, GPOINTER_TO_UINT(key))) != NULL)
			lttv_hooks_remove_list(mine, list);
}
