// The clock: file names, journal times and MQTT message expiry need a real date. A Pi has no
// battery-backed clock, so before NTP syncs it may think it is 1970 (or the last shutdown).
import { spawnSync } from 'node:child_process';
import { fail, pass, warn, type CheckResult } from './check-result.js';

export const CLOCK_NAME = 'clock';
export const EARLIEST_PLAUSIBLE_YEAR = 2025;

/** 'yes' | 'no' from timedatectl, or undefined when it is not there or cannot answer (no systemd). */
export type NtpSynchronized = () => 'yes' | 'no' | undefined;

export const askTimedatectl: NtpSynchronized = () => {
  const result = spawnSync('timedatectl', ['show', '-p', 'NTPSynchronized', '--value'], {
    encoding: 'utf8',
    timeout: 3000,
  });
  if (result.status !== 0) return undefined;
  const answer = result.stdout.trim();
  return answer === 'yes' || answer === 'no' ? answer : undefined;
};

export function checkClock(now: Date = new Date(), ntpSynchronized: NtpSynchronized = askTimedatectl): CheckResult {
  const shown = now.toISOString();
  if (now.getUTCFullYear() < EARLIEST_PLAUSIBLE_YEAR) {
    return fail(
      CLOCK_NAME,
      `the clock says ${shown}, before ${EARLIEST_PLAUSIBLE_YEAR}`,
      'sudo timedatectl set-ntp true and wait for the network time (or set it: sudo date -s "YYYY-MM-DD HH:MM:SS")',
    );
  }
  const synchronized = ntpSynchronized();
  if (synchronized === 'no') {
    return warn(
      CLOCK_NAME,
      `${shown}, but NTP has not synchronized the clock`,
      'sudo timedatectl set-ntp true; `timedatectl timesync-status` shows why not',
    );
  }
  return pass(
    CLOCK_NAME,
    synchronized === 'yes'
      ? `${shown}, synchronized by NTP`
      : `${shown} (NTP sync not checked: timedatectl is not available here)`,
  );
}
