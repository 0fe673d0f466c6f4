// The replay camera: recorded pictures (the OCR corpus folder, JPEG and PNG), looping.
import { join } from 'node:path';
import { ReplayCamera } from '../../src/adapters/camera/replay-camera.js';
import { corpusDir } from '../support/ocr-corpus.js';
import { describeCameraPortContract } from './camera-port.contract.js';

describeCameraPortContract(
  'replay of a recorded folder (not real time: a replay stamps its pictures as asked and never waits)',
  async () => {
    const camera = new ReplayCamera(join(corpusDir, 'settings-wifi-tilted'), { loop: true });
    return { camera, now: () => performance.now(), realTime: false, teardown: () => camera.close() };
  },
);
