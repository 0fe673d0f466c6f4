// Operators over MQTT around a run: the bench joins the broker before anything else (so people
// see it and can steer it even during recovery), its commands feed the operator hub, the
// approvals, the e-stop and the findings, and the run's progress, findings and pictures go out.
import { MqttBench } from '../../adapters/mqtt/mqtt-bench.js';
import type { RunSummary } from '../../core/agent/run-summary.js';
import type { EmergencyStopRecord } from '../../core/ports/mcu.js';
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import { screenText } from '../../core/vision/screen-model.js';
import { MAX_SCREEN_TEXT } from '../../core/operator/bench-state.js';
import type { LookStage } from '../bench/look-stage.js';
import { benchView } from '../bench/view-picture.js';
import type { BenchHardware } from './bench-hardware.js';
import type { FindingsLog } from './findings-log.js';

export interface MqttSettings {
  url: string;
  benchId: string;
  username?: string;
  password?: string;
  tlsCa?: string;
  /** How long a closing bench waits for an away broker to deliver its last events (mqtt.exitWaitSeconds). */
  exitWaitMs?: number;
  /** How long a person may hold the bench by hand without a command (mqtt.manualIdleMinutes). */
  manualIdleMs?: number;
}

export function connectMqtt(settings: MqttSettings, stateDir: string, say: (line: string) => void): Promise<MqttBench> {
  return MqttBench.connect({
    url: settings.url,
    benchId: settings.benchId,
    stateDir,
    ...(settings.username ? { username: settings.username } : {}),
    ...(settings.password ? { password: settings.password } : {}),
    ...(settings.tlsCa ? { tls: { ca: settings.tlsCa } } : {}),
    ...(settings.exitWaitMs !== undefined ? { closeTimeoutMs: settings.exitWaitMs } : {}),
    log: (message) => say(`mqtt: ${message}`),
  });
}

/**
 * Commands the bench cannot carry out by itself go to the run's hardware and findings; a resume's
 * reply asks the bench's e-stop record first (the run refuses a resume while it is latched).
 */
export function wireMqttCommands(
  bench: MqttBench,
  hardware: BenchHardware,
  findings: FindingsLog,
  estop?: EmergencyStopRecord,
): void {
  bench.onEmergencyStop(async () => ({ latched: await hardware.emergencyStop('an MQTT operator') }));
  if (estop) bench.onResumeGate(async () => ((await estop.refresh()) ? estop.describe() : undefined));
  bench.onFindingStatus(async (change) => {
    const result = await findings.changeStatus(change);
    return result.ok
      ? { ok: true, result: result.result, record: result.record }
      : { ok: false, error: { code: result.code, field: result.field, message: result.message } };
  });
}

/**
 * Stage 5 of the observer pipeline (app/bench/observer-pipeline.ts): every picture the agent takes
 * is offered as the snapshot (the bench keeps the rate low); with the calibration, also as the
 * view (the screen upright, its OCR lines and the last tap) for the web console, and the screen's
 * text goes into the state when it changed. A view that cannot be made is logged once and never
 * holds up the look.
 */
export function mqttSnapshot(
  bench: MqttBench,
  calibration?: ScreenCalibration,
  say: (line: string) => void = () => undefined,
): LookStage {
  let rendering = false;
  let complained = false;
  return {
    name: 'snapshot',
    pass: async (observation) => {
      if (observation.frame) bench.publishSnapshot(observation.frame.image);
      const text = screenText(observation.screen).slice(0, MAX_SCREEN_TEXT);
      if (text !== bench.state.lastScreenText) bench.updateState({ lastScreenText: text });
      if (calibration && observation.frame && !rendering && bench.viewDue()) {
        rendering = true;
        // Not awaited: the agent goes on while the JPEG is made (tens of ms on a Pi).
        void benchView(observation, calibration, bench.lastTap, new Date().toISOString())
          .then((view) => {
            if (view) bench.publishView(view);
          })
          .catch((error: Error) => {
            if (!complained) say(`mqtt: no view for the web console (${error.message})`);
            complained = true;
          })
          .finally(() => {
            rendering = false;
          });
      }
      return observation;
    },
  };
}

export function publishRunEnd(bench: MqttBench, summary: RunSummary): void {
  bench.publishEvent('finished', {
    runId: summary.runId,
    termination: summary.termination,
    sentence: summary.sentence,
  });
  bench.updateState({ run: { status: summary.termination.kind } });
}
