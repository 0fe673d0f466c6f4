// The LLM section of the configuration: one strict schema (unknown keys are errors), env
// overrides, provider defaults, and errors that name the field, the rule and what to do.
// The whole-app config embeds `llmConfigSchema`; `resolveLlmConfig` is what createLlm calls.
import { z } from 'zod';
import { isLocalAddress } from './local-address.js';

/** Per attempt, from sending to the last byte of the answer; and retries after the first attempt. */
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_RETRIES = 3;

export const LLM_PROVIDERS = ['anthropic', 'openai-compatible'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

const isHttpUrl = (value: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export const llmConfigSchema = z.strictObject({
  provider: z.enum(LLM_PROVIDERS),
  baseUrl: z.string().refine(isHttpUrl, { message: 'must be an http:// or https:// URL' }).optional(),
  model: z.string().trim().min(1, { message: 'must not be empty' }),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: 'must be an environment variable name (letters, digits, _)' })
    .optional(),
  /** Overrides the rule "hosted servers need a key, local ones do not". */
  requireApiKey: z.boolean().optional(),
  contextWindow: z.number().int().min(256).optional(),
  maxOutputTokens: z.number().int().min(1).optional(),
  timeoutMs: z.number().int().min(1000).max(1_800_000).default(DEFAULT_TIMEOUT_MS),
  maxRetries: z.number().int().min(0).max(10).default(DEFAULT_MAX_RETRIES),
  sendImages: z.boolean().default(true),
});

export type LlmConfigInput = z.input<typeof llmConfigSchema>;

export interface ResolvedLlmConfig {
  provider: LlmProvider;
  baseUrl: string;
  model: string;
  apiKeyEnv: string;
  /** Undefined for local servers that need none. */
  apiKey?: string;
  contextWindow?: number;
  maxOutputTokens?: number;
  timeoutMs: number;
  maxRetries: number;
  sendImages: boolean;
}

export const DEFAULT_BASE_URL: Record<LlmProvider, string> = {
  anthropic: 'https://api.anthropic.com',
  'openai-compatible': 'https://api.openai.com/v1',
};

export const DEFAULT_API_KEY_ENV: Record<LlmProvider, string> = {
  anthropic: 'ANTHROPIC_API_KEY',
  'openai-compatible': 'OPENAI_API_KEY',
};

/** Environment variables that replace a field of the file, for a one-off run. */
export const ENV_OVERRIDES = {
  provider: 'BENCHHAND_LLM_PROVIDER',
  baseUrl: 'BENCHHAND_LLM_BASE_URL',
  model: 'BENCHHAND_LLM_MODEL',
} as const;

const WHAT_TO_DO: Record<string, string> = {
  provider: 'use "anthropic" or "openai-compatible" (the latter for OpenAI, Ollama, llama.cpp and vLLM)',
  baseUrl:
    'give the server root, e.g. https://api.anthropic.com, https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), http://localhost:8080/v1 (llama.cpp), http://localhost:8000/v1 (vLLM)',
  model: 'name the model as the server knows it, e.g. claude-sonnet-4-5, gpt-4.1, qwen2.5:7b',
  apiKeyEnv: 'name the environment variable that holds the key, e.g. ANTHROPIC_API_KEY (not the key itself)',
  requireApiKey: 'true or false; leave it out to require a key for hosted servers only',
  contextWindow:
    "the model's context window in tokens as a whole number, e.g. 200000 (for Ollama: the num_ctx it runs with)",
  maxOutputTokens: 'a whole number of tokens, e.g. 4096',
  timeoutMs: 'milliseconds per attempt, between 1000 and 1800000, e.g. 120000',
  maxRetries: 'a whole number from 0 to 10, e.g. 3',
  sendImages: 'true to send camera frames (vision models), false for text-only models',
};

export class LlmConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`LLM configuration is not usable:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'LlmConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function resolveLlmConfig(input: unknown, env: Env = process.env): ResolvedLlmConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new LlmConfigError([`llm: must be an object with at least provider and model (got ${describeValue(input)})`]);
  }
  const { merged, fromEnv } = applyEnvOverrides(input as Record<string, unknown>, env);
  const checked = llmConfigSchema.safeParse(merged);
  if (!checked.success)
    throw new LlmConfigError(checked.error.issues.map((issue) => describeIssue(issue, merged, fromEnv)));
  const config = checked.data;
  const baseUrl = config.baseUrl ?? DEFAULT_BASE_URL[config.provider];
  const apiKeyEnv = config.apiKeyEnv ?? DEFAULT_API_KEY_ENV[config.provider];
  const apiKey = env[apiKeyEnv]?.trim() || undefined;
  const needsKey = config.requireApiKey ?? (config.provider === 'anthropic' || !isLocalAddress(baseUrl));
  if (needsKey && apiKey === undefined) {
    throw new LlmConfigError([
      `llm.apiKeyEnv: the environment variable ${apiKeyEnv} is not set or empty, and ${config.provider} at ${baseUrl} needs an API key. ` +
        `Export ${apiKeyEnv}=<your key>, or set llm.apiKeyEnv to the variable that holds it` +
        (config.provider === 'openai-compatible'
          ? ' (a local server that needs no key: set llm.requireApiKey to false).'
          : '.'),
    ]);
  }
  const resolved: ResolvedLlmConfig = {
    provider: config.provider,
    baseUrl,
    model: config.model,
    apiKeyEnv,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    sendImages: config.sendImages,
  };
  if (apiKey !== undefined) resolved.apiKey = apiKey;
  if (config.contextWindow !== undefined) resolved.contextWindow = config.contextWindow;
  if (config.maxOutputTokens !== undefined) resolved.maxOutputTokens = config.maxOutputTokens;
  return resolved;
}

function applyEnvOverrides(input: Record<string, unknown>, env: Env) {
  const merged = { ...input };
  const fromEnv = new Map<string, string>();
  for (const [field, variable] of Object.entries(ENV_OVERRIDES)) {
    const value = env[variable]?.trim();
    if (value) {
      merged[field] = value;
      fromEnv.set(field, variable);
    }
  }
  return { merged, fromEnv };
}

function describeIssue(issue: z.core.$ZodIssue, input: Record<string, unknown>, fromEnv: Map<string, string>): string {
  if (issue.code === 'unrecognized_keys') {
    return `llm: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}: remove or correct ${issue.keys.length > 1 ? 'them' : 'it'}; the keys are ${Object.keys(WHAT_TO_DO).join(', ')}`;
  }
  const field = String(issue.path[0] ?? '');
  const value = input[field];
  const source = fromEnv.has(field) ? ` (from ${fromEnv.get(field)})` : '';
  const rule = value === undefined ? 'is required' : issue.message;
  const hint = WHAT_TO_DO[field];
  return `llm.${field}${source}: ${rule} (got ${describeValue(value)})${hint ? `; ${hint}` : ''}`;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
