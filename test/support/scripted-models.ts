// Scripted "models" for the fake LLM server: they read the screen the agent sent (as a model
// would) and answer with tool calls. They stand in for an LLM, not for the agent.
import type { FakeLlmStep } from './fake-llm-server.js';
import type { FakeLlmView } from './fake-llm-view.js';

const screenOf = (view: FakeLlmView): string => {
  const text = view.lastUserText;
  const start = text.lastIndexOf('<screen>');
  return start < 0 ? '' : text.slice(start, text.indexOf('</screen>', start));
};

export const callsMade = (view: FakeLlmView): string[] =>
  view.messages
    .filter((m) => m.role === 'assistant')
    .flatMap((m) => m.content.flatMap((c) => (c.type === 'tool_call' ? [c.name] : [])));

const call = (name: string, args: Record<string, unknown>): FakeLlmStep => ({ toolCalls: [{ name, arguments: args }] });

/** What the Wi-Fi task's end screen shows: "Connected" with the network's name under it. */
export const CONNECTED_EVIDENCE = [{ text: 'Connected' }, { text: 'HomeNet-5G', below: 'Connected' }];

/** Connects settings-wifi to HomeNet-5G, typing the password by placeholder (it never sees it). */
export const wifiModel = wifiModelAnswering((view) => callsMade(view).includes('type_text'));

/** The Wi-Fi flow, with "did I type the password already?" answered by `typed`. */
export function wifiModelAnswering(typedAlready: (view: FakeLlmView) => boolean): (view: FakeLlmView) => FakeLlmStep {
  return (view) => wifiStep(view, typedAlready(view));
}

function wifiStep(view: FakeLlmView, typed: boolean): FakeLlmStep {
  const screen = screenOf(view);
  if (/Connected/.test(screen) && /HomeNet/.test(screen))
    return call('submit_result', {
      summary: 'Connected to HomeNet-5G',
      result: { network: 'HomeNet-5G' },
      evidence: CONNECTED_EVIDENCE,
    });
  if (/Enter the password/.test(screen)) {
    if (!typed)
      return {
        toolCalls: [
          { name: 'tap_text', arguments: { text: 'Password', expect_change: false } },
          { name: 'type_text', arguments: { text: '{password}' } },
        ],
      };
    return call('tap_text', { text: 'Connect', expect: 'Connected' });
  }
  if (/Choose a network/.test(screen))
    return /HomeNet-5G/.test(screen)
      ? call('tap_text', { text: 'HomeNet-5G', expect: 'Enter the password', expect_contains: true })
      : call('tap_text', { text: 'More' });
  if (/Network/.test(screen)) return call('tap_text', { text: 'Network & internet', expect: 'Choose a network' });
  return call('wait_for', { timeout_ms: 2000 });
}
