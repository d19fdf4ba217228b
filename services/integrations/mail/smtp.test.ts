/** What nodemailer is given: a calendar attachment becomes the message's calendar part, with its method. */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import nodemailer from 'nodemailer';
import { calendarMethodOf, toNodemailerMessage } from './smtp';
import type { OutgoingMail } from './port';

const mail: OutgoingMail = {
  from: 'Tertulia <no-reply@tertulia.example>',
  to: 'bob@example.com',
  subject: 'Reserved',
  text: 'Hello',
  html: '<p>Hello</p>',
  notificationId: 'n1',
};
const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR';

describe('SMTP messages', () => {
  it('reads the method of a calendar content type', () => {
    assert.equal(calendarMethodOf('text/calendar; charset=utf-8; method=REQUEST'), 'REQUEST');
    assert.equal(calendarMethodOf('text/calendar; method=cancel'), 'CANCEL');
    assert.equal(calendarMethodOf('application/pdf'), null);
  });

  it('sends a plain mail without attachments', () => {
    const message = toNodemailerMessage(mail);
    assert.equal(message.icalEvent, undefined);
    assert.equal(message.attachments, undefined);
    assert.deepEqual(message.headers, { 'X-Tertulia-Notification': 'n1' });
  });

  it('sends a calendar invitation as the icalEvent part, other files as attachments', async () => {
    const message = toNodemailerMessage({
      ...mail,
      attachments: [
        { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ics },
        { filename: 'notes.txt', contentType: 'text/plain', content: 'notes' },
      ],
    });
    assert.deepEqual(message.icalEvent, { filename: 'invite.ics', method: 'REQUEST', content: ics });
    assert.deepEqual(message.attachments, [{ filename: 'notes.txt', contentType: 'text/plain', content: 'notes' }]);

    // The raw MIME nodemailer builds carries the calendar part with its method.
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await transport.sendMail(message);
    const raw = (info.message as Buffer).toString();
    assert.match(raw, /Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    assert.match(raw, /filename=invite\.ics/);
  });
});
