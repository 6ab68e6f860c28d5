#ifndef CNCURSES_H
#define CNCURSES_H
// The wide-character API is hidden unless this is defined (SwiftPM drops pkg-config's -D flags).
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/curses.h>
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>

// Macros that do not import into Swift.
static inline attr_t ps_a_bold(void) { return A_BOLD; }
static inline attr_t ps_a_reverse(void) { return A_REVERSE; }
static inline attr_t ps_a_dim(void) { return A_DIM; }
static inline attr_t ps_a_underline(void) { return A_UNDERLINE; }
static inline attr_t ps_color_pair(int n) { return COLOR_PAIR(n); }
static inline WINDOW *ps_stdscr(void) { return stdscr; }
static inline int ps_lines(void) { return LINES; }
static inline int ps_cols(void) { return COLS; }
static inline int ps_colors(void) { return COLORS; }
static inline mmask_t ps_button1_pressed(void) { return BUTTON1_PRESSED | BUTTON1_CLICKED; }
static inline mmask_t ps_button4_pressed(void) { return BUTTON4_PRESSED; }
#if NCURSES_MOUSE_VERSION > 1
static inline mmask_t ps_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t ps_button5_pressed(void) { return 0; }
#endif
static inline mmask_t ps_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

/// Installs handlers that restore the terminal on SIGINT, SIGTERM, SIGHUP and on crashes (SIGILL, SIGTRAP,
/// SIGSEGV, SIGBUS, SIGABRT, SIGFPE). `saved_stderr` is the real stderr (stderr itself goes to `log_path`).
void ps_install_signal_handlers(int saved_stderr, const char *log_path);
/// Restores default handling (after endwin on a normal exit).
void ps_reset_signal_handlers(void);
#endif
