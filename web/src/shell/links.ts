/**
 * External support pages (spec 1, Shell). The support site's address is configuration
 * (VITE_SUPPORT_URL at build time); the default is a reserved placeholder domain.
 */
const SUPPORT = (import.meta.env.VITE_SUPPORT_URL ?? 'https://support.tertulia.example').replace(/\/$/, '');

export const EXTERNAL_LINKS = {
  about: `${SUPPORT}/about`,
  faq: `${SUPPORT}/faq`,
  terms: `${SUPPORT}/terms`,
  privacy: `${SUPPORT}/privacy`,
  helpCentre: `${SUPPORT}/help`,
  /** The instructor sidebar's Quick Start (spec 3): the support site's first steps for instructors. */
  instructorQuickStart: `${SUPPORT}/help/instructor-quick-start`,
  domainAllowlist: `${SUPPORT}/help/essential-domains`,
  videoDiagnostics: 'https://zoom.us/test',
  speedTest: 'https://www.speedtest.net/',
} as const;
