/**
 * The built web app over HTTP (issue 11, first load): hashed assets precompressed at build time
 * and sent in the encoding the request accepts (brotli, else gzip, else as they are) with the
 * original's Content-Type and `Vary: Accept-Encoding`, cached a year as immutable; index.html
 * revalidated on every load. Here, beside the browser tests, because the test run builds
 * web/dist for them; no browser is needed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from '@playwright/test';
import { startTestApp, type TestApp } from '../support/app';
import { acceptedQuality } from '../../services/api/webAssets';

const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

let app: TestApp;
test.beforeAll(async () => {
  app = await startTestApp({}, 'e2e-static-assets');
});
test.afterAll(async () => app?.close());

/** The raw response (no decoding), so the bytes on the wire can be compared with the files. */
function get(pathname: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${app.url}${pathname}`,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
  });
}

test.describe('the web app over HTTP', () => {
  test('sends each hashed script in the encoding the request accepts, immutable for a year', async () => {
    const page = await get('/auth/sign_in');
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page.body.toString())?.[1];
    assert.ok(entry, 'index.html names its entry script');
    const file = path.join(WEB_DIST, entry);
    const original = fs.readFileSync(file);
    const cases: [string | undefined, string | undefined, Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', fs.readFileSync(`${file}.br`)],
      ['br', 'br', fs.readFileSync(`${file}.br`)],
      ['gzip, deflate', 'gzip', fs.readFileSync(`${file}.gz`)],
      ['br;q=0, gzip', 'gzip', fs.readFileSync(`${file}.gz`)],
      ['gzip;q=1, br;q=0.5', 'gzip', fs.readFileSync(`${file}.gz`)],
      ['identity', undefined, original],
      [undefined, undefined, original],
    ];
    for (const [accept, encoding, bytes] of cases) {
      const res = await get(entry, accept);
      assert.equal(res.status, 200, `${accept}`);
      assert.equal(res.headers['content-encoding'], encoding, `Accept-Encoding: ${accept}`);
      assert.match(res.headers['content-type'] ?? '', /^text\/javascript; charset=utf-8$/i, `${accept}: the script's own type`);
      assert.match(res.headers.vary ?? '', /Accept-Encoding/i);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(res.body.equals(bytes), `${accept}: the stored copy as it is`);
      assert.equal(Number(res.headers['content-length']), bytes.length);
    }
    assert.ok(fs.readFileSync(`${file}.br`).length < fs.readFileSync(`${file}.gz`).length, 'brotli is the smaller copy');
  });

  test('revalidates index.html and 404s an asset that is not there, without the page', async () => {
    for (const p of ['/auth/sign_in', '/student/home', '/index.html']) {
      const res = await get(p, 'br');
      assert.equal(res.status, 200, p);
      assert.equal(res.headers['cache-control'], 'no-cache', `${p} is revalidated on every load`);
      assert.match(res.headers['content-type'] ?? '', /^text\/html/, p);
      assert.match(res.body.toString(), /<div id="root">/, p);
    }
    for (const p of [
      '/assets/no-such-chunk-0000.js',
      `/assets/${path.basename(fs.readdirSync(path.join(WEB_DIST, 'assets')).find((f) => f.endsWith('.js.br'))!)}`,
    ]) {
      const res = await get(p, 'br');
      assert.equal(res.status, 404, p);
      assert.doesNotMatch(res.body.toString('latin1'), /<div id="root">/, `${p} is not answered with the page`);
    }
  });

  test('reads Accept-Encoding by its q-values', () => {
    assert.equal(acceptedQuality('gzip, br;q=0.5', 'br'), 0.5);
    assert.equal(acceptedQuality('br;q=0', 'br'), 0);
    assert.equal(acceptedQuality('*', 'br'), 1);
    assert.equal(acceptedQuality('*;q=0.2, gzip', 'br'), 0.2);
    assert.equal(acceptedQuality('gzip', 'br'), 0);
    assert.equal(acceptedQuality('', 'identity'), 1);
    assert.equal(acceptedQuality('identity;q=0', 'identity'), 0);
  });
});

test.describe("the first pages' scripts", () => {
  test('load luxon only with the availability calendar, which no page imports statically (issue 31)', () => {
    const assets = fs.readdirSync(path.join(WEB_DIST, 'assets')).filter((f) => f.endsWith('.js'));
    const code = new Map(assets.map((f) => [f, fs.readFileSync(path.join(WEB_DIST, 'assets', f), 'utf8')]));
    const importersOf = (chunk: string) =>
      assets.filter((f) => new RegExp(`(from|import)\\s*"\\./${chunk.replace(/[.]/g, '\\.')}"`).test(code.get(f)!));
    const luxon = assets.filter((f) => f.startsWith('luxon-'));
    assert.equal(luxon.length, 1, `luxon is one chunk: ${luxon.join(', ')}`);
    const importers = importersOf(luxon[0]);
    assert.ok(importers.length > 0, 'the availability calendar imports it');
    assert.deepEqual(
      importers.filter((f) => !f.startsWith('AvailabilityPage-')),
      [],
      'only the availability page imports luxon',
    );
    for (const page of importers) assert.deepEqual(importersOf(page), [], `${page} is loaded lazily`);
    assert.ok(!fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8').includes(luxon[0]), 'the page does not preload luxon');
  });
});
