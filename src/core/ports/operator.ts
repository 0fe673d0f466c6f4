// Commands from a person watching the run: pause, resume, stop, and redirect (new instructions).
// They take effect at safe points (between steps); a stop ends the run there. The file adapter
// serves a local operator now; MQTT operators arrive through the same port. Pure types.
export type OperatorCommand =
  | { id: string; kind: 'pause' | 'resume' | 'stop'; by: string }
  | { id: string; kind: 'redirect'; by: string; instructions: string };

export interface OperatorPort {
  /** Commands that arrived since the last call, each once (a redelivered id is dropped). */
  poll(): Promise<OperatorCommand[]>;
}
