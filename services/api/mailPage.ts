/**
 * GET /mail/<publicToken>: a mail's public page (spec 3, Notification.publicToken), the target of
 * 'View this mail in your browser' at the end of every mail. No sign-in: the token is the key
 * (services/security/mailTokens.ts). The page is the mail rendered again from its stored values,
 * read-only: its subject, sender, date and message; links that carried a secret (password reset,
 * invitations) were never stored and show as [redacted], so the page never opens an account.
 *
 * The answer is our own HTML with every value escaped by the templates, served with a Content
 * Security Policy that allows no script, no frame, no form, no plugin and no base change (inline
 * styles only, which mail needs), `Referrer-Policy: no-referrer` (a link followed from the page never
 * carries the token elsewhere), `noindex`, and `no-store`. A token the server did not make — another
 * shape, a changed character, one id's MAC with another id — or a mail that is not there is the
 * same plain 404, 'This mail was not found.', before anything is read for a bad token.
 */
import type express from 'express';
import { findNotification } from '../../projections/notifications';
import type { Runtime } from '../app/runtime';
import { renderStoredMail } from '../domain/notifications/templates';
import { MAIL_PAGE_PATH, notificationIdOfPublicToken } from '../security/mailTokens';

export const MAIL_NOT_FOUND = 'This mail was not found.';

export const MAIL_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const sentAt = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;

function page(mail: { subject: string; text: string; html: string }, from: string, createdAt: Date): string {
  const body = mail.html.trim() ? mail.html : `<pre style="white-space:pre-wrap">${esc(mail.text)}</pre>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${esc(mail.subject)} · Tertulia</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
h1{font-size:1.5rem;margin:.5rem 0}.meta{color:#555;font-size:.9rem;margin:0}a{color:#0b57d0}
.mail{border:1px solid #ccc;border-radius:6px;padding:1rem;margin-top:1rem;overflow-wrap:anywhere}blockquote{margin:0 0 0 1rem}</style>
</head><body><main>
<p class="meta">A mail from Tertulia, as it was sent (links that carried a secret are not shown).</p>
<h1>${esc(mail.subject)}</h1>
<p class="meta">From ${esc(from)} · ${esc(sentAt(createdAt))}</p>
<article class="mail" aria-label="The mail">${body}</article>
</main></body></html>`;
}

function securityHeaders(res: express.Response) {
  res.setHeader('Content-Security-Policy', MAIL_PAGE_CSP);
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Cache-Control', 'private, no-store');
}

export function mountMailPage(app: express.Express, runtime: Pick<Runtime, 'pool' | 'config'>) {
  // Every path under /mail is answered here, a token with a '/' (standard base64) or a trailing
  // slash included: one spelling is a mail, anything else the same plain 404, never the web app.
  app.get(new RegExp(`^${MAIL_PAGE_PATH}(?:/(.*))?$`), async (req, res, next) => {
    try {
      securityHeaders(res);
      const token = (req.params as unknown as Record<string, string | undefined>)[0] ?? '';
      const id = notificationIdOfPublicToken(runtime.config.authSecret, token);
      const notification = id ? await findNotification(runtime.pool, id) : null;
      if (!notification) {
        res.status(404).type('text/plain; charset=utf-8').send(MAIL_NOT_FOUND);
        return;
      }
      const mail = renderStoredMail(notification);
      res.type('html').send(page(mail, notification.fromAddress, new Date(notification.createdAt)));
    } catch (error) {
      next(error);
    }
  });
}
