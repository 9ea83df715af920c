// The studio as an instrument, in a real browser (Debian's chromium through playwright-core) against
// the real server with generation workers on the small sound bank: chords typed and checked by the
// engine's parser, a section plan on the timeline (resized by drag, keys and typing), a MIDI melody
// dropped and drawn, a track made from all three and each found again in the result's MIDI; then
// extend and a variation from the track page, making it again with changes, and every studio page
// at phone width (390 and 360 px) with axe clean. Screenshots go to .tmp/studio-screenshots/.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readMidiFile } from '@trackforge/engine';
import { readMelody } from '@trackforge/engine/request';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminAnswer } from '../../../src/cli/admin.js';
import {
  assertAccessible,
  browserSuiteSkip,
  REPO_ROOT,
  type StudioRig,
  screenshot,
  signUpInStudio,
  startStudioRig,
} from '../../helpers/browser.js';

// The page's globals as the callbacks below (which run in the browser) use them: this file is
// compiled with the server's types, without the DOM library.
declare const document: { documentElement: { scrollWidth: number } };
declare class DataTransfer {
  items: { add(file: unknown): void };
}
declare class File {
  constructor(parts: unknown[], name: string, options: { type: string });
}

const SCREENSHOT_DIR = join(REPO_ROOT, '.tmp/studio-screenshots');
const GENERATION_TIMEOUT_MS = 240_000;

const skip = browserSuiteSkip('studio');

/** The tune dropped on the page: C major up in eighths, one bar at 100 bpm (PPQ 96, format 0). */
const TUNE = [60, 62, 64, 65, 67, 69, 71, 72];
function tuneMidi(): Buffer {
  const events: number[] = [0x00, 0xff, 0x51, 0x03, 0x09, 0x27, 0xc0]; // 600 000 µs a beat
  for (const pitch of TUNE) events.push(0x00, 0x90, pitch, 90, 0x30, 0x80, pitch, 0);
  events.push(0x00, 0xff, 0x2f, 0x00);
  const length = events.length;
  return Buffer.from([
    ...[0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96],
    ...[
      0x4d,
      0x54,
      0x72,
      0x6b,
      (length >>> 24) & 255,
      (length >>> 16) & 255,
      (length >>> 8) & 255,
      length & 255,
    ],
    ...events,
  ]);
}

// The progression typed, and the pitch classes each chord may sound.
const PROGRESSION = ['Am', 'F', 'C', 'G'];
const CHORD_TONES: Record<string, number[]> = { Am: [9, 0, 4], F: [5, 9, 0], C: [0, 4, 7], G: [7, 11, 2] };

