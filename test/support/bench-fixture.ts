// A virtual bench in this process, served on loopback, with an agent-side McuLink and
// HttpCamera connected to it exactly as an agent in another process would connect.
import { MemoryCommandIds } from '../../src/adapters/mcu-serial/command-ids.js';
import { McuLink } from '../../src/adapters/mcu-serial/link.js';
import { HttpCamera } from '../../src/adapters/camera/http-camera.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench, type VirtualBenchOptions } from '../../src/sim/bench/virtual-bench.js';
import type { McuEvent } from '../../src/core/ports/mcu.js';
import { getJson } from './http.js';

export interface BenchFixture {
  bench: VirtualBench;
  server: BenchServer;
  link: McuLink;
  camera: HttpCamera;
  linkEvents: McuEvent[];
  /** Read-only ground truth the bench serves for tests. */
  get(path: string): Promise<any>;
  fault(body: Record<string, unknown>): Promise<{ status: number; body: any }>;
  /** Captures a fresh frame and returns the bench's truth for it. */
  look(): Promise<{
    screen: string;
    texts: { text: string; box: Box }[];
    targets: { role: string; label: string; box: Box }[];
  }>;
  /** Taps the centre of the tappable thing labelled `label`, found in the latest frame's truth. */
  tapLabel(label: string): Promise<void>;
  close(): Promise<void>;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function startBench(
  options: Partial<VirtualBenchOptions> & { deviceFile: string },
): Promise<BenchFixture> {
  const bench = await VirtualBench.start(options);
  const server = await BenchServer.start(bench);
  const description = (await (await fetch(`${server.url}/bench`)).json()) as { serial: string; camera: string };
  const link = await McuLink.connect({
    path: description.serial,
    commandIds: new MemoryCommandIds(),
    reconnectIntervalMs: 100,
    reconnectGraceMs: 10000,
  });
  const linkEvents: McuEvent[] = [];
  link.onEvent((event) => linkEvents.push(event));
  const camera = new HttpCamera(description.camera);
  const get = (path: string) => getJson(`${server.url}${path}`);
  const fixture: BenchFixture = {
    bench,
    server,
    link,
    camera,
    linkEvents,
    get,
    async fault(body) {
      const response = await fetch(`${server.url}/faults`, { method: 'POST', body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
    async look() {
      await camera.capture({ newerThan: performance.now() });
      return get('/camera/truth');
    },
    async tapLabel(label) {
      const truth = await fixture.look();
      const target = truth.targets.find((t) => t.label === label);
      if (!target) throw new Error(`no "${label}" on ${truth.screen}: ${truth.targets.map((t) => t.label).join(', ')}`);
      const outcome = await link.tap({
        x: Math.round(target.box.x + target.box.width / 2),
        y: Math.round(target.box.y + target.box.height / 2),
        holdMs: 50,
      });
      if (outcome.kind !== 'done') throw new Error(`tap on ${label}: ${JSON.stringify(outcome)}`);
    },
    async close() {
      await link.close();
      await server.close();
      await bench.stop();
    },
  };
  return fixture;
}

export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() - start > timeoutMs)
      throw new Error(`not met within ${timeoutMs} ms; last: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
