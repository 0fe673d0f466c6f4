// What to do about a problem at each key of the config: the fix, with an example. Looked up by
// the key's path with list positions dropped (guardrails.approvals[].name); a key without its
// own hint gets its section's.
import type { Path } from './yaml-schema.js';
import { CALIBRATION_FORMS } from './calibration-section.js';
import { CAMERA_SOURCES } from './camera-section.js';

const BENCH_ID = 'e.g. bench1: 1 to 32 of a-z, 0-9, "_" and "-"; it names the MQTT topics benchhand/<id>/...';

const HINTS: Record<string, string> = {
  '': 'the top level holds the sections bench, mcu, camera, calibration, mqtt, console, ocr, video, gpio, llm and guardrails (see host/benchhand.example.yaml)',
  bench: 'bench: { id: bench1, stateDir: /var/lib/benchhand }',
  'bench.id': BENCH_ID,
  'bench.stateDir': "a directory on the Pi, e.g. /var/lib/benchhand (a relative path is from this file's folder)",
  mcu: 'mcu: { port: /dev/serial0 }',
  'mcu.port':
    "the MCU's serial device, e.g. /dev/serial0 (the Pi's UART on GPIO14/15) or /dev/benchhand-mcu (the udev rule in host/udev)",
  'mcu.baudRate':
    'leave it out or write 115200; the firmware sets the rate (BH_PI_BAUD in firmware/src/*/board_config.h)',
  camera: `camera: { source: rpicam } with a source of ${CAMERA_SOURCES}`,
  'camera.source':
    'rpicam (the Pi camera), v4l2:/dev/video0 (a USB camera), replay:PATH (a picture or a folder of pictures) or http://HOST:PORT/... (a camera served over HTTP)',
  'camera.width': "pixels as a whole number, e.g. 1640 (with height 1232: the Pi camera's full field of view, binned)",
  'camera.height': 'pixels as a whole number, e.g. 1232',
  'camera.framerate': 'frames per second, e.g. 10',
  'camera.shutterUs': 'the exposure time in microseconds as a whole number, e.g. 8000',
  'camera.gain': 'the analogue gain from 1 to 64, e.g. 1.5',
  'camera.awbGains': 'two numbers [red, blue], e.g. [1.8, 1.6]',
  'camera.lensPosition': 'dioptres from 0 (infinity) to 32, e.g. 3.3 for a phone 30 cm away (1 / 0.3 m)',
  'camera.cameraIndex': 'the number `rpicam-hello --list-cameras` shows, e.g. 0',
  'camera.passthrough': 'true when the USB camera sends MJPEG itself, else false',
  'camera.timeoutMs': 'milliseconds from 500 to 60000, e.g. 5000',
  calibration: CALIBRATION_FORMS,
  'calibration.file': "the path of the calibration file (a relative path is from this file's folder)",
  mqtt: 'mqtt: { url: mqtt://broker.local:1883, username: bench1, passwordEnv: BENCHHAND_MQTT_PASSWORD }',
  'mqtt.url': 'e.g. mqtt://broker.local:1883, or mqtts://broker.local:8883 with tlsCa',
  'mqtt.benchId': BENCH_ID,
  'mqtt.username': "the bench's broker user, e.g. bench1 (see host/mosquitto/acl)",
  'mqtt.passwordEnv':
    'the name of the environment variable that holds the password, e.g. BENCHHAND_MQTT_PASSWORD, and export it (systemd: EnvironmentFile)',
  'mqtt.tlsCa': "the path of the CA certificate (PEM) that signed the broker's certificate",
  'mqtt.exitWaitSeconds': 'seconds a run waits at its end for an away broker, from 0 to 600, e.g. 30 (default 10)',
  'mqtt.manualIdleMinutes':
    'minutes a person may hold the bench by hand without a command before it is handed back, from 1 to 240 (default 10)',
  console:
    'console: { broker: ws://raspberrypi.local:9001, host: 127.0.0.1, port: 8080 } (host/benchhand.example.yaml)',
  'console.broker':
    "the broker's websockets listener as the operator's browser reaches it, e.g. ws://raspberrypi.local:9001 (wss:// when the page is open to the LAN); no user or password in it",
  'console.host': 'where the page is served: 127.0.0.1 (on the Pi only; reach it through ssh -L) or 0.0.0.0 (the LAN)',
  'console.port': 'a whole number from 0 to 65535, e.g. 8080 (0 takes any free port)',
  video:
    'video: { enabled: true, inset: false, width: 540 } (enabled: false makes no run video; --no-video does the same for one command)',
  gpio: 'see hardware/gpio.md: emergencyStop, mcuReset and statusLed, each with pin (a BCM number from 2 to 27; GPIO17 is 17) and activeLevel (low or high)',
  llm: "provider (anthropic or openai-compatible), model, and optionally baseUrl, apiKeyEnv (the variable's name, not the key), requireApiKey, contextWindow, maxOutputTokens, timeoutMs, maxRetries, sendImages",
  guardrails:
    'maxSteps, deadlineMs, repeatLimit, maxToolFailures, verifyTimeoutMs, approvals (a list of rules), forbiddenZones (a list of rectangles), tapMarginPx',
  'guardrails.maxSteps': 'a whole number from 1 to 10000, e.g. 40',
  'guardrails.deadlineMs': 'milliseconds from 1000 to 86400000, e.g. 600000 (10 minutes)',
  'guardrails.repeatLimit': 'a whole number from 2 to 20, e.g. 3',
  'guardrails.maxToolFailures': 'a whole number from 1 to 50, e.g. 3',
  'guardrails.verifyTimeoutMs': 'milliseconds from 200 to 60000, e.g. 4000',
  'guardrails.approvals':
    'a list of rules, each { name, tool ("*" for every action), targetMatches or argumentsMatch (a regular expression) }',
  'guardrails.approvals[].targetMatches':
    'a case-insensitive regular expression matched against what a tap lands on or the text typed, e.g. "\\\\b(pay|delete)\\\\b"',
  'guardrails.approvals[].argumentsMatch':
    "a case-insensitive regular expression matched against every argument's text",
  'guardrails.forbiddenZones':
    'a list of rectangles in device pixels, each { name, x, y, width, height }, e.g. { name: power-key, x: 1000, y: 600, width: 80, height: 200 }',
};

export function whatToDo(path: Path): string | undefined {
  let key = path.map((part, i) => (typeof part === 'number' ? '[]' : i === 0 ? part : `.${part}`)).join('');
  for (;;) {
    const hint = HINTS[key];
    if (hint !== undefined) return hint;
    const cut = Math.max(key.lastIndexOf('.'), key.lastIndexOf('['));
    if (cut <= 0) return undefined;
    key = key.slice(0, cut);
  }
}
