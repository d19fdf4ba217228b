import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { PART_NAMES, type Part, inPart, onFirstPage } from './src/i18n/catalogParts';
import { SIGNED_IN_KNOWN_MESSAGES } from '../contracts/i18n/signedInKnownMessages';
import { FIRST_PAGES, FIRST_PAGE_PRELOADS_FILE, type FirstPagePreloads } from '../contracts/firstPageData';
import { GENERATED_DIR, WEB_SRC, fragmentsByName, inlineDocuments, readWebDocuments } from '../scripts/webDocuments';

/** The front-end build id sent with every API request (header x-tertulia-build). */
function buildId(): string {
  if (process.env.VITE_BUILD_ID) return process.env.VITE_BUILD_ID;
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    return `${sha}-${Date.now().toString(36)}`;
  } catch {
    return `local-${Date.now().toString(36)}`;
  }
}

const api = 'http://127.0.0.1:3000';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text assets worth compressing (the build writes no images or fonts today). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text asset the
 * build emits under assets/, once, at build time; the server sends the copy the browser accepts
 * (services/api/webAssets.ts). A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'tertulia-precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      if (!fs.existsSync(assetsDir)) return;
      const files = fs.readdirSync(assetsDir).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(assetsDir, name);
          const source = await fs.promises.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: 9 }),
          ]);
          if (br.length < source.length) await fs.promises.writeFile(`${file}.br`, br);
          if (gz.length < source.length) await fs.promises.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Each `graphql(`…`)` call in web/src becomes its document in place (the object the generated
 * web/src/gql/graphql.ts holds), so a page's chunk carries its own documents. The generated
 * `graphql()` looks every document up in one map, which would put all of them in the first chunk
 * that calls it (the sign-in page's).
 */
function inlineGraphqlDocuments(): Plugin {
  let fragments: ReturnType<typeof fragmentsByName> | undefined;
  return {
    name: 'tertulia-graphql-documents',
    watchChange() {
      fragments = undefined;
    },
    transform(code, id) {
      if (!id.startsWith(`${WEB_SRC}/`) || id.startsWith(`${GENERATED_DIR}/`) || !code.includes('graphql(`')) return null;
      fragments ??= fragmentsByName(readWebDocuments());
      return { code: inlineDocuments(path.relative(WEB_SRC, id), code, fragments), map: null };
    },
  };
}

const WEB_CATALOG = /\/web\/src\/i18n\/messages\/([A-Za-z-]+)\.json$/;
const KNOWN_CATALOGS = fileURLToPath(new URL('../contracts/i18n/messages/', import.meta.url));
const COMPILED = '\0tertulia-messages:';
const PART_QUERY = /\?part=(\w+)$/;

/**
 * A locale's messages reach the browser as chunks, compiled (issue 32): the pages' catalog with the
 * contracts' known messages merged in, split by web/src/i18n/catalogParts.ts: the first page's words
 * (`<locale>.json`), and each further part (`<locale>.json?part=<name>`), which the first part's
 * module names in its `parts` (so the table of the parts costs the sign-in page nothing more than
 * the first part's chunk). Each ICU message is its syntax tree, so intl-messageformat formats
 * without its parser, which the build leaves out. A message that does not parse fails the build.
 */
/** The catalog file and part (none: the first page's) a compiled messages module is made from. */
function compiledCatalog(id: string): { file: string; part: string | undefined } {
  const [, file, part] = /^(.*?\.json)(?:\.(\w+))?\.js$/.exec(id.slice(COMPILED.length))!;
  return { file, part };
}

function compiledMessages(): Plugin {
  const noParser = fileURLToPath(new URL('../node_modules/@formatjs/icu-messageformat-parser/lib/no-parser.js', import.meta.url));
  return {
    name: 'tertulia-compiled-messages',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: noParser }] } }),
    async resolveId(source, importer, options) {
      const part = PART_QUERY.exec(source)?.[1];
      if (!(part || source.endsWith('.json')) || !importer) return null;
      if (part && !PART_NAMES.includes(part as Part)) throw new Error(`No message part ${part} (web/src/i18n/catalogParts.ts)`);
      const resolved = await this.resolve(part ? source.replace(PART_QUERY, '') : source, importer, { ...options, skipSelf: true });
      // Ends in .js so that Vite's JSON plugin leaves the compiled module alone.
      return resolved && WEB_CATALOG.test(resolved.id) ? `${COMPILED}${resolved.id}${part ? `.${part}` : ''}.js` : null;
    },
    load(id) {
      if (!id.startsWith(COMPILED)) return null;
      const { file, part } = compiledCatalog(id);
      const known = path.join(KNOWN_CATALOGS, `${WEB_CATALOG.exec(file)![1]}.json`);
      this.addWatchFile(file);
      this.addWatchFile(known);
      const messages: Record<string, string> = {
        ...JSON.parse(fs.readFileSync(file, 'utf8')),
        ...JSON.parse(fs.readFileSync(known, 'utf8')),
      };
      // Every message parsed, so a broken one fails the build whichever part it is in.
      const parsed = Object.entries(messages).map(([key, message]) => [key, parseIcu(message)] as const);
      const inThisPart = part ? (key: string) => inPart(key, part as Part) : onFirstPage;
      const compiled = `export default ${JSON.stringify(Object.fromEntries(parsed.filter(([key]) => inThisPart(key))))};`;
      if (part) {
        // The English of the known messages only signed-in pages show, by which the web recognises them (contracts/i18n/signedInKnownMessages.ts).
        const english = Object.fromEntries(Object.entries(SIGNED_IN_KNOWN_MESSAGES).filter(([key]) => inThisPart(key)));
        return Object.keys(english).length ? `${compiled}\nexport const knownEnglish = ${JSON.stringify(english)};` : compiled;
      }
      const loaders = PART_NAMES.map((name) => `${name}: () => import(${JSON.stringify(`${file}?part=${name}`)})`);
      return `${compiled}\nexport const parts = {${loaders.join(', ')}};`;
    },
  };
}

