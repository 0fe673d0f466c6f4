// Waits for a condition in tests that watch another process (a CLI's output, a device's state).
export async function until(condition: () => boolean, timeoutMs = 30000, what = 'the condition'): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} was not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
