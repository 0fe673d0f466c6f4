import { FakeMcu } from '../../src/adapters/mcu-fake/fake-mcu.js';
import { MemoryEmergencyStopRecord } from '../../src/adapters/mcu-serial/estop-record.js';
import { describeMcuPortContract } from './mcu-port.contract.js';

describeMcuPortContract('in-memory fake', async () => {
  const estop = new MemoryEmergencyStopRecord();
  const port = new FakeMcu(undefined, undefined, estop);
  return {
    port,
    estop,
    reconnect: () => port.handshake(),
    reboot: () => port.reboot(),
    // The phone the bench is built for: 1080x2400 actuator units (firmware/src/*/board_config.h, sim_options.h).
    workspace: { width: 1080, height: 2400 },
    actuations: async () => ({
      taps: port.actuations.flatMap((a) => (a.ev === 'tap' || a.ev === 'longpress' ? [{ x: a.x, y: a.y }] : [])),
      swipes: port.actuations.flatMap((a) => (a.ev === 'swipe' ? [{ path: a.path }] : [])),
      keyPresses: port.actuations.reduce(
        (sum, a) => sum + (a.ev === 'type' ? a.text.length : a.ev === 'key' ? 1 : 0),
        0,
      ),
    }),
    teardown: () => port.close(),
  };
});
