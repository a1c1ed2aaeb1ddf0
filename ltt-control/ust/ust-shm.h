/*
 * ust-shm.h: the shared-memory layout between an application linked with
 * libltt-ust and the drainer (lttd, ltt-ust-drain).  Two processes read and
 * write it at the same time, so it is a format: doc/ust.md describes it and
 * every struct lives here.  Plain C11, no GLib: it is compiled into the
 * application library.
 *
 * A registry directory holds one file per traced process, "NAME-PID.ust",
 * which is the shared memory itself (put the directory on tmpfs).  File:
 *
 *   struct ltt_ust_shm_header                        offset 0
 *   type declarations area (types_size bytes)        offset types_offset
 *   buffer 0: struct ltt_ust_buffer_ctl + commit
 *             records, then the sub-buffers           offset buffers_offset
 *   buffer 1 ...                                      + buffer_stride
 *
 * Positions in a buffer are cumulative byte counts since the buffer was
 * created ("global offsets"): sub-buffer number g = offset / subbuf_size
 * lives in slot g % subbuf_count, lap g / subbuf_count.
 */
#ifndef LTT_UST_SHM_H
#define LTT_UST_SHM_H

#include <stdint.h>
#include <stddef.h>
#include <stdatomic.h>

#define LTT_UST_SHM_MAGIC 0x5453554CU      /* "LUST" little-endian */
#define LTT_UST_SHM_VERSION 1U
#define LTT_UST_SHM_SUFFIX ".ust"
#define LTT_UST_NAME_MAX 64

/* Bounds the drainer enforces before trusting a header. */
#define LTT_UST_SUBBUF_SIZE_MIN 4096U
#define LTT_UST_SUBBUF_SIZE_MAX (16U * 1024U * 1024U)
#define LTT_UST_SUBBUF_COUNT_MIN 2U        /* 1 would let a full buffer stall for ever */
#define LTT_UST_SUBBUF_COUNT_MAX 1024U
#define LTT_UST_BUFFER_COUNT_MAX 4096U
#define LTT_UST_TYPES_SIZE_MAX (16U * 1024U * 1024U)

enum ltt_ust_mode {
	LTT_UST_MODE_DISCARD = 0,   /* full buffer: the new event is dropped and counted */
	LTT_UST_MODE_OVERWRITE = 1  /* full buffer: the oldest sub-buffer is overwritten */
};

enum ltt_ust_clock {
	LTT_UST_CLOCK_MONOTONIC = 0, /* record times are CLOCK_MONOTONIC ns */
	LTT_UST_CLOCK_TSC = 1        /* record times are raw TSC values; the drainer converts */
};

enum ltt_ust_buffer_kind {
	LTT_UST_BUFFERS_PER_CPU = 0,    /* buffer i is written by threads running on CPU i */
	LTT_UST_BUFFERS_PER_THREAD = 1  /* buffer i is written by thread slot i */
};

struct ltt_ust_shm_header {
	uint32_t magic;              /* LTT_UST_SHM_MAGIC, written by the application */
	uint32_t version;            /* LTT_UST_SHM_VERSION */
	uint32_t header_size;        /* sizeof(struct ltt_ust_shm_header) */
	uint32_t pid;
	char name[LTT_UST_NAME_MAX]; /* NUL-terminated, [A-Za-z0-9.-]+ */
	uint32_t mode;               /* enum ltt_ust_mode */
	uint32_t clock;              /* enum ltt_ust_clock */
	uint32_t buffer_kind;        /* enum ltt_ust_buffer_kind */
	uint32_t buffer_count;
	uint32_t subbuf_size;        /* power of two */
	uint32_t subbuf_count;
	uint32_t types_offset;
	uint32_t types_size;
	uint64_t buffers_offset;
	uint64_t buffer_stride;
	uint64_t file_size;
	/* Bytes of complete type records in the types area.  The application
	 * appends a record, then publishes it with a release store here. */
	_Atomic uint32_t types_used;
	uint32_t padding0;
	uint8_t reserved[64];
};

/* One event type: size bytes in all (a multiple of 8), then the name and
 * the fields (metadata grammar, doc/format.md §3.1), each NUL-terminated. */
struct ltt_ust_type_record {
	uint32_t size;
	uint32_t id;
	char text[];
};

/* Per sub-buffer slot.  commit: one 64-bit add per event, (1 << 32) +
 * record bytes, so the low half counts committed bytes and the high half
 * events, both cumulative over laps (padding adds bytes only).  Lap L of a
 * slot is complete when the low half equals (L + 1) * subbuf_size modulo
 * 2^32.  acct_events belongs to the drainer. */
