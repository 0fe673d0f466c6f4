#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node
// Process entry for the CLI: the package's bin is the built copy (dist/cli/run.js); tests run
// this file through tsx. MALLOC_ARENA_MAX=2: glibc otherwise keeps a memory pool per thread
// (onnxruntime, sharp, libuv and the tesseract worker each free into their own), and a run's peak
// RSS was 490-550 MB where two pools keep it near 400 MB (issue 24: 450 MB on a 1 GB Pi). It has to
// be in the environment before node starts, hence the shebang; the systemd unit sets it too.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
