// Runs a suite only where mosquitto is installed: elsewhere it is skipped with a title saying what
// to install, except in CI (env CI set), where a missing broker is a failure.
import { describe, it } from 'vitest';
import { mosquittoMissing } from '../../support/mosquitto.js';

export function describeWithMosquitto(title: string, body: () => void): void {
  const missing = mosquittoMissing();
  if (missing && process.env.CI) {
    describe(title, () => {
      it('has mosquitto (CI must install it: scripts/setup-system.sh)', () => {
        throw new Error(missing);
      });
    });
  } else if (missing) {
    describe.skip(`${title} — skipped: ${missing}`, () => {
      it('skipped', () => {});
    });
  } else {
    describe(title, body);
  }
}
