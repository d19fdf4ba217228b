/** The front-end build id (header x-tertulia-build), fixed at build time by web/vite.config.ts. */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : (import.meta.env?.VITE_BUILD_ID ?? 'dev');
