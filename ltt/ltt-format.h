/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/*
 * ltt-format.h: the on-disk structures of the LTT trace format.
 *
 * Dependency-free C (no libc headers beyond what the includer provides for
 * the fixed-width integer types) so that kernel code, a user-space tracer and
 * the reader share one definition.  doc/format.md is the full specification;
 * this file is its machine-readable half.
 *
 * All multi-byte integers in a channel file are in the trace's byte order,
 * which a reader learns from the block magic (LTT_BLOCK_MAGIC read as-is or
 * byte-swapped) and which the metadata states as "byte_order".
 */
#ifndef LTT_FORMAT_H
#define LTT_FORMAT_H

#ifdef __KERNEL__
#include <linux/types.h>
typedef u8 ltt_u8;
typedef u16 ltt_u16;
typedef u32 ltt_u32;
typedef u64 ltt_u64;
#else
#include <stdint.h>
typedef uint8_t ltt_u8;
typedef uint16_t ltt_u16;
typedef uint32_t ltt_u32;
typedef uint64_t ltt_u64;
#endif

/* Format version.  A reader accepts any minor of its major. */
#define LTT_FORMAT_MAJOR 1
#define LTT_FORMAT_MINOR 0

/* Name of the metadata file inside a trace directory (text, see format.md). */
#define LTT_METADATA_FILE "metadata"
/* Channel files are named "<channel>_<cpu>" inside the trace directory. */

/* "LTTB" when read in the writer's byte order. */
#define LTT_BLOCK_MAGIC 0x4254544CU
#define LTT_BLOCK_MAGIC_SWAPPED 0x4C545442U

/* Block sizes are a power of two between these bounds; every block of one
 * channel file has the same size, recorded in each header. */
#define LTT_BLOCK_SIZE_MIN 4096U
#define LTT_BLOCK_SIZE_MAX (64U * 1024U * 1024U)
#define LTT_BLOCK_SIZE_DEFAULT (64U * 1024U)

/*
 * Block header: the first 64 bytes of every block.  A block is readable on
 * its own: begin_time is the full timestamp the first event's compact header
 * is relative to.
 */
struct ltt_block_header {
	ltt_u32 magic;          /* LTT_BLOCK_MAGIC */
	ltt_u16 major;          /* LTT_FORMAT_MAJOR */
	ltt_u16 minor;          /* LTT_FORMAT_MINOR */
	ltt_u32 header_size;    /* sizeof(struct ltt_block_header): events start here */
	ltt_u32 block_size;     /* total size of the block in the file */
	ltt_u32 cpu;            /* CPU the channel file belongs to */
	ltt_u32 used;           /* bytes used, header included; the rest is padding */
	ltt_u64 sequence;       /* 0, 1, 2... per channel file; gaps mean overwritten blocks */
	ltt_u64 begin_time;     /* ns; <= the first event's time */
	ltt_u64 end_time;       /* ns; >= the last event's time */
	ltt_u64 lost_before;    /* events lost on this CPU/channel before this block, cumulative */
	ltt_u32 event_count;    /* events stored in this block */
	ltt_u32 header_crc;     /* CRC-32 (IEEE) of bytes [0, 60) of this header; 0 = not computed */
};

/*
 * Event header.  Compact form: 8 bytes.
 *
 *   ts_low  low 32 bits of the event's timestamp (ns).  The full time is the
 *           smallest value >= the previous event's time (begin_time for the
 *           first event of a block) whose low 32 bits equal ts_low.  Writers
 *           use the compact form only when the gap to the previous event is
 *           below 2^32 ns.
 *   id      event type id (see metadata); LTT_EVENT_ID_EXTENDED means an
 *           extended header follows.
 *   size    payload size in bytes; the payload follows the header.
 *
 * Extended form: a compact header with id == LTT_EVENT_ID_EXTENDED (its
 * ts_low and size are ignored and written as 0), then struct
 * ltt_event_header_ext: used for gaps >= 2^32 ns, ids >= 0xFFFF and payloads
 * >= 0xFFFF bytes.
 *
 * Events are packed: no padding between header, payload and the next event.
 */
struct ltt_event_header {
	ltt_u32 ts_low;
	ltt_u16 id;
	ltt_u16 size;
};

#define LTT_EVENT_ID_EXTENDED 0xFFFFU

struct ltt_event_header_ext {
	ltt_u64 timestamp;      /* full timestamp, ns */
	ltt_u32 id;
	ltt_u32 size;
};

#define LTT_EVENT_HEADER_SIZE 8U
#define LTT_EVENT_HEADER_EXT_SIZE (8U + 16U)

/* Field type codes used by the metadata grammar (doc/format.md §4). */
enum ltt_type_kind {
	LTT_TYPE_S8 = 1, LTT_TYPE_S16, LTT_TYPE_S32, LTT_TYPE_S64,
	LTT_TYPE_U8, LTT_TYPE_U16, LTT_TYPE_U32, LTT_TYPE_U64,
	LTT_TYPE_ENUM,          /* integer base type + value->label map */
	LTT_TYPE_STRING,        /* NUL-terminated UTF-8 */
	LTT_TYPE_ARRAY,         /* fixed count of one element type */
	LTT_TYPE_SEQUENCE,      /* unsigned length field, then that many elements */
	LTT_TYPE_STRUCT         /* named fields, in order, packed */
};

#endif /* LTT_FORMAT_H */
