// Lyrics in the studio, in a real browser (Debian's chromium through playwright-core) against the
// real server with a generation worker on the small sound bank: tags inserted by a click, the
// engine's own check and the API's limits counted as typed, the API's 422 (lyrics that need more
// seconds than the track has) shown under the box with nothing charged, a voice picker that says
// which voices sing, then a sung track made through the page whose lyrics are found in the
// result's music.lyrics and its MIDI lyric events, shown on the track page and carried into a
// remake, with its timed lyrics in the download menu; the create page with lyrics, the library and
// the sung track page at 390 px, axe clean. Screenshots go to
// .tmp/studio-screenshots/.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

const SCREENSHOT_DIR = join(REPO_ROOT, '.tmp/studio-screenshots');
const GENERATION_TIMEOUT_MS = 300_000;
const SINGER = 'Nora Vale';
const LYRICS = ['Hold on to the feeling', 'never let it go'];
const CHORUS = ['sing it to the rafters'];

const skip = browserSuiteSkip('studio lyrics');

/** The words of the lyric meta events (FF 05) of a MIDI file, syllables joined ("feel-" "ing"). */
function midiLyricWords(bytes: Uint8Array): string[] {
  const syllables: string[] = [];
  for (let at = 0; at + 3 < bytes.length; at++) {
    if (bytes[at] !== 0xff || bytes[at + 1] !== 0x05) continue;
    let length = 0;
    let cursor = at + 2;
    for (let byte = 0x80; byte & 0x80; cursor++) {
      byte = bytes[cursor]!;
      length = (length << 7) | (byte & 0x7f);
    }
    syllables.push(Buffer.from(bytes.subarray(cursor, cursor + length)).toString('utf8'));
    at = cursor + length - 1;
  }
  return syllables
    .join(' ')
    .replace(/- /g, '')
    .split(/\s+/)
    .map((word) => word.toLowerCase().replace(/[^a-z']/g, ''))
    .filter(Boolean);
}

const wordsOf = (lines: string[]) =>
  lines
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z'\s]/g, '')
    .split(/\s+/)
    .filter(Boolean);

describe('lyrics in the studio in a real browser', { skip }, () => {
  let rig: StudioRig;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let baseUrl: string;
  let offsiteRequests: string[] = [];
  const email = `lyrics-${Date.now()}@example.com`;
  let trackId = '';

  before(async () => {
    rig = await startStudioRig(SCREENSHOT_DIR);
    ({ browser, context, baseUrl, offsiteRequests } = rig);
    page = await context.newPage();
    // Signed up through the dev mailbox (3 credits: the sung track and the remake).
    await signUpInStudio(page, baseUrl, email);
  });

  after(async () => {
    await rig?.stop();
  });

  const lyricsBox = () => page.getByRole('textbox', { name: /^Lyrics/ });

  it("inserts section tags by a click and counts the sung lines against the API's limits", async () => {
    await page.goto('/studio/create');
    await page.getByRole('heading', { name: 'Create a track' }).waitFor();
    await page.getByLabel('Prompt').fill('warm pop ballad, 100 bpm');
    await page.getByRole('button', { name: '[verse]' }).click();
    assert.equal(await lyricsBox().inputValue(), '[verse]\n');
    await lyricsBox().press('End');
    await page.keyboard.type(LYRICS.join('\n'));
    await page.getByRole('button', { name: '[chorus]' }).click();
    await page.keyboard.type(CHORUS.join('\n'));
    await page.getByRole('button', { name: '[chorus]' }).click();
    assert.equal(
      await lyricsBox().inputValue(),
      `[verse]\n${LYRICS.join('\n')}\n[chorus]\n${CHORUS.join('\n')}\n[chorus]\n`,
    );
    // the repeated chorus is sung again, and counts again, as the API counts it
    await page.getByTestId('lyrics-count').filter({ hasText: '4 / 120 sung lines' }).waitFor();
    assert.match((await page.getByTestId('lyrics-count').textContent()) ?? '', /\/ 3,000 characters/);
  });

  it("marks lyrics the singers cannot sing as typed, with the engine's sentence, before any request", async () => {
    const written = await lyricsBox().inputValue();
    await lyricsBox().fill(`${written}I have 2 cats + 1 dog`);
    await page
      .getByTestId('lyrics-error')
      .filter({ hasText: 'characters the singers cannot sing' })
      .waitFor();
    assert.equal(await lyricsBox().getAttribute('aria-invalid'), 'true');
    assert.ok(await page.getByRole('button', { name: 'Create track' }).isDisabled());
    await lyricsBox().fill(written);
    assert.equal(await page.getByTestId('lyrics-error').count(), 0);
    // numbers and the tag words other tools write are sung, not refused
    await lyricsBox().fill(`[Intro]\n${written}[Hook]\nWe were 17 in 1999\n[Instrumental]\n[Hook]\n[Outro]`);
    await page.getByTestId('lyrics-count').filter({ hasText: '6 / 120 sung lines' }).waitFor();
    assert.equal(await page.getByTestId('lyrics-error').count(), 0);
    await lyricsBox().fill(written);
  });

  it('says which voices sing, who sings without one, and refuses a voice that takes no lyrics', async () => {
    const voice = page.locator('select[name="voice"]');
    assert.equal(
      await voice.locator('option:checked').textContent(),
      'Any singer (the engine picks)',
      'with lyrics, no voice means a singer the engine picks',
    );
    await page
      .getByTestId('lyrics-voice')
      .filter({ hasText: 'the engine picks one of its singers' })
      .waitFor();
    const sung = await voice.locator('optgroup[label="Sing lyrics"] option').allTextContents();
    assert.ok(
      sung.some((name) => name.startsWith(SINGER)),
      sung.join(', '),
    );
    const wordless = voice.locator('optgroup[label^="No lyrics"] option').first();
    await voice.selectOption(await wordless.getAttribute('value'));
    await page.getByTestId('lyrics-voice').filter({ hasText: 'takes no lyrics' }).waitFor();
    assert.ok(await page.getByRole('button', { name: 'Create track' }).isDisabled());
    await voice.selectOption({ label: `${SINGER} — sings` });
    await page
      .getByTestId('lyrics-voice')
      .filter({ hasText: `${SINGER} sings these lyrics` })
      .waitFor();
    assert.ok(await page.getByRole('button', { name: 'Create track' }).isEnabled());
  });

  it("shows the API's answer for lyrics longer than the track next to the box, charging nothing", async () => {
    await page.getByLabel('Duration (seconds)').fill('5');
    await page.getByText(/Costs 1 credit · you have 3/).waitFor();
    await page.getByRole('button', { name: 'Create track' }).click();
    const note = page.getByTestId('lyrics-error');
    await note.filter({ hasText: /need at least \d+ s/ }).waitFor();
    assert.match((await note.textContent()) ?? '', /the track is 5 s/);
    await page.getByText('The lyrics need a change').waitFor();
    await page.getByText(/Costs 1 credit · you have 3/).waitFor();
    await screenshot(page, SCREENSHOT_DIR, '30-create-lyrics-too-long');
    await assertAccessible(page, "the create page with the API's lyrics error");
  });

  it('makes a sung track and finds the lyrics in its music.lyrics and its MIDI lyric events', async () => {
    await page.getByLabel('Duration (seconds)').fill('20');
    assert.equal(await page.getByTestId('lyrics-error').count(), 0, 'a new duration clears the answer');
    await screenshot(page, SCREENSHOT_DIR, '31-create-lyrics');
    await page.getByRole('button', { name: 'Create track' }).click();
    await page.locator('.job [data-status="ready"]').waitFor({ timeout: GENERATION_TIMEOUT_MS });
    await page.getByRole('link', { name: 'Open the track' }).click();
    await page.waitForURL(/\/studio\/tracks\/trk_/);
    trackId = /trk_\w+/.exec(page.url())![0];
    const track = (await (await page.request.get(`/v1/tracks/${trackId}`)).json()) as {
      voice_id: string;
      inputs: { lyrics: string };
      music: {
        lyrics: {
          text: string;
          section: string;
          start: number;
          end: number;
          words: { text: string; start: number }[];
        }[];
      };
    };
    assert.match(track.inputs.lyrics, /^\[verse\]\nHold on to the feeling/);
    assert.deepEqual(
      track.music.lyrics.map((line) => line.text),
      [...LYRICS, ...CHORUS, ...CHORUS],
    );
    const midi = new Uint8Array(await (await page.request.get(`/v1/tracks/${trackId}/midi`)).body());
    assert.deepEqual(midiLyricWords(midi), wordsOf([...LYRICS, ...CHORUS, ...CHORUS]));
    // every word is timed inside its line, for a karaoke display
    const words = track.music.lyrics.flatMap((line) => line.words);
    assert.deepEqual(
      words.map((word) => word.text.toLowerCase()),
      wordsOf([...LYRICS, ...CHORUS, ...CHORUS]),
    );
    for (const line of track.music.lyrics)
      for (const word of line.words) assert.ok(word.start >= line.start && word.start < line.end, word.text);
  });

  it('shows the lyrics on the track page under what it was made from', async () => {
    await page.getByRole('heading', { name: 'Made from' }).waitFor();
    const shown = (await page.getByTestId('made-from-lyrics').textContent()) ?? '';
    for (const line of [...LYRICS, ...CHORUS]) assert.ok(shown.includes(line), line);
    // under the player the sung lines play from a click, the line being sung marked and its words lit
    const sungLines = page.getByTestId('sung-line');
    assert.deepEqual(
      (await sungLines.allTextContents()).map((text) => text.replace(/^.*?\d:\d\d\s*/, '')),
      [...LYRICS, ...CHORUS, ...CHORUS],
    );
    const track = (await (await page.request.get(`/v1/tracks/${trackId}`)).json()) as {
      music: { lyrics: { start: number }[] };
    };
    await sungLines.nth(1).getByRole('button').click();
    await page.locator('[data-testid="sung-line"][aria-current="true"] .sung').first().waitFor();
    const audio = page.locator('.player audio');
    await audio.evaluate((element: { pause(): void }) => element.pause());
    const seconds = await audio.evaluate((element: { currentTime: number }) => element.currentTime);
    assert.ok(
      seconds >= track.music.lyrics[1]!.start && seconds < track.music.lyrics[1]!.start + 2,
      `played from the line's start (${track.music.lyrics[1]!.start} s): at ${seconds} s`,
    );
    await screenshot(page, SCREENSHOT_DIR, '32-track-made-from-lyrics');
    await assertAccessible(page, 'the track page of a sung track');

    // the download menu offers the timed lyrics, and its LRC link holds the sung lines at their times
    await page.getByText('Download', { exact: true }).click();
    const lrcLink = page.getByRole('link', { name: 'Lyrics (LRC)' });
    await lrcLink.waitFor();
    for (const name of ['Lyrics (WebVTT)', 'Lyrics (SRT)'])
      assert.equal(await page.getByRole('link', { name }).count(), 1, name);
    const lrc = await (await page.request.get((await lrcLink.getAttribute('href'))!)).text();
    const minutesSeconds = (seconds: number) =>
      `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${(seconds % 60).toFixed(2).padStart(5, '0')}`;
    assert.ok(
      lrc.includes(`[${minutesSeconds(track.music.lyrics[1]!.start)}]${LYRICS[1]}\n`),
      `the second line at its start in:\n${lrc}`,
    );
    // the browser itself reads the WebVTT file as a <track>: a cue per sung line, timed as
    // music.lyrics, with the word times as timestamp nodes ("Hold on to the feeling": four)
    const vttHref = (await page.getByRole('link', { name: 'Lyrics (WebVTT)' }).getAttribute('href'))!;
    const cues = (await page.evaluate(`(async () => {
      const video = document.createElement('video');
      const element = document.createElement('track');
      element.kind = 'subtitles';
      element.src = ${JSON.stringify(vttHref)};
      video.append(element);
      document.body.append(video);
      element.track.mode = 'hidden';
      await new Promise((resolve, reject) => { element.onload = resolve; element.onerror = reject; });
      const cues = [...element.track.cues].map((cue) => ({
        start: cue.startTime,
        text: cue.getCueAsHTML().textContent,
        stamps: [...cue.getCueAsHTML().childNodes].filter((node) => node.nodeType === 7).length,
      }));
      video.remove();
      return cues;
    })()`)) as { start: number; text: string; stamps: number }[];
    assert.deepEqual(
      cues.map((cue) => [cue.start, cue.text.replace(/\s+/g, ' ')]),
      track.music.lyrics.map((line, i) => [line.start, [...LYRICS, ...CHORUS, ...CHORUS][i]]),
    );
    assert.equal(cues[0]!.stamps, LYRICS[0]!.split(' ').length - 1);
    await page.getByText('Download', { exact: true }).click();
  });

  it('makes the sung track again with its lyrics and its singer filled in', async () => {
    await page.getByRole('link', { name: 'Make again with changes' }).click();
    await page.waitForURL(/\/studio\/create\?from=trk_/);
    await page.getByText(/Making .* again/).waitFor();
    // the voice note names the voice now chosen: the track's singer. The banner shows as the source
    // track arrives and the form is filled just after, so the note is waited for before the box is
    // read (read at once, it was sometimes still empty)
    await page
      .getByTestId('lyrics-voice')
      .filter({ hasText: `${SINGER} sings these lyrics` })
      .waitFor();
    assert.match(await lyricsBox().inputValue(), /^\[verse\]\nHold on to the feeling\nnever let it go/);
  });

  it('fits the create page with lyrics, the library and the sung track page into 390 px, axe clean', async () => {
    const phone = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 800 } });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    for (const [path, name] of [
      [`/studio/create?from=${trackId}`, '33-create-lyrics-phone-390'],
      ['/studio/library', '34-library-phone-390'],
      [`/studio/tracks/${trackId}`, '35-track-sung-lyrics-phone-390'],
    ] as const) {
      await phonePage.goto(path);
      await phonePage.locator('main h1').first().waitFor();
      if (path.includes('from=')) await phonePage.getByText(/Making .* again/).waitFor();
      else if (path.includes('/tracks/')) await phonePage.getByTestId('sung-line').first().waitFor();
      else await phonePage.locator(`[data-track-id="${trackId}"]`).waitFor();
      const scrollWidth = await phonePage.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= 390, `${path} is ${scrollWidth} px wide on a 390 px screen`);
      await screenshot(phonePage, SCREENSHOT_DIR, name);
      await assertAccessible(phonePage, `${path} at 390 px`);
    }
    await phone.close();
    assert.deepEqual(offsiteRequests, []);
  });
});
