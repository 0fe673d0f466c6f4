// The mqtt section's two limits, each a number with a range: exitWaitSeconds (how long a run that
// ends with events unsent waits for an away broker) and manualIdleMinutes (how long a person may hold
// the bench by hand without a command before it is handed back for them). A bad value names the
// line, the key, the rule and what to write.
import { describe, expect, it } from 'vitest';
import { load, problemsOf } from './config-test-helpers.js';

const mqtt = (key: string, value: string) => ['mqtt:', '  url: mqtt://broker.local:1883', `  ${key}: ${value}`];

describe('mqtt.exitWaitSeconds', () => {
  it('takes seconds from 0 to 600', () => {
    expect(load(mqtt('exitWaitSeconds', '30')).config.mqtt?.exitWaitSeconds).toBe(30);
    expect(load(mqtt('exitWaitSeconds', '0')).config.mqtt?.exitWaitSeconds).toBe(0);
  });

  it('refuses text, a negative and an hour, each naming the line, the key and the rule', () => {
    const [text] = problemsOf(mqtt('exitWaitSeconds', 'ten'));
    expect(text).toMatchObject({ line: 3, field: 'mqtt.exitWaitSeconds' });
    expect(text!.message).toMatch(/must be a number of seconds from 0 to 600, e\.g\. 30/);
    const [negative] = problemsOf(mqtt('exitWaitSeconds', '-1'));
    expect(negative).toMatchObject({ line: 3, field: 'mqtt.exitWaitSeconds' });
    expect(negative!.message).toMatch(/must be 0 or more seconds/);
    const [hour] = problemsOf(mqtt('exitWaitSeconds', '3600'));
    expect(hour!.message).toMatch(/must be at most 600 seconds/);
  });
});

describe('mqtt.manualIdleMinutes', () => {
  it('takes minutes from 1 to 240', () => {
    expect(load(mqtt('manualIdleMinutes', '15')).config.mqtt?.manualIdleMinutes).toBe(15);
    expect(load(mqtt('manualIdleMinutes', '1.5')).config.mqtt?.manualIdleMinutes).toBe(1.5);
  });

  it('refuses text, zero and a day, each naming the line, the key and the rule', () => {
    const [text] = problemsOf(mqtt('manualIdleMinutes', 'soon'));
    expect(text).toMatchObject({ line: 3, field: 'mqtt.manualIdleMinutes' });
    expect(text!.message).toMatch(/must be a number of minutes from 1 to 240, e\.g\. 10/);
    const [zero] = problemsOf(mqtt('manualIdleMinutes', '0'));
    expect(zero).toMatchObject({ line: 3, field: 'mqtt.manualIdleMinutes' });
    expect(zero!.message).toMatch(/must be at least 1 minute/);
    const [day] = problemsOf(mqtt('manualIdleMinutes', '1440'));
    expect(day!.message).toMatch(/must be at most 240 minutes/);
  });
});
