/* map-guard.c: reading a mapped file that shrinks must not kill the
 * process (map-guard.h).  Touching a page of a mapping past the end of its
 * file raises SIGBUS; events and payloads are read through the mapping
 * everywhere (the reader, every analysis; the drainer's parser), so the
 * reads cannot each be wrapped.  Instead a SIGBUS handler puts a page of
 * zeros in place of the missing one and flags the mapping: the read goes
 * on, the zeros fail the event checks, and the reader reports the file as
 * cut (tracefile.c), the drainer puts it aside (ltt-control/ust/ust-app.c).
 *
 * The list of guarded mappings is read by the handler: nodes are never
 * freed (a closed mapping's node is reused), and a node is published
 * (active) only once its range is written. */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "map-guard.h"

struct _LttMapGuard {
	const guint8 *volatile start;
	volatile gsize size;
	volatile gint writable;    /* the page of zeros is writable too */
	volatile gint active;      /* the handler may patch this range */
	volatile gint claimed;     /* the node is in use */
	volatile sig_atomic_t faulted;
	LttMapGuard *volatile next;
};

static LttMapGuard *volatile guards;
static struct sigaction previous;
static uintptr_t page_size;   /* sysconf is not async-signal-safe */

static void on_sigbus(int sig, siginfo_t *info, void *context)
{
	uintptr_t addr = (uintptr_t) info->si_addr;

	for (LttMapGuard *g = guards; g != NULL; g = g->next) {
		uintptr_t start = (uintptr_t) g->start;
		if (g->active && addr >= start && addr - start < g->size) {
			uintptr_t page = addr & ~(page_size - 1);
			/* The instruction that faulted runs again on this page. */
			if (mmap((void *) page, (size_t) page_size, g->writable ? PROT_READ | PROT_WRITE : PROT_READ,
			         MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
				g->faulted = 1;
				return;
			}
		}
	}
	/* Not a mapping of ours: whatever was there before decides. */
	if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction != NULL) {
		previous.sa_sigaction(sig, info, context);
	} else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
		previous.sa_handler(sig);
	} else {
		/* Returning faults again, now with the default action. */
		signal(SIGBUS, SIG_DFL);
	}
}

static gpointer install_handler(gpointer unused)
{
	struct sigaction sa;

	page_size = (uintptr_t) sysconf(_SC_PAGESIZE);
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &previous);
	return NULL;
}

LttMapGuard *ltt_map_guard_add(const void *start, gsize size, gboolean writable)
{
	static GOnce once = G_ONCE_INIT;
	LttMapGuard *g;

	g_once(&once, install_handler, NULL);
	for (g = guards; g != NULL; g = g->next)
		if (g_atomic_int_compare_and_exchange(&g->claimed, 0, 1))
			break;
	if (g == NULL) {
		g = g_new0(LttMapGuard, 1);
		g->claimed = 1;
		do
			g->next = guards;
		while (!g_atomic_pointer_compare_and_exchange(&guards, g->next, g));
	}
	g->start = start;
	g->size = size;
	g->writable = writable;
	g->faulted = 0;
	g_atomic_int_set(&g->active, 1);
	return g;
}

void ltt_map_guard_remove(LttMapGuard *g)
{
	if (g == NULL)
		return;
	g_atomic_int_set(&g->active, 0);
	g_atomic_int_set(&g->claimed, 0);
}

gboolean ltt_map_guard_faulted(const LttMapGuard *g)
{
	return g != NULL && g->faulted;
}
