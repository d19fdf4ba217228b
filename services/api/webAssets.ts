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
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { FIRST_PAGE_PRELOADS_FILE, type FirstPageAnswer, type FirstPagePreloads, firstPageAt } from '../../contracts/firstPageData';
import { acceptLanguageTags, isSupportedLocale, negotiateLocale } from '../../contracts/i18n/locales';
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

type Encoding = (typeof ENCODINGS)[number];

/** The copy to send among those `stored`: the client's highest q (brotli on a tie); null: the file as it is. */
function chooseEncoding(header: string | undefined, stored: (encoding: Encoding) => boolean): Encoding | null {
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of ENCODINGS) {
    const q = acceptedQuality(header, encoding.name);
    if (q > bestQ && stored(encoding)) {
      best = encoding;
      bestQ = q;
    }
  }
  return best && bestQ >= acceptedQuality(header, 'identity') ? best : null;
}

/** A hashed asset held in memory: the file's bytes and each compressed copy's, by suffix ('' for the file). */
interface HeldAsset {
  copies: Map<string, { bytes: Buffer; etag: string }>;
}

/** Assets up to this size are held in memory once read; a larger one is streamed from disk each time. */
const HELD_ASSET_BYTES = 2 * 1024 * 1024;
/** What the held assets may take together (a build is about 10 MB with its copies). */
const HELD_TOTAL_BYTES = 64 * 1024 * 1024;

function readIfThere(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The build's hashed assets, each read from disk once: a name's content never changes (its hash is
 * in the name), so after the first request a page load's fifty scripts cost no file system calls
 * (six for each through `sendFile`: a few hundred microseconds a script on a small VM). `null`: no
 * such file (not remembered: a later build may add it); `'on disk'`: too large to hold.
 */
function assetStore() {
  const held = new Map<string, HeldAsset | 'on disk'>();
  let heldBytes = 0;
  return (file: string): HeldAsset | 'on disk' | null => {
    const known = held.get(file);
    if (known) return known;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return null;
    if (stat.size > HELD_ASSET_BYTES || heldBytes + 2 * stat.size > HELD_TOTAL_BYTES) {
      held.set(file, 'on disk');
      return 'on disk';
    }
    const copies: HeldAsset['copies'] = new Map();
    for (const suffix of ['', ...ENCODINGS.map((encoding) => encoding.suffix)]) {
      const bytes = readIfThere(file + suffix);
      if (!bytes) continue;
      copies.set(suffix, { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` });
      heldBytes += bytes.length;
    }
    if (!copies.has('')) return null; // removed since its stat
    const asset = { copies };
    held.set(file, asset);
    return asset;
  };
}

/** Hashed assets: /assets/<name>, compressed copy by Accept-Encoding, immutable; 404 when absent. */
function assetsHandler(assetsDir: string): express.RequestHandler {
  const stored = assetStore();
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
    const asset = file.startsWith(assetsDir + path.sep) && !/\.(br|gz)$/i.test(file) ? stored(file) : null;
    if (!asset) return sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound);
    res.vary('Accept-Encoding');
    res.type(path.extname(file));
    const accepted = req.headers['accept-encoding'];
    if (asset === 'on disk' || req.headers.range) {
      // Large files, and byte ranges, as `send` serves them.
      const encoding = chooseEncoding(accepted, (e) => (asset === 'on disk' ? fs.existsSync(file + e.suffix) : asset.copies.has(e.suffix)));
      if (encoding) res.setHeader('Content-Encoding', encoding.name);
      const name = path.relative(assetsDir, file) + (encoding ? encoding.suffix : '');
      return res.sendFile(name, { root: assetsDir, maxAge: '1y', immutable: true, dotfiles: 'deny' }, (error) => {
        if (error && !res.headersSent) next(error);
      });
    }
    const encoding = chooseEncoding(accepted, (e) => asset.copies.has(e.suffix));
    const copy = asset.copies.get(encoding?.suffix ?? '')!;
    if (encoding) res.setHeader('Content-Encoding', encoding.name);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', copy.etag);
    if (req.fresh) return res.status(304).end();
    res.setHeader('Content-Length', copy.bytes.length);
    res.end(req.method === 'HEAD' ? undefined : copy.bytes);
  };
}

/** What the SPA's page carries besides the built file. */
export interface PageOptions {
  /** Headers every copy of the page gets. */
  headers?: (res: express.Response) => void;
  /** The answers to write into a signed-in page (./firstPageData.ts); none sends the file as built. */
  answers?: (req: express.Request) => Promise<FirstPageAnswer[]>;
}

/** A file of the build, parsed, read again only when it changes; `missing` when it is not there (else an error). */
function builtFile<T>(file: string, parse: (text: string) => T, missing?: T): () => T {
  let cached: { mtimeMs: number; value: T } | null = null;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: missing === undefined });
    if (!stat) return missing as T;
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, value: parse(fs.readFileSync(file, 'utf8')) };
    return cached.value;
  };
}

/**
 * `html` with a module preload for each of the first page's chunks (web/vite.config.ts,
 * firstPagePreloads) before `</head>`: a slow line fetches them beside the entry instead of after
 * it has run. Names as the build wrote them (hashed file names, nothing from the request).
 */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const links = files
    .filter((file) => /^assets\/[\w.-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const at = html.indexOf('</head>');
  return !links || at < 0 ? html : html.slice(0, at) + links + html.slice(at);
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

/**
 * The chunks of the first page `req` asks for: its catalog parts' first, in the language the page
 * will start in (the account's, which the page's answers carry, else the request's languages: the
 * web's own choice, web/src/i18n/preference.ts), then its code.
 */
function firstPageChunks(preloads: FirstPagePreloads, req: express.Request, answers: FirstPageAnswer[]): string[] {
  const page = firstPageAt(req.path);
  if (!page) return [];
  const setting = (answers.find((a) => a.operationName === 'AccountLocale')?.data as { me?: { locale?: unknown } } | undefined)?.me?.locale;
  const locale = isSupportedLocale(setting) ? setting : negotiateLocale(acceptLanguageTags(req.headers['accept-language'] ?? null));
  const messages = [locale, ...page.parts.map((part) => `${locale}.${part}`)].map((key) => preloads.messages[key]);
  return [...messages.filter((file) => file !== undefined), ...(preloads.pages[page.path.source] ?? [])];
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
  const built = builtFile(path.join(dist, 'index.html'), (html) => html);
  const preloads = builtFile<FirstPagePreloads>(path.join(dist, FIRST_PAGE_PRELOADS_FILE), JSON.parse, { pages: {}, messages: {} });
  app.get(spaPaths, async (req, res, next) => {
    try {
      page.headers?.(res);
      // A signed-in copy differs by the cookie: no cache may answer one person's request with another's.
      res.vary('Cookie');
      const answers = req.method === 'GET' && page.answers ? await page.answers(req) : [];
      if (answers.length) {
        const html = withModulePreloads(withFirstPageAnswers(built(), answers), firstPageChunks(preloads(), req, answers));
        return sendPersonalPage(req, res, html);
      }
      res.setHeader('Cache-Control', REVALIDATE);
      res.sendFile('index.html', { root: dist, cacheControl: false });
    } catch (error) {
      next(error);
    }
  });
}
