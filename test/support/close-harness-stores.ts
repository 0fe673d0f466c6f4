// vitest setup file: the agent harness's stores (test/support/harness-stores.ts) closed after each test.
import { afterEach } from 'vitest';
import { closeHarnessStores } from './harness-stores.js';

afterEach(closeHarnessStores);
