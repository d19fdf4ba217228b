/**
 * A progress line for long CLI work: done of total with the rate so far, redrawn in place on a
 * terminal (at most twice a second) and printed as a line every 5 seconds otherwise.
 */
export const rate = (n: number, ms: number) => `${Math.round(n / Math.max(ms / 1000, 0.001)).toLocaleString('en-US')}/s`;

export function progressLine(out: NodeJS.WriteStream = process.stdout) {
  const tty = out.isTTY;
  const started = new Map<string, number>();
  let last = 0;
  let drawn = false;
  return {
    update(label: string, done: number, total: number, unit: string) {
      if (!started.has(label)) started.set(label, Date.now());
      const now = Date.now();
      if (now - last < (tty ? 500 : 5000) && (!total || done < total)) return;
      last = now;
      const share = total ? `${(Math.min(1, done / total) * 100).toFixed(0).padStart(3)}%  ` : '';
      const text = `${label} ${share}${done.toLocaleString('en-US')}${total ? ` / ${total.toLocaleString('en-US')}` : ''} ${unit}  ${rate(done, now - started.get(label)!)}`;
      if (tty) {
        out.write(`\r\x1b[K${text}`);
        drawn = true;
      } else out.write(`${text}\n`);
    },
    /** Ends the line being redrawn, before other output. */
    clear() {
      if (drawn) out.write('\r\x1b[K');
      drawn = false;
    },
  };
}
