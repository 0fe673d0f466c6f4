// `benchhand ops submit|results|findings` refuse bad input with the flag and the rule (exit 2), and
// a submitted flow travels as a job with its sub-flow and their sha256 on the pool's topic.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto } from '../../support/mosquitto.js';
import { runCli } from '../../support/run-cli.js';
import { until } from '../../support/until.js';
import { describeWithMosquitto } from './broker-requirement.js';

describeWithMosquitto('benchhand ops submit, results, findings', () => {
  let broker: Mosquitto;
  const dir = mkdtempSync(join(tmpdir(), 'bh-fleet-cli-'));
  beforeAll(async () => {
    broker = await Mosquitto.start();
    mkdirSync(join(dir, 'flows', '_shared'), { recursive: true });
    writeFileSync(join(dir, 'flows', '_shared', 'open.yaml'), 'steps:\n  - tap: Network & internet\n');
    writeFileSync(
      join(dir, 'flows', 'one.yaml'),
      'goal: Open it\nsteps:\n  - run_flow: _shared/open.yaml\n  - submit: { summary: "${WHAT} done" }\n',
    );
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it('names the flag and the rule for bad input', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['ops', 'submit', join(dir, 'flows'), '--broker', broker.url], /submit needs --pool NAME/],
      [
        ['ops', 'submit', join(dir, 'flows'), '--pool', 'Lab', '--broker', broker.url],
        /--pool "Lab" must be 1 to 32 of a-z/,
      ],
      [
        ['ops', 'submit', join(dir, 'flows'), '--pool', 'lab', '--tags', 'os', '--broker', broker.url],
        /--tags: "os" is not KEY=VALUE/,
      ],
      [
        ['ops', 'submit', join(dir, 'flows'), '--pool', 'lab', '--deadline', 'soon', '--broker', broker.url],
        /--deadline "soon" must be a duration like 90s/,
      ],
      [['ops', 'results', '--broker', broker.url], /results needs a JOB or --pool NAME/],
      [
        ['ops', 'findings', 'set', 'abc', 'dismissed', '--broker', broker.url],
        /needs the finding's ID: its 32 hex digits/,
      ],
      [
        ['ops', 'findings', 'set', 'a'.repeat(32), 'dismissed', '--broker', broker.url],
        /--note: dismissing a finding needs a note/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args);
      expect({ args, stderr: result.stderr }).toEqual({ args, stderr: expect.stringMatching(message) });
      expect(result.code).toBe(2);
    }
  }, 120000);

  it('publishes one job per flow, with its sub-flow and sha256s, on the topic of its tags, and a retained record', async () => {
    const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const got = new Map<string, Record<string, unknown>>();
    client.on('message', (topic, payload) => got.set(topic, JSON.parse(payload.toString())));
    await client.subscribeAsync('benchhand/_fleet/lab/#');
    const submitted = await runCli([
      'ops',
      'submit',
      join(dir, 'flows'),
      '--pool',
      'lab',
      '--tags',
      'os=virtual,model=px',
      '--env',
      'WHAT=it',
      '--suite',
      'suite-cli1',
      '--broker',
      broker.url,
    ]);
    expect(submitted.code, submitted.stderr).toBe(0);
    await until(() => got.size >= 2, 10000, 'the job and its record');
    await client.endAsync();
    const job = got.get('benchhand/_fleet/lab/jobs/model=px,os=virtual') as {
      jobId: string;
      flow: { entry: string; files: { path: string; content: string; sha256: string }[] };
      params: unknown;
    };
    expect(job).toMatchObject({ jobId: 'suite-cli1-001', params: { WHAT: 'it' }, flow: { entry: 'one.yaml' } });
    expect(job.flow.files.map((f) => f.path).sort()).toEqual(['_shared/open.yaml', 'one.yaml']);
    for (const file of job.flow.files)
      expect(file.sha256).toBe(createHash('sha256').update(file.content).digest('hex'));
    expect(got.get('benchhand/_fleet/lab/submitted/suite-cli1-001')).toMatchObject({
      suite: 'suite-cli1',
      name: 'one',
    });
  });
});
