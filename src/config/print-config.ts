// The effective config as YAML, for `benchhand config check --print`: defaults filled in, paths
// made absolute, each key an environment variable set marked with a comment. Nothing secret is
// in the config (passwords and keys are only variable names), and a password inside a URL is
// masked all the same.
import { Document, isScalar } from 'yaml';
import type { LoadedConfig } from './load-config.js';
import { withoutUrlPassword } from './url-password.js';

export function effectiveConfigYaml(loaded: LoadedConfig): string {
  const config = structuredClone(loaded.config);
  if (config.mqtt) config.mqtt.url = withoutUrlPassword(config.mqtt.url);
  if (config.llm?.baseUrl) config.llm.baseUrl = withoutUrlPassword(config.llm.baseUrl);
  const doc = new Document(config);
  doc.commentBefore = ` the effective config of ${loaded.file}`;
  for (const [field, variable] of loaded.fromEnv) {
    const node = doc.getIn(field.split('.'), true);
    if (isScalar(node)) node.comment = ` from $${variable}`;
  }
  return doc.toString();
}
