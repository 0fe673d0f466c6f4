// Each test file gets its own MQTT hand-over folder (src/adapters/mqtt/outbox-handover.ts): a bench
// that closes during a test with events unsent must not leave them in the user's state home, nor
// for another test file's bench of the same id to send. CLIs the tests spawn inherit it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.BENCHHAND_MQTT_HANDOVER_DIR = mkdtempSync(join(tmpdir(), 'bh-mqtt-handover-'));
