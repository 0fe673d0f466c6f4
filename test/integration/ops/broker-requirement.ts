// The ops tests need a real mosquitto: without it they skip and say so, except on CI where
// they fail (CI must install the package `mosquitto`).
import { describe, it } from 'vitest';
import { mosquittoMissing } from '../../support/mosquitto.js';

/** Runs `body` as a describe block when mosquitto is here; otherwise skips (or fails on CI) visibly. */
export function describeWithMosquitto(name: string, body: () => void): void {
  const missing = mosquittoMissing();
  if (!missing) {
    describe(name, body);
  } else if (process.env.CI) {
    describe(name, () => {
      it('has mosquitto (CI must install the package `mosquitto`)', () => {
        throw new Error(missing);
      });
    });
  } else {
    describe.skip(`${name}: skipped, ${missing}`, () => {
      it('skipped', () => {});
    });
  }
}
