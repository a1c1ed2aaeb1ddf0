/* test-ust-forge: what a hostile application can do to its own registry
 * file, for test-ust-security.sh (run as an unprivileged user).
 *
 *   test-ust-forge FILE [PID]
 *
 * Writes in every buffer of FILE a drainer's claim to truncate the
 * channel's file to 0 bytes (claim_bytes 1, claim_consumed = consumed) and,
 * when PID is given, makes the header speak for process PID. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ltt-control/ust/ust-shm.h"

int main(int argc, char **argv)
{
	struct ltt_ust_shm_header *h;
	struct stat st;
	void *m;
	int fd;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: test-ust-forge FILE [PID]\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0 || fstat(fd, &st) != 0 || (size_t) st.st_size < sizeof *h) {
		perror(argv[1]);
		return 1;
	}
	m = mmap(NULL, (size_t) st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		perror(argv[1]);
		return 1;
	}
	h = m;
	if (h->buffers_offset + (uint64_t) h->buffer_stride * h->buffer_count > (uint64_t) st.st_size) {
		fprintf(stderr, "%s: not a registry file\n", argv[1]);
		return 1;
	}
	if (argc == 3)
		h->pid = (uint32_t) strtoul(argv[2], NULL, 10);
	for (uint32_t b = 0; b < h->buffer_count; b++) {
		struct ltt_ust_buffer_ctl *ctl = (void *) ((char *) m + h->buffers_offset + h->buffer_stride * b);
		ctl->claim_consumed = atomic_load(&ctl->consumed);
		atomic_store(&ctl->claim_bytes, 1);
	}
	munmap(m, (size_t) st.st_size);
	close(fd);
	return 0;
}
