/**
 * The page a refused launch shows: what went wrong in the reader's language (Accept-Language; the
 * person is not signed in), and that nothing changed. Our own HTML, every value escaped, no script.
 */
import type express from 'express';
import { acceptLanguageTags, negotiateLocale } from '../../../contracts/i18n/locales';
import type { LaunchRefusal } from '../../domain/lti/claims';
import { translate, type ServerMessageId } from '../../i18n/translate';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const REFUSAL_MESSAGE: Record<LaunchRefusal | 'busy', ServerMessageId> = {
  signature: 'lti.refused.signature',
  audience: 'lti.refused.audience',
  expired: 'lti.refused.expired',
  notYetValid: 'lti.refused.notYetValid',
  issuer: 'lti.refused.issuer',
  state: 'lti.refused.state',
  nonce: 'lti.refused.nonce',
  deployment: 'lti.refused.deployment',
  messageType: 'lti.refused.messageType',
  version: 'lti.refused.version',
  subject: 'lti.refused.subject',
  email: 'lti.refused.email',
  role: 'lti.refused.role',
  deepLinkingRole: 'lti.refused.deepLinkingRole',
  resourceLink: 'lti.refused.resourceLink',
  deepLinkingSettings: 'lti.refused.deepLinkingSettings',
  linkedElsewhere: 'lti.refused.linkedElsewhere',
  malformed: 'lti.refused.malformed',
  busy: 'lti.busy',
};

export const REFUSAL_STATUS: Partial<Record<LaunchRefusal | 'busy', number>> = { busy: 429, issuer: 404, state: 410, nonce: 410 };

export function sendRefusal(req: express.Request, res: express.Response, reason: LaunchRefusal | 'busy') {
  const locale = negotiateLocale(acceptLanguageTags(req.get('accept-language')));
  const title = translate(locale, 'lti.title');
  res
    .status(REFUSAL_STATUS[reason] ?? 400)
    .set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })
    .type('html')
    .send(`<!doctype html>
<html lang="${esc(locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${esc(title)} · Tertulia</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:640px;margin:3rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
h1{font-size:1.4rem}</style>
</head><body><main>
<h1>${esc(title)}</h1>
<p data-reason="${esc(reason)}">${esc(translate(locale, REFUSAL_MESSAGE[reason]))}</p>
<p>${esc(translate(locale, 'lti.nothingChanged'))}</p>
</main></body></html>`);
}
