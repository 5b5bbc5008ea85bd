import assert from 'node:assert/strict';
import { parseModelOverrides } from '../../../../src/core/context/modelOverrides';

describe('parseModelOverrides', () => {
  it('takes valid entries', () => {
    assert.deepEqual(
      parseModelOverrides({
        'my-model': { contextWindow: 131_072, maxOutputTokens: 8_192 },
        'priced-model': { inputPrice: 0.5, outputPrice: 1.5, cacheReadPrice: 0.05, cacheWritePrice: 0 },
        'no-change': {},
      }),
      {
        overrides: {
          'my-model': { contextWindow: 131_072, maxOutputTokens: 8_192 },
          'priced-model': { inputPrice: 0.5, outputPrice: 1.5, cacheReadPrice: 0.05, cacheWritePrice: 0 },
          'no-change': {},
        },
        problems: [],
      },
    );
  });

  it('leaves out bad entries, naming the model and the field, and keeps the valid ones', () => {
    const parsed = parseModelOverrides({
      good: { contextWindow: 131_072 },
      small: { contextWindow: 10 },
      fraction: { maxOutputTokens: 1.5 },
      negative: { inputPrice: -1 },
      text: { outputPrice: '2' },
      typo: { contextWindw: 131_072 },
      number: 5,
    });
    assert.deepEqual(parsed.overrides, { good: { contextWindow: 131_072 } });
    assert.equal(parsed.problems.length, 6);
    const [small, fraction, negative, text, typo, number] = parsed.problems;
    assert.match(small ?? '', /^small: contextWindow: .*1000/);
    assert.match(fraction ?? '', /^fraction: maxOutputTokens: .*int/);
    assert.match(negative ?? '', /^negative: inputPrice: .*>=0/);
    assert.match(text ?? '', /^text: outputPrice: .*number/);
    assert.match(typo ?? '', /^typo: entry: .*"contextWindw"/);
    assert.match(number ?? '', /^number: entry: .*object/);
  });

  it('refuses input that is not an object of model ids', () => {
    for (const value of ['{"my-model":{}}', 42, true, [{ contextWindow: 131_072 }]]) {
      const parsed = parseModelOverrides(value);
      assert.deepEqual(parsed.overrides, {}, JSON.stringify(value));
      assert.equal(parsed.problems.length, 1, JSON.stringify(value));
      assert.match(parsed.problems[0] ?? '', /^expected an object of model ids/);
    }
  });

  it('has nothing to say about no input', () => {
    assert.deepEqual(parseModelOverrides(undefined), { overrides: {}, problems: [] });
    assert.deepEqual(parseModelOverrides(null), { overrides: {}, problems: [] });
    assert.deepEqual(parseModelOverrides({}), { overrides: {}, problems: [] });
  });
});