describe('the studio as an instrument in a real browser', { skip }, () => {
  let rig: StudioRig;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let baseUrl: string;
  let offsiteRequests: string[] = [];
  const email = `instrument-${Date.now()}@example.com`;
  let trackId = '';
  let trackSeconds = 0;
  let extensionId = '';

  before(async () => {
    rig = await startStudioRig(SCREENSHOT_DIR);
    ({ browser, context, baseUrl, offsiteRequests } = rig);
    page = await context.newPage();
    // Signed up through the dev mailbox, with credits for a track, an extension and a variation.
    await signUpInStudio(page, baseUrl, email);
    const granted = await adminAnswer(['grant', email, '--credits', '10'], rig.services);
    assert.equal(granted.exitCode, 0, granted.stderr);
  });

  after(async () => {
    await rig?.stop();
  });

  it('starts at 30 s and marks an unknown chord where it stands, with the parser’s sentence', async () => {
    await page.goto('/studio/create');
    await page.getByRole('heading', { name: 'Create a track' }).waitFor();
    assert.equal(await page.getByLabel('Duration (seconds)').inputValue(), '30');
    await page.getByLabel('Prompt').fill('warm indie pop with piano');
    await page.getByLabel(/^Chords/).fill('Am F Hx7 G');
    assert.equal(await page.locator('.chord-marked mark').textContent(), 'Hx7');
    await page.getByRole('alert').filter({ hasText: 'unknown chord symbol "Hx7"' }).waitFor();
    assert.equal(await page.getByLabel(/^Chords/).getAttribute('aria-invalid'), 'true');
    assert.ok(await page.getByRole('button', { name: 'Create track' }).isDisabled());
    await screenshot(page, SCREENSHOT_DIR, '11-create-chord-error');
    await assertAccessible(page, 'the create page with a chord error');
  });

  it('offers the chords of the progression’s key and adds one on a click', async () => {
    await page.getByLabel(/^Chords/).fill('Am F C');
    await page.getByRole('group', { name: /In A minor/ }).waitFor();
    await page.getByRole('button', { name: 'Add G', exact: true }).click();
    assert.equal(await page.getByLabel(/^Chords/).inputValue(), PROGRESSION.join(' '));
    assert.equal(await page.locator('.chord-marked').count(), 0);
  });

  it('builds a section plan on the timeline: add, drag, keys and typing resize it in bars', async () => {
    await page.getByLabel('Tempo (bpm)').fill('140');
    const add = page.getByRole('button', { name: 'Add section' });
    await add.click();
    await add.click();
    await add.click();
    const handles = page.getByRole('slider', { name: /^Bars of / });
    assert.equal(await handles.count(), 3);
    assert.deepEqual(
      await handles.evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('aria-valuenow')),
      ),
      ['4', '8', '8'],
    );
    // The intro's right edge dragged left by about two bars' width.
    const strip = (await page.locator('.timeline').boundingBox())!;
    const pixelsPerBar = strip.width / 20;
    const intro = (await handles.nth(0).boundingBox())!;
    await page.mouse.move(intro.x + intro.width / 2, intro.y + intro.height / 2);
    await page.mouse.down();
    await page.mouse.move(intro.x + intro.width / 2 - pixelsPerBar * 2, intro.y + intro.height / 2, {
      steps: 5,
    });
    await page.mouse.up();
    assert.equal(await handles.nth(0).getAttribute('aria-valuenow'), '2');
    // The verse by keys: four bars shorter.
    await handles.nth(1).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    assert.equal(await handles.nth(1).getAttribute('aria-valuenow'), '4');
    // The chorus by typing, with its own energy and instruments.
    await page.getByRole('button', { name: /^chorus/ }).click();
    await page.getByLabel('Bars', { exact: true }).fill('4');
    await page.getByLabel(/^Instruments/).fill('piano, drums');
    assert.equal(await handles.nth(2).getAttribute('aria-valuenow'), '4');
    // 10 bars of 4/4 at 140 bpm: 17 s, against the 30 s duration.
    await page
      .locator('.plan-total')
      .filter({ hasText: /^10 bars ≈ 17 s at 140 bpm — the plan sets the length/ })
      .waitFor();
  });

  it('draws a dropped MIDI melody as a piano roll before any credit is spent', async () => {
    const bytes = [...tuneMidi()];
    const transfer = await page.evaluateHandle((data) => {
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(new File([new Uint8Array(data)], 'tune.mid', { type: 'audio/midi' }));
      return dataTransfer;
    }, bytes);
    await page.dispatchEvent('[data-testid="melody-drop"]', 'drop', { dataTransfer: transfer });
    await page.getByRole('img', { name: 'Piano roll of tune.mid: 8 notes' }).waitFor();
    assert.equal(await page.locator('svg.piano-roll rect.note').count(), TUNE.length);
    assert.match((await page.getByTestId('melody-summary').textContent()) ?? '', /8 notes, C4–C5, 100 bpm/);
    await page.getByText(/Costs 1 credit · you have 13/).waitFor();
    await screenshot(page, SCREENSHOT_DIR, '12-create-chords-plan-melody');
    await assertAccessible(page, 'the create page with chords, a plan and a melody');
  });

  it('makes the track and finds the chords, the plan and the melody in its MIDI', async () => {
    await page.getByRole('button', { name: 'Create track' }).click();
    await page.locator('.job [data-status="ready"]').waitFor({ timeout: GENERATION_TIMEOUT_MS });
    assert.equal(await page.locator('.job progress').getAttribute('value'), '100');
    await page.getByRole('link', { name: 'Open the track' }).click();
    await page.waitForURL(/\/studio\/tracks\/trk_/);
    trackId = /trk_\w+/.exec(page.url())![0];

    const track = (await (await page.request.get(`/v1/tracks/${trackId}`)).json()) as {
      duration_seconds: number;
      inputs: {
        chords: string;
        sections: { name: string; bars: number; instruments?: string[] }[];
        melody: { note_count: number };
      };
      music: { bpm: number; sections: { name: string }[] };
    };
    trackSeconds = track.duration_seconds;
    assert.equal(track.inputs.chords, PROGRESSION.join(' '));
    assert.deepEqual(
      track.inputs.sections.map((section) => [section.name, section.bars]),
      [
        ['intro', 2],
        ['verse', 4],
        ['chorus', 4],
      ],
    );
    assert.deepEqual(track.inputs.sections[2]!.instruments, ['piano', 'drums']);
    assert.equal(track.inputs.melody.note_count, TUNE.length);
    assert.equal(track.music.bpm, 140);
    assert.deepEqual(
      track.music.sections.map((section) => section.name),
      ['intro', 'verse', 'chorus'],
    );

    const midi = readMidiFile(
      new Uint8Array(await (await page.request.get(`/v1/tracks/${trackId}/midi`)).body()),
    );
    const ticksPerBar = midi.ppq * 4;
    const pitched = midi.notes.filter((note) => note.channel !== 9);
    const tracks = new Set(pitched.map((note) => note.track));
    // The plan: 10 bars, and not one more than the ringing last chord.
    const lastTick = Math.max(...midi.notes.map((note) => note.startTick + note.durationTicks));
    assert.ok(
      lastTick > 9 * ticksPerBar && lastTick <= 11 * ticksPerBar,
      `the MIDI ends at bar ${lastTick / ticksPerBar}`,
    );
    // The melody: one track plays the tune note for note, moved only by octaves.
    const tuneTrack = [...tracks].find((index) => {
      const line = pitched
        .filter((note) => note.track === index)
        .sort((a, b) => a.startTick - b.startTick)
        .map((note) => note.pitch);
      for (let start = 0; start + TUNE.length <= line.length; start++) {
        const shift = line[start]! - TUNE[0]!;
        if (shift % 12 === 0 && TUNE.every((pitch, i) => line[start + i]! - shift === pitch)) return true;
      }
      return false;
    });
    assert.ok(tuneTrack !== undefined, 'a part plays the dropped melody');
    // The chords: in each bar of the plan, a harmony part (three or more pitch classes, not the
    // melody's part) sounds the bar's chord and nothing else.
    const followed: number[] = [];
    for (let bar = 0; bar < 10; bar++) {
      const chord = PROGRESSION[bar % PROGRESSION.length]!;
      const inBar = (note: { startTick: number }) =>
        note.startTick >= bar * ticksPerBar - 40 && note.startTick < (bar + 1) * ticksPerBar - 40;
      const harmony = [...tracks]
        .filter((index) => index !== tuneTrack)
        .map(
          (index) =>
            new Set(
              pitched.filter((note) => note.track === index && inBar(note)).map((note) => note.pitch % 12),
            ),
        );
      if (harmony.some((pcs) => pcs.size >= 3 && [...pcs].every((pc) => CHORD_TONES[chord]!.includes(pc))))
        followed.push(bar + 1);
    }
    assert.ok(followed.length >= 8, `bars that sound their chord: ${followed.join(', ')}`);
  });

  it('shows on the track page what the track was made from', async () => {
    await page.getByRole('heading', { name: 'Made from' }).waitFor();
    assert.equal(await page.getByTestId('made-from-chords').textContent(), PROGRESSION.join(' '));
    assert.equal(await page.getByTestId('made-from-plan').locator('li').count(), 3);
    assert.match((await page.getByTestId('made-from-melody').textContent()) ?? '', /8 notes/);
    await screenshot(page, SCREENSHOT_DIR, '13-track-made-from');
    await assertAccessible(page, 'the track page');
  });

  it('extends the track from its page, naming the cost, and opens the new track with live progress', async () => {
    await page.getByRole('button', { name: 'Extend…' }).click();
    const panel = page.getByRole('form', { name: 'Extend' });
    await panel.getByText(/1 credit · you have 12/).waitFor();
    await panel.getByLabel('Seconds to add').fill('6');
    await screenshot(page, SCREENSHOT_DIR, '14-track-extend');
    await assertAccessible(page, 'the extend panel');
    await panel.getByRole('button', { name: 'Extend by 6 s' }).click();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/studio/tracks/trk_') && !url.pathname.endsWith(trackId),
    );
    extensionId = /trk_\w+/.exec(page.url())![0];
    await page.locator('.job [role="status"], .player').first().waitFor();
    if (await page.locator('.job').count()) await screenshot(page, SCREENSHOT_DIR, '15-extension-progress');
    await page.locator('.player').waitFor({ timeout: GENERATION_TIMEOUT_MS });
    await page.getByText('Extends').waitFor();
    // It follows the original's chords and plan, and says so.
    assert.equal(await page.getByTestId('made-from-chords').textContent(), PROGRESSION.join(' '));
    const extension = (await (await page.request.get(`/v1/tracks/${extensionId}`)).json()) as {
      kind: string;
      parent_track_id: string;
      duration_seconds: number;
    };
    assert.equal(extension.kind, 'extension');
    assert.equal(extension.parent_track_id, trackId);
    assert.ok(
      extension.duration_seconds > trackSeconds,
      `${extension.duration_seconds} s after ${trackSeconds} s`,
    );
  });

  it('makes a variation that keeps the parts picked', async () => {
    await page.goto(`/studio/tracks/${trackId}`);
    await page.getByRole('button', { name: 'Make a variation…' }).click();
    const panel = page.getByRole('form', { name: 'Make a variation' });
    assert.ok(await panel.getByLabel('Drums').isChecked());
    await panel.getByLabel('Lead melody').check();
    await panel.getByText(/1 credit · you have 11/).waitFor();
    await screenshot(page, SCREENSHOT_DIR, '16-track-variation');
    await assertAccessible(page, 'the variation panel');
    const asked = page.waitForRequest((request) =>
      request.url().endsWith(`/v1/tracks/${trackId}/variations`),
    );
    await panel.getByRole('button', { name: 'Make the variation' }).click();
    assert.deepEqual(((await asked).postDataJSON() as { keep: string[] }).keep.sort(), [
      'bass',
      'drums',
      'lead',
    ]);
    await page.waitForURL(
      (url) => url.pathname.startsWith('/studio/tracks/trk_') && !url.pathname.endsWith(trackId),
    );
    const variationId = /trk_\w+/.exec(page.url())![0];
    await page.locator('.player').waitFor({ timeout: GENERATION_TIMEOUT_MS });
    await page.getByText('A variation of').waitFor();
    const variation = (await (await page.request.get(`/v1/tracks/${variationId}`)).json()) as {
      kind: string;
      status: string;
    };
    assert.deepEqual([variation.kind, variation.status], ['variation', 'ready']);
  });

  it('never shows a track that answered late on the page of the track opened after it', async () => {
    await page.goto(`/studio/tracks/${extensionId}`);
    await page.getByText('Extends').waitFor();
    // The original answers two seconds late; meanwhile the person goes back to the extension.
    let releaseOriginal: () => void = () => {};
    const originalAsked = new Promise<void>((resolve) => {
      void page.route(`**/v1/tracks/${trackId}`, async (route) => {
        resolve();
        await new Promise<void>((release) => {
          releaseOriginal = release;
        });
        await route.continue();
      });
    });
    await page.getByRole('link', { name: 'the original track' }).click();
    await originalAsked;
    await page.goBack();
    await page.getByText('Extends').waitFor();
    const late = page.waitForResponse((response) => response.url().endsWith(`/v1/tracks/${trackId}`));
    releaseOriginal();
    await late;
    // Two frames after the late answer arrived: time for it to reach the page, were it applied.
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    assert.ok(page.url().endsWith(extensionId));
    assert.ok(await page.getByText('Extends').isVisible(), 'the extension is still shown');
    await page.unroute(`**/v1/tracks/${trackId}`);
  });

  it('makes a track again with changes: the form starts from its chords, plan and melody', async () => {
    await page.goto(`/studio/tracks/${trackId}`);
    await page.getByRole('link', { name: 'Make again with changes' }).click();
    await page.waitForURL(/\/studio\/create\?from=trk_/);
    await page.getByText(/It followed a melody of 8 notes: it is loaded below/).waitFor();
    // the note shows as the source track arrives and the form is filled just after: read at once,
    // the chords box was sometimes still empty
    const chords = page.getByLabel(/^Chords/);
    for (let tries = 0; tries < 50 && (await chords.inputValue()) !== PROGRESSION.join(' '); tries++)
      await page.waitForTimeout(100);
    assert.equal(await chords.inputValue(), PROGRESSION.join(' '));
    assert.equal(await page.getByRole('slider', { name: /^Bars of / }).count(), 3);
    assert.equal(await page.getByLabel('Prompt').inputValue(), 'warm indie pop with piano');
    // the melody it followed, back from the API, drawn before a credit is spent
    await page.getByRole('img', { name: 'Piano roll of the melody it followed: 8 notes' }).waitFor();
    assert.equal(await page.locator('svg.piano-roll rect.note').count(), TUNE.length);
    await screenshot(page, SCREENSHOT_DIR, '17-create-again');
    await assertAccessible(page, 'the create page making a track again');
    // made again, the new track follows the same melody
    const asked = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/v1/tracks',
    );
    await page.getByRole('button', { name: 'Create track' }).click();
    const sent = (await asked).postDataJSON() as { melody?: string };
    assert.ok(sent.melody, 'the create request carries the melody');
    const again = await (await asked).response();
    const remade = (await again!.json()) as {
      id: string;
      inputs: { melody: { note_count: number; bpm: number } };
    };
    assert.deepEqual(remade.inputs.melody, { note_count: TUNE.length, bpm: 100, time_signature: null });
    const sentNotes = readMelody(new Uint8Array(Buffer.from(sent.melody, 'base64'))).notes;
    assert.deepEqual(
      sentNotes.map((note) => note.pitch),
      TUNE,
    );
  });

  it('fits every studio page into 390 and 360 px (dark) without sideways scrolling, axe clean', async () => {
    for (const width of [390, 360]) {
      // The narrower pass is in the dark scheme, so both schemes' colours meet axe.
      const phone = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height: 800 },
        colorScheme: width === 360 ? 'dark' : 'light',
      });
      await phone.addCookies(await context.cookies());
      const phonePage = await phone.newPage();
      for (const path of [
        '/studio/create',
        `/studio/create?from=${trackId}`,
        `/studio/tracks/${trackId}`,
        '/studio/library',
        '/studio/voices',
        '/studio/workspace',
        '/studio/signin',
      ]) {
        await phonePage.goto(path);
        await phonePage.locator('main h1').first().waitFor();
        if (path.startsWith('/studio/tracks/')) {
          await phonePage.getByRole('button', { name: 'Extend…' }).click();
          await phonePage.getByLabel('more sections').check();
        }
        if (path.includes('from='))
          await phonePage
            .getByRole('slider', { name: /^Bars of / })
            .first()
            .waitFor();
        const scrollWidth = await phonePage.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scrollWidth <= width, `${path} is ${scrollWidth} px wide on a ${width} px screen`);
        if (path.includes('from=') || path.startsWith('/studio/tracks/')) {
          const name = path.includes('from=') ? 'create' : 'track-extend';
          await screenshot(
            phonePage,
            SCREENSHOT_DIR,
            `${width === 390 ? '18' : '20'}-${name}-phone-${width}`,
          );
          await assertAccessible(phonePage, `${path} at ${width} px`);
        }
      }
      await phone.close();
    }
    assert.deepEqual(offsiteRequests, []);
  });
});
