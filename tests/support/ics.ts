/** Reads an iCalendar text back (RFC 5545 unfolding): each property's first value and parameters. */
import assert from 'node:assert/strict';

export function parseIcs(text: string) {
  assert.ok(text.includes('\r\n'), 'lines end with CRLF');
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const props = new Map<string, string>();
  const params = new Map<string, string>();
  for (const line of lines) {
    // The first colon outside a quoted parameter value separates the name from the value.
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const [name, ...rest] = line.slice(0, colon).split(';');
    if (!props.has(name)) {
      props.set(name, line.slice(colon + 1));
      params.set(name, rest.join(';'));
    }
  }
  return { lines, get: (name: string) => props.get(name), params: (name: string) => params.get(name) ?? '' };
}
