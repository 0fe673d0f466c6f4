#!/usr/bin/env node
// Process entry for the CLI: the package's bin is the built copy (dist/cli/run.js); tests run
// this file through tsx.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
