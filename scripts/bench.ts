import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

/** `npm run bench [name…]`: each benchmark under bench/ prints its figure as a ratio to a baseline measured in the same run. */
const wanted = new Set(process.argv.slice(2));
const benches = readdirSync('bench')
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('_'))
  .filter((file) => wanted.size === 0 || wanted.has(file.replace(/\.ts$/, '')));
let failures = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failures++;
}
process.exit(failures === 0 ? 0 : 1);
