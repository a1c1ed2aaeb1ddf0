/* ltt-ust.c: the application side of user-space tracing.  The event path
 * (ltt_ust_begin/ltt_ust_end) takes no lock: a compare-and-swap reserves
 * the record in the thread's buffer (or the CPU's), a 64-bit add commits it.
 * Everything else (setting up the shared memory, registering an event type,
 * re-creating the buffers in a forked child) is the slow path, under one
 * mutex, taken once per event type. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ltt-ust.h"
#include "ust-shm.h"
#include "ust-clock-private.h"
#include "ust-type-size.h"

#if defined(__has_include)
#if __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#define UST_HAVE_RSEQ 1
#endif
#endif

#define UST_TYPES_SIZE (64U * 1024U)
#define UST_DEFAULT_SUBBUF_SIZE (64U * 1024U)
#define UST_DEFAULT_SUBBUF_COUNT 8U
#define UST_THREAD_SLOTS 16U
/* ev->id of a type that could not be registered: its events are counted lost. */
#define UST_EVENT_UNUSABLE (-2)

typedef struct {
	int fd;
	uint8_t *base;
	size_t size;
	struct ltt_ust_shm_header *hdr;
	uint64_t buffers_offset;
	uint64_t ctl_size;
	uint64_t stride;
	uint32_t subbuf_size;
	uint32_t subbuf_shift;
	uint32_t subbuf_count;   /* power of two */
	uint32_t buffer_count;
	int overwrite;
	int per_thread;
	int use_tsc;
} UstProcess;

enum { UST_UNINIT, UST_ON, UST_OFF };

static pthread_mutex_t ust_lock = PTHREAD_MUTEX_INITIALIZER;
static UstProcess ust_storage;
static UstProcess *_Atomic ust_proc;        /* NULL until the buffers exist */
static int ust_state = UST_UNINIT;          /* under ust_lock */
static _Atomic int ust_off;                 /* tracing is off: return at once */
static int ust_hooks_done;                  /* fork handlers and slot key set up; under ust_lock */
static LttUstEvent *ust_types[LTT_UST_EVENT_ID_MAX + 1];
/* The payload size each type's fields imply (ust-type-size.h), set before
 * the type's id is published. */
static uint32_t ust_type_sizes[LTT_UST_EVENT_ID_MAX + 1];
/* Events refused because their payload cannot be of their type. */
static _Atomic uint64_t ust_refused;
static unsigned ust_type_count;             /* under ust_lock */
/* initial-exec: a plain %fs-relative load, where the default model of a
 * shared library calls __tls_get_addr on every access. */
#define UST_TLS __thread __attribute__((tls_model("initial-exec")))
static UST_TLS int ust_in_slow_path;        /* a signal handler interrupted the slow path */
static UST_TLS int ust_thread_slot = -1;
/* The thread owns its slot: nobody else writes that buffer's reserve and
 * commit counts (see ust_cas).  Threads without a slot of their own share
 * buffer 0 with atomic operations. */
static UST_TLS int ust_thread_owner;
static _Atomic unsigned char ust_slot_owned[UST_THREAD_SLOTS];
static pthread_key_t ust_slot_key;

static inline struct ltt_ust_buffer_ctl *ust_buffer(const UstProcess *p, unsigned i)
{
	return (struct ltt_ust_buffer_ctl *) (p->base + p->buffers_offset + p->stride * i);
}

static void ust_announce_thread(void);

/* A thread's first event in per-thread mode: claim a free slot, given back
 * by ust_slot_release when the thread exits. */
static __attribute__((noinline, cold)) void ust_claim_slot(const UstProcess *p)
{
	ust_thread_slot = 0;
	ust_thread_owner = 0;
	for (unsigned i = 1; i < p->buffer_count; i++) {
		unsigned char free_slot = 0;
		if (atomic_compare_exchange_strong_explicit(&ust_slot_owned[i], &free_slot, 1,
		                                            memory_order_acquire, memory_order_relaxed)) {
			ust_thread_slot = (int) i;
			ust_thread_owner = 1;
			pthread_setspecific(ust_slot_key, (void *) (uintptr_t) i);
			ust_announce_thread();
			return;
		}
	}
}

static void ust_slot_release(void *slot)
{
	/* Release: the next owner sees every store of this one. */
	atomic_store_explicit(&ust_slot_owned[(uintptr_t) slot], 0, memory_order_release);
	ust_thread_slot = -1;
	ust_thread_owner = 0;
}

