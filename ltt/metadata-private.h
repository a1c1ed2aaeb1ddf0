/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* metadata-private.h: the parsed metadata of a trace, and the layout of the
 * types it declares (shared by type.c, which builds them, and the decoders in
 * event.c / event-format.c, which walk them). */
#ifndef LTT_METADATA_PRIVATE_H
#define LTT_METADATA_PRIVATE_H

#include <glib.h>
#include "type.h"
#include "trace.h"

struct _LttType {
	LttTypeKind kind;
	LttTypeKind int_kind;    /* s8..u64 for integers and enums (their base), else 0 */
	/* Integers and enums: 64 - 8 * size, and the bits of the value (all
	 * for signed ones), so that a value read as 8 bytes is extended by two
	 * shifts and a mask, without a branch on the kind. */
	guint int_shift;
	gboolean int_signed;
	guint64 int_mask;
	gboolean hex;            /* an unsigned integer declared x8..x64: shown in hex */
	gboolean is_fixed;       /* size does not depend on the data (may be 0) */
	gsize size;              /* bytes, when is_fixed */
	guint count;             /* enum entries, array length, struct fields */
	LttType *element;        /* array/sequence element; enum base integer */
	LttType *length_type;    /* sequence length */
	LttEnumEntry *entries;   /* enum; labels owned */
	LttField *fields;        /* struct */
};

struct _LttField {
	char *name;
	LttType *type;
	guint index;
	gssize struct_offset;    /* offset within its struct when all members before are fixed, else -1 */
	guint anchor;            /* nearest member at or before this one with struct_offset >= 0 */
	gssize payload_offset;   /* offset within the payload when fixed, else -1 */
	const LttField *parent;  /* enclosing struct member, NULL at top level */
	const LttField *top;     /* top-level ancestor; NULL inside array/sequence elements */
};

struct _LttEventType {
	char *channel;
	char *name;
	guint id;
	LttType *payload;
};

/* Parses a double-quoted string starting at p (*p == '"'); on success
 * returns it unescaped and sets *end after the closing quote; on failure
 * returns NULL and sets *end at the offending character. */
G_GNUC_INTERNAL char *ltt_parse_quoted(const char *p, const char **end);
/* Appends s double-quoted, escaped so that ltt_parse_quoted reads it back. */
G_GNUC_INTERNAL void ltt_append_quoted(GString *out, const char *s);

/* Ids below this are looked up in a vector; larger ones (rare: extended
 * headers) in a hash table, so a huge declared id cannot make us allocate. */
#define LTT_DENSE_ID_LIMIT 65536U

/* Readers size per-CPU tables from the "cpus" property and from channel
 * file names: a larger number is damage, not a machine (Linux stops at 8192). */
#define LTT_CPU_COUNT_MAX 65536U

/* The event types of one channel, indexed by id. */
typedef struct {
	GPtrArray *dense;        /* LttEventType*, NULL holes; borrowed from LttMetadata.types */
	GHashTable *sparse;      /* GUINT_TO_POINTER(id) -> LttEventType* */
} LttChannelTypes;

static inline const LttEventType *ltt_channel_type(const LttChannelTypes *ct, guint32 id)
{
	if (id < ct->dense->len)
		return ct->dense->pdata[id];
	if (id < LTT_DENSE_ID_LIMIT)
		return NULL;
	return g_hash_table_lookup(ct->sparse, GUINT_TO_POINTER(id));
}

typedef struct {
	char *path;
	guint64 offset;          /* bytes parsed so far: a reload continues here */
	guint line;              /* lines parsed so far */
	gboolean have_header;
	gboolean have_byte_order;
	GHashTable *properties;  /* key -> value, both borrowed from strings */
	GPtrArray *strings;      /* every key and value ever read: replaced values stay valid */
	GPtrArray *types;        /* LttEventType*, declaration order, owned */
	GHashTable *channels;    /* channel name -> LttChannelTypes* */
	LttTraceInfo info;
} LttMetadata;

G_GNUC_INTERNAL LttMetadata *ltt_metadata_new(const char *path);
G_GNUC_INTERNAL void ltt_metadata_free(LttMetadata *md);
/* Reads what follows md->offset.  Statement errors become warnings
 * ("FILE:LINE: column N: expected X") appended to warnings and the statement
 * is skipped; a missing or unsupported header and I/O failures are errors.
 * When final is FALSE an unterminated last line that does not parse is left
 * for the next call (a writer may be in the middle of appending it). */
G_GNUC_INTERNAL gboolean ltt_metadata_read(LttMetadata *md, gboolean final, GPtrArray *warnings,
                                           GError **error);
/* The types of channel, created empty if the metadata declares none yet. */
G_GNUC_INTERNAL LttChannelTypes *ltt_metadata_channel(LttMetadata *md, const char *channel);

#endif
