/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-workload: a workload with known behaviour for validating recorded
 * kernel traces.  Forks K children one after the other; each execs
 * ltt-workload-child (CALLS getppid calls, a SLEEP_MS sleep, BUSY_MS of
 * CPU).  Prints its own pid and, for every child, its pid, the CPU time
 * the kernel accounted to it (/proc/PID/schedstat, read while the child is
 * a zombie so that all of its life is counted) and the time the hypervisor
 * stole from this machine's CPUs meanwhile (/proc/stat; 0 on bare metal):
 *   parent PID
 *   child PID RUNTIME_NS STEAL_NS
 * The kernel's accounting leaves stolen time out; a trace cannot see it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

/* The kernel's CPU time of pid and the time it waited, runnable, for a
 * CPU (/proc/PID/schedstat: both in ns). */
static void schedstat(pid_t pid, long long *runtime, long long *run_delay)
{
	char path[64];
	FILE *f;

	*runtime = *run_delay = -1;
	snprintf(path, sizeof path, "/proc/%d/schedstat", (int) pid);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fscanf(f, "%lld %lld", runtime, run_delay) != 2)
		*runtime = *run_delay = -1;
	fclose(f);
}

/* Steal time of all CPUs, in ns (/proc/stat counts USER_HZ ticks). */
static long long steal_ns(void)
{
	unsigned long long v[8] = { 0 };
	FILE *f = fopen("/proc/stat", "r");
	long hz = sysconf(_SC_CLK_TCK);

	if (!f)
		return 0;
	if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
	           &v[4], &v[5], &v[6], &v[7]) != 8)
		v[7] = 0;
	fclose(f);
	return hz > 0 ? (long long) v[7] * (1000000000LL / hz) : 0;
}

int main(int argc, char **argv)
{
	int children, i;
	siginfo_t info;

	if (argc != 6) {
		fprintf(stderr, "usage: ltt-workload CHILD_PROGRAM K CALLS SLEEP_MS BUSY_MS\n");
		return 2;
	}
	children = atoi(argv[2]);
	printf("parent %d\n", (int) getpid());
	fflush(stdout);
	for (i = 0; i < children; i++) {
		long long steal_before = steal_ns();
		pid_t pid = fork();
		if (pid < 0) {
			perror("ltt-workload: fork");
			return 1;
		}
		if (pid == 0) {
			execl(argv[1], argv[1], argv[3], argv[4], argv[5], (char *) NULL);
			fprintf(stderr, "ltt-workload: cannot run %s: %s\n", argv[1], strerror(errno));
			_exit(127);
		}
		if (waitid(P_PID, pid, &info, WEXITED | WNOWAIT) < 0) {
			perror("ltt-workload: waitid");
			return 1;
		}
		long long runtime, run_delay;
		schedstat(pid, &runtime, &run_delay);
		printf("child %d %lld %lld %lld\n", (int) pid, runtime, steal_ns() - steal_before, run_delay);
		fflush(stdout);
		if (waitpid(pid, NULL, 0) < 0 || info.si_code != CLD_EXITED || info.si_status != 0) {
			fprintf(stderr, "ltt-workload: child %d failed\n", (int) pid);
			return 1;
		}
	}
	return 0;
}
