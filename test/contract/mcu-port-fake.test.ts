import { FakeMcu } from '../../src/adapters/mcu-fake/fake-mcu.js';
import { describeMcuPortContract } from './mcu-port.contract.js';

describeMcuPortContract('in-memory fake', async () => {
  const port = new FakeMcu();
  return {
    port,
    actuations: async () => ({
      taps: port.actuations.flatMap((a) => (a.ev === 'tap' ? [{ x: a.x, y: a.y }] : [])),
      keyPresses: port.actuations.reduce((sum, a) => sum + (a.ev === 'type' ? a.text.length : a.ev === 'key' ? 1 : 0), 0),
    }),
    teardown: () => port.close(),
  };
});
