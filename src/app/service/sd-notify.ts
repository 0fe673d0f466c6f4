// Tells systemd how the service is (READY, WATCHDOG pings, STATUS). Node cannot write to the
// notify socket (a unix datagram socket) itself, so it runs `systemd-notify`; the unit says
// NotifyAccess=all for that reason. Outside systemd (no NOTIFY_SOCKET) it does nothing.
import { spawn } from 'node:child_process';

export type Notify = (fields: Record<string, string>) => Promise<void>;

export function systemdNotifier(env: NodeJS.ProcessEnv = process.env): Notify {
  if (!env.NOTIFY_SOCKET) return async () => undefined;
  return (fields) =>
    new Promise((resolve) => {
      const args = Object.entries(fields).map(([key, value]) => `${key}=${value}`);
      const child = spawn('systemd-notify', args, { stdio: 'ignore', env });
      child.on('error', () => resolve());
      child.on('exit', () => resolve());
    });
}

/** The watchdog interval systemd asked for (WATCHDOG_USEC), halved as systemd recommends. */
export function watchdogPingMs(env: NodeJS.ProcessEnv = process.env, fallbackMs = 10000): number {
  const usec = Number(env.WATCHDOG_USEC);
  return Number.isFinite(usec) && usec > 0 ? Math.max(500, Math.floor(usec / 2000)) : fallbackMs;
}
