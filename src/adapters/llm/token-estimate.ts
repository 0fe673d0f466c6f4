// The token estimator lives in core (the LLM interpreter's context budget needs it and core
// may not import adapters); re-exported here so the adapters and their tests keep one import.
export * from '../../core/agent/interpreters/llm/token-estimate.js';
