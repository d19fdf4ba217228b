/** `npm run bench [-- <name>]`: eventstore (default), reservations, live, payroll, archive, web, feed, restore, classview or erasure. Each prints a table. */
const BENCHES: Record<string, string> = {
  eventstore: './eventstore.ts',
  reservations: './reservations.ts',
  live: './live.ts',
  payroll: './payroll.ts',
  archive: './archive.ts',
  web: './web.ts',
  feed: './feed.ts',
  restore: './restore.ts',
  classview: './classview.ts',
  erasure: './erasure.ts',
};
const bench = process.argv[2] ?? 'eventstore';
if (!BENCHES[bench]) {
  console.error(`usage: npm run bench [-- ${Object.keys(BENCHES).join(' | ')}]`);
  process.exit(2);
}
await import(BENCHES[bench]);

export {};