static inline unsigned ust_buffer_index(const UstProcess *p, int *owner)
{
	int cpu;

	if (p->per_thread) {
		if (__builtin_expect(ust_thread_slot < 0, 0))
			ust_claim_slot(p);
		*owner = ust_thread_owner;
		return (unsigned) ust_thread_slot;
	}
	*owner = 0;
#ifdef UST_HAVE_RSEQ
	/* glibc keeps the kernel's rseq area up to date: one load, where
	 * sched_getcpu() costs a vDSO call. */
	if (__rseq_size >= 8) {
		const struct rseq *rs = (const struct rseq *) ((char *) __builtin_thread_pointer() + __rseq_offset);
		cpu = (int) __atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED);
	} else
#endif
		cpu = sched_getcpu();
	if (cpu < 0)
		return 0;
	return (unsigned) cpu < p->buffer_count ? (unsigned) cpu : (unsigned) cpu % p->buffer_count;
}

/*
 * Reserve and commit updates.  On a buffer its thread owns, the only
 * concurrent writer can be a signal handler on the same thread, and a
 * single read-modify-write instruction without the lock prefix is atomic
 * with respect to it; x86 keeps stores in order for the drainer.  That
 * saves the two locked operations, about 10 ns of the event (bench-ust.sh,
 * doc/ust.md §7).  Other buffers, or other architectures: atomics.
 */
static inline int ust_cas(_Atomic uint64_t *p, uint64_t *old, uint64_t val, int owner)
{
#if defined(__x86_64__)
	if (owner) {
		uint64_t prev;
		__asm__ __volatile__("cmpxchgq %2, %1"
		                     : "=a"(prev), "+m"(*(uint64_t *) p)
		                     : "r"(val), "0"(*old)
		                     : "memory", "cc");
		if (prev == *old)
			return 1;
		*old = prev;
		return 0;
	}
#endif
	return atomic_compare_exchange_weak_explicit(p, old, val, memory_order_relaxed, memory_order_relaxed);
}

static inline void ust_add(_Atomic uint64_t *p, uint64_t val, int owner)
{
#if defined(__x86_64__)
	if (owner) {
		__asm__ __volatile__("addq %1, %0" : "+m"(*(uint64_t *) p) : "er"(val) : "memory", "cc");
		return;
	}
#endif
	atomic_fetch_add_explicit(p, val, memory_order_release);
}

static inline uint64_t ust_now(const UstProcess *p)
{
#ifdef LTT_UST_HAVE_TSC
	if (p->use_tsc)
		return ltt_ust_clock_tsc();
#endif
	return ltt_ust_clock_monotonic();
}

static __attribute__((noinline, cold)) void ust_count_lost(const UstProcess *p)
{
	int owner;

	atomic_fetch_add_explicit(&ust_buffer(p, ust_buffer_index(p, &owner))->lost_discarded, 1, memory_order_relaxed);
}

/* A payload that does not match its type: counted lost in the trace (so
 * that written + lost = emitted) and refused (ltt_ust_refused_events). */
static __attribute__((noinline, cold)) int ust_refuse(const UstProcess *p)
{
	atomic_fetch_add_explicit(&ust_refused, 1, memory_order_relaxed);
	ust_count_lost(p);
	return 0;
}

