/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-fork-storm-children: forks N children (default 100) as fast as it
 * can, each of which exits at once (exit_group) while the next ones are
 * forked, then reaps them.  Prints "parent PID" and "child PID" for each
 * child, for the recorded-trace tests of the state
 * (tests/test-state-recorded.c).  Its name is longer than the kernel's 15
 * characters of comm on purpose: the children's comm is its first 15
 * characters (doc/analysis.md §1.5). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

#define MAX_CHILDREN 1000

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100, i, status;
	pid_t pids[MAX_CHILDREN];

	if (n < 1 || n > MAX_CHILDREN) {
		fprintf(stderr, "usage: ltt-fork-storm-children [CHILDREN (1 to %d)]\n", MAX_CHILDREN);
		return 2;
	}
	for (i = 0; i < n; i++) {
		pids[i] = fork();
		if (pids[i] < 0) {
			perror("fork");
			return 1;
		}
		if (pids[i] == 0)
			_exit(0);
	}
	for (i = 0; i < n; i++)
		if (waitpid(pids[i], &status, 0) != pids[i] || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "ltt-fork-storm-children: child %d failed\n", (int) pids[i]);
			return 1;
		}
	printf("parent %d\n", (int) getpid());
	for (i = 0; i < n; i++)
		printf("child %d\n", (int) pids[i]);
	return 0;
}
