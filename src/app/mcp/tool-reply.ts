// A loop step's outcome as an MCP tool result: the text an LLM gets (its tool result, then the
// screen of the next look), an error when the call did not simply succeed, and for take_screenshot
// the upright screen as a JPEG (the console's view, cut from the camera frame).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ClientReply } from '../../core/agent/interpreters/client/client-interpreter.js';
import { screenForPrompt } from '../../core/agent/interpreters/llm/prompt.js';
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import { benchView } from '../bench/view-picture.js';

/** Wide enough for a model to read a phone screen's small print; ~40-80 KB. */
export const SCREENSHOT_WIDTH = 720;

export async function toolResult(
  tool: string,
  reply: ClientReply,
  calibration: () => ScreenCalibration,
): Promise<CallToolResult> {
  const { outcome, observation, termination } = reply;
  const parts = [`status: ${outcome.status}\n${outcome.content}`];
  if (observation) parts.push(screenForPrompt(observation));
  if (termination) parts.push(`The run has ended (${termination.kind}); start a new session to go on.`);
  const content: CallToolResult['content'] = [{ type: 'text', text: parts.join('\n\n') }];
  if (tool === 'take_screenshot' && outcome.status === 'ok' && observation) {
    const view = await benchView(observation, calibration(), null, new Date().toISOString(), SCREENSHOT_WIDTH);
    if (view) content.push({ type: 'image', data: view.image.base64, mimeType: 'image/jpeg' });
  }
  return { content, ...(outcome.status === 'ok' ? {} : { isError: true }) };
}