static inline __attribute__((always_inline)) int ust_reserve(const UstProcess *p, uint32_t id, size_t payload_size,
                                                             LttUstRecord *rec)
{
	struct ltt_ust_buffer_ctl *ctl;
	struct ltt_ust_record *r;
	uint8_t *data;
	uint64_t mask = p->subbuf_size - 1U, ring_mask, old, begin, ts;
	uint32_t len;
	int owner;

	if (payload_size > LTT_UST_PAYLOAD_MAX || ltt_ust_record_size((uint32_t) payload_size) > p->subbuf_size) {
		ust_count_lost(p);
		return 0;
	}
	len = ltt_ust_record_size((uint32_t) payload_size);
	ctl = ust_buffer(p, ust_buffer_index(p, &owner));
	ring_mask = ((uint64_t) p->subbuf_count << p->subbuf_shift) - 1U;
	old = atomic_load_explicit(&ctl->reserve, memory_order_relaxed);
	do {
		/* Reading the clock inside the loop keeps times in reservation
		 * order within a buffer. */
		ts = ust_now(p);
		begin = old;
		if ((old & mask) + len > p->subbuf_size)
			begin = (old | mask) + 1U;
		if ((begin & mask) == 0 && !p->overwrite) {
			uint64_t consumed = atomic_load_explicit(&ctl->consumed, memory_order_acquire);
			if ((begin >> p->subbuf_shift) - (consumed >> p->subbuf_shift) >= p->subbuf_count) {
				atomic_fetch_add_explicit(&ctl->lost_discarded, 1, memory_order_relaxed);
				return 0;
			}
		}
	} while (!ust_cas(&ctl->reserve, &old, begin + len, owner));
	data = (uint8_t *) ctl + p->ctl_size;
	if (begin != old) {
		uint64_t pad = begin - old;
		if (pad >= LTT_UST_RECORD_HEADER_SIZE) {
			r = (struct ltt_ust_record *) (data + (old & ring_mask));
			r->time = ts;
			r->info = ltt_ust_info(LTT_UST_ID_PADDING, (uint32_t) (pad - LTT_UST_RECORD_HEADER_SIZE));
			__atomic_store_n(&r->stamp, ltt_ust_stamp(old), __ATOMIC_RELEASE);
		}
		ust_add(&ctl->subbuf[(old >> p->subbuf_shift) & (p->subbuf_count - 1U)].commit, pad, owner);
	}
	r = (struct ltt_ust_record *) (data + (begin & ring_mask));
	r->time = ts;
	r->info = ltt_ust_info(id, (uint32_t) payload_size);
	rec->pos = (unsigned char *) (r + 1);
	rec->priv_header = r;
	rec->priv_commit = &ctl->subbuf[(begin >> p->subbuf_shift) & (p->subbuf_count - 1U)].commit;
	rec->priv_offset = begin;
	rec->priv_len = len;
	rec->priv_owner = owner;
	return 1;
}

static inline void ust_end(LttUstRecord *rec)
{
	struct ltt_ust_record *r = rec->priv_header;

	__atomic_store_n(&r->stamp, ltt_ust_stamp(rec->priv_offset), __ATOMIC_RELEASE);
	ust_add(rec->priv_commit, (UINT64_C(1) << 32) + rec->priv_len, rec->priv_owner);
}

/* A payload that cannot be of its type would make the trace wrong: the
 * drainer refuses it, so the program must hear of it here. */
static inline __attribute__((always_inline)) int ust_reserve_checked(const UstProcess *p, int id, size_t payload_size,
                                                                     LttUstRecord *rec)
{
	if (__builtin_expect(payload_size != ust_type_sizes[id], 0)
	    && !ust_type_size_fits(ust_type_sizes[id], payload_size))
		return ust_refuse(p);
	return ust_reserve(p, (uint32_t) id, payload_size, rec);
}

static uint32_t ust_env_uint(const char *name, uint32_t def, uint32_t min, uint32_t max)
{
	const char *s = getenv(name);
	char *end;
	unsigned long v;

	if (!s || !*s)
		return def;
	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || *end || v < min || v > max)
		return def;
	return (uint32_t) v;
}

static uint32_t ust_pow2_floor(uint32_t v)
{
	uint32_t p = 1;

	while (p <= v / 2U)
		p *= 2U;
	return p;
}

static int ust_tsc_usable(void)
{
#ifdef LTT_UST_HAVE_TSC
	char buf[32] = "";
	const char *mode = getenv("LTT_UST_CLOCK");
	FILE *f;

	if (mode && strcmp(mode, "monotonic") == 0)
		return 0;
	f = fopen(LTT_UST_CLOCKSOURCE_FILE, "re");
	if (!f)
		return 0;
	if (!fgets(buf, sizeof buf, f))
		buf[0] = '\0';
	fclose(f);
	return strcmp(buf, "tsc\n") == 0;
#else
	return 0;
#endif
}

static void ust_app_name(char *out)
{
	const char *src = getenv("LTT_UST_NAME");
	size_t i, n = 0;

	if (!src || !*src)
		src = program_invocation_short_name;
	for (i = 0; src[i] && n < LTT_UST_NAME_MAX - 1U; i++) {
		char c = src[i];
		/* A leading dot ("../x", ".prog") would hide the file. */
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
		         || (c == '.' && n > 0);
		out[n++] = ok ? c : '-';
	}
	out[n] = '\0';
	if (n == 0)
		strcpy(out, "app");
}

