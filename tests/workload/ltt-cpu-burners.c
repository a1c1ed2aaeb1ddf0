/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-cpu-burners: THREADS threads (default 2) each run BUSY_MS ms
 * (default 100) of CPU, all at the same time, under the names worker-0,
 * worker-1... given with pthread_setname_np: worker-0 names itself, the
 * main thread names the others (a rename of another task).  Prints, for
 * each thread, "thread TID NAME CPU_NS": the CPU time the kernel accounted
 * it (CLOCK_THREAD_CPUTIME_ID, its last act: only its exit is left out),
 * for the recorded-trace tests of the state (tests/test-state-recorded.c).
 * The burn is measured on the thread's own CPU clock, so a loaded machine
 * only makes it last longer. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#define MAX_THREADS 16

typedef struct {
	unsigned index;
	long busy_ms;
	pthread_barrier_t *named;   /* every thread has its name */
	pid_t tid;
	long long cpu_ns;
} Burner;

static long long cpu_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void *burn(void *data)
{
	Burner *b = data;
	volatile unsigned long spin = 0;
	long long until;
	long i;

	b->tid = (pid_t) syscall(SYS_gettid);
	if (b->index == 0)
		pthread_setname_np(pthread_self(), "worker-0");
	pthread_barrier_wait(b->named);
	/* The CPU clock is a system call: read it every few hundred
	 * microseconds so that the burn stays in user space. */
	until = cpu_clock_ns() + b->busy_ms * 1000000LL;
	while (cpu_clock_ns() < until)
		for (i = 0; i < 100000; i++)
			spin++;
	b->cpu_ns = cpu_clock_ns();
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned threads = argc > 1 ? (unsigned) atoi(argv[1]) : 2, i;
	long busy_ms = argc > 2 ? atol(argv[2]) : 100;
	pthread_t th[MAX_THREADS];
	Burner b[MAX_THREADS];
	pthread_barrier_t named;

	if (threads < 1 || threads > MAX_THREADS || busy_ms <= 0) {
		fprintf(stderr, "usage: ltt-cpu-burners [THREADS (1 to %d) [BUSY_MS]]\n", MAX_THREADS);
		return 2;
	}
	pthread_barrier_init(&named, NULL, threads + 1);
	for (i = 0; i < threads; i++) {
		char name[16];

		b[i] = (Burner) { .index = i, .busy_ms = busy_ms, .named = &named };
		if (pthread_create(&th[i], NULL, burn, &b[i]) != 0) {
			fprintf(stderr, "ltt-cpu-burners: cannot create a thread\n");
			return 1;
		}
		snprintf(name, sizeof name, "worker-%u", i);
		if (i > 0 && pthread_setname_np(th[i], name) != 0) {
			fprintf(stderr, "ltt-cpu-burners: cannot name %s\n", name);
			return 1;
		}
	}
	pthread_barrier_wait(&named);
	for (i = 0; i < threads; i++)
		pthread_join(th[i], NULL);
	for (i = 0; i < threads; i++)
		printf("thread %d worker-%u %lld\n", (int) b[i].tid, i, b[i].cpu_ns);
	return 0;
}
