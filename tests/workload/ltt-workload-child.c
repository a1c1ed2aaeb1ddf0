/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-workload-child: the known program the workload execs.  It makes M
 * getppid system calls, sleeps T ms, then runs on the CPU for B ms, so that
 * a trace of it can be checked against numbers known in advance.  It prints
 * "slept PID NS": how long the sleep took on CLOCK_MONOTONIC (the trace's
 * clock), measured around the system call, which bounds what the trace may
 * show whatever the machine's load. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static long long clock_ns(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long calls, sleep_ms, busy_ms, i;
	struct timespec nap;
	long long until, sleep_start;
	volatile unsigned long spin = 0;

	if (argc != 4) {
		fprintf(stderr, "usage: ltt-workload-child CALLS SLEEP_MS BUSY_MS\n");
		return 2;
	}
	calls = atol(argv[1]);
	sleep_ms = atol(argv[2]);
	busy_ms = atol(argv[3]);
	/* syscall() rather than getppid(): no libc caching, one kernel entry
	 * per call. */
	for (i = 0; i < calls; i++)
		syscall(SYS_getppid);
	nap.tv_sec = sleep_ms / 1000;
	nap.tv_nsec = (sleep_ms % 1000) * 1000000L;
	sleep_start = clock_ns(CLOCK_MONOTONIC);
	clock_nanosleep(CLOCK_MONOTONIC, 0, &nap, NULL);
	printf("slept %d %lld\n", (int) getpid(), clock_ns(CLOCK_MONOTONIC) - sleep_start);
	fflush(stdout);
	/* The CPU clock is a system call: read it every few thousand
	 * iterations so that the busy phase stays busy in user space. */
	until = clock_ns(CLOCK_THREAD_CPUTIME_ID) + busy_ms * 1000000LL;
	while (clock_ns(CLOCK_THREAD_CPUTIME_ID) < until)
		for (i = 0; i < 20000; i++)
			spin++;
	return 0;
}
