/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* filter-private.h: a filter's parsed tree and its per-event-type programs,
 * shared by the parser (filter-parse.c), the compiler (filter-compile.c),
 * the evaluator (filter-eval.c) and the glob matcher (filter-glob.c). */
#ifndef LTTV_FILTER_PRIVATE_H
#define LTTV_FILTER_PRIVATE_H

#include "filter.h"

G_BEGIN_DECLS

/* What a leaf reads.  The order of the FIELD_STATE_* block matters:
 * filter_field_is_state() tests the range. */
typedef enum {
	FILTER_FIELD_EVENT_NAME,
	FILTER_FIELD_EVENT_CHANNEL,
	FILTER_FIELD_EVENT_TIME,
	FILTER_FIELD_EVENT_CPU,
	FILTER_FIELD_EVENT_PAYLOAD,     /* event.field.PATH */
	FILTER_FIELD_TRACE_NAME,
	FILTER_FIELD_TRACEFILE_NAME,
	FILTER_FIELD_STATE_PID,
	FILTER_FIELD_STATE_TGID,
	FILTER_FIELD_STATE_PPID,
	FILTER_FIELD_STATE_PROCESS_NAME,
	FILTER_FIELD_STATE_EXECUTION_MODE,
	FILTER_FIELD_STATE_EXECUTION_SUBMODE,
	FILTER_FIELD_STATE_PROCESS_STATUS,
	FILTER_FIELD_STATE_CPU,
	FILTER_FIELD_STATE_CREATION_TIME
} FilterField;

#define filter_field_is_state(f) ((f) >= FILTER_FIELD_STATE_PID)

typedef enum {
	FILTER_REL_EQ, FILTER_REL_NE, FILTER_REL_LT, FILTER_REL_LE, FILTER_REL_GT, FILTER_REL_GE
} FilterRel;

typedef enum {
	FILTER_CONST_INT,       /* also times, as nanoseconds */
	FILTER_CONST_STRING,
	FILTER_CONST_PATTERN    /* a string with unescaped * or ? */
} FilterConstKind;

/* An integer of either signedness: negative values are held as gint64 bits
 * in bits with neg set; others as their guint64 value. */
typedef struct {
	guint64 bits;
	gboolean neg;
} FilterNum;

/* An open-addressing map from a pointer (event type, tracefile) to what was
 * resolved for it; a NULL key marks an empty slot. */
typedef struct {
	const void *key;
	gpointer value;
} FilterCacheSlot;

typedef struct {
	FilterCacheSlot *slots;
	guint mask;             /* slot count - 1; slots is NULL until first use */
	guint shift;            /* 64 - log2(slot count) */
	guint used;
} FilterCache;

/* A compiled glob: bytes of which those flagged in wild are the wildcards
 * '*' and '?' (a star written \* is a literal one, so the flag is needed). */
typedef struct {
	char *text;
	guint8 *wild;
	gsize len;
	gsize prefix;           /* leading literal bytes, compared first */
	gboolean prefix_star;   /* the pattern is that prefix then one '*' */
} FilterGlob;

/* A step of a payload path after its leading struct members: a member by
 * name, or an element of an array or sequence by index (name NULL). */
typedef struct {
	char *name;
	guint64 index;
} FilterPathStep;

typedef struct {
	FilterField field;
	FilterRel rel;
	/* Bit (c + 1) set when "subject <rel> constant" holds for a comparison
	 * result c of -1, 0 or 1: a relation tested without branching. */
	guint relmask;
	FilterConstKind kind;
	FilterNum num;          /* FILTER_CONST_INT */
	gboolean is_time;       /* written as a time (for printing) */
	char *str;              /* FILTER_CONST_STRING */
	FilterGlob glob;        /* FILTER_CONST_PATTERN */
	char *path;             /* FILTER_FIELD_EVENT_PAYLOAD: "a.b[2].c" */
	char *path_head;        /* its leading members, "a.b", resolved at once */
	FilterPathStep *steps;  /* the rest: [2] then .c */
	guint n_steps;
	FilterCache cache;      /* trace.name, tracefile.name: tracefile -> result */
} FilterLeaf;

