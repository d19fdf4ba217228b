/** PromQL read with Prometheus' own grammar (@prometheus-io/lezer-promql), for the monitoring files' tests. */
import { parser } from '@prometheus-io/lezer-promql';

/** The metric names an expression selects; throws on an expression Prometheus would not parse. */
export function metricNamesOf(expr: string): string[] {
  const tree = parser.parse(expr);
  const names = new Set<string>();
  const cursor = tree.cursor();
  do {
    if (cursor.type.isError)
      throw new Error(`not PromQL at ${cursor.from}: ${expr.slice(Math.max(0, cursor.from - 20), cursor.from + 20)} (in ${expr})`);
    if (cursor.name === 'Identifier' && cursor.node.parent?.name === 'VectorSelector') names.add(expr.slice(cursor.from, cursor.to));
  } while (cursor.next());
  return [...names];
}

/** The series names in a Prometheus text exposition (histograms as their _bucket, _sum and _count). */
export function exposedSeries(text: string): Set<string> {
  return new Set(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)![0]),
  );
}
