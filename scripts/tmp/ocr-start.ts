import { startOcr } from '../../src/adapters/observer-camera/index.js';
for (const [workers, warmUp] of [[1, false], [2, false], [2, true]] as const) {
  const t = performance.now();
  const pool = await startOcr({ workers, warmUp });
  console.log(`workers=${workers} warmUp=${warmUp}: ${Math.round(performance.now() - t)} ms`);
  await pool.close();
}
