/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* hook.h: lists of callbacks ("hooks") that modules attach to the points of
 * a computation (an event, the start of a trace...).
 *
 * Lists are sorted by priority, lower values first, and stable among equal
 * priorities.  A (function, data) pair is reference counted: adding it again
 * only counts (seed 000: a background computation and a viewer may both ask
 * for the same hook, and it must run once), and it leaves the list when it
 * has been removed as many times as it was added.
 *
 * A list may be changed from inside one of its hooks: the call in progress
 * goes on over the list as it was when the call started.
 *
 * Each reference remembers its owner: by default the module whose init or
 * destroy is running (lttv_module_current(), NULL outside them), or the
 * pointer given to lttv_hooks_add_owned (a viewer, a request).  Unloading
 * a module removes the references it owns from every list, so that no
 * list keeps a function whose code is gone; a viewer that closes removes
 * its own with lttv_hooks_remove_owner.
 *
 * Thread rule: hook lists, like contexts and viewers, belong to the main
 * thread (lists are linked together and counted without locks). */
#ifndef LTTV_HOOK_H
#define LTTV_HOOK_H

#include <glib.h>

G_BEGIN_DECLS

/* Returns TRUE to ask the caller to stop (what "stop" means belongs to the
 * caller: the event loop stops reading, lttv_hooks_call_check stops calling). */
typedef gboolean (*LttvHook)(void *hook_data, void *call_data);

typedef gint LttvHookPriority;
#define LTTV_PRIO_HIGH     0     /* before everything else (e.g. state updates for "before" users) */
#define LTTV_PRIO_STATE    25    /* process state: before the users of the state */
#define LTTV_PRIO_STATS    40
#define LTTV_PRIO_DEFAULT  50
#define LTTV_PRIO_STATE_AFTER 75 /* state changes a user must see the old state for */
#define LTTV_PRIO_LOW      100

typedef struct _LttvHooks LttvHooks;

LttvHooks *lttv_hooks_new(void);
void lttv_hooks_destroy(LttvHooks *h);

/* Adds (f, hook_data) at priority p, or counts one more reference when the
 * pair is already there (its priority stays the first one given).  The
 * reference's owner is lttv_module_current(). */
void lttv_hooks_add(LttvHooks *h, LttvHook f, void *hook_data, LttvHookPriority p);
/* The same with an explicit owner (any pointer; NULL: nobody). */
void lttv_hooks_add_owned(LttvHooks *h, LttvHook f, void *hook_data, LttvHookPriority p,
                          gconstpointer owner);
/* Adds every hook of list, each as many times as list holds it, with the
 * owners list gave them. */
void lttv_hooks_add_list(LttvHooks *h, const LttvHooks *list);
/* Drops one reference of (f, hook_data), the current module's if it holds
 * one, else the latest owner's; nothing happens if absent.  (There is no
 * removal by function alone: with lists shared by viewers it would remove
 * another viewer's hook.) */
void lttv_hooks_remove_data(LttvHooks *h, LttvHook f, void *hook_data);
/* Drops, for each hook of list, the references list holds. */
void lttv_hooks_remove_list(LttvHooks *h, const LttvHooks *list);
/* Drops every reference owner holds in h; returns how many. */
guint lttv_hooks_remove_owner(LttvHooks *h, gconstpointer owner);
/* The same in every hook list of the process (module unloading calls it
 * with the module's name, as lttv_module_current() returned it). */
guint lttv_hooks_remove_owner_everywhere(gconstpointer owner);

guint lttv_hooks_number(const LttvHooks *h);
/* The i-th hook in calling order; FALSE when i is out of range. */
gboolean lttv_hooks_get(const LttvHooks *h, guint i, LttvHook *f, void **hook_data,
                        LttvHookPriority *p, guint *ref_count);
/* References of the i-th hook that owner holds. */
guint lttv_hooks_owner_refs(const LttvHooks *h, guint i, gconstpointer owner);

/* Calls every hook; returns the OR of their results.  h may be NULL. */
gboolean lttv_hooks_call(LttvHooks *h, void *call_data);
/* Calls hooks in order until one returns TRUE; returns whether one did. */
gboolean lttv_hooks_call_check(LttvHooks *h, void *call_data);
/* Calls the hooks of h1 and h2 interleaved by priority (h1 first among
 * equals); returns the OR of their results.  Either may be NULL. */
gboolean lttv_hooks_call_merge(LttvHooks *h1, void *call_data1, LttvHooks *h2, void *call_data2);
/* Like lttv_hooks_call_merge but stops at the first hook returning TRUE. */
gboolean lttv_hooks_call_check_merge(LttvHooks *h1, void *call_data1, LttvHooks *h2, void *call_data2);

/*
 * LttvHooksById: one hook list per numeric id (an event type id), created
 * on demand.  Event type ids are per channel, so each tracefile context has
 * its own.
 */
typedef struct _LttvHooksById LttvHooksById;

LttvHooksById *lttv_hooks_by_id_new(void);
void lttv_hooks_by_id_destroy(LttvHooksById *h);
/* The list of id, created empty if needed. */
LttvHooks *lttv_hooks_by_id_find(LttvHooksById *h, guint id);
/* The list of id or NULL when there is none (no allocation). */
static inline LttvHooks *lttv_hooks_by_id_get(const LttvHooksById *h, guint id);
/* One more than the highest id that has a list (0 when none). */
guint64 lttv_hooks_by_id_max_id(const LttvHooksById *h);
void lttv_hooks_by_id_remove(LttvHooksById *h, guint id);
/* Adds / removes every list of src into / from the list of the same id. */
void lttv_hooks_by_id_add_list(LttvHooksById *h, const LttvHooksById *src);
void lttv_hooks_by_id_remove_list(LttvHooksById *h, const LttvHooksById *src);

/* Ids below this are kept in a vector; larger ones (which extended event
 * headers allow, up to 2^32-1, from whatever a trace's metadata declares)
 * in a hash table, so that no id sizes an allocation. */
#define LTTV_HOOKS_BY_ID_DENSE 65536U

/* Private (exposed only so that the per-event lookup is inlined): use the
 * functions above. */
struct _LttvHooksById {
	LttvHooks **lists;      /* indexed by id < LTTV_HOOKS_BY_ID_DENSE; NULL where none */
	guint len;
	GHashTable *sparse;     /* id >= LTTV_HOOKS_BY_ID_DENSE -> LttvHooks; NULL until needed */
};

static inline LttvHooks *lttv_hooks_by_id_get(const LttvHooksById *h, guint id)
{
	if (G_LIKELY(id < h->len))
		return h->lists[id];
	return h->sparse != NULL ? (LttvHooks *) g_hash_table_lookup(h->sparse, GUINT_TO_POINTER(id)) : NULL;
}

G_END_DECLS

#endif
