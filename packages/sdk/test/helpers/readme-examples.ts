// The README's ```js examples as one ES module, in order, with their imports hoisted to the top,
// so a test can run every example exactly as a reader would paste it.
import { readFileSync } from 'node:fs';

export function readmeExamplesModule(readmePath: string): string {
  const blocks = [...readFileSync(readmePath, 'utf8').matchAll(/```js\n([\s\S]*?)```/g)].map(
    (match) => match[1]!,
  );
  const imports = new Set<string>();
  const bodies: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    for (const line of lines.filter((text) => text.startsWith('import '))) imports.add(line);
    bodies.push(lines.filter((text) => !text.startsWith('import ')).join('\n'));
  }
  return `${[...imports].join('\n')}\n${bodies.join('\n')}\nconsole.log('README examples done');\n`;
}
