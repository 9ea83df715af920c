// Self time of a .cpuprofile by where the code lives: a package under node_modules, a folder of
// apps/api/src, or node's internals. Run: node --import tsx bench/api/profile-summary.ts file.cpuprofile
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
const profile = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

function placeOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const api = /apps\/api\/src\/([^/]+)/.exec(url);
  if (api) return `apps/api/src/${api[1]}`;
  if (url.startsWith('node:')) return 'node internals';
  return functionName ? `(${functionName})` : '(other)';
}

const selfMs = new Map<string, number>();
let totalMs = 0;
profile.samples.forEach((id, index) => {
  const node = byId.get(id);
  if (!node) return;
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  totalMs += ms;
  const place = placeOf(node);
  selfMs.set(place, (selfMs.get(place) ?? 0) + ms);
});
const rows = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 25);
for (const [place, ms] of rows)
  console.log(
    `${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${place}`,
  );
