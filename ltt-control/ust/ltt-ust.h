/*
 * ltt-ust.h: tracing an application.  Link with -lltt-ust (libc and
 * pthread only).  Tracing is on when the environment names a registry
 * directory (LTT_UST_REGISTRY, set by "lttctl ... --ust"); otherwise every
 * call returns at once.  Nothing here blocks, allocates on the event path,
 * or can make the application fail: a full buffer, a payload whose size
 * cannot be of the event's type, or any setup problem drops the event and
 * counts it as lost.
 *
 *   static LTT_UST_EVENT(ev_request, "request", "client: u32; bytes: u64; path: string;");
 *
 *   LttUstRecord r;
 *   if (ltt_ust_begin(&ev_request, 4 + 8 + strlen(path) + 1, &r)) {
 *           ltt_ust_put(&r, &client, 4);
 *           ltt_ust_put(&r, &bytes, 8);
 *           ltt_ust_put(&r, path, strlen(path) + 1);
 *           ltt_ust_end(&r);
 *   }
 *
 * Payloads are packed in host byte order, as the fields declare them
 * (doc/format.md §3.2).  The type is registered in the trace metadata the
 * first time it is emitted.  Environment (read at the first event):
 *   LTT_UST_REGISTRY=DIR      where to register (tracing off when unset)
 *   LTT_UST_MODE=discard|overwrite       full buffer policy (discard)
 *   LTT_UST_SUBBUF_SIZE=BYTES, LTT_UST_SUBBUF_COUNT=N   (65536, 8)
 *   LTT_UST_BUFFERS=thread|cpu           one buffer per thread (default, 15 slots,
 *                                        more threads share one) or per CPU
 *   LTT_UST_CLOCK=auto|monotonic         auto uses the TSC when it is stable
 *   LTT_UST_NAME=NAME                    the channel is "ust-NAME-PID"
 */
#ifndef LTT_UST_H
#define LTT_UST_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
	const char *name;    /* [A-Za-z_][A-Za-z0-9_]* */
	const char *fields;  /* metadata grammar, e.g. "pid: s32; name: string;" */
	int id;              /* private: set at first use */
} LttUstEvent;

#define LTT_UST_EVENT_UNREGISTERED (-1)
#define LTT_UST_EVENT_INIT(name, fields) { (name), (fields), LTT_UST_EVENT_UNREGISTERED }
#define LTT_UST_EVENT(var, name, fields) LttUstEvent var = LTT_UST_EVENT_INIT(name, fields)

/* Space reserved for one event; filled with ltt_ust_put, closed by ltt_ust_end. */
typedef struct {
	unsigned char *pos;
	void *priv_header;
	void *priv_commit;
	uint64_t priv_offset;
	uint32_t priv_len;
	int priv_owner;
} LttUstRecord;

/* Reserves room for an event of payload_size bytes.  Returns 1 when the
 * caller must now put exactly payload_size bytes and call ltt_ust_end; 0
 * when the event is not recorded (tracing off, or dropped and counted). */
int ltt_ust_begin(LttUstEvent *ev, size_t payload_size, LttUstRecord *rec);

static inline void ltt_ust_put(LttUstRecord *rec, const void *data, size_t n)
{
	memcpy(rec->pos, data, n);
	rec->pos += n;
}

/* Commits the event: from now on the drainer may take it. */
void ltt_ust_end(LttUstRecord *rec);

/* One call for a payload already laid out (a packed struct). */
int ltt_ust_emit(LttUstEvent *ev, const void *payload, size_t payload_size);

/* 1 when this process records events. */
int ltt_ust_enabled(void);

/* Events this process dropped and counted as lost so far (all buffers). */
uint64_t ltt_ust_lost_events(void);

/* Of those, the events refused because their payload size cannot be of
 * their type (the fields say 4 bytes, the call gave 8): a bug in the
 * program, which ltt_ust_begin and ltt_ust_emit report by returning 0. */
uint64_t ltt_ust_refused_events(void);

#ifdef __cplusplus
}
#endif

#endif
