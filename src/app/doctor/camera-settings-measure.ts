// The doctor's fresh picture at the calibration's camera settings: the camera opened as every
// command opens it, the saved settings applied, the screen scored (choose-camera-settings.ts).
import { openBench } from '../bench/open-bench.js';
import { scoreAtSettings } from '../vision/choose-camera-settings.js';
import type { MeasureAtSettings } from './camera-settings-check.js';

export function measureWithCamera(source: string): MeasureAtSettings {
  return async (calibration, settings) => {
    const bench = openBench({ cameraSource: source, say: () => undefined });
    try {
      await bench.start('camera');
      return await scoreAtSettings(bench.get('camera'), calibration, settings);
    } finally {
      await bench.stop().catch(() => undefined);
    }
  };
}
