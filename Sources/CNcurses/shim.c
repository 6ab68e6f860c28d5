#include "CNcurses.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int ps_saved_stderr = -1;
static char ps_log_path[1024];

static void ps_say(const char *a, const char *b) {
    if (ps_saved_stderr < 0) return;
    (void)!write(ps_saved_stderr, a, strlen(a));
    if (b) (void)!write(ps_saved_stderr, b, strlen(b));
    (void)!write(ps_saved_stderr, "\n", 1);
}

// Quitting signals: restore the terminal, then exit with 128 + signal as shells expect.
static void ps_on_quit_signal(int sig) {
    endwin();
    if (sig == SIGINT) ps_say("pseudoscope: interrupted", NULL);
    else if (sig == SIGHUP) ps_say("pseudoscope: terminal hung up", NULL);
    else ps_say("pseudoscope: terminated", NULL);
    _exit(128 + sig);
}

// Crashes (a Swift trap arrives as SIGILL or SIGTRAP): restore the terminal, say where the log is, re-raise
// with the default action so the exit status and any core dump stay truthful.
static void ps_on_crash(int sig) {
    endwin();
    ps_say("pseudoscope: crashed; the terminal was restored. Details are in ", ps_log_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

void ps_install_signal_handlers(int saved_stderr, const char *log_path) {
    ps_saved_stderr = saved_stderr;
    strncpy(ps_log_path, log_path ? log_path : "", sizeof ps_log_path - 1);
    int quits[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned i = 0; i < sizeof quits / sizeof quits[0]; i++) signal(quits[i], ps_on_quit_signal);
    int crashes[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE};
    for (unsigned i = 0; i < sizeof crashes / sizeof crashes[0]; i++) signal(crashes[i], ps_on_crash);
}

void ps_reset_signal_handlers(void) {
    int all[] = {SIGINT, SIGTERM, SIGHUP, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE};
    for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++) signal(all[i], SIG_DFL);
}
