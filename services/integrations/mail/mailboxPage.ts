/**
 * The dev mailbox: with mail kept local (no SMTP_URL), every message "sent" is readable at
 * /dev/mailbox, so a user can open the reset mail and click its link. Never mounted with SMTP, nor
 * in production unless DEV_SURFACES names it (services/app/surfaces.ts); and it answers only
 * clients on this machine (loopback, as the client's address is known: TRUST_PROXY), every other
 * one the plain 404 of an unknown path — it holds every account's password-reset links.
 */
import type express from 'express';
import { sendError } from '../../api/httpErrors';
import { HttpMessages } from '../../api/apiMessages';
import type { MailboxMessage, createOutboxTransport } from './outbox';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Tertulia - ${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:880px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}td,th{padding:.5rem;border-bottom:1px solid #ddd;text-align:left}
a{color:#0b57d0}.meta{color:#444}.body{border:1px solid #ccc;padding:1rem;border-radius:6px}</style></head>
<body><p class="meta">Development mailbox: mail of this local Tertulia, nothing leaves the machine.</p>${body}</body></html>`;

export const MAILBOX_PATH = '/dev/mailbox';

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export const isLoopback = (address: string | undefined) => !!address && (/^(::ffff:)?127\./.test(address) || address === '::1');

export function mountDevMailbox(app: express.Express, outbox: ReturnType<typeof createOutboxTransport>) {
  app.use(MAILBOX_PATH, (req, res, next) => {
    if (isLoopback(req.ip)) return next();
    sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound);
  });
  app.get('/dev/mailbox', async (req, res) => {
    const to = typeof req.query.to === 'string' && req.query.to ? req.query.to : undefined;
    const messages = await outbox.list(to);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${esc(m.sentAt.toISOString())}</td><td>${esc(m.to)}</td><td><a href="/dev/mailbox/${encodeURIComponent(m.id)}">${esc(m.subject)}</a></td></tr>`,
      )
      .join('');
    res.type('html').send(
      page(
        'Mailbox',
        `<h1>Mailbox</h1>
      <form method="get"><label>Recipient <input name="to" value="${esc(to ?? '')}"></label> <button>Filter</button></form>
      ${messages.length ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages yet.</p>'}`,
      ),
    );
  });
  app.get('/dev/mailbox/:id', async (req, res) => {
    const m = await outbox.get(req.params.id);
    if (!m) {
      res.status(404).type('html').send(page('Not found', '<p>No such message. <a href="/dev/mailbox">Back to the mailbox</a></p>'));
      return;
    }
    res.type('html').send(
      page(
        m.subject,
        `<p><a href="/dev/mailbox">Back to the mailbox</a></p><h1>${esc(m.subject)}</h1>
      <p class="meta">From ${esc(m.from)} to ${esc(m.to)}, ${esc(m.sentAt.toISOString())}</p><div class="body">${m.html}</div>
      ${attachmentList(m)}`,
      ),
    );
  });
  // An attachment as sent (a calendar invitation opens in the calendar app), or shown as text with ?view.
  app.get('/dev/mailbox/:id/attachments/:index', async (req, res) => {
    const m = await outbox.get(req.params.id);
    const index = /^\d{1,3}$/.test(req.params.index) ? Number(req.params.index) : -1;
    const attachment = m?.attachments[index];
    if (!attachment) {
      res.status(404).type('html').send(page('Not found', '<p>No such attachment. <a href="/dev/mailbox">Back to the mailbox</a></p>'));
      return;
    }
    if ('view' in req.query) {
      res.type('text/plain; charset=utf-8').send(attachment.content);
      return;
    }
    const filename = attachment.filename.replace(/[^\w.-]/g, '_');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type(attachment.contentType).send(attachment.content);
  });
}

function attachmentList(m: MailboxMessage) {
  if (!m.attachments.length) return '';
  const base = `/dev/mailbox/${encodeURIComponent(m.id)}/attachments`;
  const items = m.attachments
    .map(
      (a, i) =>
        `<li><a href="${base}/${i}" download="${esc(a.filename)}">${esc(a.filename)}</a> <span class="meta">(${esc(a.contentType)})</span> <a href="${base}/${i}?view">view</a></li>`,
    )
    .join('');
  return `<h2>Attachments</h2><ul class="attachments">${items}</ul>`;
}
