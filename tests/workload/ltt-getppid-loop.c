/* ltt-getppid-loop: a child makes N getppid system calls, then renames
 * itself "worker-0" (prctl) and makes M more; the parent prints the
 * child's pid, its calls, and the CPU time the kernel accounted to it over
 * its whole life, exit included (getrusage of the children once it is
 * reaped), for the recorded-trace tests of the state
 * (tests/test-state-recorded.c). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static void calls(long n)
{
	long i;

	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, m = 1000;
	struct rusage ru;
	pid_t pid;
	int status;

	if (n <= 0) {
		fprintf(stderr, "usage: ltt-getppid-loop [CALLS]\n");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		calls(n);
		prctl(PR_SET_NAME, "worker-0");
		calls(m);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "ltt-getppid-loop: the child failed\n");
		return 1;
	}
	getrusage(RUSAGE_CHILDREN, &ru);
	printf("pid %d\ncalls %ld\ncpu_ns %lld\n", (int) pid, n + m,
	       (long long) (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL
	               + (long long) (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL);
	return 0;
}
