// The HTTP camera against the virtual bench's server (the real firmware core on a pty behind
// it), as an agent in another process reads the bench's camera.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { HttpCamera } from '../../src/adapters/camera/http-camera.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { describeCameraPortContract } from './camera-port.contract.js';

/** A server that accepts every request and never answers it: a camera host that hangs. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/camera/`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describeCameraPortContract('HTTP camera on the virtual bench server', async () => {
  const bench = await VirtualBench.start({
    deviceFile: join(import.meta.dirname, '../../src/sim/devices/settings-wifi.yaml'),
    camera: { width: 820, height: 616 },
  });
  const server = await BenchServer.start(bench);
  const camera = new HttpCamera(`${server.url}/camera/`);
  return {
    camera,
    now: () => performance.now(),
    realTime: true,
    async stalled() {
      const silent = await silentServer();
      return { camera: new HttpCamera(silent.url), teardown: silent.close };
    },
    async teardown() {
      await camera.close();
      await server.close();
      await bench.stop();
    },
  };
});
