/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* x-settle: times a graphical program from outside it, the same way for
 * any toolkit (bench-kernelshark.sh measures KernelShark and lttv-gui
 * with it under one Xvfb).
 *
 *   x-settle [-g WxH] [-q QUIET_MS] [-Q STEP_QUIET_MS] [-t TIMEOUT_S]
 *            [-s STEP]... -- COMMAND [ARG...]
 *
 * Starts COMMAND (its first window made W×H as soon as it is mapped:
 * without a window manager each program would keep its own default size)
 * and watches the whole screen with the X DAMAGE extension:
 * every change the server makes to the screen's pixels is an event, so the
 * time of the last one is the time of the last screen change, to the
 * millisecond, without reading any picture.  The window is drawn once no
 * pixel changed for QUIET_MS (default 3000) while COMMAND used under a
 * tenth of that in CPU time (a program busy loading a trace behind a still
 * window is not done).  Prints, in ms since the launch:
 *   mapped_ms     the first window mapped
 *   drawn_ms      the last screen change before it settled
 * then runs each STEP, input made with XTEST as a mouse or keyboard would:
 *   click:X,Y     button 1 at (X, Y) of the screen
 *   key:NAME      a key (an X keysym name: plus, Left, Next)
 *   wheel:X,Y,up|down[,ctrl]  one step of the wheel at (X, Y), with the
 *                 Control key held when ctrl is given; the pointer then
 *                 leaves for the screen's last pixel (make the screen
 *                 taller than the windows)
 * and prints for each `step NAME ms`: from the input to the last screen
 * change before the screen settled again for STEP_QUIET_MS (default 1000;
 * 0: nothing changed).  Last, the
 * program's peak resident memory (VmHWM of /proc) as `vmhwm_kb`, and it is
 * ended (SIGTERM).  Exit 1 with a message when the screen never settles
 * within TIMEOUT_S (default 600) or COMMAND exits first.
 *
 * With X_SETTLE_DEBUG set, every change goes to stderr (time, area).
 *
 * Input needs no window manager: XTEST events go where the pointer is
 * (clicks) or to the focus, which x-settle gives to the window under the
 * pointer first (keys). */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/XTest.h>

static Display *dpy;
static int damage_event;
static pid_t child;
static double t_launch;
static double last_change, first_map = -1;
static Window first_window;
static int debug;                   /* X_SETTLE_DEBUG set: every change on stderr */
static int want_w, want_h;

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void die(const char *msg)
{
	fprintf(stderr, "x-settle: %s\n", msg);
	if (child > 0)
		kill(child, SIGKILL);
	exit(1);
}

