/**
 * Sends one fuzzed request and judges the answer: JSON (never HTML), no 5xx, no stack trace, no
 * INTERNAL_SERVER_ERROR. Violations are collected (not thrown) so that one run reports every
 * distinct failure, grouped by cause, instead of stopping at the first.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import type { TestApp } from '../app';

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  json: any;
  ms: number;
}

/**
 * A pooled connection the server closed as idle just as the request went out (Node's server ends
 * keep-alive sockets after 5 s) fails before any answer: that request is sent once more on a new
 * connection. Anything else, and a second such failure, is the server's to answer for.
 */
const IDLE_SOCKET_CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

export async function post(url: string, body: string, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<Answer> {
  const started = Date.now();
  const send = () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  const res = await send().catch((error: unknown) => {
    if (IDLE_SOCKET_CLOSED.has((error as { cause?: { code?: string } }).cause?.code ?? '')) return send();
    throw error;
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json, ms: Date.now() - started };
}

const STACK = /\n\s+at [^\n]+:\d+:\d+|\bat (?:async )?[\w.<>]+ \((?:file:\/\/)?\/[^)]+:\d+:\d+\)/;

/** What is wrong with an answer outside GraphQL's own errors (transport, format, leaks). */
export function transportProblems(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  if (!/^application\/(graphql-response\+)?json\b/i.test(answer.contentType))
    problems.push(`content-type ${answer.contentType || '(none)'}`);
  if (/<!doctype html|<html[\s>]/i.test(answer.text)) problems.push('an HTML page');
  if (answer.json === undefined) problems.push('a body that is not JSON');
  if (STACK.test(answer.text)) problems.push('a stack trace in the body');
  return problems;
}

/** Truncates long strings in a value for printing (a 100,000-character string shows as its start and length). */
export function truncate(value: unknown, max = 60): unknown {
  if (typeof value === 'string') {
    const shown = JSON.stringify(value.length > max ? value.slice(0, max) : value).slice(1, -1);
    return value.length > max ? `${shown}…(${value.length} chars)` : shown;
  }
  if (Array.isArray(value))
    return value
      .slice(0, 6)
      .map((v) => truncate(v, max))
      .concat(value.length > 6 ? [`…(${value.length} items)`] : []);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, truncate(v, max)]));
  return value;
}

/** The argument paths holding something hostile, in words: `input.name: 100000 chars`, `input.reason: NUL`. */
export function hostileParts(value: unknown, path = ''): string[] {
  if (typeof value === 'string') {
    const notes: string[] = [];
    if (value.includes('\u0000')) notes.push('NUL');
    if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value)) notes.push('lone surrogate');
    if (value.length > 200) notes.push(`${value.length} chars`);
    if (value === '') notes.push('empty');
    if (['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty'].includes(value)) notes.push('a prototype key');
    return notes.length ? [`${path}: ${notes.join(', ')}`] : [];
  }
  if (typeof value === 'number') return Math.abs(value) >= 1_000_000 || !Number.isInteger(value) ? [`${path}: ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => hostileParts(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => hostileParts(v, path ? `${path}.${k}` : k));
  return [];
}

/**
 * Captures what the server logs at warn and above (the original error behind an
 * INTERNAL_SERVER_ERROR) by swapping the runtime's logger: requests are sent one at a time, so
 * the lines since the last `take()` belong to the last request.
 */
export function captureServerLog(app: TestApp) {
  let lines: any[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        try {
          lines.push(JSON.parse(line));
        } catch {
          lines.push({ msg: line });
        }
      }
      done();
    },
  });
  app.runtime.log = pino({ level: 'warn' }, sink);
  return {
    take(): { msg: string; error?: string }[] {
      const out = lines.map((l) => ({
        msg: l.msg,
        error: l.err ? `${l.err.type ?? 'Error'}: ${l.err.message}`.replace(/\s+/g, ' ').slice(0, 300) : undefined,
      }));
      lines = [];
      return out;
    },
  };
}

export interface Failure {
  role: string;
  operation: string;
  problem: string;
  message: string;
  variables: unknown;
  hostile: string[];
  serverError?: string;
}

/**
 * Failures grouped by cause: the problem and the server's error (or the answer's message) with
 * ids and numbers blurred; within a cause, the operations and the arguments that led there.
 */
export class FailureLog {
  readonly all: Failure[] = [];
  private readonly causes = new Map<string, { first: Failure; count: number; roles: Set<string>; operations: Map<string, Set<string>> }>();

  static causeOf(f: Failure) {
    const blur = (s: string) => s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>').replace(/\d+/g, 'N');
    return `${f.problem}: ${blur(f.serverError ?? f.message)}`;
  }

  /** Records a failure; true when it is new for its operation and cause (to print it once, as it happens). */
  add(f: Failure): boolean {
    this.all.push(f);
    const key = FailureLog.causeOf(f);
    const cause = this.causes.get(key) ?? { first: f, count: 0, roles: new Set<string>(), operations: new Map<string, Set<string>>() };
    this.causes.set(key, cause);
    cause.count += 1;
    cause.roles.add(f.role);
    const isNew = !cause.operations.has(f.operation);
    const args = cause.operations.get(f.operation) ?? new Set<string>();
    cause.operations.set(f.operation, args);
    for (const h of f.hostile) args.add(h.replace(/\[\d+\]/g, '[]'));
    return isNew;
  }

  get size() {
    return this.all.length;
  }

  static describe(f: Failure) {
    return [
      `${f.operation} as ${f.role}: ${f.problem}: ${f.message}`,
      f.serverError ? `  server log: ${f.serverError}` : null,
      f.hostile.length ? `  hostile arguments: ${f.hostile.join('; ')}` : null,
      `  variables: ${JSON.stringify(truncate(f.variables))}`,
    ]
      .filter(Boolean)
      .join('\n');
  }

  report(): string {
    return [...this.causes.values()]
      .sort((a, b) => b.operations.size - a.operations.size || b.count - a.count)
      .map(
        (c, i) =>
          `${i + 1}. ${c.first.problem}: ${c.first.serverError ?? c.first.message} (×${c.count}, as ${[...c.roles].join(', ')})\n` +
          [...c.operations]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(
              ([op, args]) =>
                `   ${op}${args.size ? `: ${[...args].slice(0, 6).join('; ')}${args.size > 6 ? `; …(${args.size - 6} more)` : ''}` : ''}\n`,
            )
            .join('') +
          `   e.g. ${c.first.operation} with ${JSON.stringify(truncate(c.first.variables, 40))}`,
      )
      .join('\n');
  }
}
