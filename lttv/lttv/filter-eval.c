/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* filter-eval.c: evaluating a filter on an event.
 *
 * The filter keeps one branch program per event type (filter-compile.c),
 * built the first time the type is met: evaluating is one pointer-keyed
 * lookup, then a loop over instructions that each read one value, compare
 * it without branching on the relation, and jump. */
#include <config.h>
#include <string.h>
#include "filter-private.h"

/* ---- pointer-keyed cache ---------------------------------------------- */

#define CACHE_INITIAL_BITS 5
/* At most one slot in CACHE_SPARSENESS used: a lookup that probes more than
 * one slot costs a mispredicted branch, which is worth a few bytes. */
#define CACHE_SPARSENESS 4

static inline guint
cache_index(const FilterCache *cache, const void *key)
{
	/* Fibonacci hashing: the top bits of the product mix every bit of the
	 * pointer, whose low bits (allocation alignment) carry no entropy. */
	return (guint) (((guint64) (guintptr) key * G_GUINT64_CONSTANT(0x9E3779B97F4A7C15)) >> cache->shift);
}

static inline gboolean
cache_lookup(const FilterCache *cache, const void *key, gpointer *value)
{
	guint i;

	if (G_UNLIKELY(cache->slots == NULL))
		return FALSE;
	for (i = cache_index(cache, key); cache->slots[i].key != key; i = (i + 1) & cache->mask)
		if (cache->slots[i].key == NULL)
			return FALSE;
	*value = cache->slots[i].value;
	return TRUE;
}

static void
cache_insert(FilterCache *cache, const void *key, gpointer value)
{
	guint i;

	if (cache->slots == NULL || (cache->used + 1) * CACHE_SPARSENESS > cache->mask + 1) {
		guint bits = cache->slots == NULL ? CACHE_INITIAL_BITS : 64 - cache->shift + 1;
		FilterCache bigger;
		guint j;

		bigger.mask = (1u << bits) - 1;
		bigger.shift = 64 - bits;
		bigger.slots = g_new0(FilterCacheSlot, bigger.mask + 1);
		bigger.used = 0;
		if (cache->slots != NULL)
			for (j = 0; j <= cache->mask; j++)
				if (cache->slots[j].key != NULL)
					cache_insert(&bigger, cache->slots[j].key, cache->slots[j].value);
		g_free(cache->slots);
		*cache = bigger;
	}
	for (i = cache_index(cache, key); cache->slots[i].key != NULL; i = (i + 1) & cache->mask)
		;
	cache->slots[i].key = key;
	cache->slots[i].value = value;
	cache->used++;
}

void
_lttv_filter_cache_clear(FilterCache *cache, GDestroyNotify free_value)
{
	guint i;

	if (cache->slots != NULL && free_value != NULL)
		for (i = 0; i <= cache->mask; i++)
			if (cache->slots[i].key != NULL)
				free_value(cache->slots[i].value);
	g_free(cache->slots);
	cache->slots = NULL;
	cache->mask = 0;
	cache->shift = 0;
	cache->used = 0;
}

/* ---- comparisons ------------------------------------------------------- */

static inline gboolean
rel_holds(const FilterLeaf *leaf, int cmp)
{
	return (leaf->relmask >> (cmp + 1)) & 1;
}

static inline int
cmp_signed(gint64 v, const FilterNum *c)
{
	if (c->neg)
		return (v > (gint64) c->bits) - (v < (gint64) c->bits);
	if (v < 0)
		return -1;
	return ((guint64) v > c->bits) - ((guint64) v < c->bits);
}

static inline int
cmp_unsigned(guint64 v, const FilterNum *c)
{
	if (c->neg)
		return 1;
	return (v > c->bits) - (v < c->bits);
}

/* A number against the leaf's constant, which the parser (builtin fields)
 * or the compiler (payload fields) made sure is a number. */
static inline gboolean
leaf_signed(const FilterLeaf *leaf, gint64 v)
{
	return rel_holds(leaf, cmp_signed(v, &leaf->num));
}

static inline gboolean
leaf_unsigned(const FilterLeaf *leaf, guint64 v)
{
	return rel_holds(leaf, cmp_unsigned(v, &leaf->num));
}

/* A string against the leaf's constant; false when the string is unknown. */
gboolean
_lttv_filter_leaf_string(const FilterLeaf *leaf, const char *s)
{
	int cmp;

	if (s == NULL)
		return FALSE;
	switch (leaf->kind) {
	case FILTER_CONST_PATTERN:
		cmp = _lttv_filter_glob_match(&leaf->glob, s) ? 0 : 1;
		break;
	case FILTER_CONST_STRING:
		cmp = strcmp(s, leaf->str);
		cmp = (cmp > 0) - (cmp < 0);
		break;
	default:
		return FALSE;
	}
	return rel_holds(leaf, cmp);
}

/* ---- instructions ------------------------------------------------------ */

static gboolean
eval_tracefile(FilterLeaf *leaf, const LttEvent *ev)
{
	LttTracefile *tf = ltt_event_tracefile(ev);
	gpointer cached;
	gboolean r;

	if (cache_lookup(&leaf->cache, tf, &cached))
		return GPOINTER_TO_INT(cached);
	r = _lttv_filter_leaf_string(leaf, leaf->field == FILTER_FIELD_TRACEFILE_NAME
	                             ? ltt_tracefile_name(tf) : ltt_trace_name(ltt_tracefile_trace(tf)));
	cache_insert(&leaf->cache, tf, GINT_TO_POINTER(r));
	return r;
}

