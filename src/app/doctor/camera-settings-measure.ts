// The doctor's fresh picture at the calibration's camera settings: the camera opened as every
// command opens it, the saved settings applied, the screen scored (choose-camera-settings.ts); and
// its frame two stops shorter, looked at for a lamp's reflection (glare-check.ts).
import { openBench } from '../bench/open-bench.js';
import { scoreAtSettings } from '../vision/choose-camera-settings.js';
import { glareThroughCamera } from '../vision/glare-check.js';
import type { CameraPort } from '../../core/ports/camera.js';
import type { GlareAtSettings, MeasureAtSettings } from './camera-settings-check.js';

export function measureWithCamera(source: string): MeasureAtSettings {
  return (calibration, settings) => withCamera(source, (camera) => scoreAtSettings(camera, calibration, settings));
}

export function glareWithCamera(source: string): GlareAtSettings {
  return (calibration, settings) => withCamera(source, (camera) => glareThroughCamera(camera, calibration, settings));
}

/** The camera opened for one measurement, and closed after it whatever happened. */
async function withCamera<T>(source: string, measure: (camera: CameraPort) => Promise<T>): Promise<T> {
  const bench = openBench({ cameraSource: source, say: () => undefined });
  try {
    await bench.start('camera');
    return await measure(bench.get('camera'));
  } finally {
    await bench.stop().catch(() => undefined);
  }
}
