/* ust-example: a multi-threaded program instrumented with libltt-ust, and
 * the workload of the user-space tracing tests.  Each thread emits
 * "tick" events numbered 0, 1, 2... with a checksum over the payload, so a
 * reader can tell that every event arrived once and intact.
 *
 *   ust-example [--threads N] [--events M] [--forever] [--pace] [--crash] [--hole] [--wait-usr1]
 *
 * --pace sleeps 50 us every 50 events, slow enough for a drainer to keep
 * up, so that nothing needs to be dropped.
 *
 * --wait-usr1: every thread emits half its events, then waits until the
 * process has received SIGUSR1 (one sent earlier counts), so that a test
 * can act while the program is certainly still running (a drainer killed
 * and restarted) and know that events follow.
 *
 * At the end it prints "emitted E lost L start T0 end T1 threads T": events
 * it tried to record, those the library dropped, the CLOCK_MONOTONIC window,
 * and how many threads emitted. */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ltt-control/ust/ltt-ust.h"

static LTT_UST_EVENT(ev_tick, "tick", "thread: u32; seq: u64; value: u64; check: u32; label: string;");

static unsigned long n_events = 1000;
static int forever, pace, wait_usr1;
static pthread_barrier_t hole_barrier, half_barrier;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000U + (uint64_t) ts.tv_nsec;
}

/* FNV-1a: the reader recomputes it over the same fields. */
static uint32_t checksum(uint32_t thread, uint64_t seq, uint64_t value, const char *label)
{
	uint32_t h = 2166136261U;
	const unsigned char *parts[3] = { (const void *) &thread, (const void *) &seq, (const void *) &value };
	size_t sizes[3] = { 4, 8, 8 };

	for (int i = 0; i < 3; i++)
		for (size_t j = 0; j < sizes[i]; j++)
			h = (h ^ parts[i][j]) * 16777619U;
	for (; *label; label++)
		h = (h ^ (unsigned char) *label) * 16777619U;
	return h;
}

static void tick(uint32_t thread, uint64_t seq)
{
	char label[32];
	uint64_t value = seq * 2654435761U + thread;
	uint32_t check;
	size_t len = (size_t) snprintf(label, sizeof label, "t%u-%llu", thread, (unsigned long long) (seq % 1000)) + 1;
	LttUstRecord r;

	check = checksum(thread, seq, value, label);
	if (!ltt_ust_begin(&ev_tick, 4 + 8 + 8 + 4 + len, &r))
		return;
	ltt_ust_put(&r, &thread, 4);
	ltt_ust_put(&r, &seq, 8);
	ltt_ust_put(&r, &value, 8);
	ltt_ust_put(&r, &check, 4);
	ltt_ust_put(&r, label, len);
	ltt_ust_end(&r);
}

static void *worker(void *arg)
{
	uint32_t thread = (uint32_t) (uintptr_t) arg;

	for (uint64_t seq = 0; forever || seq < n_events; seq++) {
		if (wait_usr1 && seq == n_events / 2)
			pthread_barrier_wait(&half_barrier);
		tick(thread, seq);
		if (pace && seq % 50 == 49)
			usleep(50);
	}
	return NULL;
}

/* Reserves an event and never commits it, as a thread killed in the middle
 * of ltt_ust_begin/ltt_ust_end would. */
static void *holder(void *arg)
{
	LttUstRecord r;

	if (ltt_ust_begin(&ev_tick, 100, &r))
		memset(r.pos, 0xAB, 100);
	pthread_barrier_wait(&hole_barrier);
	pthread_barrier_wait(&hole_barrier);
	return arg;
}

int main(int argc, char **argv)
{
	unsigned threads = 4, first = 0;
	int crash = 0, hole = 0;
	pthread_t tid[64], hold;
	uint64_t start, end, emitted;
	sigset_t usr1;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
			threads = (unsigned) strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--events") == 0 && i + 1 < argc)
			n_events = strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--forever") == 0)
			forever = 1;
		else if (strcmp(argv[i], "--pace") == 0)
			pace = 1;
		else if (strcmp(argv[i], "--crash") == 0)
			crash = 1;
		else if (strcmp(argv[i], "--hole") == 0)
			hole = crash = 1;
		else if (strcmp(argv[i], "--wait-usr1") == 0)
			wait_usr1 = 1;
		else {
			fprintf(stderr,
			        "usage: %s [--threads N] [--events M] [--forever] [--pace] [--crash] [--hole] [--wait-usr1]\n",
			        argv[0]);
			return 2;
		}
	}
	if (threads < 1 || threads > 64) {
		fprintf(stderr, "%s: --threads must be 1 to 64\n", argv[0]);
		return 2;
	}
	if (wait_usr1 && forever) {
		fprintf(stderr, "%s: --wait-usr1 needs a number of events, not --forever\n", argv[0]);
		return 2;
	}
	sigemptyset(&usr1);
	if (wait_usr1) {
		/* Blocked before any thread exists, so that every thread inherits
		 * the mask and a SIGUSR1 sent at any time stays pending. */
		sigaddset(&usr1, SIGUSR1);
		pthread_sigmask(SIG_BLOCK, &usr1, NULL);
		pthread_barrier_init(&half_barrier, NULL, threads - (hole ? 1 : 0) + 1);
	}
	start = now_ns();
	if (hole) {
		/* Thread 0 only holds the unfinished event: threads 1..N-1 emit. */
		pthread_barrier_init(&hole_barrier, NULL, 2);
		pthread_create(&hold, NULL, holder, NULL);
		pthread_barrier_wait(&hole_barrier);
		first = 1;
	}
	for (unsigned t = first; t < threads; t++)
		pthread_create(&tid[t], NULL, worker, (void *) (uintptr_t) t);
	if (wait_usr1) {
		int sig;

		sigwait(&usr1, &sig);
		pthread_barrier_wait(&half_barrier);
	}
	for (unsigned t = first; t < threads; t++)
		pthread_join(tid[t], NULL);
	end = now_ns();
	emitted = (uint64_t) (threads - first) * n_events;
	printf("emitted %llu lost %llu start %llu end %llu threads %u\n", (unsigned long long) emitted,
	       (unsigned long long) ltt_ust_lost_events(), (unsigned long long) start, (unsigned long long) end,
	       threads);
	fflush(stdout);
	if (crash)
		raise(SIGKILL);
	return 0;
}
