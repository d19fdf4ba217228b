import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { IMMUTABLE, mountWebApp } from './webAssets';

let dist: string;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-web-assets-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  const app = express();
  mountWebApp(app, dist, /^\/(?!assets\/).*/);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dist, { recursive: true, force: true });
});

function request(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${origin}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function writeAsset(name: string, body: string | Buffer, brotli?: string) {
  fs.writeFileSync(path.join(dist, 'assets', name), body);
  if (brotli !== undefined) fs.writeFileSync(path.join(dist, 'assets', `${name}.br`), brotli);
}

describe('the hashed assets', () => {
  it('are read from disk once: a name answers with the bytes first read, and its copies by Accept-Encoding', async () => {
    writeAsset('held-1a2b.js', 'export const first = 1;', 'brotli bytes');
    const first = await request('/assets/held-1a2b.js', { 'accept-encoding': 'br' });
    assert.equal(first.status, 200);
    assert.equal(first.headers['content-encoding'], 'br');
    assert.equal(first.body.toString(), 'brotli bytes');
    assert.equal(first.headers['cache-control'], IMMUTABLE);
    assert.match(first.headers['content-type'] ?? '', /^text\/javascript/);
    assert.match(first.headers.vary ?? '', /Accept-Encoding/);

    // A build never changes a hashed name's content: what is on disk now is not read again.
    writeAsset('held-1a2b.js', 'export const second = 2;', 'other brotli bytes');
    assert.equal((await request('/assets/held-1a2b.js', { 'accept-encoding': 'br' })).body.toString(), 'brotli bytes');
    const plain = await request('/assets/held-1a2b.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), 'export const first = 1;');
    assert.equal(Number(plain.headers['content-length']), plain.body.length);
  });

  it('answers HEAD without a body, a known ETag with 304, and a byte range from the file', async () => {
    writeAsset('ranged-3c4d.js', 'abcdefghijklmnopqrstuvwxyz');
    const head = await request('/assets/ranged-3c4d.js', {}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(Number(head.headers['content-length']), 26);
    assert.ok(head.headers.etag);

    const again = await request('/assets/ranged-3c4d.js', { 'if-none-match': head.headers.etag! });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);

    const range = await request('/assets/ranged-3c4d.js', { range: 'bytes=2-5' });
    assert.equal(range.status, 206);
    assert.equal(range.body.toString(), 'cdef');
  });

  it('streams a file too large to hold from disk on every request', async () => {
    const large = Buffer.alloc(3 * 1024 * 1024, 'a');
    writeAsset('large-5e6f.js', large);
    assert.equal((await request('/assets/large-5e6f.js')).body.length, large.length);
    writeAsset('large-5e6f.js', 'small now');
    assert.equal((await request('/assets/large-5e6f.js')).body.toString(), 'small now');
  });

  it('404s a name that is not there (and serves it once a build adds it), a compressed copy by name, and a path out of the folder', async () => {
    assert.equal((await request('/assets/later-7a8b.js')).status, 404);
    writeAsset('later-7a8b.js', 'export {};', 'br');
    assert.equal((await request('/assets/later-7a8b.js')).status, 200);
    assert.equal((await request('/assets/later-7a8b.js.br')).status, 404);
    assert.equal((await request('/assets/..%2Findex.html')).status, 404);
  });
});
