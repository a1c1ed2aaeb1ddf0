/* ust-guard.c: the drainer maps files that their owners may cut at any
 * time (an application can truncate its own registry file); a read of a
 * page that is gone raises SIGBUS, which would stop the drainer for every
 * application.  A guarded mapping gets a page of zeros there instead (the
 * drainer's checks then find no record in it) and is marked, so that the
 * drainer puts the file aside. */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ust-drain-private.h"

#define GUARD_SLOTS 4096

typedef struct {
	_Atomic uintptr_t base;  /* 0: free */
	_Atomic size_t size;
	_Atomic int cut;
} Guard;

static Guard guards[GUARD_SLOTS];
static pthread_mutex_t guards_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction previous;
static uintptr_t page_size;

static void on_sigbus(int sig, siginfo_t *si, void *context)
{
	uintptr_t addr = (uintptr_t) si->si_addr;

	for (unsigned i = 0; i < GUARD_SLOTS; i++) {
		uintptr_t base = atomic_load_explicit(&guards[i].base, memory_order_acquire);
		if (base && addr >= base && addr - base < atomic_load_explicit(&guards[i].size, memory_order_relaxed)) {
			void *page = (void *) (addr & ~(page_size - 1));
			/* The instruction that faulted runs again on this page. */
			if (mmap(page, page_size, PROT_READ | PROT_WRITE, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
			    != MAP_FAILED) {
				atomic_store_explicit(&guards[i].cut, 1, memory_order_relaxed);
				return;
			}
		}
	}
	/* Not a guarded mapping: what would have happened without us. */
	if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction) {
		previous.sa_sigaction(sig, si, context);
		return;
	}
	if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
		previous.sa_handler(sig);
		return;
	}
	signal(SIGBUS, SIG_DFL);
}

static void install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	page_size = (uintptr_t) sysconf(_SC_PAGESIZE);
	sigaction(SIGBUS, &sa, &previous);
}

int ust_guard_add(void *base, gsize size)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	int slot = -1;

	pthread_once(&once, install);
	pthread_mutex_lock(&guards_lock);
	for (unsigned i = 0; i < GUARD_SLOTS && slot < 0; i++) {
		if (atomic_load_explicit(&guards[i].base, memory_order_relaxed) == 0) {
			atomic_store_explicit(&guards[i].size, size, memory_order_relaxed);
			atomic_store_explicit(&guards[i].cut, 0, memory_order_relaxed);
			atomic_store_explicit(&guards[i].base, (uintptr_t) base, memory_order_release);
			slot = (int) i;
		}
	}
	pthread_mutex_unlock(&guards_lock);
	return slot;
}

gboolean ust_guard_cut(int slot)
{
	return slot >= 0 && atomic_load_explicit(&guards[slot].cut, memory_order_relaxed);
}

void ust_guard_remove(int slot)
{
	if (slot < 0)
		return;
	pthread_mutex_lock(&guards_lock);
	atomic_store_explicit(&guards[slot].base, 0, memory_order_release);
	pthread_mutex_unlock(&guards_lock);
}
