// Runs every doctor check in order. A check that throws is reported as a failure of that
// check, never as a crash of the doctor: the rest still run.
import { checkBroker, type BrokerSettings } from './broker-check.js';
import { checkCamera } from './camera-check.js';
import { checkCameraSettings } from './camera-settings-check.js';
import { glareWithCamera, measureWithCamera } from './camera-settings-measure.js';
import type { CheckResult, DoctorCheck } from './check-result.js';
import { checkClock, type NtpSynchronized } from './clock-check.js';
import { checkDiskSpace, type FreeBytes } from './disk-space-check.js';
import { checkFirmwareProtocol } from './firmware-protocol-check.js';
import { checkGpio } from './gpio-check.js';
import { checkLlmEndpoint } from './llm-endpoint-check.js';
import { checkOcrData } from './ocr-data-check.js';
import { checkOcrEngine } from './ocr-engine-check.js';
import { checkSerialDevice } from './serial-device-check.js';
import { checkTapAccuracy } from './tap-accuracy-check.js';
import type { CalibrationBlock } from '../../core/vision/calibration-schema.js';

export interface DoctorSettings {
  port?: string;
  cameraSource?: string;
  broker?: BrokerSettings;
  gpio?: unknown;
  /** The llm section as written; absent: none configured. */
  llm?: unknown;
  stateDir: string;
  /** The configuration's calibration and tap margin, for the tap accuracy the run will use. */
  calibration?: CalibrationBlock;
  tapMarginPx?: number;
  /** For the handshake, a camera frame and the broker. */
  timeoutMs: number;
  /** Tests and unusual kernels: where sysfs GPIO is. */
  gpioSysfsRoot?: string;
  freeBytes?: FreeBytes;
  ntpSynchronized?: NtpSynchronized;
  now?: () => Date;
}

export function doctorChecks(settings: DoctorSettings): DoctorCheck[] {
  return [
    { name: 'serial-device', run: async () => checkSerialDevice(settings.port) },
    { name: 'firmware-protocol', run: () => checkFirmwareProtocol(settings.port, settings.timeoutMs) },
    { name: 'camera', run: () => checkCamera(settings.cameraSource, settings.timeoutMs) },
    {
      name: 'camera-settings',
      run: () =>
        checkCameraSettings(
          settings.cameraSource,
          settings.calibration,
          settings.cameraSource ? measureWithCamera(settings.cameraSource) : undefined,
          settings.cameraSource ? glareWithCamera(settings.cameraSource) : undefined,
        ),
    },
    { name: 'gpio', run: async () => checkGpio(settings.gpio, settings.gpioSysfsRoot) },
    { name: 'tap-accuracy', run: async () => checkTapAccuracy(settings.calibration, settings.tapMarginPx) },
    { name: 'ocr-data', run: () => checkOcrData() },
    { name: 'ocr-engine', run: () => checkOcrEngine() },
    { name: 'broker', run: () => checkBroker(settings.broker, settings.timeoutMs) },
    { name: 'disk-space', run: async () => checkDiskSpace(settings.stateDir, settings.freeBytes) },
    { name: 'clock', run: async () => checkClock(settings.now?.() ?? new Date(), settings.ntpSynchronized) },
    { name: 'llm-endpoint', run: async () => checkLlmEndpoint(settings.llm) },
  ];
}

export async function runDoctor(
  checks: DoctorCheck[],
  onResult?: (result: CheckResult) => void,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    let result: CheckResult;
    try {
      result = await check.run();
    } catch (error) {
      result = {
        name: check.name,
        status: 'fail',
        detail: `the check itself failed: ${(error as Error).message}`,
        fix: 'run again with the same options; if it repeats, report it with this message',
      };
    }
    results.push(result);
    onResult?.(result);
  }
  return results;
}

/** 0 when nothing failed (warnings are not failures), 1 otherwise. */
export const doctorExitCode = (results: CheckResult[]): number =>
  results.some((result) => result.status === 'fail') ? 1 : 0;
