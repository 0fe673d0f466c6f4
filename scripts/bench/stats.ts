// Percentiles for benchmark samples.
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

/** Time one line of `bytes` bytes takes on an 8N1 UART: 10 bits per byte. */
export const uartMs = (bytes: number, baud = 115200): number => (bytes * 10 * 1000) / baud;
