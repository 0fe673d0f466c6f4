// One doctor check's verdict: a pass (perhaps with a note), a warning, or a failure with the
// exact thing to do about it.
export type CheckStatus = 'pass' | 'warn' | 'fail';

export interface CheckResult {
  /** Short and stable, for --json consumers: serial-device, firmware-protocol, camera, ... */
  name: string;
  status: CheckStatus;
  /** What was found. */
  detail: string;
  /** The command or change that fixes it (warn and fail). */
  fix?: string;
}

export const pass = (name: string, detail: string): CheckResult => ({ name, status: 'pass', detail });
export const warn = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'warn', detail, fix });
export const fail = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'fail', detail, fix });

export interface DoctorCheck {
  name: string;
  run(): Promise<CheckResult>;
}
