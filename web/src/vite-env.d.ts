/// <reference types="vite/client" />

/** Defined at build time by web/vite.config.ts. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  readonly VITE_BUILD_ID?: string;
  /** Base address of the external support site (FAQ, terms, privacy, help centre). */
  readonly VITE_SUPPORT_URL?: string;
}

/** A catalog's second part: the areas' messages (web/src/i18n/catalogParts.ts, split by the build). */
declare module '*.json?areas' {
  const messages: Record<string, unknown>;
  export default messages;
}
