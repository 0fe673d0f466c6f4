// Asking a person: the terminal now, MQTT operators later. A refusal or a timeout is an answer.
export interface ApprovalRequest {
  id: string;
  tool: string;
  args: unknown;
  /** What the action would touch, in words ("tap on "Pay €42.00" at 540,1210"). */
  summary: string;
  /** The policy rule that asked. */
  rule: string;
}

export type ApprovalAnswer = { approved: true; by: string } | { approved: false; by: string; reason: string };

export interface ApprovalPort {
  ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer>;
}
