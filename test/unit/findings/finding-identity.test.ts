// The finding id is an interface: a record made last week must get the same id today.
import { describe, expect, it } from 'vitest';
import { canonicalIdentityText, findingId } from '../../../src/core/findings/finding-identity.js';

const payLabel = { device: 'settings-wifi.yaml', screen: 'Wi-Fi', kind: 'text', subject: 'Pay button label' };

describe('finding identity', () => {
  it('matches the known vector (canonical text and SHA-256 from sha256sum)', async () => {
    expect(canonicalIdentityText(payLabel)).toBe('["settings-wifi.yaml","wi-fi","text","pay button label"]');
    // printf '%s' '["settings-wifi.yaml","wi-fi","text","pay button label"]' | sha256sum
    expect(await findingId(payLabel)).toBe('a1dba36be6fd09d1eeb6c07829270a1f');
  });

  it('hashes the UTF-8 bytes of NFC text', async () => {
    // printf '%s' '["café","scrëen","bug","x"]' | sha256sum
    const decomposed = { device: 'cafe\u0301', screen: 'scre\u0308en', kind: 'bug', subject: 'x' };
    expect(await findingId(decomposed)).toBe(
      '7b49d989d562b1c0672dc903f60707104b7d1863a3095b8d6bdd69824d696fdb'.slice(0, 32),
    );
  });

  it('ignores case and spacing, which vary between sightings of one problem', async () => {
    const respelled = { device: ' settings-wifi.yaml', screen: 'WI-FI', kind: 'text', subject: 'pay\tbutton   LABEL ' };
    expect(await findingId(respelled)).toBe(await findingId(payLabel));
  });

  it('tells every identity field apart, and field boundaries too', async () => {
    const base = await findingId(payLabel);
    for (const field of ['device', 'screen', 'kind', 'subject'] as const) {
      expect(await findingId({ ...payLabel, [field]: `${payLabel[field]}!` })).not.toBe(base);
    }
    expect(await findingId({ ...payLabel, screen: 'a b', kind: 'c' })).not.toBe(
      await findingId({ ...payLabel, screen: 'a', kind: 'b c' }),
    );
  });

  it('leaves severity and detail out of the identity', async () => {
    expect(await findingId({ ...payLabel, detail: 'other', severity: 'critical' } as typeof payLabel)).toBe(
      await findingId(payLabel),
    );
  });
});
