// The benchmarks' smoke runs, part 2 of 2 (test/support/bench-smoke.ts says what is run and why).
import { benchSmokeTests } from '../support/bench-smoke.js';

benchSmokeTests(1);