static gboolean
eval_payload(const FilterInsn *insn, const LttEvent *ev)
{
	LttValue v;
	gint64 i;
	guint64 u;
	const char *s;
	guint k;

	if (!ltt_event_field(ev, insn->field, &v, NULL))
		return FALSE;
	for (k = 0; k < insn->n_steps; k++) {
		LttValue inner;
		gboolean ok = insn->steps[k].member
		              ? ltt_value_member(&v, (guint) insn->steps[k].i, &inner, NULL)
		              : ltt_value_element(&v, insn->steps[k].i, &inner, NULL);

		if (!ok)
			return FALSE;
		v = inner;
	}
	switch (insn->op) {
	case FILTER_OP_PAYLOAD_INT:
		return ltt_value_get_int(&v, &i, NULL) && leaf_signed(insn->leaf, i);
	case FILTER_OP_PAYLOAD_UINT:
		return ltt_value_get_uint(&v, &u, NULL) && leaf_unsigned(insn->leaf, u);
	case FILTER_OP_PAYLOAD_STRING:
		return ltt_value_get_string(&v, &s, NULL) && _lttv_filter_leaf_string(insn->leaf, s);
	default:
		return _lttv_filter_leaf_string(insn->leaf, ltt_value_get_enum_label(&v));
	}
}

/* Asks the provider once per evaluation, the first time a state leaf runs. */
static inline const char *
process_field(FilterEvalContext *ctx, gsize offset)
{
	if (G_UNLIKELY(ctx->process_known == 0))
		ctx->process_known = ctx->process != NULL
		                     && ctx->process(ctx->process_data, ctx->ev, &ctx->proc) ? 1 : -1;
	return ctx->process_known > 0 ? (const char *) &ctx->proc + offset : NULL;
}

static gboolean
run_program(const FilterProgram *prog, FilterEvalContext *ctx)
{
	gint pc = prog->entry;

	while (pc >= 0) {
		const FilterInsn *insn = &prog->insns[pc];
		const char *p;
		gboolean r = FALSE;
		guint i;

		switch (insn->op) {
		case FILTER_OP_CPU:
			r = leaf_unsigned(insn->leaf, ltt_event_cpu(ctx->ev));
			break;
		case FILTER_OP_TIME:
			r = leaf_unsigned(insn->leaf, ltt_event_time(ctx->ev));
			break;
		case FILTER_OP_TRACEFILE:
			r = eval_tracefile(insn->leaf, ctx->ev);
			break;
		case FILTER_OP_PAYLOAD_INT:
		case FILTER_OP_PAYLOAD_UINT:
		case FILTER_OP_PAYLOAD_STRING:
		case FILTER_OP_PAYLOAD_ENUM_LABEL:
			r = eval_payload(insn, ctx->ev);
			break;
		case FILTER_OP_STATE_INT:
			p = process_field(ctx, insn->offset);
			r = p != NULL && leaf_signed(insn->leaf, *(const gint64 *) p);
			break;
		case FILTER_OP_STATE_TIME:
			p = process_field(ctx, insn->offset);
			r = p != NULL && leaf_unsigned(insn->leaf, *(const LttTime *) p);
			break;
		case FILTER_OP_STATE_STRING:
			p = process_field(ctx, insn->offset);
			r = p != NULL && _lttv_filter_leaf_string(insn->leaf, *(const char *const *) p);
			break;
		case FILTER_OP_XOR:
			r = insn->invert;
			for (i = 0; i < insn->n_subs; i++)
				r ^= run_program(&insn->subs[i], ctx);
			break;
		}
		pc = r ? insn->on_true : insn->on_false;
	}
	return pc == FILTER_ACCEPT;
}

#ifndef G_GNUC_NO_INLINE        /* GLib before 2.58 */
#define G_GNUC_NO_INLINE
#endif

/* Out of line so that the common case of a program the type decides does
 * not pay for setting up a context. */
static G_GNUC_NO_INLINE gboolean
run_with_context(const FilterProgram *prog, const LttEvent *ev,
                 LttvFilterProcessFunc process, gpointer process_data)
{
	FilterEvalContext ctx;

	ctx.ev = ev;
	ctx.process = process;
	ctx.process_data = process_data;
	ctx.process_known = 0;
	return run_program(prog, &ctx);
}

gboolean
lttv_filter_eval(LttvFilter *filter, const LttEvent *ev,
                 LttvFilterProcessFunc process, gpointer process_data)
{
	const LttEventType *type = ltt_event_type(ev);
	gpointer found;
	const FilterProgram *prog;

	if (G_UNLIKELY(!cache_lookup(&filter->programs, type, &found))) {
		found = _lttv_filter_program_new(filter->root, type);
		cache_insert(&filter->programs, type, found);
	}
	prog = found;
	if (prog->entry < 0)
		return prog->entry == FILTER_ACCEPT;
	return run_with_context(prog, ev, process, process_data);
}

static void
node_reset_cache(FilterNode *node)
{
	guint i;

	if (node->leaf != NULL)
		_lttv_filter_cache_clear(&node->leaf->cache, NULL);
	for (i = 0; i < node->n_children; i++)
		node_reset_cache(node->children[i]);
}

void
lttv_filter_reset_cache(LttvFilter *filter)
{
	_lttv_filter_cache_clear(&filter->programs, (GDestroyNotify) _lttv_filter_program_free);
	node_reset_cache(filter->root);
}