/* CPU time of the program (all its threads), ms. */
static double cpu_ms(void)
{
	char path[64], buf[4096];
	snprintf(path, sizeof path, "/proc/%d/stat", (int) child);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return -1;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* After the command name (in parentheses, may hold spaces): fields 3 on. */
	char *p = strrchr(buf, ')');
	unsigned long utime = 0, stime = 0;
	if (p == NULL || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
		return -1;
	return (utime + stime) * 1000.0 / sysconf(_SC_CLK_TCK);
}

static long vmhwm_kb(void)
{
	char path[64], line[256];
	long kb = -1;
	snprintf(path, sizeof path, "/proc/%d/status", (int) child);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* Handles the events queued: screen changes and first maps. */
static void drain(void)
{
	while (XPending(dpy) > 0) {
		XEvent ev;
		XNextEvent(dpy, &ev);
		if (ev.type == damage_event + XDamageNotify) {
			XDamageNotifyEvent *d = (XDamageNotifyEvent *) &ev;
			if (!debug)
				XDamageSubtract(dpy, d->damage, None, None);
			last_change = now_ms();
			if (debug)
				fprintf(stderr, "damage %.1f %dx%d+%d+%d\n", last_change - t_launch, d->area.width,
				        d->area.height, d->area.x, d->area.y);
		} else if (ev.type == MapNotify && first_map < 0) {
			first_map = now_ms();
			first_window = ev.xmap.window;
			if (want_w > 0)
				XResizeWindow(dpy, first_window, (unsigned) want_w, (unsigned) want_h);
		}
	}
}

static void check_child(void)
{
	int status;
	if (waitpid(child, &status, WNOHANG) == child) {
		child = 0;
		die("the program exited before its window settled");
	}
}

/* Waits until no pixel changed for quiet ms while the program stayed
 * (nearly) idle; returns the time of the last change (since is the floor:
 * no change since then gives since).  first: a window must have been
 * mapped and drawn in first. */
static double settle(double quiet, double timeout_end, double since, int first)
{
	double window_start = now_ms(), cpu_start = cpu_ms();
	last_change = since;
	for (;;) {
		struct pollfd pfd = { ConnectionNumber(dpy), POLLIN, 0 };
		XFlush(dpy);
		drain();
		check_child();
		double t = now_ms();
		if (t > timeout_end)
			die("the screen did not settle before the timeout");
		if (last_change > window_start) {
			/* A change: the quiet window starts again. */
			window_start = last_change;
			cpu_start = cpu_ms();
		} else if (t - window_start >= quiet && (!first || (first_map >= 0 && last_change > first_map))) {
			double cpu = cpu_ms();
			if (cpu >= 0 && cpu - cpu_start < quiet / 10)
				return last_change;
			window_start = t;
			cpu_start = cpu;
		}
		poll(&pfd, 1, 20);
	}
}

static void step(const char *spec, double quiet, double timeout_end)
{
	int x, y;
	char dir[16] = "", mod[16] = "";
	double t_in;
	if (sscanf(spec, "click:%d,%d", &x, &y) == 2) {
		XTestFakeMotionEvent(dpy, -1, x, y, 0);
		XSync(dpy, False);
		drain();
		t_in = now_ms();
		XTestFakeButtonEvent(dpy, 1, True, 0);
		XTestFakeButtonEvent(dpy, 1, False, 0);
	} else if (sscanf(spec, "wheel:%d,%d,%15[a-z],%15[a-z]", &x, &y, dir, mod) >= 3) {
		/* X reports the wheel as buttons 4 (up) and 5 (down). */
		unsigned button = strcmp(dir, "up") == 0 ? 4 : 5;
		KeyCode ctrl = strcmp(mod, "ctrl") == 0 ? XKeysymToKeycode(dpy, XK_Control_L) : 0;
		XTestFakeMotionEvent(dpy, -1, x, y, 0);
		if (ctrl != 0)
			XTestFakeKeyEvent(dpy, ctrl, True, 0);
		XSync(dpy, False);
		drain();
		t_in = now_ms();
		XTestFakeButtonEvent(dpy, button, True, 0);
		XTestFakeButtonEvent(dpy, button, False, 0);
		if (ctrl != 0)
			XTestFakeKeyEvent(dpy, ctrl, False, 0);
		/* Off the windows at once (the screen's last pixel): a pointer left
		 * still over a graph brings a tooltip half a second later, which
		 * is not the step's work. */
		XTestFakeMotionEvent(dpy, -1, DisplayWidth(dpy, DefaultScreen(dpy)) - 1,
		                     DisplayHeight(dpy, DefaultScreen(dpy)) - 1, 0);
	} else if (strncmp(spec, "key:", 4) == 0) {
		KeySym sym = XStringToKeysym(spec + 4);
		KeyCode code = sym != NoSymbol ? XKeysymToKeycode(dpy, sym) : 0;
		if (code == 0)
			die("unknown key in a step (an X keysym name: plus, Left, Next)");
		/* No window manager gives the focus: the window under the pointer takes it. */
		Window root_ret, child_ret;
		int rx, ry, wx, wy;
		unsigned mask;
		XQueryPointer(dpy, DefaultRootWindow(dpy), &root_ret, &child_ret, &rx, &ry, &wx, &wy, &mask);
		if (child_ret != None)
			XSetInputFocus(dpy, child_ret, RevertToPointerRoot, CurrentTime);
		XSync(dpy, False);
		drain();
		/* Shifted keysyms (plus) need the shift key, as a keyboard sends them. */
		int shift = XkbKeycodeToKeysym(dpy, code, 0, 0) != sym;
		KeyCode shift_code = XKeysymToKeycode(dpy, XK_Shift_L);
		t_in = now_ms();
		if (shift)
			XTestFakeKeyEvent(dpy, shift_code, True, 0);
		XTestFakeKeyEvent(dpy, code, True, 0);
		XTestFakeKeyEvent(dpy, code, False, 0);
		if (shift)
			XTestFakeKeyEvent(dpy, shift_code, False, 0);
	} else {
		die("a step is click:X,Y, key:NAME or wheel:X,Y,up|down[,ctrl]");
	}
	XFlush(dpy);
	double last = settle(quiet, timeout_end, t_in, 0);
	printf("step %s %.1f\n", spec, last - t_in);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	double quiet = 3000, step_quiet = 1000, timeout = 600;
	const char *steps[64];
	int n_steps = 0, i;
	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "-q") == 0 && i + 1 < argc)
			quiet = atof(argv[++i]);
		else if (strcmp(argv[i], "-Q") == 0 && i + 1 < argc)
			step_quiet = atof(argv[++i]);
		else if (strcmp(argv[i], "-g") == 0 && i + 1 < argc && sscanf(argv[i + 1], "%dx%d", &want_w, &want_h) == 2)
			i++;
		else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc)
			timeout = atof(argv[++i]);
		else if (strcmp(argv[i], "-s") == 0 && i + 1 < argc && n_steps < 64)
			steps[n_steps++] = argv[++i];
		else
			break;
	}
	if (i + 1 >= argc || strcmp(argv[i], "--") != 0) {
		fprintf(stderr, "usage: x-settle [-g WxH] [-q QUIET_MS] [-Q STEP_QUIET_MS] [-t TIMEOUT_S] "
		        "[-s click:X,Y|key:NAME|wheel:X,Y,up|down[,ctrl]]... -- COMMAND [ARG...]\n");
		return 2;
	}
	debug = getenv("X_SETTLE_DEBUG") != NULL;
	dpy = XOpenDisplay(NULL);
	if (dpy == NULL)
		die("cannot open the display ($DISPLAY)");
	int damage_error, xtest_event, xtest_error, major, minor;
	if (!XDamageQueryExtension(dpy, &damage_event, &damage_error))
		die("the X server has no DAMAGE extension");
	if (!XTestQueryExtension(dpy, &xtest_event, &xtest_error, &major, &minor))
		die("the X server has no XTEST extension");
	Window root = DefaultRootWindow(dpy);
	/* Debugging wants each rectangle; measuring, one event per burst. */
	XDamageCreate(dpy, root, debug ? XDamageReportRawRectangles : XDamageReportNonEmpty);
	XSelectInput(dpy, root, SubstructureNotifyMask);
	XSync(dpy, False);

	t_launch = now_ms();
	child = fork();
	if (child < 0)
		die("fork failed");
	if (child == 0) {
		close(ConnectionNumber(dpy));
		execvp(argv[i + 1], argv + i + 1);
		perror(argv[i + 1]);
		_exit(127);
	}
	double end = t_launch + timeout * 1000;
	double drawn = settle(quiet, end, t_launch, 1);
	printf("mapped_ms %.1f\ndrawn_ms %.1f\n", first_map < 0 ? -1 : first_map - t_launch, drawn - t_launch);
	fflush(stdout);
	for (int s = 0; s < n_steps; s++)
		step(steps[s], step_quiet, now_ms() + timeout * 1000);
	printf("vmhwm_kb %ld\n", vmhwm_kb());
	fflush(stdout);
	kill(child, SIGTERM);
	waitpid(child, NULL, 0);
	XCloseDisplay(dpy);
	return 0;
}
