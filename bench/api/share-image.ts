// What a share image (/t/{id}/image.png) costs: --count distinct cards drawn one after another
// through the same cache the route uses (apps/api/src/tracks/share/share-image.ts), after one
// warm-up render that loads the font and the native module. Prints wall and CPU time per new image
// (CPU of all threads: resvg runs on libuv's pool), the event loop's longest stall meanwhile (the
// SVG is built on it, the rasterising is not; beside the same while idle), the time to answer a
// kept image, and PNG sizes.
// Run: node --import tsx bench/api/share-image.ts [--count 20]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  createShareImages,
  shippedShareFontFiles,
} from '../../apps/api/src/features/tracks/share/share-image.js';
import { systemClock } from '../../apps/api/src/platform/shared/clock.js';

const { values } = parseArgs({ options: { count: { type: 'string', default: '20' } } });
const count = Number(values.count);
const images = createShareImages({ fonts: shippedShareFontFiles(), clock: systemClock });
const PEAKS = Array.from({ length: 400 }, (_, index) => (index % 2 ? 1 : -1) * Math.abs(Math.sin(index / 9)));
const MUSIC = {
  bpm: 90,
  key: 'D minor',
  time_signature: '4/4',
  genre: 'lo-fi hip hop',
  moods: [],
  instruments: [],
  sections: [],
};
const input = (title: string) => ({ title, prompt: title, music: MUSIC, peaks: PEAKS, durationSeconds: 30 });

const coldStartMs = performance.now();
await images.get('warm-up', async () => input('Warm up'));
const coldMs = performance.now() - coldStartMs;

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const sizes: number[] = [];
const cpuBefore = process.cpuUsage();
const wallStartMs = performance.now();
for (let index = 0; index < count; index++) {
  const image = await images.get(`bench-${index}`, async () =>
    input(`Sunny ukulele and handclaps, happy folk number ${index}`),
  );
  sizes.push(image.png.length);
}
const wallMs = (performance.now() - wallStartMs) / count;
const cpu = process.cpuUsage(cpuBefore);
loop.disable();

// The reference: the same monitor while the process only sleeps as long (on a shared machine the
// loop also stalls when the process is simply not scheduled).
const idle = monitorEventLoopDelay({ resolution: 5 });
idle.enable();
await new Promise((resolve) => setTimeout(resolve, wallMs * count));
idle.disable();

const hits = 10_000;
const hitStartMs = performance.now();
for (let index = 0; index < hits; index++) await images.get('bench-0', async () => input('never drawn'));
const hitUs = ((performance.now() - hitStartMs) / hits) * 1000;

console.log(`first image (font and native module loaded): ${coldMs.toFixed(0)} ms`);
console.log(
  `new image: wall ${wallMs.toFixed(1)} ms, CPU ${((cpu.user + cpu.system) / 1000 / count).toFixed(1)} ms (${count} images)`,
);
console.log(
  `event loop's longest stall: ${(loop.max / 1e6).toFixed(1)} ms while drawing, ${(idle.max / 1e6).toFixed(1)} ms while idle as long`,
);
console.log(`kept image: ${hitUs.toFixed(2)} µs`);
console.log(`PNG: ${Math.min(...sizes)}–${Math.max(...sizes)} bytes`);
