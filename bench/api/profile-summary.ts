// Self time of a .cpuprofile by where the code lives: a package under node_modules, a folder of
// apps/api/src, or node's internals; then the heaviest functions by self time and by total time
// (self + callees). Run: node --import tsx bench/api/profile-summary.ts file.cpuprofile
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
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
  const api = /apps\/api\/src\/((?:features\/|platform\/)?[^/]+)/.exec(url);
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

const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${placeOf(node)}:${node.callFrame.lineNumber + 1}`;
const selfByNode = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
});
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const selfByFunction = new Map<string, number>();
const totalByFunction = new Map<string, number>();
for (const [id, ms] of selfByNode) {
  const node = byId.get(id) as ProfileNode;
  selfByFunction.set(nameOf(node), (selfByFunction.get(nameOf(node)) ?? 0) + ms);
  // each function on the sample's stack counts once (recursion would count twice otherwise)
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const name = nameOf(byId.get(at) as ProfileNode);
    if (seen.has(name)) continue;
    seen.add(name);
    totalByFunction.set(name, (totalByFunction.get(name) ?? 0) + ms);
  }
}
for (const [title, table] of [
  ['self', selfByFunction],
  ['total', totalByFunction],
] as const) {
  console.log(`\nheaviest functions by ${title} time:`);
  for (const [name, ms] of [...table].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${name}`);
}
