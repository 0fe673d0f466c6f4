// Process entry for the CLI: bin/benchhand.mjs runs the built copy, tests run this file through tsx.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
