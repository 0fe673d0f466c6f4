// The virtual bench's camera photographing a virtual device, in this process.
import { join } from 'node:path';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { describeCameraPortContract } from './camera-port.contract.js';

describeCameraPortContract('virtual camera over a virtual device', async () => {
  const device = VirtualDevice.fromFile(join(import.meta.dirname, '../../src/sim/devices/settings-wifi.yaml'));
  // A smaller picture than the bench's default keeps each exposure cheap on a loaded machine.
  const camera = new VirtualCamera({ source: () => device.render(), seed: 3, options: { width: 820, height: 616 } });
  return { camera, now: () => performance.now(), realTime: true, teardown: () => camera.close() };
});
