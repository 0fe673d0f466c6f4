// Starts a native simulated MCU in a temp folder for one test file, with a stable link path
// and an actuation log (NativeSimMcu.start says plainly when the simulator has not been built).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NativeSimMcu, type NativeSimMcuOptions, type SimEvent } from '../../src/sim/mcu/native-sim-mcu.js';

export interface SimFixture {
  dir: string;
  mcu: NativeSimMcu;
  restart(): Promise<NativeSimMcu>;
  events(): SimEvent[];
  cleanup(): Promise<void>;
}

export async function startSimMcu(options: Partial<NativeSimMcuOptions> = {}): Promise<SimFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'benchhand-sim-'));
  const full: NativeSimMcuOptions = { linkPath: join(dir, 'mcu'), eventsFile: join(dir, 'events.jsonl'), ...options };
  const fixture: SimFixture = {
    dir,
    mcu: await NativeSimMcu.start(full),
    async restart() {
      fixture.mcu = await NativeSimMcu.start(full);
      return fixture.mcu;
    },
    events: () => fixture.mcu.events(),
    async cleanup() {
      await fixture.mcu.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return fixture;
}
