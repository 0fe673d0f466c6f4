// A manual session (issue 39): an idle service's answer to `take`. The bench is reserved for the
// person who took it, in a state directory of its own (STATE_DIR/manual/<time>-<user>/), and their
// actions go through the one loop: runTask with an interpreter that has nothing to do. The take is
// handed to the run's operator port before it starts, so the loop's first safe point holds the run
// for that person (operator-phase.ts), each act is the step of manual-control.ts (a fresh look, the
// guard, the approvals, the journal under their name, the ledgered MCU command, verify, checkpoint),
// and the view stays live meanwhile. `hand_back` lets the loop go on: its next step looks at the
// screen once more and this interpreter ends the session there. `stop` from the holder ends it too.
import { join } from 'node:path';
import type { RunGuardrails } from '../../core/agent/guard/merge-guardrails.js';
import type { Interpreter } from '../../core/agent/interpreters/interpreter.js';
import type { RunSummary } from '../../core/agent/run-summary.js';
import { taskSchema } from '../../core/agent/task/task-schema.js';
import type { OperatorCommand } from '../../core/ports/operator.js';
import type { MqttSettings } from '../agent/mqtt-wiring.js';
import { runBenchSettings, runTask } from '../agent/run-task.js';
import { openBench } from '../bench/open-bench.js';
import type { RigSource } from '../bench/rig.js';
import type { RunVideoOptions } from '../video/run-video.js';

export interface ManualSessionOptions {
  /** The take the idle bench received, and any command that came right after it. */
  commands: OperatorCommand[];
  /** The service's state directory: the session's own goes under manual/. */
  stateDir: string;
  rig: RigSource;
  mqtt: MqttSettings;
  /** The bench's guardrails (the config's): forbidden zones and approval rules as for any run. */
  guardrails?: RunGuardrails;
  video?: RunVideoOptions | false;
  say(line: string): void;
  signal: AbortSignal;
}

/** The folder a manual session keeps its record in. */
export function manualSessionDir(stateDir: string, by: string, at = new Date()): string {
  const user = by.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
  return join(stateDir, 'manual', `${at.toISOString().replace(/[:.]/g, '-')}-${user}`);
}

/** Runs the session until the holder hands the bench back (or stops it, or the service stops). */
export async function runManualSession(options: ManualSessionOptions): Promise<RunSummary | undefined> {
  const take = options.commands[0]!;
  const stateDir = manualSessionDir(options.stateDir, take.by);
  const task = taskSchema.parse({ goal: `Manual control of the bench by ${take.by}` });
  const bench = openBench({
    ...runBenchSettings({
      task,
      stateDir,
      interpreter: 'script',
      mqtt: options.mqtt,
      rig: options.rig,
      ...(options.video !== undefined ? { video: options.video } : {}),
    }),
    say: options.say,
  });
  try {
    await bench.start('rig', 'mqtt');
    // The same take the idle bench received: the loop's first safe point gives the bench to this person.
    for (const command of options.commands) bench.get('mqtt').operator.deliver(command);
    options.say(`manual control: reserved for ${take.by} (record in ${stateDir})`);
    const outcome = await runTask({
      task,
      taskFile: 'manual control',
      bench,
      stateDir,
      interpreter: 'script',
      approvals: 'ask',
      ...(options.guardrails ? { guardrails: options.guardrails } : {}),
      signal: options.signal,
      mqtt: options.mqtt,
      interpreterOverride: handedBack(take.by),
    });
    if (outcome.kind !== 'ran') return undefined;
    options.say(`manual control by ${take.by} ended: ${outcome.summary.sentence}`);
    return outcome.summary;
  } finally {
    await bench.stop();
  }
}

/**
 * The session's interpreter: asked only once the person handed the bench back (the loop holds
 * still before), after the step's fresh look; it ends the session there. It never acts.
 */
function handedBack(by: string): Interpreter {
  return {
    kind: 'script',
    next: () => Promise.resolve({ kind: 'answer', text: `manual control by ${by} ended: the bench was handed back` }),
    cursor: () => ({ manualControl: by }),
    pending: () => [],
    progress: () => undefined,
  };
}
