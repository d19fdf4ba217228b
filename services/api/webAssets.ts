/**
 * The built web app (web/dist) over HTTP. The build names every file under /assets/ by a hash of
 * its content, so those are cached for a year as immutable, and it leaves a brotli (.br) and a
 * gzip (.gz) copy beside each text asset (web/vite.config.ts, precompress): the copy the request's
 * Accept-Encoding prefers is sent as it is, with the original's Content-Type, its own
 * Content-Encoding and `Vary: Accept-Encoding`. index.html (the SPA's page for every other path)
 * is `no-cache`, so a new deploy's asset names reach browsers at once; a signed-in person's copy
 * carries the answers to its first queries (./firstPageData.ts) and is `no-store`.
 */
import express from 'express';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FirstPageAnswer } from '../../contracts/firstPageData';
import { withFirstPageAnswers } from './firstPageData';
import { sendError } from './httpErrors';
import { HttpMessages } from './apiMessages';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The encodings the build writes beside an asset, with their file suffix, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The q-value the client gives `coding` in an Accept-Encoding header (RFC 9110 12.5.3): its own
 * entry, else `*`'s, else 0 (identity: 1 unless refused).
 */
export function acceptedQuality(header: string | undefined, coding: string): number {
  let own: number | undefined;
  let any: number | undefined;
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const quality = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    if (token === coding) own = quality;
    else if (token === '*') any = quality;
  }
  if (own !== undefined) return own;
  if (any !== undefined) return any;
  return coding === 'identity' ? 1 : 0;
}

/** The stored encoding to send: the client's highest q among those on disk (brotli on a tie). */
function chooseEncoding(header: string | undefined, file: string) {
  let best: (typeof ENCODINGS)[number] | null = null;
  let bestQ = 0;
  for (const encoding of ENCODINGS) {
    const q = acceptedQuality(header, encoding.name);
    if (q > bestQ && fs.existsSync(file + encoding.suffix)) {
      best = encoding;
      bestQ = q;
    }
  }
  return best && bestQ >= acceptedQuality(header, 'identity') ? best : null;
}

/** Hashed assets: /assets/<name>, compressed copy by Accept-Encoding, immutable; 404 when absent. */
function assetsHandler(assetsDir: string): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound);
    }
    const file = path.join(assetsDir, path.normalize(relative));
    // Only files the build wrote, never a path out of the folder, never the .br/.gz copies by name.
    if (!file.startsWith(assetsDir + path.sep) || /\.(br|gz)$/i.test(file) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound);
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], file);
    res.vary('Accept-Encoding');
    res.type(path.extname(file));
    if (encoding) res.setHeader('Content-Encoding', encoding.name);
    const name = path.relative(assetsDir, file) + (encoding ? encoding.suffix : '');
    res.sendFile(name, { root: assetsDir, maxAge: '1y', immutable: true, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

/** What the SPA's page carries besides the built file. */
export interface PageOptions {
  /** Headers every copy of the page gets. */
  headers?: (res: express.Response) => void;
  /** The answers to write into a signed-in page (./firstPageData.ts); none sends the file as built. */
  answers?: (req: express.Request) => Promise<FirstPageAnswer[]>;
}

/** index.html as built, read again only when the file changes. */
function builtPage(dist: string): () => string {
  const file = path.join(dist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/** Sends a page made for one request: never stored by any cache, compressed as the client accepts. */
function sendPersonalPage(req: express.Request, res: express.Response, html: string) {
  res.setHeader('Cache-Control', 'no-store');
  res.vary('Accept-Encoding');
  res.type('html');
  const accepted = req.headers['accept-encoding'];
  const body = Buffer.from(html);
  if (acceptedQuality(accepted, 'br') > 0) {
    res.setHeader('Content-Encoding', 'br');
    res.send(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (acceptedQuality(accepted, 'gzip') > 0) {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(zlib.gzipSync(body));
  } else res.send(body);
}

/** Mounts the web app from `dist`: /assets/*, then index.html for every path the SPA owns. */
export function mountWebApp(app: express.Express, dist: string, spaPaths: RegExp, page: PageOptions = {}): void {
  app.use('/assets', assetsHandler(path.join(dist, 'assets')));
  const revalidate = {
    index: false,
    cacheControl: false,
    setHeaders: (res: express.Response) => res.setHeader('Cache-Control', REVALIDATE),
  };
  app.use(express.static(dist, revalidate));
  const built = builtPage(dist);
  app.get(spaPaths, async (req, res, next) => {
    try {
      page.headers?.(res);
      // A signed-in copy differs by the cookie: no cache may answer one person's request with another's.
      res.vary('Cookie');
      const answers = req.method === 'GET' && page.answers ? await page.answers(req) : [];
      if (answers.length) return sendPersonalPage(req, res, withFirstPageAnswers(built(), answers));
      res.setHeader('Cache-Control', REVALIDATE);
      res.sendFile('index.html', { root: dist, cacheControl: false });
    } catch (error) {
      next(error);
    }
  });
}
