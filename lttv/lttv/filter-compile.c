/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* filter-compile.c: the branch program of a filter for one event type.
 *
 * A node is compiled with the two places to go when it is true and when it
 * is false, from the last operand back: `a & b` is "test a: if true go to
 * (test b: true -> T, false -> F), if false go to F".  Negation swaps the
 * targets, so it costs nothing.  A leaf whose value the type decides is
 * not emitted: its node simply becomes the target it would jump to, which
 * folds constants through every operator.  Exclusive or cannot be expressed
 * by targets alone: its operands become sub-programs whose parity decides. */
#include <config.h>
#include "filter-private.h"

typedef struct {
	GArray *insns;
	const LttEventType *type;
} Compiler;

static void program_build(FilterProgram *prog, const FilterNode *root, const LttEventType *type);
static void program_clear(FilterProgram *prog);

static gint
emit(Compiler *c, const FilterInsn *insn)
{
	/* Tests have no effect but their jump: one that goes to the same place
	 * either way need not run (nor ask for the process). */
	if (insn->on_true == insn->on_false)
		return insn->on_true;
	g_array_append_vals(c->insns, insn, 1);
	return (gint) c->insns->len - 1;
}

/* The payload leaf for this type: where the value lies, which op reads it,
 * or a decided result when the type has no such value or its kind cannot
 * match the constant (doc/filter.md §3). */
static gint
compile_payload(Compiler *c, FilterInsn *insn, gint t, gint f)
{
	const FilterLeaf *leaf = insn->leaf;
	const LttField *field = ltt_event_type_field_by_name(c->type, leaf->path_head);
	const LttType *type;
	gboolean is_int = leaf->kind == FILTER_CONST_INT;
	guint k;

	if (field == NULL)
		return f;
	type = ltt_field_type(field);
	insn->field = field;
	insn->n_steps = leaf->n_steps;
	insn->steps = g_new(FilterValueStep, leaf->n_steps);
	for (k = 0; k < leaf->n_steps; k++) {
		const FilterPathStep *step = &leaf->steps[k];
		LttTypeKind kind = ltt_type_kind(type);

		insn->steps[k].member = step->name != NULL;
		if (step->name != NULL) {
			const LttField *member = kind == LTT_TYPE_STRUCT ? ltt_type_field_by_name(type, step->name) : NULL;

			if (member == NULL)
				goto decided;
			insn->steps[k].i = ltt_field_index(member);
			type = ltt_field_type(member);
		} else {
			if (kind != LTT_TYPE_SEQUENCE
			    && (kind != LTT_TYPE_ARRAY || step->index >= ltt_type_array_length(type)))
				goto decided;
			insn->steps[k].i = step->index;
			type = ltt_type_element(type);
		}
	}
	if (ltt_type_is_integer(type) && is_int)
		insn->op = ltt_type_is_signed(type) ? FILTER_OP_PAYLOAD_INT : FILTER_OP_PAYLOAD_UINT;
	else if (ltt_type_kind(type) == LTT_TYPE_ENUM)
		insn->op = FILTER_OP_PAYLOAD_ENUM_LABEL;
	else if (ltt_type_kind(type) == LTT_TYPE_STRING && !is_int)
		insn->op = FILTER_OP_PAYLOAD_STRING;
	else
		goto decided;
	if (t != f)
		return emit(c, insn);
	/* Decided by the type, or a test whose result does not matter. */
decided:
	g_free(insn->steps);
	return f;
}

/* Where each state.* field lies in LttvFilterProcess, and how to read it. */
static const struct {
	FilterField field;
	FilterOp op;
	gsize offset;
} state_fields[] = {
	{ FILTER_FIELD_STATE_PID, FILTER_OP_STATE_INT, G_STRUCT_OFFSET(LttvFilterProcess, pid) },
	{ FILTER_FIELD_STATE_TGID, FILTER_OP_STATE_INT, G_STRUCT_OFFSET(LttvFilterProcess, tgid) },
	{ FILTER_FIELD_STATE_PPID, FILTER_OP_STATE_INT, G_STRUCT_OFFSET(LttvFilterProcess, ppid) },
	{ FILTER_FIELD_STATE_CPU, FILTER_OP_STATE_INT, G_STRUCT_OFFSET(LttvFilterProcess, cpu) },
	{ FILTER_FIELD_STATE_CREATION_TIME, FILTER_OP_STATE_TIME,
	  G_STRUCT_OFFSET(LttvFilterProcess, creation_time) },
	{ FILTER_FIELD_STATE_PROCESS_NAME, FILTER_OP_STATE_STRING,
	  G_STRUCT_OFFSET(LttvFilterProcess, process_name) },
	{ FILTER_FIELD_STATE_EXECUTION_MODE, FILTER_OP_STATE_STRING,
	  G_STRUCT_OFFSET(LttvFilterProcess, execution_mode) },
	{ FILTER_FIELD_STATE_EXECUTION_SUBMODE, FILTER_OP_STATE_STRING,
	  G_STRUCT_OFFSET(LttvFilterProcess, execution_submode) },
	{ FILTER_FIELD_STATE_PROCESS_STATUS, FILTER_OP_STATE_STRING,
	  G_STRUCT_OFFSET(LttvFilterProcess, process_status) },
};

