// The tools an MCP client sees: the LLM interpreter's own (same names, descriptions and JSON
// Schemas, from the one registry) and the flow's take_screenshot. Left out: what ends or hands the
// run over (submit_result, hand_over) and explore, which needs a model of the bench's own. None of
// the listed tools releases the e-stop, changes approvals or reveals a secret: those are not tools.
import type { LlmToolSpec } from '../../core/ports/llm.js';
import { FLOW_TOOLS } from '../../core/agent/tools/flow-tools.js';
import { ALL_TOOLS, ToolRegistry } from '../../core/agent/tools/registry.js';

export const MCP_TOOL_NAMES = [
  'read_screen',
  'find_text',
  'tap_text',
  'tap_point',
  'type_text',
  'press_key',
  'swipe',
  'scroll',
  'long_press',
  'drag',
  'back',
  'home',
  'wait_for',
  'take_screenshot',
  'write_note',
  'read_note',
  'record_finding',
] as const;

/** The listed tools' specs, in the order above. */
export function mcpToolSpecs(): LlmToolSpec[] {
  const specs = new Map(new ToolRegistry([...ALL_TOOLS, ...FLOW_TOOLS]).specs().map((spec) => [spec.name, spec]));
  return MCP_TOOL_NAMES.map((name) => {
    const spec = specs.get(name);
    if (!spec) throw new Error(`the tool registry has no ${name}: MCP_TOOL_NAMES is out of date`);
    return spec;
  });
}

export const isMcpTool = (name: string): boolean => (MCP_TOOL_NAMES as readonly string[]).includes(name);
