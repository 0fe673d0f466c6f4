// Commands from a person watching the run: pause, resume, stop, and redirect (new instructions).
// They take effect at safe points (between steps); a stop ends the run there. The file adapter
// serves a local operator now; MQTT operators arrive through the same port. Pure types.
export type OperatorCommand =
  | { id: string; kind: 'pause' | 'resume' | 'stop'; by: string }
  | { id: string; kind: 'redirect'; by: string; instructions: string }
  /** Manual control: take pauses the run at its next safe point and reserves it for `by`; release hands it back. */
  | { id: string; kind: 'take'; by: string }
  | { id: string; kind: 'hand_back'; by: string }
  /** One action by the person holding the bench, through the same step as the agent's (manual-control.ts). */
  | { id: string; kind: 'act'; by: string; action: OperatorAction };

/** What a person does on the picture or the keyboard, in device pixels. */
export type OperatorAction =
  | { kind: 'tap'; x: number; y: number }
  | { kind: 'long_press'; x: number; y: number }
  | { kind: 'swipe'; path: { x: number; y: number }[] }
  | { kind: 'type'; text: string }
  | { kind: 'back' }
  | { kind: 'home' };

export interface OperatorPort {
  /** Commands that arrived since the last call, each once (a redelivered id is dropped). */
  poll(): Promise<OperatorCommand[]>;
}
