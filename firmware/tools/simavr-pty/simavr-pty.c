/*
 * simavr-pty: run an ATmega32u4 (Leonardo) ELF in simavr, paced to wall-clock
 * time, with USART1 (Arduino "Serial1", pins 0/1) bridged to a pseudo-terminal.
 *
 *   simavr-pty [-m mcu] [-f hz] [-u uart] [-v] firmware.elf
 *
 * stdout contract: exactly one line "PTY /dev/pts/N", flushed once the bridge
 * is ready; nothing else ever goes to stdout. Diagnostics go to stderr.
 * Runs until SIGINT/SIGTERM (exit 0) or the core stops/crashes (exit 1).
 *
 * Single-threaded on purpose: simavr IRQs must be raised from the thread that
 * runs the core, so the pty is polled between instruction batches instead of
 * from a reader thread (which is what simavr's parts/uart_pty does, along with
 * printing its own banner to stdout - hence not used here).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>

#define BATCH 2000          /* instructions between pty polls (~125-250 us sim) */
#define MAX_LAG_NS 50000000 /* if we fall >50 ms behind wall clock, stop catching up */

static volatile sig_atomic_t stop;
static int pty = -1;
static int xon = 1;                /* simavr RX fifo has room */
static unsigned char rx[4096];     /* host -> AVR bytes not yet accepted */
static size_t rx_len, rx_off;
static unsigned char tx[4096];     /* AVR -> host bytes not yet written */
static size_t tx_len;
static avr_irq_t *uart_irq;
static int verbose;

static void on_signal(int s) { (void)s; stop = 1; }

/* simavr calls avr->sleep() for SLEEP instructions; the default usleep()s,
 * but the main loop already paces against the wall clock. */
static void no_sleep(avr_t *avr, avr_cycle_count_t how_long) { (void)avr; (void)how_long; }

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000ull + t.tv_nsec;
}

/* simavr's default logger sends warnings/traces to stdout; keep stdout clean. */
static void logger(avr_t *avr, const int level, const char *fmt, va_list ap) {
  if (level <= (avr ? avr->log : LOG_ERROR)) vfprintf(stderr, fmt, ap);
}

static void flush_tx(void) {
  size_t off = 0;
  while (off < tx_len) {
    ssize_t n = write(pty, tx + off, tx_len - off);
    if (n <= 0) break; /* EAGAIN: no reader/queue full - retry next poll */
    off += n;
  }
  memmove(tx, tx + off, tx_len - off);
  tx_len -= off;
}

/* AVR transmitted a byte on USART1. */
static void on_uart_out(avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq; (void)param;
  if (tx_len == sizeof(tx)) flush_tx();
  if (tx_len < sizeof(tx)) tx[tx_len++] = (unsigned char)value;
  /* else: host not reading and 4 KiB backlog - drop, like a real UART would */
}

/* Feed pending host bytes while simavr's RX fifo accepts them. Raising
 * UART_IRQ_INPUT may synchronously raise XOFF, which stops this loop. */
static void feed_rx(void) {
  while (xon && rx_off < rx_len) avr_raise_irq(uart_irq + UART_IRQ_INPUT, rx[rx_off++]);
  if (rx_off == rx_len) rx_off = rx_len = 0;
}

static void on_xon(avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq; (void)value; (void)param;
  xon = 1;
  feed_rx();
}
static void on_xoff(avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq; (void)value; (void)param;
  xon = 0;
}

/* Service the pty, waiting up to timeout_ms for input (0 = just poll).
 * While no client has the slave open the master reports POLLHUP: then the
 * AVR's output is dropped, as on an unconnected TX wire, rather than queued
 * up for whoever opens the port next. */
static void service_pty(int timeout_ms) {
  struct pollfd p = {.fd = pty, .events = rx_len ? 0 : POLLIN};
  int r = poll(&p, 1, timeout_ms);
  if (r > 0 && (p.revents & POLLHUP) && !(p.revents & POLLIN)) {
    tx_len = 0;
    if (timeout_ms > 0) {
      struct timespec ts = {timeout_ms / 1000, (timeout_ms % 1000) * 1000000L};
      nanosleep(&ts, NULL);
    }
    return;
  }
  if (tx_len) flush_tx();
  if (r > 0 && (p.revents & POLLIN)) {
    ssize_t n = read(pty, rx, sizeof(rx));
    if (n > 0) rx_len = (size_t)n;
  }
  feed_rx();
}

static int open_pty(char *name, size_t len) {
  int fd = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (fd < 0 || grantpt(fd) || unlockpt(fd) || ptsname_r(fd, name, len)) return -1;
  /* Raw mode on the slave side so the client sees bytes verbatim (no echo,
   * no CR/LF mangling) even before it configures the port itself. */
  int s = open(name, O_RDWR | O_NOCTTY);
  if (s >= 0) {
    struct termios t;
    if (tcgetattr(s, &t) == 0) {
      cfmakeraw(&t);
      tcsetattr(s, TCSANOW, &t);
    }
    close(s);
  }
  return fd;
}