typedef enum {
	FILTER_NODE_LEAF,
	FILTER_NODE_NOT,
	FILTER_NODE_AND,
	FILTER_NODE_XOR,
	FILTER_NODE_OR
} FilterNodeKind;

/* The tree as parsed.  Chains of one operator are flattened (a & b & c has
 * three children): the three binary operators are associative, and flat
 * nodes keep the tree shallow however long the expression. */
typedef struct _FilterNode FilterNode;
struct _FilterNode {
	FilterNodeKind kind;
	guint n_children;
	FilterNode **children;  /* NOT: one child */
	FilterLeaf *leaf;
};

/*
 * What is evaluated: for each event type met, the tree is compiled into a
 * branch program for that type (filter-compile.c).  Leaves that depend only
 * on the type (event.name, event.channel, a payload field's presence and
 * kind) are decided while compiling and vanish; the others become
 * instructions that test one value and jump on the result.
 */
typedef enum {
	FILTER_OP_CPU,
	FILTER_OP_TIME,
	FILTER_OP_TRACEFILE,    /* trace.name, tracefile.name */
	FILTER_OP_PAYLOAD_INT,
	FILTER_OP_PAYLOAD_UINT,
	FILTER_OP_PAYLOAD_STRING,
	FILTER_OP_PAYLOAD_ENUM_LABEL,
	FILTER_OP_STATE_INT,    /* a gint64 of LttvFilterProcess */
	FILTER_OP_STATE_TIME,   /* an LttTime of LttvFilterProcess */
	FILTER_OP_STATE_STRING, /* a const char * of LttvFilterProcess */
	FILTER_OP_XOR           /* parity of sub-programs */
} FilterOp;

/* Jump targets below 0 end the program. */
#define FILTER_ACCEPT (-1)
#define FILTER_REJECT (-2)

typedef struct _FilterProgram FilterProgram;

/* A path step resolved for one event type. */
typedef struct {
	gboolean member;        /* member number i of a struct, or element i */
	guint64 i;
} FilterValueStep;

typedef struct {
	FilterOp op;
	gint on_true, on_false;
	FilterLeaf *leaf;
	const LttField *field;  /* FILTER_OP_PAYLOAD_*: the path's head */
	FilterValueStep *steps; /* FILTER_OP_PAYLOAD_*: the path's rest */
	guint n_steps;
	gsize offset;           /* FILTER_OP_STATE_*: into LttvFilterProcess */
	FilterProgram *subs;    /* FILTER_OP_XOR */
	guint n_subs;
	gboolean invert;        /* FILTER_OP_XOR: parity of the folded constants */
} FilterInsn;

struct _FilterProgram {
	FilterInsn *insns;
	guint n_insns;
	gint entry;             /* may be FILTER_ACCEPT/REJECT: decided by the type */
};

typedef struct {
	const LttEvent *ev;
	LttvFilterProcessFunc process;
	gpointer process_data;
	int process_known;      /* 0: not asked yet, 1: ok, -1: provider said no */
	LttvFilterProcess proc;
} FilterEvalContext;

struct _LttvFilter {
	FilterNode *root;
	gboolean uses_state;
	FilterCache programs;   /* event type -> FilterProgram* */
};

/* filter-compile.c */
FilterProgram *_lttv_filter_program_new(const FilterNode *root, const LttEventType *type);
void _lttv_filter_program_free(FilterProgram *prog);

/* filter-eval.c */
gboolean _lttv_filter_leaf_string(const FilterLeaf *leaf, const char *s);
void _lttv_filter_cache_clear(FilterCache *cache, GDestroyNotify free_value);

/* filter-glob.c */
/* Takes ownership of text and wild (len bytes each). */
void _lttv_filter_glob_init(FilterGlob *glob, char *text, guint8 *wild, gsize len);
gboolean _lttv_filter_glob_match(const FilterGlob *glob, const char *s);
/* Appends text as a constant of the language: quoted, with wildcards (bytes
 * flagged in wild, which may be NULL) bare and literal * ? \ " escaped. */
void _lttv_filter_quote(GString *out, const char *text, gsize len, const guint8 *wild);
void _lttv_filter_glob_clear(FilterGlob *glob);

G_END_DECLS

#endif
