// `benchhand calibrate`: finds the screen in a camera frame, asks the user to confirm or correct
// the corners, chooses the camera's exposure, white balance and focus by a bounded sweep scored on
// that screen (where the camera takes settings), takes the actuator map (identity or a file of
// tapped point pairs), reports the residual error in device pixels and writes the calibration
// block as JSON.
// On the virtual bench, the bench's recorded truth (GET truth beside the camera) is used to check.
import { createInterface } from 'node:readline/promises';
import { openBench, type Bench } from '../../app/bench/open-bench.js';
import { writeCalibrationFile } from '../../app/calibrate/write-calibration.js';
import { describeSweep, sweepCameraSettings } from '../../app/vision/choose-camera-settings.js';
import {
  cameraBlock,
  calibrationBlock,
  devicePxPerCameraPx,
  findScreen,
  loadActuatorMap,
  mappingDifferencePx,
  type ActuatorMap,
} from '../../app/vision/calibration-run.js';
import { calibrateByTaps, calibrationPoints } from '../../app/vision/tap-calibration.js';
import type { Point } from '../../core/vision/homography.js';
import { DEFAULT_SWEEP_BUDGET, type SweepBudget } from '../../core/vision/camera-settings.js';
import { parseOptions, UsageError } from '../args.js';
import { formatCorners, parseCorners, parseRotation, parseSize } from '../vision-args.js';

const USAGE =
  'benchhand calibrate (--bench CAMERA_URL | --camera rpicam|v4l2:/dev/videoN|replay:PATH) --out FILE [--port SERIAL [--taps]] [--actuator-map identity|FILE] [--device WxH] [--rotation DEG] [--no-settings | --settings-seconds S] [--yes]';

export async function calibrateCommand(argv: string[]): Promise<number> {
  const { values } = parseOptions(
    argv,
    {
      bench: { type: 'string' },
      camera: { type: 'string' },
      port: { type: 'string' },
      out: { type: 'string' },
      'actuator-map': { type: 'string' },
      device: { type: 'string' },
      rotation: { type: 'string' },
      yes: { type: 'boolean' },
      help: { type: 'boolean' },
      taps: { type: 'boolean' },
      'no-settings': { type: 'boolean' },
      'settings-seconds': { type: 'string' },
    },
    USAGE,
  );
  if (values.taps && !values.port)
    throw new UsageError(
      `--taps needs --port: the MCU taps known points and the camera reads where they landed\nusage: ${USAGE}`,
    );
  if (values.help) {
    process.stdout.write(`usage: ${USAGE}\n`);
    return 0;
  }
  if (!values.bench && !values.camera)
    throw new UsageError(
      `say which camera: --bench URL (the virtual bench's camera address) or --camera rpicam|v4l2:/dev/videoN|replay:PATH (the rig's)\nusage: ${USAGE}`,
    );
  if (!values.out)
    throw new UsageError(`--out is required: the JSON file to write the calibration to\nusage: ${USAGE}`);
  const deviceSize = values.device ? parseSize('--device', values.device, USAGE) : { width: 1080, height: 2400 };
  const rotationDeg = parseRotation(values.rotation, USAGE);
  const actuator = loadActuatorMap(values['actuator-map'] ?? 'identity');
  const settingsSeconds = Number(values['settings-seconds'] ?? DEFAULT_SWEEP_BUDGET.maxMs / 1000);
  if (!Number.isFinite(settingsSeconds) || settingsSeconds <= 0)
    throw new UsageError(
      `--settings-seconds must be a number of seconds above 0 (how long the camera-settings sweep may take); got "${values['settings-seconds']}"\nusage: ${USAGE}`,
    );
  const say = (line: string) => process.stdout.write(`${line}\n`);

  let corners: Point[] = [];
  const bench = openBench({
    // --bench is the virtual bench's camera address: an http:// camera like any other.
    cameraSource: values.camera ?? values.bench!,
    ...(values.port ? { mcu: { path: values.port, commandIds: 'memory' as const } } : {}),
    ...(values.taps
      ? { observer: { calibration: () => ({ deviceSize, screenCorners: corners }), everyFrame: true, gate: false } }
      : {}),
  });
  try {
    return await calibrate(bench, values, {
      sweepBudget: { ...DEFAULT_SWEEP_BUDGET, maxMs: settingsSeconds * 1000 },
      deviceSize,
      rotationDeg,
      actuator,
      say,
      setCorners: (found) => {
        corners = found;
      },
    });
  } finally {
    await bench.stop();
  }
}

interface CalibrateSettings {
  sweepBudget: SweepBudget;
  deviceSize: { width: number; height: number };
  rotationDeg: number;
  actuator: ActuatorMap;
  say(line: string): void;
  /** The observer of a tap calibration reads through the corners confirmed here. */
  setCorners(corners: Point[]): void;
}

