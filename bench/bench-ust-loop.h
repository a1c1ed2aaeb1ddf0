/* bench-ust-loop.h: the measured loop, shared by bench-ust (libltt-ust)
 * and bench-ust-lttng (LTTng-UST) so both record the same events the same
 * way: T threads, each emitting M events of (thread u32, seq u64, value u64)
 * as fast as it can, the clock read once before and once after.
 *
 *   PROGRAM THREADS EVENTS
 *
 * Prints "threads T events M ns_per_event X cpu_ns_per_event C lost L
 * faults F": X is the mean over threads of each thread's elapsed time
 * divided by its event count, C the same with the thread's CPU time, which
 * a machine busy with other work inflates less; F the page faults the
 * threads took inside the measured loops (first touches of buffer pages
 * there cost more than the events on a virtual machine). */
#ifndef BENCH_UST_LOOP_H
#define BENCH_UST_LOOP_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

typedef void (*BenchEmit)(uint32_t thread, uint64_t seq, uint64_t value);

typedef struct {
	BenchEmit emit;
	uint32_t thread;
	uint64_t events;
	pthread_barrier_t *start;
	double ns, cpu_ns;
	long faults;
} BenchThread;

/* Linux's, declared by glibc only with _GNU_SOURCE, which must come before
 * any header and bench-ust-lttng.c is built without config.h. */
#ifndef RUSAGE_THREAD
#define RUSAGE_THREAD 1
#endif

static long bench_faults(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_THREAD, &ru) == 0 ? ru.ru_minflt + ru.ru_majflt : 0;
}

static uint64_t bench_now(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t) ts.tv_sec * 1000000000U + (uint64_t) ts.tv_nsec;
}

static void *bench_thread(void *arg)
{
	BenchThread *bt = arg;
	uint64_t t0, c0;
	long f0;

	/* The first event of a thread sets things up in both tracers. */
	bt->emit(bt->thread, 0, 0);
	pthread_barrier_wait(bt->start);
	f0 = bench_faults();
	t0 = bench_now(CLOCK_MONOTONIC);
	c0 = bench_now(CLOCK_THREAD_CPUTIME_ID);
	for (uint64_t i = 1; i <= bt->events; i++)
		bt->emit(bt->thread, i, i * 2654435761U);
	bt->faults = bench_faults() - f0;
	bt->cpu_ns = (double) (bench_now(CLOCK_THREAD_CPUTIME_ID) - c0) / (double) bt->events;
	bt->ns = (double) (bench_now(CLOCK_MONOTONIC) - t0) / (double) bt->events;
	return NULL;
}

static int bench_main(int argc, char **argv, BenchEmit emit, uint64_t (*lost)(void))
{
	unsigned threads = argc > 1 ? (unsigned) strtoul(argv[1], NULL, 10) : 1;
	uint64_t events = argc > 2 ? strtoull(argv[2], NULL, 10) : 1000000;
	BenchThread bt[64];
	pthread_t tid[64];
	pthread_barrier_t start;
	double sum = 0, cpu_sum = 0;
	long faults = 0;

	if (threads < 1 || threads > 64 || events < 1) {
		fprintf(stderr, "usage: %s [THREADS (1-64)] [EVENTS per thread]\n", argv[0]);
		return 2;
	}
	pthread_barrier_init(&start, NULL, threads);
	for (unsigned t = 0; t < threads; t++) {
		bt[t] = (BenchThread) { emit, t, events, &start, 0, 0, 0 };
		pthread_create(&tid[t], NULL, bench_thread, &bt[t]);
	}
	for (unsigned t = 0; t < threads; t++) {
		pthread_join(tid[t], NULL);
		sum += bt[t].ns;
		cpu_sum += bt[t].cpu_ns;
		faults += bt[t].faults;
	}
	printf("threads %u events %llu ns_per_event %.1f cpu_ns_per_event %.1f lost %llu faults %ld\n", threads,
	       (unsigned long long) events, sum / threads, cpu_sum / threads, (unsigned long long) (lost ? lost() : 0),
	       faults);
	return 0;
}

#endif
