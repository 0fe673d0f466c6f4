// mqtt.exitWaitSeconds: how long a run that ends with events unsent waits for an away broker.
// A bad value names the line, the key, the rule and what to write.
import { describe, expect, it } from 'vitest';
import { load, problemsOf } from './config-test-helpers.js';

const mqtt = (value: string) => ['mqtt:', '  url: mqtt://broker.local:1883', `  exitWaitSeconds: ${value}`];

describe('mqtt.exitWaitSeconds', () => {
  it('takes seconds from 0 to 600', () => {
    expect(load(mqtt('30')).config.mqtt?.exitWaitSeconds).toBe(30);
    expect(load(mqtt('0')).config.mqtt?.exitWaitSeconds).toBe(0);
  });

  it('refuses text, a negative and an hour, each naming the line, the key and the rule', () => {
    const [text] = problemsOf(mqtt('ten'));
    expect(text).toMatchObject({ line: 3, field: 'mqtt.exitWaitSeconds' });
    expect(text!.message).toMatch(/must be a number of seconds from 0 to 600, e\.g\. 30/);
    const [negative] = problemsOf(mqtt('-1'));
    expect(negative).toMatchObject({ line: 3, field: 'mqtt.exitWaitSeconds' });
    expect(negative!.message).toMatch(/must be 0 or more seconds/);
    const [hour] = problemsOf(mqtt('3600'));
    expect(hour!.message).toMatch(/must be at most 600 seconds/);
  });
});