/* Appends the declaration of ev (id) to the types area; under ust_lock. */
static int ust_publish_type(UstProcess *p, const LttUstEvent *ev, uint32_t id)
{
	struct ltt_ust_shm_header *h = p->hdr;
	size_t nl = strlen(ev->name) + 1U, fl = strlen(ev->fields) + 1U;
	uint32_t used = atomic_load_explicit(&h->types_used, memory_order_relaxed);
	uint64_t size = ltt_ust_round_up(sizeof(struct ltt_ust_type_record) + nl + fl, 8U);
	struct ltt_ust_type_record *rec;

	if (size > h->types_size - used)
		return -1;
	rec = (struct ltt_ust_type_record *) (p->base + h->types_offset + used);
	rec->size = (uint32_t) size;
	rec->id = id;
	memcpy(rec->text, ev->name, nl);
	memcpy(rec->text + nl, ev->fields, fl);
	atomic_store_explicit(&h->types_used, used + (uint32_t) size, memory_order_release);
	return 0;
}

/* Maps every page of the buffers writable now, before the file is
 * published: a first touch on the event path (a fault, the page cleared)
 * costs more than the event, several times more on a virtual machine.
 * MAP_POPULATE maps shared pages for reading only and ignores failures;
 * MADV_POPULATE_WRITE (Linux 5.14) does neither; older kernels get each
 * page written once (zero over zero: the file is not visible yet). */
static void ust_populate(uint8_t *base, size_t size)
{
#ifdef MADV_POPULATE_WRITE
	if (madvise(base, size, MADV_POPULATE_WRITE) == 0)
		return;
#endif
	for (size_t off = 0; off < size; off += LTT_UST_PAGE)
		((volatile uint8_t *) base)[off] = 0;
}

/* Creates and registers this process's shared memory; under ust_lock.
 * The file is built under a hidden name and renamed: the drainer never sees
 * a half-initialised one. */
static int ust_create(UstProcess *p)
{
	const char *dir = getenv("LTT_UST_REGISTRY");
	const char *mode = getenv("LTT_UST_MODE");
	const char *kind = getenv("LTT_UST_BUFFERS");
	char name[LTT_UST_NAME_MAX], tmp[PATH_MAX], path[PATH_MAX];
	struct ltt_ust_layout l;
	struct ltt_ust_shm_header *h;
	uint32_t subbuf_size, subbuf_count, buffer_count, i;
	long ncpu;
	void *base;
	int fd;

	if (!dir || !*dir)
		return -1;
	memset(p, 0, sizeof *p);
	p->overwrite = mode && strcmp(mode, "overwrite") == 0;
	/* Per thread by default: an owned buffer needs no locked operation
	 * (doc/ust.md §7). */
	p->per_thread = !(kind && strcmp(kind, "cpu") == 0);
	p->use_tsc = ust_tsc_usable();
	subbuf_size = ust_pow2_floor(ust_env_uint("LTT_UST_SUBBUF_SIZE", UST_DEFAULT_SUBBUF_SIZE,
	                                          LTT_UST_SUBBUF_SIZE_MIN, LTT_UST_SUBBUF_SIZE_MAX));
	subbuf_count = ust_pow2_floor(ust_env_uint("LTT_UST_SUBBUF_COUNT", UST_DEFAULT_SUBBUF_COUNT,
	                                           LTT_UST_SUBBUF_COUNT_MIN, LTT_UST_SUBBUF_COUNT_MAX));
	ncpu = sysconf(_SC_NPROCESSORS_CONF);
	buffer_count = p->per_thread ? UST_THREAD_SLOTS
	               : (uint32_t) (ncpu < 1 ? 1 : ncpu > (long) LTT_UST_BUFFER_COUNT_MAX ? LTT_UST_BUFFER_COUNT_MAX : ncpu);
	ltt_ust_layout_compute(UST_TYPES_SIZE, buffer_count, subbuf_size, subbuf_count, &l);

	ust_app_name(name);
	if ((size_t) snprintf(tmp, sizeof tmp, "%s/.%s-%d.tmp", dir, name, (int) getpid()) >= sizeof tmp
	    || (size_t) snprintf(path, sizeof path, "%s/%s-%d%s", dir, name, (int) getpid(), LTT_UST_SHM_SUFFIX) >= sizeof path)
		return -1;
	/* Recording into a registry no drainer watches yet is useful (flight
	 * recorder, crash recovery later): make it if needed. */
	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		return -1;
	/* A file of a dead process that had our pid: it was recovered or is
	 * lost, and its name is ours now. */
	unlink(tmp);
	fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
	if (fd < 0)
		return -1;
	/* Allocate every page now: a tmpfs running out of space later would
	 * kill the application with SIGBUS on a store. */
	if (posix_fallocate(fd, 0, (off_t) l.file_size) != 0)
		goto fail;
	base = mmap(NULL, l.file_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED)
		goto fail;
	ust_populate(base, l.file_size);
	if (flock(fd, LOCK_SH) != 0) {
		munmap(base, l.file_size);
		goto fail;
	}
	p->fd = fd;
	p->base = base;
	p->size = l.file_size;
	p->hdr = h = base;
	p->buffers_offset = l.buffers_offset;
	p->ctl_size = l.ctl_size;
	p->stride = l.buffer_stride;
	p->subbuf_size = subbuf_size;
	p->subbuf_shift = (uint32_t) __builtin_ctz(subbuf_size);
	p->subbuf_count = subbuf_count;
	p->buffer_count = buffer_count;

	h->version = LTT_UST_SHM_VERSION;
	h->header_size = sizeof *h;
	h->pid = (uint32_t) getpid();
	memcpy(h->name, name, sizeof name);
	h->mode = p->overwrite ? LTT_UST_MODE_OVERWRITE : LTT_UST_MODE_DISCARD;
	h->clock = p->use_tsc ? LTT_UST_CLOCK_TSC : LTT_UST_CLOCK_MONOTONIC;
	h->buffer_kind = p->per_thread ? LTT_UST_BUFFERS_PER_THREAD : LTT_UST_BUFFERS_PER_CPU;
	h->buffer_count = buffer_count;
	h->subbuf_size = subbuf_size;
	h->subbuf_count = subbuf_count;
	h->types_offset = (uint32_t) l.types_offset;
	h->types_size = UST_TYPES_SIZE;
	h->buffers_offset = l.buffers_offset;
	h->buffer_stride = l.buffer_stride;
	h->file_size = l.file_size;
	for (i = 0; i < ust_type_count; i++)
		if (ust_publish_type(p, ust_types[i], i) != 0)
			break;
	atomic_store_explicit((_Atomic uint32_t *) &h->magic, LTT_UST_SHM_MAGIC, memory_order_release);
	if (rename(tmp, path) != 0) {
		munmap(base, l.file_size);
		goto fail;
	}
	return 0;
fail:
	close(fd);
	unlink(tmp);
	return -1;
}

