// Serves a virtual bench on loopback HTTP: the camera (GET /camera/frame, what HttpCamera reads),
// the connection details (GET /bench), read-only ground truth for tests and recordings
// (GET /device, GET /camera/truth), fault switches (POST /faults) and the camera's settings as a
// Pi camera takes them (GET and POST /camera/settings, for `benchhand calibrate`'s sweep). There is
// no route that taps or types: input reaches the device only through the MCU.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cameraSettingsSchema, type CalibrationBlock } from '../../core/vision/calibration-schema.js';
import { parseBenchFault } from './bench-faults.js';
import { ReplayDevice } from '../replay/replay-device.js';
import type { BenchDevice, VirtualBench } from './virtual-bench.js';

export interface BenchDescription {
  serial: string;
  camera: string;
  device: string;
  workspace: { width: number; height: number };
  dir: string;
  /** The virtual rig's factory calibration (a real rig's comes from `benchhand calibrate`). */
  calibration: CalibrationBlock;
}

export class BenchServer {
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(bench: VirtualBench<BenchDevice>, port = 0): Promise<BenchServer> {
    let url = '';
    const server = createServer((request, response) => {
      route(bench, url, request, response).catch((error: Error) => send(response, 500, { error: error.message }));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return new BenchServer(server, url);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export async function describeBench(bench: VirtualBench<BenchDevice>, url: string): Promise<BenchDescription> {
  const { mount } = bench.options;
  return {
    calibration: await bench.calibration(),
    serial: bench.serialPath,
    camera: `${url}/camera/`,
    device: bench.options.deviceFile,
    workspace: {
      width: Math.ceil(bench.device.width * mount.scale + mount.offsetX),
      height: Math.ceil(bench.device.height * mount.scale + mount.offsetY),
    },
    dir: bench.dir,
  };
}

async function route(
  bench: VirtualBench<BenchDevice>,
  url: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { pathname, searchParams } = new URL(request.url ?? '/', url);
  const key = `${request.method} ${pathname}`;
  if (key === 'GET /bench') return send(response, 200, await describeBench(bench, url));
  if (key === 'GET /camera/frame') return sendFrame(bench, searchParams, response);
  if (key === 'GET /camera/truth') return send(response, bench.lastTruth ? 200 : 404, truthOf(bench));
  if (key === 'GET /device') return send(response, 200, deviceState(bench));
  if (key === 'GET /camera/settings')
    return send(response, 200, { focusable: true, settings: bench.camera.appliedSettings ?? null });
  if (key === 'POST /camera/settings') {
    const parsed = cameraSettingsSchema.safeParse(await readJson(request));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return send(response, 400, {
        error: `camera settings field ${issue.path.join('.') || '(body)'}: ${issue.message}. Send {shutterUs, gain, awbGains: [red, blue], lensPosition?}.`,
      });
    }
    await bench.applyCameraSettings(parsed.data);
    return send(response, 200, { applied: parsed.data });
  }
  if (key === 'POST /faults') {
    const parsed = parseBenchFault(await readJson(request));
    if (!parsed.ok) return send(response, 400, { error: parsed.error });
    // A fault the device cannot take (a model-only fault on a recorded app) is the caller's mistake.
    const applied = await bench.applyFault(parsed.fault).catch((error: Error) => ({ refused: error.message }));
    if (typeof applied !== 'string') return send(response, 400, { error: applied.refused });
    return send(response, 200, { applied });
  }
  send(response, 404, {
    error: `no route ${key}; the bench serves GET /bench, GET /camera/frame, GET /camera/truth, GET and POST /camera/settings, GET /device, POST /faults`,
  });
}

async function sendFrame(
  bench: VirtualBench<BenchDevice>,
  params: URLSearchParams,
  response: ServerResponse,
): Promise<void> {
  const rawAge = params.get('maxAgeMs');
  const maxAgeMs = rawAge === null ? undefined : Number(rawAge);
  if (maxAgeMs !== undefined && !(Number.isFinite(maxAgeMs) && maxAgeMs >= 0)) {
    return send(response, 400, { error: `maxAgeMs must be a number of milliseconds >= 0, got "${rawAge}"` });
  }
  const { capture, ageMs } = await bench.capture(maxAgeMs);
  const { frame } = capture;
  response.writeHead(200, {
    'content-type': frame.format === 'png' ? 'image/png' : 'image/jpeg',
    'x-frame-age-ms': ageMs.toFixed(1),
    'x-frame-width': String(frame.width),
    'x-frame-height': String(frame.height),
    'x-frame-sequence': String(frame.sequence),
  });
  response.end(Buffer.from(frame.image));
}

function truthOf(bench: VirtualBench<BenchDevice>) {
  const truth = bench.lastTruth;
  if (!truth) return { error: 'no frame captured yet: GET /camera/frame first' };
  return {
    sequence: truth.frame.sequence,
    screen: truth.screen.screen,
    screenCorners: truth.screenCorners,
    texts: truth.screen.texts,
    targets: truth.screen.targets,
    fault: truth.fault ?? null,
  };
}

function deviceState(bench: VirtualBench<BenchDevice>) {
  const d = bench.device;
  // A recorded app: the state shown, its view tree's visible texts, the recording's gaps, each input's effect.
  if (d instanceof ReplayDevice) return { ...d.status(), tapFaults: bench.tapFaults.active };
  return {
    screen: d.screen,
    dialog: d.dialog ?? null,
    focus: d.focus ?? null,
    vars: d.vars,
    records: d.records,
    destructive: d.destructiveLog,
    locked: d.locked,
    frozen: d.frozen,
    faultLog: d.faultLog,
    tapFaults: bench.tapFaults.active,
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 64 * 1024) return { error: 'body too large' };
  }
  try {
    return JSON.parse(body);
  } catch {
    return { invalidJson: body.slice(0, 80) };
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(`${JSON.stringify(body)}\n`);
}
