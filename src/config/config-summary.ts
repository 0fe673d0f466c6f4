// One line per section of a checked config, for `benchhand config check`: what the bench will
// use, in words. Secrets are never shown; for a password or key, only whether its variable is set.
import type { CalibrationBlock } from '../core/vision/calibration-schema.js';
import { DEFAULT_API_KEY_ENV } from './llm-section.js';
import type { BenchConfig, SectionName } from './bench-config-schema.js';
import { SECTION_NAMES } from './bench-config-schema.js';
import { withoutUrlPassword } from './url-password.js';

type Env = Record<string, string | undefined>;

export interface SummaryContext {
  env: Env;
  /** The calibration as loaded (from its file when it names one). */
  calibration?: CalibrationBlock;
}

const isSet = (env: Env, name: string) => (env[name] ? 'set' : 'NOT set in this environment');

type Describe<K extends SectionName> = (section: NonNullable<BenchConfig[K]>, context: SummaryContext) => string;

const DESCRIBE: { [K in SectionName]: Describe<K> } = {
  bench: (bench) =>
    [
      bench.id ? `id ${bench.id}` : 'no id (the host name is used)',
      bench.stateDir ? `state in ${bench.stateDir}` : 'state in the default folder',
    ].join(', '),
  mcu: (mcu) => `${mcu.port} at ${mcu.baudRate} baud`,
  camera: (camera) =>
    [
      camera.source,
      camera.width && camera.height ? `${camera.width}x${camera.height}` : undefined,
      camera.framerate ? `${camera.framerate} fps` : undefined,
      camera.shutterUs ? `shutter ${camera.shutterUs} us` : undefined,
      camera.gain ? `gain ${camera.gain}` : undefined,
      camera.awbGains ? `white balance ${camera.awbGains.join('/')}` : undefined,
      camera.lensPosition !== undefined ? `focus locked at ${camera.lensPosition} dioptres` : undefined,
      camera.cameraIndex !== undefined ? `camera ${camera.cameraIndex}` : undefined,
      camera.passthrough ? 'MJPEG passed through' : undefined,
    ]
      .filter(Boolean)
      .join(', '),
  calibration: (section, { calibration }) => {
    const where = 'file' in section ? `from ${section.file}` : 'inline';
    const block = calibration ?? ('file' in section ? undefined : section);
    if (!block) return where;
    return `${where}: device ${block.deviceSize.width}x${block.deviceSize.height}, camera ${block.cameraSize.width}x${block.cameraSize.height}, actuator map from ${block.actuator.source}`;
  },
  mqtt: (mqtt, { env }) =>
    [
      withoutUrlPassword(mqtt.url),
      mqtt.benchId ? `bench id ${mqtt.benchId}` : undefined,
      mqtt.username ? `user ${mqtt.username}` : 'no user',
      mqtt.passwordEnv ? `password from $${mqtt.passwordEnv} (${isSet(env, mqtt.passwordEnv)})` : 'no password',
      mqtt.tlsCa ? `TLS CA ${mqtt.tlsCa}` : undefined,
    ]
      .filter(Boolean)
      .join(', '),
  console: (settings) =>
    `the operator web console served on ${settings.host}:${settings.port === 0 ? 'any free port' : settings.port}, its browser connecting to ${settings.broker}`,
  ocr: (ocr) =>
    `${ocr.engine === 'auto' ? 'the text-line detector in front of tesseract where it runs' : 'tesseract alone'}, reading ${['eng', ...ocr.languages.filter((code) => code !== 'eng')].join('+')}`,
  video: (video) =>
    video.enabled
      ? `a run video for every run (STATE_DIR/video.mp4), ${video.width ? `${video.width} px wide` : "half the device's width"}${video.inset ? ', the camera picture inset' : ''}`
      : 'no run video (enabled: false)',
  gpio: (gpio) => {
    if (!gpio.enabled) return 'off (enabled: false)';
    const parts = [
      gpio.emergencyStop
        ? `e-stop button GPIO${gpio.emergencyStop.pin} (active ${gpio.emergencyStop.activeLevel})`
        : undefined,
      gpio.mcuReset ? `MCU reset GPIO${gpio.mcuReset.pin} (active ${gpio.mcuReset.activeLevel})` : undefined,
      gpio.statusLed ? `status LED GPIO${gpio.statusLed.pin}` : undefined,
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(', ') : 'on, with no pins given';
  },
  llm: (llm, { env }) => {
    const keyEnv = llm.apiKeyEnv ?? DEFAULT_API_KEY_ENV[llm.provider];
    return [
      `${llm.provider} ${llm.model}`,
      llm.baseUrl ? `at ${withoutUrlPassword(llm.baseUrl)}` : undefined,
      `key from $${keyEnv} (${isSet(env, keyEnv)})`,
      llm.sendImages ? 'sends pictures' : 'text only',
    ]
      .filter(Boolean)
      .join(', ');
  },
  guardrails: (guardrails) =>
    [
      `at most ${guardrails.maxSteps} steps`,
      `${guardrails.deadlineMs / 1000} s deadline`,
      `${guardrails.approvals.length} approval rule(s)${guardrails.approvals.length ? ` (${guardrails.approvals.map((rule) => rule.name).join(', ')})` : ''}`,
      `${guardrails.forbiddenZones.length} forbidden zone(s)${guardrails.forbiddenZones.length ? ` (${guardrails.forbiddenZones.map((zone) => zone.name).join(', ')})` : ''}`,
    ].join(', '),
};

export function summaryLines(config: BenchConfig, context: SummaryContext): string[] {
  const width = Math.max(...SECTION_NAMES.map((name) => name.length));
  return SECTION_NAMES.map((name) => {
    const section = config[name];
    const text =
      section === undefined ? '(not given)' : (DESCRIBE[name] as Describe<typeof name>)(section as never, context);
    return `${name.padEnd(width)}  ${text}`;
  });
}