static void ust_atfork_prepare(void)
{
	pthread_mutex_lock(&ust_lock);
}

static void ust_atfork_parent(void)
{
	pthread_mutex_unlock(&ust_lock);
}

/* The child must not write into its parent's buffers nor keep the parent
 * looking alive (the inherited descriptor shares the lock): it drops both
 * and gets its own buffers at its first event. */
static void ust_atfork_child(void)
{
	UstProcess *p = atomic_load_explicit(&ust_proc, memory_order_relaxed);

	if (p) {
		atomic_store_explicit(&ust_proc, NULL, memory_order_relaxed);
		munmap(p->base, p->size);
		close(p->fd);
	}
	/* The child may be traced where its parent was not, and the reverse. */
	ust_state = UST_UNINIT;
	atomic_store_explicit(&ust_off, 0, memory_order_relaxed);
	/* Only this thread exists in the child, and it owns nothing yet. */
	ust_thread_slot = -1;
	ust_thread_owner = 0;
	for (unsigned i = 0; i < UST_THREAD_SLOTS; i++)
		atomic_store_explicit(&ust_slot_owned[i], 0, memory_order_relaxed);
	if (ust_hooks_done)
		pthread_setspecific(ust_slot_key, NULL);
	pthread_mutex_unlock(&ust_lock);
}

/* Sets the process up at its first event; under ust_lock. */
static UstProcess *ust_setup(void)
{
	if (!ust_hooks_done) {
		pthread_key_create(&ust_slot_key, ust_slot_release);
		pthread_atfork(ust_atfork_prepare, ust_atfork_parent, ust_atfork_child);
		ust_hooks_done = 1;
	}
	if (ust_state == UST_UNINIT) {
		ust_state = ust_create(&ust_storage) == 0 ? UST_ON : UST_OFF;
		if (ust_state == UST_ON)
			atomic_store_explicit(&ust_proc, &ust_storage, memory_order_release);
		else
			atomic_store_explicit(&ust_off, 1, memory_order_relaxed);
	}
	return atomic_load_explicit(&ust_proc, memory_order_relaxed);
}