/**
 * Each language's messages (and each part of them) in a chunk of its own: left to Rollup, a part
 * smaller than experimentalMinChunkSize took in code other pages share (the archive's query
 * document went into the Portuguese payroll words), so an English page downloaded another
 * language's messages with it (issue 32: only the active locale's messages).
 */
function catalogChunk(id: string): string | undefined {
  if (!id.startsWith(COMPILED)) return undefined;
  const { file, part } = compiledCatalog(id);
  return `messages-${WEB_CATALOG.exec(file)![1]}${part ? `-${part}` : ''}`;
}

/** Libraries in their own long-lived chunks, apart from the app's code; each catalog in its own. */
function vendorChunk(id: string): string | undefined {
  const catalog = catalogChunk(id);
  if (catalog) return catalog;
  // Vite's preload helper, which the first-page catalogs' part loaders import: left alone, a manual
  // chunk takes in its dependencies and every page would load the English catalog for it.
  if (id.includes('vite/preload-helper')) return 'react';
  if (!id.includes('/node_modules/')) return undefined;
  // Apollo needs graphql's printer and visitor, not its parser: `gql` (graphql-tag, which Apollo
  // re-exports) and the parser are the admin's data provider's, in a chunk of their own, so that a
  // first page does not load them (issue 31). graphql-ws comes with the first subscription (lib/apollo.ts).
  if (
    /\/node_modules\/(graphql-tag\/|graphql\/(language\/(parser|lexer|source|tokenKind)|error\/syntaxError|utilities\/getIntrospectionQuery)\.)/.test(
      id,
    )
  )
    return 'graphql-parse';
  if (/\/node_modules\/(@apollo|graphql|@wry|optimism|zen-observable|ts-invariant)\//.test(id)) return 'apollo';
  if (id.includes('/node_modules/luxon/')) return 'luxon';
  if (/\/node_modules\/(@formatjs|intl-messageformat)\//.test(id)) return 'intl';
  if (/\/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
  return undefined;
}

/**
 * react-router's package resolves to its development build everywhere (its exports have no
 * production condition); builds take the production one, without the development warnings.
 */
function reactRouterProduction(): Plugin {
  const dist = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
  return {
    name: 'tertulia-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: dist('index.mjs') },
          { find: /^react-router\/dom$/, replacement: dist('dom-export.mjs') },
        ],
      },
    }),
  };
}

/**
 * tslib's CommonJS build for the CommonJS packages that `require` it (twilio-video, in the room's
 * own chunk). Rollup sees a `require` as a use of every export, and with one module shared, every
 * tslib helper (~11 KB) rode in the first-page chunk that holds Apollo's few (issue 31). Apollo's
 * `import { __assign } from 'tslib'` keeps the ES build, cut to what it uses.
 */
function tslibForCommonJs(): Plugin {
  return importFor('tertulia-tslib-for-commonjs', {
    source: 'tslib',
    importer: 'twilio-video',
    resolved: fileURLToPath(new URL('../node_modules/tslib/tslib.js', import.meta.url)),
  });
}

/** A build plugin resolving `source` to `resolved` for the modules of one package (`importer`), and for no other. */
function importFor(name: string, { source, importer, resolved }: { source: string; importer: string; resolved: string }): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'pre',
    resolveId: (id, from) => (id === source && from?.includes(`/node_modules/${importer}/`) ? resolved : null),
  };
}

/**
 * MUI's `createTheme` and `ThemeProvider` without its CSS-variables themes, which this app does not
 * use (its theme has neither `cssVariables` nor `colorSchemes`). For such a theme MUI takes its v5
 * path at run time, but both modules import the CSS-variables theme and provider too: ~20 KB raw on
 * every first page (issue 31). The stand-ins below are that v5 path, and refuse any other theme.
 */
