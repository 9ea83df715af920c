import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json, mockClient, trackBody } from './helpers/mock-fetch.js';

const pages = [
  json(200, {
    object: 'list',
    data: [trackBody({ id: 'trk_3' }), trackBody({ id: 'trk_2' })],
    has_more: true,
    next_cursor: 'trk_2',
  }),
  json(200, { object: 'list', data: [trackBody({ id: 'trk_1' })], has_more: false, next_cursor: null }),
];

describe('pagination', () => {
  it('walks every item across pages with for await, asking for the next page with starting_after', async () => {
    const { client, requests } = mockClient(pages);
    const ids: string[] = [];
    for await (const track of client.tracks.list({ limit: 2, status: 'ready' })) ids.push(track.id);
    assert.deepEqual(ids, ['trk_3', 'trk_2', 'trk_1']);
    assert.equal(requests.length, 2);
    assert.equal(requests[0]!.url.search, '?limit=2&status=ready');
    assert.equal(requests[1]!.url.search, '?limit=2&status=ready&starting_after=trk_2');
  });

  it('returns a page object when awaited, with hasNextPage and getNextPage', async () => {
    const { client, requests } = mockClient(pages);
    const first = await client.tracks.list({ limit: 2 });
    assert.deepEqual(
      first.data.map((track) => track.id),
      ['trk_3', 'trk_2'],
    );
    assert.equal(first.hasNextPage(), true);
    const second = await first.getNextPage();
    assert.deepEqual(
      second.data.map((track) => track.id),
      ['trk_1'],
    );
    assert.equal(second.hasNextPage(), false);
    await assert.rejects(second.getNextPage(), /No next page/);
    assert.equal(requests.length, 2);
  });

  it('pages through the credit ledger, which the server nests under entries', async () => {
    const entry = (id: string) => ({
      id,
      object: 'credit_entry',
      kind: 'grant',
      amount: 1,
      balance_after: 1,
      held_after: 0,
      track_id: null,
      description: null,
      created_at: '',
    });
    const { client, requests } = mockClient([
      json(200, {
        object: 'credits',
        balance: 5,
        held: 1,
        entries: { object: 'list', data: [entry('cre_2')], has_more: true, next_cursor: 'cre_2' },
      }),
      json(200, {
        object: 'credits',
        balance: 5,
        held: 1,
        entries: { object: 'list', data: [entry('cre_1')], has_more: false, next_cursor: null },
      }),
    ]);
    const ids: string[] = [];
    for await (const item of client.credits.listEntries({ limit: 1 })) ids.push(item.id);
    assert.deepEqual(ids, ['cre_2', 'cre_1']);
    assert.equal(requests[1]!.url.searchParams.get('starting_after'), 'cre_2');
  });
});
