// The `mqtt` section: the broker operators reach the bench through. The password is never in the
// file: passwordEnv names the environment variable that holds it (the systemd unit's
// EnvironmentFile, say), and a password inside the URL is refused for the same reason.
import { z } from 'zod';
import { BENCH_ID_PATTERN } from '../core/operator/topics.js';

export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** How long a run that ends with events unsent waits for the broker, by default, before handing them over. */
export const DEFAULT_EXIT_WAIT_SECONDS = 10;
/** The longest a person may hold the bench by hand without a command (mqtt.manualIdleMinutes). */
export const MAX_MANUAL_IDLE_MINUTES = 240;
const MAX_EXIT_WAIT_SECONDS = 600;

function brokerUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text}" is not a URL`;
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol))
    return `the scheme ${url.protocol} is not one of mqtt:, mqtts:, ws:, wss:`;
  if (url.password)
    return 'must not carry a password: put it in an environment variable and name that in mqtt.passwordEnv';
  return undefined;
}

export const mqttSectionSchema = z.strictObject({
  url: z.string().superRefine((text, context) => {
    const problem = brokerUrlProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  /** The topic tree's name, benchhand/<benchId>/...; defaults to bench.id, then the host name. */
  benchId: z
    .string()
    .regex(BENCH_ID_PATTERN, { message: 'must be 1 to 32 of a-z, 0-9, "_" and "-", starting with a letter or digit' })
    .optional(),
  username: z.string().min(1, { message: 'must not be empty' }).optional(),
  passwordEnv: z
    .string()
    .regex(ENV_NAME_PATTERN, { message: 'must be an environment variable name (letters, digits, _), not the password' })
    .optional(),
  /** A PEM file with the CA that signed the broker's certificate (mqtts:// and wss://). */
  tlsCa: z.string().min(1, { message: 'must not be empty' }).optional(),
  /**
   * A run that ends while the broker is away (its "finished" event unsent) waits this long for it
   * and delivers, trying every half second; what still cannot go is handed over to the next
   * process on the bench (`benchhand service` delivers it as it starts). 0: hand over at once.
   */
  exitWaitSeconds: z
    .number({ message: `must be a number of seconds from 0 to ${MAX_EXIT_WAIT_SECONDS}, e.g. 30` })
    .min(0, { message: 'must be 0 or more seconds (0: hand unsent events over at once)' })
    .max(MAX_EXIT_WAIT_SECONDS, {
      message: `must be at most ${MAX_EXIT_WAIT_SECONDS} seconds: a run should not hold the bench longer at its end; what is left goes to the next process`,
    })
    .optional(),
  /**
   * A person who takes the bench by hand (the console's remote control) and sends nothing for this
   * long has it handed back for them: the paused task goes on after a fresh look, a reserved idle
   * bench serves its inbox and fleet again. Default 10.
   */
  manualIdleMinutes: z
    .number({ message: `must be a number of minutes from 1 to ${MAX_MANUAL_IDLE_MINUTES}, e.g. 10` })
    .min(1, { message: 'must be at least 1 minute: a person needs time to look at the screen between two taps' })
    .max(MAX_MANUAL_IDLE_MINUTES, {
      message: `must be at most ${MAX_MANUAL_IDLE_MINUTES} minutes: a bench must not stay reserved by someone who walked away`,
    })
    .optional(),
});

export type MqttSection = z.output<typeof mqttSectionSchema>;
