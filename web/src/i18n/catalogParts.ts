/**
 * Which of a locale's messages the first page needs (issue 32, issue 31's first load): the sign-in
 * and sign-up pages, the shell, the shared words and the contracts' known messages come in the
 * locale's first chunk; every area's words (a student's pages, the notes, the class view…) in a
 * second one, loaded once someone is signed in. The build splits each catalog by this rule
 * (web/vite.config.ts); catalog.ts loads the parts.
 */
export const FIRST_PAGE_PREFIXES = ['auth', 'shell', 'common', 'error', 'time', 'settings', 'known'] as const;

export const onFirstPage = (id: string): boolean => FIRST_PAGE_PREFIXES.includes(id.split('.')[0] as (typeof FIRST_PAGE_PREFIXES)[number]);
