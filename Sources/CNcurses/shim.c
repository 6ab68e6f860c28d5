#include "CNcurses.h"
#include <errno.h>
#include <term.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

static int ps_saved_stderr = -1;
static int ps_log_fd = -1;
static int ps_wake_fd = -1;
static char ps_log_path[1024];
static volatile sig_atomic_t ps_continued = 0;
static volatile sig_atomic_t ps_paste_on = 0;

static void ps_paste_mode(int on) {
    const char *seq = on ? "\033[?2004h" : "\033[?2004l";
    (void)!write(STDOUT_FILENO, seq, strlen(seq));
}

void ps_set_bracketed_paste(int on) {
    ps_paste_on = on;
    ps_paste_mode(on);
}

// Signals whose default action ends the program: the terminal must come back first.
static const int ps_quit_signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
                                      SIGPIPE, SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT};
static const int ps_crash_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGSYS};
#define PS_COUNT(a) (sizeof a / sizeof a[0])
static struct sigaction ps_previous[65];
static int ps_installed = 0;

static void ps_say(int fd, const char *a, const char *b) {
    if (fd < 0) return;
    (void)!write(fd, a, strlen(a));
    if (b) (void)!write(fd, b, strlen(b));
    (void)!write(fd, "\n", 1);
}

// An empty log says nothing: remove it rather than leave it behind.
static int ps_remove_log_if_empty(void) {
    struct stat st;
    if (ps_log_fd >= 0 && fstat(ps_log_fd, &st) == 0 && st.st_size == 0) {
        unlink(ps_log_path);
        return 1;
    }
    return 0;
}

static volatile sig_atomic_t ps_typing = 0;
void ps_set_typing(int on) { ps_typing = on; }

static void ps_on_quit_signal(int sig) {
    // Ctrl-C in a prompt cancels the prompt, as the key does in a shell's line editor: the event loop gets it.
    if (sig == SIGINT && ps_typing && ps_wake_fd >= 0) {
        int saved = errno;
        (void)!write(ps_wake_fd, "i", 1);  // 'i': interrupt ('c' is the continue after a stop, 'w' a resize)
        errno = saved;
        return;
    }
    if (ps_paste_on) ps_paste_mode(0);
    endwin();
    if (sig == SIGINT) ps_say(ps_saved_stderr, "pseudoscope: interrupted", NULL);
    else if (sig == SIGHUP) ps_say(ps_saved_stderr, "pseudoscope: terminal hung up", NULL);
    else ps_say(ps_saved_stderr, "pseudoscope: terminated by a signal", NULL);
    ps_remove_log_if_empty();
    _exit(128 + sig);
}

// Crashes (a Swift trap arrives as SIGILL or SIGTRAP): restore the terminal, note the signal in the log so it
// holds something, say where it is, and re-raise with the default action so the exit status stays truthful.
static void ps_on_crash(int sig) {
    if (ps_paste_on) ps_paste_mode(0);
    endwin();
    // The runtime's backtracer is not chained to: it would prompt on the terminal. Its fatal-error message, if
    // any, is already in the log above this line.
    ps_say(ps_log_fd, "pseudoscope: crashed with a fatal signal; see the messages above, if any", NULL);
    ps_say(ps_saved_stderr, "pseudoscope: crashed; the terminal was restored. Details are in ", ps_log_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

// SIGWINCH: curses' own handler notes the new size; this one also wakes the event loop, which may be drawing
// rather than waiting when the signal comes (the wake-up would otherwise wait for the next key).
static void ps_on_resize(int sig, siginfo_t *info, void *context) {
    int saved = errno;
    struct sigaction *previous = &ps_previous[SIGWINCH];
    if (previous->sa_flags & SA_SIGINFO) {
        if (previous->sa_sigaction) previous->sa_sigaction(sig, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
        previous->sa_handler(sig);
    }
    if (ps_wake_fd >= 0) (void)!write(ps_wake_fd, "w", 1);
    errno = saved;
}

// Ctrl-Z: bracketed paste off before curses' own handler gives the terminal back and stops the program; on
// again when that handler returns, the program continued.
static void ps_on_stop(int sig) {
    int saved = errno;
    if (ps_paste_on) ps_paste_mode(0);
    struct sigaction *previous = &ps_previous[SIGTSTP];
    if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && !(previous->sa_flags & SA_SIGINFO)) {
        previous->sa_handler(sig);
    } else {
        // No curses handler to chain to: stop as the default action would.
        signal(SIGTSTP, SIG_DFL);
        raise(SIGTSTP);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = ps_on_stop;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        sigaction(SIGTSTP, &sa, NULL);
    }
    if (ps_paste_on) ps_paste_mode(1);
    errno = saved;
}

static void ps_on_continue(int sig) {
    (void)sig;
    int saved = errno;
    ps_continued = 1;
    if (ps_wake_fd >= 0) (void)!write(ps_wake_fd, "c", 1);
    errno = saved;
}

static void ps_set(int sig, void (*handler)(int)) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    // On the alternate stack where the thread has one: a stack overflow's SIGSEGV has no stack left to run the
    // handler on, and without it the terminal stayed in the alternate screen with the mouse on.
    sa.sa_flags = SA_RESTART | SA_ONSTACK;
    sigaction(sig, &sa, &ps_previous[sig]);
}

int ps_alternate_signal_stack(void) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return 0;
    // Kept for the thread's life (threads here live as long as the process): never freed.
    size_t size = 64 * 1024;
    stack_t alt;
    alt.ss_sp = malloc(size);
    if (!alt.ss_sp) return -1;
    alt.ss_size = size;
    alt.ss_flags = 0;
    return sigaltstack(&alt, NULL);
}