static gint
compile_leaf(Compiler *c, FilterLeaf *leaf, gint t, gint f)
{
	FilterInsn insn = { 0 };
	guint i;

	insn.leaf = leaf;
	insn.on_true = t;
	insn.on_false = f;
	switch (leaf->field) {
	case FILTER_FIELD_EVENT_NAME:
		return _lttv_filter_leaf_string(leaf, ltt_event_type_name(c->type)) ? t : f;
	case FILTER_FIELD_EVENT_CHANNEL:
		return _lttv_filter_leaf_string(leaf, ltt_event_type_channel(c->type)) ? t : f;
	case FILTER_FIELD_EVENT_PAYLOAD:
		return compile_payload(c, &insn, t, f);
	case FILTER_FIELD_EVENT_TIME:
		insn.op = FILTER_OP_TIME;
		break;
	case FILTER_FIELD_EVENT_CPU:
		insn.op = FILTER_OP_CPU;
		break;
	case FILTER_FIELD_TRACE_NAME:
	case FILTER_FIELD_TRACEFILE_NAME:
		insn.op = FILTER_OP_TRACEFILE;
		break;
	default:
		for (i = 0; state_fields[i].field != leaf->field; i++)
			;
		insn.op = state_fields[i].op;
		insn.offset = state_fields[i].offset;
		break;
	}
	return emit(c, &insn);
}

static gint
compile_xor(Compiler *c, const FilterNode *node, gint t, gint f)
{
	FilterInsn insn = { 0 };
	guint i;

	insn.op = FILTER_OP_XOR;
	insn.on_true = t;
	insn.on_false = f;
	insn.subs = g_new0(FilterProgram, node->n_children);
	for (i = 0; i < node->n_children; i++) {
		FilterProgram *sub = &insn.subs[insn.n_subs];

		program_build(sub, node->children[i], c->type);
		if (sub->entry >= 0) {
			insn.n_subs++;
		} else {
			insn.invert ^= sub->entry == FILTER_ACCEPT;
			program_clear(sub);
		}
	}
	if (insn.n_subs == 0 || t == f) {
		for (i = 0; i < insn.n_subs; i++)
			program_clear(&insn.subs[i]);
		g_free(insn.subs);
		return insn.invert ? t : f;
	}
	return emit(c, &insn);
}

static gint
compile_node(Compiler *c, const FilterNode *node, gint t, gint f)
{
	gint entry;
	guint i;

	switch (node->kind) {
	case FILTER_NODE_LEAF:
		return compile_leaf(c, node->leaf, t, f);
	case FILTER_NODE_NOT:
		return compile_node(c, node->children[0], f, t);
	case FILTER_NODE_AND:
		entry = t;
		for (i = node->n_children; i-- > 0;)
			entry = compile_node(c, node->children[i], entry, f);
		return entry;
	case FILTER_NODE_OR:
		entry = f;
		for (i = node->n_children; i-- > 0;)
			entry = compile_node(c, node->children[i], t, entry);
		return entry;
	case FILTER_NODE_XOR:
		return compile_xor(c, node, t, f);
	}
	return f;
}

static void
program_build(FilterProgram *prog, const FilterNode *root, const LttEventType *type)
{
	Compiler c;

	c.insns = g_array_new(FALSE, FALSE, sizeof(FilterInsn));
	c.type = type;
	prog->entry = compile_node(&c, root, FILTER_ACCEPT, FILTER_REJECT);
	prog->n_insns = c.insns->len;
	prog->insns = (FilterInsn *) g_array_free(c.insns, FALSE);
}

FilterProgram *
_lttv_filter_program_new(const FilterNode *root, const LttEventType *type)
{
	FilterProgram *prog = g_new(FilterProgram, 1);

	program_build(prog, root, type);
	return prog;
}

static void
program_clear(FilterProgram *prog)
{
	guint i, j;

	for (i = 0; i < prog->n_insns; i++) {
		FilterInsn *insn = &prog->insns[i];

		for (j = 0; j < insn->n_subs; j++)
			program_clear(&insn->subs[j]);
		g_free(insn->subs);
		g_free(insn->steps);
	}
	g_free(prog->insns);
}

void
_lttv_filter_program_free(FilterProgram *prog)
{
	program_clear(prog);
	g_free(prog);
}
