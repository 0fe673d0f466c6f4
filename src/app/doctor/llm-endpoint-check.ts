// Which address the bench's LLM adapters will call: the one configured endpoint, shown so a
// person can check it against their network policy. Every other address is refused in code
// (src/adapters/llm/egress.ts). The key is never shown, only whether it is set.
import { allowedEndpoint } from '../../adapters/llm/egress.js';
import { LlmConfigError, resolveLlmConfig } from '../../config/llm-section.js';
import { fail, pass, type CheckResult } from './check-result.js';

const NAME = 'llm-endpoint';

/** `llm`: the config's llm section as written (absent: none); BENCHHAND_LLM_* may add to it. */
export function checkLlmEndpoint(llm: unknown, env: NodeJS.ProcessEnv = process.env): CheckResult {
  const fromEnv = env.BENCHHAND_LLM_PROVIDER || env.BENCHHAND_LLM_BASE_URL || env.BENCHHAND_LLM_MODEL;
  if (llm === undefined && !fromEnv)
    return pass(
      NAME,
      'no LLM configured: the bench calls no LLM endpoint (script mode; --llm on the command line names one per run)',
    );
  try {
    const resolved = resolveLlmConfig(llm ?? {}, env);
    return pass(
      NAME,
      `the only address the LLM adapters call: ${allowedEndpoint(resolved.baseUrl)} (${resolved.provider}, model ${resolved.model}, key ${resolved.apiKey ? `from ${resolved.apiKeyEnv}` : 'none'}); any other host is refused before a request is sent, and redirects are not followed`,
    );
  } catch (error) {
    if (!(error instanceof LlmConfigError)) throw error;
    return fail(
      NAME,
      `the llm section cannot be used: ${error.message}`,
      'fix the llm section (benchhand config check FILE names the field), or leave it out for script mode',
    );
  }
}