async function calibrate(
  bench: Bench,
  values: { bench?: string; port?: string; taps?: boolean; yes?: boolean; out?: string; 'no-settings'?: boolean },
  settings: CalibrateSettings,
): Promise<number> {
  const { deviceSize, rotationDeg, say } = settings;
  let { actuator } = settings;
  if (values.port && !values.taps) await checkMcu(bench, values.port, say);
  await bench.start('camera');
  const camera = bench.get('camera');
  const frame = await camera.capture({ timeoutMs: 10_000 });
  say(`1. captured frame ${frame.sequence} (${frame.width}x${frame.height}) from ${camera.describe()}`);
  const found = await findScreen(frame, deviceSize, rotationDeg);
  if (!found.ok) throw new Error(`${found.problem}. Show a light page on the device and run again`);
  const scale = devicePxPerCameraPx(found.corners, deviceSize);
  say(`2. screen corners (camera px, clockwise from the screen's top-left): ${formatCorners(found.corners)}`);
  say(
    `   outline straightness: ${found.edgeResidualPx.toFixed(2)} camera px RMS = ${(found.edgeResidualPx * scale).toFixed(2)} device px`,
  );
  const corners = values.yes ? found.corners : await confirmCorners(found.corners, say);
  let cameraResidualPx = found.edgeResidualPx * scale;
  const truth = values.bench ? await benchTruth(values.bench) : undefined;
  if (truth) {
    cameraResidualPx = mappingDifferencePx(truth, corners, deviceSize);
    say(
      `   virtual bench truth: the corners put device points within ${cameraResidualPx.toFixed(2)} device px of the truth`,
    );
  }
  settings.setCorners(corners);
  const sweep = values['no-settings']
    ? ({ ran: false, reason: '--no-settings: the camera keeps the exposure, white balance and focus it has' } as const)
    : await sweepCameraSettings(camera, { deviceSize, screenCorners: corners }, { budget: settings.sweepBudget });
  const [first, ...rest] = describeSweep(sweep);
  say(`3. ${first}`);
  rest.forEach(say);
  if (values.taps) actuator = await tapActuatorMap(bench, say);
  say(
    `4. actuator map: ${actuator.source}${actuator.rmsResidualPx !== undefined ? `, residual ${actuator.rmsResidualPx.toFixed(2)} device px RMS (max ${actuator.maxResidualPx!.toFixed(2)})` : ' (taps at known points are not observed yet: pass --actuator-map FILE with measured pairs)'}`,
  );
  const block = calibrationBlock({
    deviceSize,
    frame,
    corners,
    actuator,
    cameraResidualPx,
    ...(sweep.ran ? { camera: cameraBlock(sweep.chosen.settings, sweep.chosen.score) } : {}),
  });
  await writeCalibrationFile(values.out!, block);
  say(`5. wrote ${values.out}: camera residual ${block.cameraResidualPx} device px`);
  return 0;
}

async function checkMcu(bench: Bench, port: string, say: (line: string) => void): Promise<void> {
  await bench.start('mcu');
  const link = bench.get('mcu');
  const { workspace } = link.info.limits;
  say(
    `0. MCU on ${port}: ${link.info.board}, firmware ${link.info.firmwareVersion}, workspace ${workspace.width}x${workspace.height}`,
  );
}

/** Taps known points through the MCU and reads the pointer location through the camera and OCR. */
async function tapActuatorMap(bench: Bench, say: (line: string) => void): Promise<ActuatorMap> {
  await bench.start('mcu', 'observer');
  const link = bench.get('mcu');
  say(
    `   tapping ${calibrationPoints(link.info.limits.workspace).length} known points of the ${link.info.limits.workspace.width}x${link.info.limits.workspace.height} workspace`,
  );
  const { fit } = await calibrateByTaps(
    link,
    bench.get('observer'),
    calibrationPoints(link.info.limits.workspace),
    say,
  );
  return { affine: fit.affine, source: 'taps', rmsResidualPx: fit.rmsResidual, maxResidualPx: fit.maxResidual };
}

async function confirmCorners(corners: Point[], say: (line: string) => void): Promise<Point[]> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (
      await rl.question('   accept these corners? [y = yes, or type 8 numbers x1,y1,...,x4,y4 to correct] ')
    ).trim();
    if (/^y(es)?$/i.test(answer)) return corners;
    if (!answer) throw new UsageError('calibration cancelled: nothing was written (answer y to accept, or use --yes)');
    const corrected = parseCorners(answer, USAGE);
    say(`   using corrected corners ${formatCorners(corrected)}`);
    return corrected;
  } finally {
    rl.close();
  }
}

/** The virtual bench serves its ground truth beside the camera; a real camera does not. */
async function benchTruth(cameraUrl: string): Promise<Point[] | undefined> {
  try {
    const response = await fetch(new URL('truth', cameraUrl.endsWith('/') ? cameraUrl : `${cameraUrl}/`), {
      signal: AbortSignal.timeout(2000),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { screenCorners?: Point[] };
    return Array.isArray(body.screenCorners) && body.screenCorners.length === 4 ? body.screenCorners : undefined;
  } catch {
    return undefined;
  }
}