struct ltt_ust_subbuf_ctl {
	_Atomic uint64_t commit;
	uint32_t acct_events;        /* drainer: events of this slot read or counted lost (mod 2^32) */
	uint32_t padding0;
};

struct ltt_ust_buffer_ctl {
	/* Written by the application. */
	_Atomic uint64_t reserve;        /* global offset of the end of the last reservation */
	_Atomic uint64_t lost_discarded; /* events dropped: buffer full (discard mode), too big, type unusable */
	uint8_t padding0[48];
	/* Written by the drainer, only after what it took is safely in the trace. */
	_Atomic uint64_t consumed;       /* global offset up to which records were taken */
	uint64_t lost_reported;          /* part of lost_discarded already written in block headers */
	/* A pass in progress: 1 + the size of the channel's file in the
	 * drainer's trace when it began (0: none), and consumed then.  A
	 * drainer killed before storing consumed leaves it set; the next one
	 * truncates that file back, so nothing is written twice.  claim_tag
	 * authenticates the claim with a key only drainers can read (the
	 * registry's lock file): an application cannot forge one. */
	_Atomic uint64_t claim_bytes;
	uint64_t claim_consumed;
	uint8_t claim_tag[16];
	uint8_t padding1[16];
	struct ltt_ust_subbuf_ctl subbuf[]; /* subbuf_count entries */
};

/*
 * A record in a sub-buffer: this header, the payload, then padding to a
 * multiple of 8.  Records never cross a sub-buffer: the rest of a sub-buffer
 * too small for the next record is padding (a padding record when 16 bytes
 * or more remain).  stamp is stored last, with release order: it tells a
 * reader that the record at this global offset is complete even when the
 * sub-buffer is not (crash recovery, final drain).
 */
struct ltt_ust_record {
	uint64_t time;               /* see enum ltt_ust_clock */
	uint32_t info;               /* id << 20 | payload size */
	uint32_t stamp;              /* ltt_ust_stamp(global offset of this record) */
};

#define LTT_UST_RECORD_HEADER_SIZE 16U
#define LTT_UST_RECORD_ALIGN 8U
#define LTT_UST_INFO_SIZE_BITS 20
#define LTT_UST_PAYLOAD_MAX ((1U << LTT_UST_INFO_SIZE_BITS) - 1U)
#define LTT_UST_ID_PADDING 0xFFFU            /* the rest of the sub-buffer is padding */
#define LTT_UST_EVENT_ID_MAX (LTT_UST_ID_PADDING - 1U)

static inline uint32_t ltt_ust_stamp(uint64_t offset)
{
	return (uint32_t) (offset >> 3) ^ 0x9E3779B9U;
}

static inline uint32_t ltt_ust_info(uint32_t id, uint32_t size)
{
	return id << LTT_UST_INFO_SIZE_BITS | size;
}

static inline uint32_t ltt_ust_record_size(uint32_t payload)
{
	return (LTT_UST_RECORD_HEADER_SIZE + payload + LTT_UST_RECORD_ALIGN - 1U) & ~(LTT_UST_RECORD_ALIGN - 1U);
}

/* The layout both sides compute from the header's counts. */
struct ltt_ust_layout {
	uint64_t types_offset;
	uint64_t buffers_offset;
	uint64_t ctl_size;           /* buffer ctl + commit array, rounded to a page */
	uint64_t buffer_stride;
	uint64_t file_size;
};

#define LTT_UST_PAGE 4096U

static inline uint64_t ltt_ust_round_up(uint64_t v, uint64_t to)
{
	return (v + to - 1U) / to * to;
}

static inline void ltt_ust_layout_compute(uint32_t types_size, uint32_t buffer_count, uint32_t subbuf_size,
                                          uint32_t subbuf_count, struct ltt_ust_layout *l)
{
	l->types_offset = ltt_ust_round_up(sizeof(struct ltt_ust_shm_header), 64U);
	l->buffers_offset = ltt_ust_round_up(l->types_offset + types_size, LTT_UST_PAGE);
	l->ctl_size = ltt_ust_round_up(sizeof(struct ltt_ust_buffer_ctl)
	                               + (uint64_t) subbuf_count * sizeof(struct ltt_ust_subbuf_ctl), LTT_UST_PAGE);
	l->buffer_stride = l->ctl_size + (uint64_t) subbuf_size * subbuf_count;
	l->file_size = l->buffers_offset + l->buffer_stride * buffer_count;
}

#endif