/* First event of a type, first event of the process, or tracing off. */
static __attribute__((noinline, cold)) int ust_begin_slow(LttUstEvent *ev, size_t payload_size, LttUstRecord *rec)
{
	UstProcess *p;
	int id;

	if (ust_in_slow_path)
		return 0;
	ust_in_slow_path = 1;
	pthread_mutex_lock(&ust_lock);
	p = ust_setup();
	id = __atomic_load_n(&ev->id, __ATOMIC_RELAXED);
	if (p && id == LTT_UST_EVENT_UNREGISTERED) {
		id = UST_EVENT_UNUSABLE;
		if (ust_type_count <= LTT_UST_EVENT_ID_MAX && ev->name && ev->fields
		    && ust_publish_type(p, ev, ust_type_count) == 0) {
			id = (int) ust_type_count;
			ust_type_sizes[id] = ust_type_size(ev->fields);
			ust_types[ust_type_count++] = ev;
		}
		__atomic_store_n(&ev->id, id, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&ust_lock);
	ust_in_slow_path = 0;
	if (!p)
		return 0;
	if (id < 0) {
		ust_count_lost(p);
		return 0;
	}
	return ust_reserve_checked(p, id, payload_size, rec);
}

static inline int ust_begin(LttUstEvent *ev, size_t payload_size, LttUstRecord *rec)
{
	UstProcess *p = atomic_load_explicit(&ust_proc, memory_order_acquire);
	int id = __atomic_load_n(&ev->id, __ATOMIC_ACQUIRE);

	if (__builtin_expect(p == NULL || id < 0, 0)) {
		if (!p && atomic_load_explicit(&ust_off, memory_order_relaxed))
			return 0;
		if (p && id == UST_EVENT_UNUSABLE) {
			ust_count_lost(p);
			return 0;
		}
		return ust_begin_slow(ev, payload_size, rec);
	}
	return ust_reserve_checked(p, id, payload_size, rec);
}

/* The number of a per-thread channel file is a slot, not a CPU: the first
 * event of each owner says which thread the events that follow belong to. */
static void ust_announce_thread(void)
{
	static LttUstEvent ev_thread = LTT_UST_EVENT_INIT("ust_thread", "tid: s32; name: string;");
	char name[32] = "";
	int32_t tid = (int32_t) gettid();
	size_t n;
	LttUstRecord r;

	pthread_getname_np(pthread_self(), name, sizeof name);
	n = strlen(name) + 1;
	if (ust_begin(&ev_thread, sizeof tid + n, &r)) {
		ltt_ust_put(&r, &tid, sizeof tid);
		ltt_ust_put(&r, name, n);
		ust_end(&r);
	}
}

int ltt_ust_begin(LttUstEvent *ev, size_t payload_size, LttUstRecord *rec)
{
	return ust_begin(ev, payload_size, rec);
}

void ltt_ust_end(LttUstRecord *rec)
{
	ust_end(rec);
}

/* Calls the inline versions: exported functions called from inside the
 * library would go through the PLT. */
int ltt_ust_emit(LttUstEvent *ev, const void *payload, size_t payload_size)
{
	LttUstRecord rec;

	if (!ust_begin(ev, payload_size, &rec))
		return 0;
	ltt_ust_put(&rec, payload, payload_size);
	ust_end(&rec);
	return 1;
}

int ltt_ust_enabled(void)
{
	UstProcess *p = atomic_load_explicit(&ust_proc, memory_order_acquire);

	if (p || ust_in_slow_path)
		return p != NULL;
	ust_in_slow_path = 1;
	pthread_mutex_lock(&ust_lock);
	p = ust_setup();
	pthread_mutex_unlock(&ust_lock);
	ust_in_slow_path = 0;
	return p != NULL;
}

uint64_t ltt_ust_lost_events(void)
{
	UstProcess *p = atomic_load_explicit(&ust_proc, memory_order_acquire);
	uint64_t n = 0;
	uint32_t i;

	if (!p)
		return 0;
	for (i = 0; i < p->buffer_count; i++)
		n += atomic_load_explicit(&ust_buffer(p, i)->lost_discarded, memory_order_relaxed);
	return n;
}

uint64_t ltt_ust_refused_events(void)
{
	return atomic_load_explicit(&ust_refused, memory_order_relaxed);
}
