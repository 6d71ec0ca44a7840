import v8 from 'node:v8';
const before = process.memoryUsage().rss >> 20;
await import('/work/wt-memory/src/server/app.ts');
(globalThis as any).gc?.();
const u = process.memoryUsage();
console.log('rss before', before, 'after import app', u.rss >> 20, 'heapUsed', u.heapUsed >> 20, 'heapTotal', u.heapTotal >> 20);
for (const s of v8.getHeapSpaceStatistics()) if (s.space_used_size > 1 << 20) console.log(s.space_name, s.space_used_size >> 20);
