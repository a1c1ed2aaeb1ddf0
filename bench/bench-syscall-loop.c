/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-syscall-loop: N getppid system calls in a loop; prints the
 * elapsed ns and ns per call.  Run untraced and traced, the difference
 * divided by the events per call (sys_enter + sys_exit) is the cost of
 * recording one kernel event. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	struct timespec a, b;
	long i;
	double ns;

	if (n <= 0) {
		fprintf(stderr, "usage: bench-syscall-loop [CALLS]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	printf("calls %ld ns %.0f ns_per_call %.1f\n", n, ns, ns / n);
	return 0;
}
