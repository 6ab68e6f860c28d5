#ifndef CNCURSES_H
#define CNCURSES_H
// The wide-character API is hidden unless this is defined (SwiftPM drops pkg-config's -D flags).
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/curses.h>
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>

// Macros and globals that do not import into Swift (or are not concurrency-safe there).
static inline attr_t ps_a_bold(void) { return A_BOLD; }
static inline attr_t ps_a_reverse(void) { return A_REVERSE; }
static inline attr_t ps_a_dim(void) { return A_DIM; }
static inline attr_t ps_a_underline(void) { return A_UNDERLINE; }
static inline attr_t ps_color_pair(int n) { return COLOR_PAIR(n); }
static inline WINDOW *ps_stdscr(void) { return stdscr; }
static inline int ps_colors(void) { return COLORS; }
static inline int ps_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *ps_stdout(void) { return stdout; }
static inline FILE *ps_stdin(void) { return stdin; }
static inline mmask_t ps_button1_pressed(void) { return BUTTON1_PRESSED | BUTTON1_CLICKED; }
static inline mmask_t ps_button4_pressed(void) { return BUTTON4_PRESSED; }
#if NCURSES_MOUSE_VERSION > 1
static inline mmask_t ps_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t ps_button5_pressed(void) { return 0; }
#endif
static inline mmask_t ps_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

/// Installs handlers that restore the terminal on every catchable signal that would end the program (quit
/// signals exit with 128 + the signal; crashes re-raise), and a SIGCONT handler that wakes the event loop.
/// The previous handlers (the Swift runtime's backtracer among them) are saved and come back with
/// `ps_reset_signal_handlers`. `saved_stderr` is the real stderr; `log_fd` the session log stderr goes to.
void ps_install_signal_handlers(int saved_stderr, int log_fd, const char *log_path, int wake_fd);
/// Puts the saved handlers back (after endwin on a normal exit).
void ps_reset_signal_handlers(void);
/// Gives the calling thread an alternate signal stack, once, so that the crash handler that restores the terminal
/// runs even when the thread overflowed its stack. 0 when it has one.
int ps_alternate_signal_stack(void);
/// True (once) when the program was continued after a stop: the terminal may have been resized meanwhile.
int ps_take_continued(void);
/// Reads the terminal's size and, when it differs from curses' idea of it, resizes curses and queues
/// KEY_RESIZE. For a resize that happened while the program was stopped, which sends no SIGWINCH.
void ps_check_resize(int fd);
/// Turns the terminal's bracketed paste on or off (`ESC [ ? 2004 h/l`, written to stdout). While it is on, every
/// signal that gives the terminal back (quit, crash, Ctrl-Z) turns it off first, and a continue turns it on again:
/// a shell after the program must not receive pasted text wrapped in markers.
void ps_set_bracketed_paste(int on);
// Whether a prompt takes typed text: the terminal's interrupt (Ctrl-C) then wakes the event loop with an 'i' instead
// of ending the program, and is delivered as the key that cancels the prompt.
void ps_set_typing(int on);
/// Drops the "select ASCII" that xterm-like entries put in front of every attribute change (sgr, sgr0): the
/// program never uses the alternate character set. Call after set_term, before the first refresh.
void ps_drop_charset_selects(void);
#endif