int main(int argc, char **argv) {
  const char *mcu = "atmega32u4";
  unsigned long freq = 16000000;
  char uart = '1';
  int opt;
  while ((opt = getopt(argc, argv, "m:f:u:v")) != -1) {
    switch (opt) {
      case 'm': mcu = optarg; break;
      case 'f': freq = strtoul(optarg, NULL, 0); break;
      case 'u': uart = optarg[0]; break;
      case 'v': verbose++; break;
      default: goto usage;
    }
  }
  if (optind != argc - 1) {
  usage:
    fprintf(stderr, "usage: %s [-m mcu] [-f hz] [-u uart] [-v] firmware.elf\n", argv[0]);
    return 2;
  }

  avr_global_logger_set(logger);
  elf_firmware_t fw;
  memset(&fw, 0, sizeof(fw));
  if (elf_read_firmware(argv[optind], &fw)) {
    fprintf(stderr, "simavr-pty: cannot load %s\n", argv[optind]);
    return 1;
  }
  avr_t *avr = avr_make_mcu_by_name(mcu);
  if (!avr) {
    fprintf(stderr, "simavr-pty: unknown mcu %s\n", mcu);
    return 1;
  }
  avr_init(avr);
  avr->log = LOG_WARNING + verbose;
  fw.frequency = freq; /* our ELFs carry no .mmcu section; force it */
  avr_load_firmware(avr, &fw);
  avr->frequency = freq;
  avr->sleep = no_sleep;

  /* Turn off UART stdio echo (prints lines to the console) and poll-sleep
   * (usleep()s when firmware busy-polls UCSRnA; it would skew pacing). */
  uint32_t flags = 0;
  avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS(uart), &flags);
  flags &= ~(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
  avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS(uart), &flags);

  uart_irq = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ(uart), 0);
  if (!uart_irq) {
    fprintf(stderr, "simavr-pty: %s has no UART '%c'\n", mcu, uart);
    return 1;
  }
  avr_irq_register_notify(uart_irq + UART_IRQ_OUTPUT, on_uart_out, NULL);
  avr_irq_register_notify(uart_irq + UART_IRQ_OUT_XON, on_xon, NULL);
  avr_irq_register_notify(uart_irq + UART_IRQ_OUT_XOFF, on_xoff, NULL);

  char name[64];
  pty = open_pty(name, sizeof(name));
  if (pty < 0) {
    perror("simavr-pty: pty");
    return 1;
  }
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  signal(SIGPIPE, SIG_IGN);
  printf("PTY %s\n", name);
  fflush(stdout);

  uint64_t t0 = now_ns(), base_wall = t0, base_cycle = 0, stats_at = t0;
  uint64_t slept_ns = 0, rebased_ns = 0;
  int state = cpu_Running;
  while (!stop) {
    for (int i = 0; i < BATCH && state != cpu_Done && state != cpu_Crashed; i++) state = avr_run(avr);
    if (state == cpu_Done || state == cpu_Crashed) break;

    /* Pacing: simulated time since base vs wall time since base. */
    uint64_t now = now_ns();
    uint64_t sim_ns = (avr->cycle - base_cycle) * 1000000000ull / avr->frequency;
    uint64_t wall_ns = now - base_wall;
    int wait_ms = 0;
    if (sim_ns > wall_ns + 1000000) {
      wait_ms = (int)((sim_ns - wall_ns) / 1000000);
    } else if (wall_ns > sim_ns + MAX_LAG_NS) {
      /* Host too slow (or we were stopped): don't burst to catch up. */
      rebased_ns += wall_ns - sim_ns;
      base_wall = now;
      base_cycle = avr->cycle;
    }
    service_pty(wait_ms); /* sleeping in poll() also wakes early on input */
    if (wait_ms) slept_ns += now_ns() - now;

    if (verbose && now - stats_at > 5000000000ull) {
      stats_at = now;
      double w = (now - t0) / 1e9, s = avr->cycle / (double)avr->frequency;
      fprintf(stderr, "simavr-pty: sim %.3fs wall %.3fs idle %.0f%% lag-dropped %.3fs\n", s, w,
              100.0 * slept_ns / (now - t0), rebased_ns / 1e9);
    }
  }
  double w = (now_ns() - t0) / 1e9, s = avr->cycle / (double)avr->frequency;
  fprintf(stderr, "simavr-pty: %s after sim %.3fs / wall %.3fs (idle %.0f%%, lag-dropped %.3fs)\n",
          stop ? "stopped" : "core halted", s, w, 100.0 * slept_ns / 1e9 / (w > 0 ? w : 1),
          rebased_ns / 1e9);
  if (!stop) fprintf(stderr, "simavr-pty: core state %d at pc 0x%04x\n", state, avr->pc);
  return stop ? 0 : 1;
}