void ps_install_signal_handlers(int saved_stderr, int log_fd, const char *log_path, int wake_fd) {
    ps_saved_stderr = saved_stderr;
    ps_log_fd = log_fd;
    ps_wake_fd = wake_fd;
    strncpy(ps_log_path, log_path ? log_path : "", sizeof ps_log_path - 1);
    ps_alternate_signal_stack();
    for (unsigned i = 0; i < PS_COUNT(ps_quit_signals); i++) ps_set(ps_quit_signals[i], ps_on_quit_signal);
    for (unsigned i = 0; i < PS_COUNT(ps_crash_signals); i++) ps_set(ps_crash_signals[i], ps_on_crash);
    ps_set(SIGCONT, ps_on_continue);
    ps_set(SIGTSTP, ps_on_stop);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = ps_on_resize;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART | SA_SIGINFO;
    sigaction(SIGWINCH, &sa, &ps_previous[SIGWINCH]);
    ps_installed = 1;
}

void ps_reset_signal_handlers(void) {
    if (!ps_installed) return;
    for (unsigned i = 0; i < PS_COUNT(ps_quit_signals); i++) sigaction(ps_quit_signals[i], &ps_previous[ps_quit_signals[i]], NULL);
    for (unsigned i = 0; i < PS_COUNT(ps_crash_signals); i++) sigaction(ps_crash_signals[i], &ps_previous[ps_crash_signals[i]], NULL);
    sigaction(SIGCONT, &ps_previous[SIGCONT], NULL);
    sigaction(SIGTSTP, &ps_previous[SIGTSTP], NULL);
    sigaction(SIGWINCH, &ps_previous[SIGWINCH], NULL);
    ps_installed = 0;
    ps_wake_fd = -1;
}

int ps_take_continued(void) {
    int c = ps_continued;
    ps_continued = 0;
    return c;
}

void ps_check_resize(int fd) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return;
    if (ws.ws_row != LINES || ws.ws_col != COLS) {
        resize_term(ws.ws_row, ws.ws_col);
        ungetch(KEY_RESIZE);
    }
}

// xterm's entries (and their many copies) let sgr and sgr0 also pick the character set: every attribute change
// sends "\E(B" (select ASCII) before the real change, 3 of the 8-10 bytes a change costs, and a selection move in
// the wireframe changes attributes at every row of an outline. Pseudoscope never draws with the alternate character
// set (its lines are Unicode characters, see ncurses-from-swift: ACS is unreliable under UTF-8), so ASCII is never
// left once selected: the charset part is cut from the two strings, exactly when they have xterm's form. ncurses
// still selects ASCII once as it starts (rmacs, then sgr0: seen in its first bytes), so a terminal that a program
// before left in line drawing shows text (TerminalSafetyTests).
// The strings are cut in place: ncurses keeps two tables of capabilities (the public one and the one it draws
// with), and only the text they both point to is reachable from here. A string whose bytes another capability
// also points into (an entry compiled with shared text) is left alone.
static void ps_cut_prefix(const char *name, const char *prefix) {
    char *s = tigetstr(name);
    size_t n = strlen(prefix);
    if (s == NULL || s == (char *)-1 || strncmp(s, prefix, n) != 0 || s[n] == 0) return;
    size_t length = strlen(s);
    uintptr_t first = (uintptr_t)s, last = first + length;
    for (int k = 0; strnames[k] != NULL; k++) {
        char *other = tigetstr(strnames[k]);
        if (other == NULL || other == (char *)-1 || strcmp(strnames[k], name) == 0) continue;
        if ((uintptr_t)other >= first && (uintptr_t)other <= last) return;
    }
    memmove(s, s + n, length - n + 1);
}

void ps_drop_charset_selects(void) {
    if (cur_term == NULL) return;
    ps_cut_prefix("sgr", "%?%p9%t\033(0%e\033(B%;");
    ps_cut_prefix("sgr0", "\033(B");
}
