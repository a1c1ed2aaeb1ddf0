/* ltt-workload-child: the known program the workload execs.  It makes M
 * getppid system calls, sleeps T ms, then runs on the CPU for B ms, so that
 * a trace of it can be checked against numbers known in advance. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static long long cpu_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long calls, sleep_ms, busy_ms, i;
	struct timespec nap;
	long long until;
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
	clock_nanosleep(CLOCK_MONOTONIC, 0, &nap, NULL);
	/* The CPU clock is a system call: read it every few thousand
	 * iterations so that the busy phase stays busy in user space. */
	until = cpu_ns() + busy_ms * 1000000LL;
	while (cpu_ns() < until)
		for (i = 0; i < 20000; i++)
			spin++;
	return 0;
}