function muiThemeWithoutCssVariables(): Plugin {
  const styles = fileURLToPath(new URL('../node_modules/@mui/material/esm/styles/', import.meta.url));
  const from = (file: string) => JSON.stringify(path.join(styles, file));
  const refusal = "throw new Error('This build leaves out MUI CSS-variables themes (web/vite.config.ts)')";
  const standIns = new Map([
    [
      path.join(styles, 'createTheme.js'),
      `import createThemeNoVars from ${from('createThemeNoVars.js')};
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) ${refusal};
  return createThemeNoVars(options, ...args);
}`,
    ],
    [
      path.join(styles, 'ThemeProvider.js'),
      `import * as React from 'react';
import { jsx } from 'react/jsx-runtime';
import ThemeProviderNoVars from ${from('ThemeProviderNoVars.js')};
import THEME_ID from ${from('identifier.js')};
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) ${refusal};
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}`,
    ],
  ]);
  return {
    name: 'tertulia-mui-theme-without-css-variables',
    apply: 'build',
    load: (id) => standIns.get(id) ?? null,
  };
}

/**
 * Apollo Client's production mode in a build: Apollo runs its development checks (results deep-frozen
 * on every cache read, warnings, their messages) unless `globalThis.__DEV__` is false, and its docs
 * ask the bundler to say so; then the minifier drops that code too. The dev server keeps them.
 */
function apolloProduction(): Plugin {
  return {
    name: 'tertulia-apollo-production',
    apply: 'build',
    config: () => ({ define: { 'globalThis.__DEV__': 'false' } }),
  };
}

/**
 * Each signed-in first page's chunks (its modules in contracts/firstPageData.ts and what they import),
 * less those index.html loads already, and each catalog part's chunk, written to
 * FIRST_PAGE_PRELOADS_FILE for the server to name as module preloads in the page
 * (services/api/webAssets.ts). A listed module in no chunk fails the build.
 */
function firstPagePreloads(): Plugin {
  let sources = '';
  return {
    name: 'tertulia-first-page-preloads',
    apply: 'build',
    configResolved(config) {
      sources = path.resolve(config.root, 'src');
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOf = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
      const withImports = (chunk: Rollup.OutputChunk, into: Set<string>) => {
        if (into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const file of chunk.imports) withImports(byFile.get(file)!, into);
      };
      const inHtml = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) withImports(entry, inHtml);
      const preloads: FirstPagePreloads = { pages: {}, messages: {} };
      for (const page of FIRST_PAGES) {
        const files = new Set<string>();
        for (const module of page.modules) {
          const chunk = chunkOf.get(path.join(sources, module));
          if (!chunk) this.error(`${module}, a first page's module (contracts/firstPageData.ts), is in no chunk`);
          withImports(chunk, files);
        }
        preloads.pages[page.path.source] = [...files].filter((file) => !inHtml.has(file));
      }
      for (const chunk of chunks.filter((c) => c.facadeModuleId?.startsWith(COMPILED))) {
        const { file, part } = compiledCatalog(chunk.facadeModuleId!);
        preloads.messages[`${WEB_CATALOG.exec(file)![1]}${part ? `.${part}` : ''}`] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: FIRST_PAGE_PRELOADS_FILE, source: JSON.stringify(preloads, null, 1) });
    },
  };
}

/** ra-core's router adapter gets react-router-dom without the router it never makes (web/src/admin/router/reactRouterForAdmin.ts). */
function adminRouterInsideTheApp(): Plugin {
  return importFor('tertulia-admin-router-inside-the-app', {
    source: 'react-router-dom',
    importer: 'ra-core',
    resolved: fileURLToPath(new URL('./src/admin/router/reactRouterForAdmin.ts', import.meta.url)),
  });
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  esbuild: { jsx: 'automatic' },
  plugins: [
    reactRouterProduction(),
    apolloProduction(),
    tslibForCommonJs(),
    muiThemeWithoutCssVariables(),
    adminRouterInsideTheApp(),
    compiledMessages(),
    inlineGraphqlDocuments(),
    precompress(),
    firstPagePreloads(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in builds: web/dist is served to anyone, and maps would publish the source.
    // The dev server (`vite`) still has them; the API server also refuses any *.map.
    sourcemap: false,
    rollupOptions: {
      // Packages without side effects that do not say so in their package.json: @emotion/react
      // imports hoist-non-react-statics (and with it react-is 16) for its side effects only, for the
      // withTheme no page uses, so that every first page carried them (~5 KB raw, issue 31).
      treeshake: { moduleSideEffects: (id) => !/\/node_modules\/(hoist-non-react-statics|react-is)\//.test(id) },
      // Chunks under 4 KB merged into a neighbour when that changes no execution order (Rollup checks
      // they have no side effects): each request costs its headers and a slot of six connections.
      output: { manualChunks: vendorChunk, experimentalMinChunkSize: 4_000 },
      onwarn(warning, warn) {
        // MUI ships 'use client' directives, meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: api, ws: true },
      '/dev': { target: api },
      '/healthz': { target: api },
      '/payments': { target: api },
      '/api': { target: api },
      // A mail's public page (services/api/mailPage.ts), linked from the admin's notification.
      '^/mail/': { target: api },
    },
  },
});
