import { describe, expect, it } from 'vitest';
import { retrievalSettings } from '../../src/retrieve/settings.js';

const section = {
  weights: { lexical: 1, similar: 0.3 },
  fields: { path: 3, symbols: 2, doc: 1, body: 1, folder: 1 },
  seeds: 8,
  graphDecay: 0.5,
  packageBoost: 1.5,
};

describe('retrievalSettings', () => {
  it('takes the config section as it is when the call overrides nothing', () => {
    const settings = retrievalSettings(section);
    expect(settings.weights).toEqual({ lexical: 1, similar: 0.3 });
    expect(settings.bm25.fields.path).toEqual({ weight: 3, b: 0.3 });
    expect(settings.bm25.fields.body).toEqual({ weight: 1, b: 0.5 });
    expect(settings.seedCount).toBe(8);
    expect(settings.packageBoost).toBe(1.5);
  });

  it("lets one call's weights, fields, length normalisation and package boost win over the config", () => {
    const settings = retrievalSettings(section, {
      weights: { similar: 0 },
      fields: { body: 2 },
      lengthNormalization: { body: 0.4 },
      packageBoost: 1,
    });
    expect(settings.weights.similar).toBe(0);
    expect(settings.weights.lexical).toBe(1);
    expect(settings.bm25.fields.body).toEqual({ weight: 2, b: 0.4 });
    expect(settings.bm25.fields.symbols).toEqual({ weight: 2, b: 0.5 });
    expect(settings.packageBoost).toBe(1);
  });

  it("never lets an upper stage's weight replace the config's weight of the same signal", () => {
    const settings = retrievalSettings(section, { extraWeights: { lessons: 0.3, lexical: 5 } });
    expect(settings.weights).toEqual({ lessons: 0.3, lexical: 1, similar: 0.3 });
  });
});
