/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-tree-run: runs a command (make -j2, tar czf…) and says what the
 * kernel accounted to its whole process tree, for the recorded-trace tests
 * of the state (tests/test-state-recorded.c).  Prints:
 *   child PID          the command's first task
 *   tree_cpu_ns N      CPU time of every task of its tree (getrusage
 *                      RUSAGE_CHILDREN: each task's time reaches its parent
 *                      when it is reaped, and the command's tools reap
 *                      theirs)
 * and exits with the command's status. */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct rusage ru;
	pid_t pid;
	int status;

	if (argc < 2) {
		fprintf(stderr, "usage: ltt-tree-run COMMAND [ARGUMENT...]\n");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("ltt-tree-run: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		fprintf(stderr, "ltt-tree-run: %s: ", argv[1]);
		perror("");
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid) {
		perror("ltt-tree-run: waitpid");
		return 1;
	}
	if (getrusage(RUSAGE_CHILDREN, &ru) != 0) {
		perror("ltt-tree-run: getrusage");
		return 1;
	}
	printf("child %d\n", (int) pid);
	printf("tree_cpu_ns %lld\n",
	       ((long long) ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL
	               + ((long long) ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
