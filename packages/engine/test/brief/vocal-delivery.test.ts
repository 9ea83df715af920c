import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBrief } from '../../src/brief/index.js';

const deliveryOf = (prompt: string) => parseBrief(prompt, { durationSeconds: 30, seed: 1 }).vocalDelivery;

describe('the brief says how lyrics are delivered', () => {
  it('raps where the genre raps, whatever else the prompt says', () => {
    assert.equal(deliveryOf('dark trap beat'), 'rap');
    assert.equal(deliveryOf('reggaeton para bailar'), 'rap');
  });

  it('raps when the prompt asks for rap or hip hop in another genre', () => {
    for (const prompt of ['a rap over a funky groove', 'boom bap with an emcee', 'jazzy hip-hop', 'UK grime'])
      assert.equal(deliveryOf(prompt), 'rap', prompt);
  });

  it('sings everything else, and does not hear rap inside other words', () => {
    for (const prompt of [
      'happy pop song',
      'a rapid techno track',
      'therapy session ambient',
      'country ballad',
    ])
      assert.equal(deliveryOf(prompt), 'sung', prompt);
  });
});
