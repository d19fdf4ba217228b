/**
 * Calendar files of conversation mail: parsed back line by line (RFC 5545 unfolding), they carry the
 * method, one UID per conversation across reserve, transfer and cancel, a growing SEQUENCE and UTC
 * times; and the mail bodies show the time in the recipient's zone in the spec's h:mma.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { parseIcs } from '../../../tests/support/ics';
import { renderMail } from '../notifications/templates';
import { addressOf, conversationIcs, conversationUid, type ConversationInvite } from './ics';
import { ConversationTemplates, formatWhen } from './mailTemplates';

const base: ConversationInvite = {
  conversationId: 'c0ffee',
  method: 'REQUEST',
  sequence: 0,
  start: new Date('2027-03-14T14:30:00Z'),
  end: new Date('2027-03-14T15:00:00Z'),
  summary: 'Spanish conversation with Ana',
  description: 'Spanish conversation with Ana, 30 minutes.',
  url: 'https://tertulia.example/student/lobby?id=c0ffee',
  organizer: { name: 'Tertulia', email: 'no-reply@tertulia.example' },
  attendee: { name: 'Bob Student', email: 'bob@example.com' },
  stamp: new Date('2027-03-01T12:00:00Z'),
};

describe('conversation calendar files', () => {
  it('invites with METHOD:REQUEST, the stable UID, SEQUENCE and UTC start and end', () => {
    const ics = parseIcs(conversationIcs(base));
    assert.equal(ics.lines[0], 'BEGIN:VCALENDAR');
    assert.equal(ics.get('METHOD'), 'REQUEST');
    assert.equal(ics.get('UID'), 'conversation-c0ffee@tertulia');
    assert.equal(ics.get('SEQUENCE'), '0');
    assert.equal(ics.get('DTSTART'), '20270314T143000Z');
    assert.equal(ics.get('DTEND'), '20270314T150000Z');
    assert.equal(ics.params('DTSTART'), '', 'no TZID: a UTC instant');
    assert.equal(ics.get('DTSTAMP'), '20270301T120000Z');
    assert.equal(ics.get('SUMMARY'), 'Spanish conversation with Ana');
    assert.equal(ics.get('STATUS'), 'CONFIRMED');
    assert.equal(ics.get('ORGANIZER'), 'mailto:no-reply@tertulia.example');
    assert.match(ics.get('ATTENDEE')!.toLowerCase(), /mailto:bob@example.com/);
    assert.equal(ics.get('URL'), 'https://tertulia.example/student/lobby?id=c0ffee');
  });

  it('cancels with METHOD:CANCEL, the same UID and a higher SEQUENCE', () => {
    const reserved = parseIcs(conversationIcs(base));
    const canceled = parseIcs(conversationIcs({ ...base, method: 'CANCEL', sequence: 2 }));
    assert.equal(canceled.get('METHOD'), 'CANCEL');
    assert.equal(canceled.get('STATUS'), 'CANCELLED');
    assert.equal(canceled.get('UID'), reserved.get('UID'));
    assert.ok(Number(canceled.get('SEQUENCE')) > Number(reserved.get('SEQUENCE')));
    assert.equal(conversationUid('c0ffee'), reserved.get('UID'));
  });

  it('takes the address out of a From header', () => {
    assert.equal(addressOf('Tertulia <no-reply@tertulia.local>'), 'no-reply@tertulia.local');
    assert.equal(addressOf('mail@x.org'), 'mail@x.org');
  });
});

describe('conversation mail templates', () => {
  const values = {
    conversationId: 'c0ffee',
    role: 'student',
    recipientName: 'Bob',
    recipientEmail: 'bob@example.com',
    otherName: 'Ana',
    language: 'es',
    start: '2027-03-14T14:30:00.000Z',
    end: '2027-03-14T15:00:00.000Z',
    zone: 'America/New_York',
    link: 'https://tertulia.example/student/lobby?id=c0ffee',
    organizerEmail: 'no-reply@tertulia.example',
    changedAt: '2027-03-01T12:00:00.000Z',
    method: 'REQUEST',
    sequence: '0',
  };

  it("shows the time in the recipient's zone in h:mma, across a DST change and in a half-hour zone", () => {
    // 14:30 UTC on 2027-03-14 is 10:30 in New York (EDT since that morning), 20:00 in Kolkata.
    assert.equal(formatWhen(values.start, values.end, 'America/New_York'), 'Sunday, March 14, 2027 at 10:30AM–11:00AM (America/New_York)');
    assert.equal(formatWhen(values.start, values.end, 'Asia/Kolkata'), 'Sunday, March 14, 2027 at 8:00PM–8:30PM (Asia/Kolkata)');
    assert.equal(
      formatWhen('2027-03-13T14:30:00Z', '2027-03-13T15:00:00Z', null),
      'Saturday, March 13, 2027 at 9:30AM–10:00AM (America/New_York)',
    );
    // Midnight and noon in the 12-hour clock; a zone that is not one falls back to the default.
    assert.equal(
      formatWhen('2027-03-13T05:00:00Z', '2027-03-13T17:05:00Z', 'Nowhere/Atlantis'),
      'Saturday, March 13, 2027 at 12:00AM–12:05PM (America/New_York)',
    );
  });

  it('renders the reservation with a REQUEST invitation made from the stored values', () => {
    const mail = renderMail(ConversationTemplates.reserved, values);
    assert.equal(mail.subject, 'Reserved: Spanish conversation with Ana');
    assert.match(mail.text, /30-minute Spanish conversation with Ana is reserved for Sunday, March 14, 2027 at 10:30AM/);
    assert.match(mail.text, /Open the lobby: https:\/\/tertulia.example\/student\/lobby\?id=c0ffee/);
    assert.equal(mail.attachments?.length, 1);
    assert.equal(mail.attachments![0].contentType, 'text/calendar; charset=utf-8; method=REQUEST');
    const ics = parseIcs(mail.attachments![0].content);
    assert.equal(ics.get('METHOD'), 'REQUEST');
    assert.equal(ics.get('UID'), 'conversation-c0ffee@tertulia');
    // Rendering twice gives the same file (the sending job renders it again from the values).
    assert.equal(renderMail(ConversationTemplates.reserved, values).attachments![0].content, mail.attachments![0].content);
  });

  it('renders the speaker side, the cancellation, the transfer and the reminder', () => {
    const speaker = {
      ...values,
      role: 'speaker',
      recipientName: 'Ana',
      otherName: 'Bob',
      zone: 'Europe/Madrid',
      link: 'https://tertulia.example/speaker/conversations/c0ffee',
    };
    const reserved = renderMail(ConversationTemplates.reserved, speaker);
    assert.equal(reserved.subject, 'New conversation: Spanish conversation with Bob');
    assert.match(reserved.text, /3:30PM–4:00PM \(Europe\/Madrid\)/);
    assert.match(reserved.text, /Open the conversation: https:\/\/tertulia.example\/speaker\/conversations\/c0ffee/);

    const canceled = renderMail(ConversationTemplates.canceled, {
      ...values,
      method: 'CANCEL',
      sequence: '1',
      reason: 'student',
      minutesReturned: '30',
    });
    assert.equal(canceled.subject, 'Canceled: Spanish conversation with Ana');
    assert.match(canceled.text, /was canceled by the student/);
    assert.match(canceled.text, /Your 30 minutes were returned/);
    assert.equal(parseIcs(canceled.attachments![0].content).get('METHOD'), 'CANCEL');
    assert.equal(parseIcs(canceled.attachments![0].content).get('SEQUENCE'), '1');

    const from = renderMail(ConversationTemplates.transferred, { ...speaker, method: 'CANCEL', sequence: '1', change: 'from' });
    assert.equal(parseIcs(from.attachments![0].content).get('METHOD'), 'CANCEL');
    const to = renderMail(ConversationTemplates.transferred, { ...speaker, method: 'REQUEST', sequence: '1', change: 'to' });
    assert.equal(parseIcs(to.attachments![0].content).get('METHOD'), 'REQUEST');
    const student = renderMail(ConversationTemplates.transferred, { ...values, otherName: 'Carla', sequence: '1', change: 'student' });
    assert.equal(student.subject, 'Your conversation is now with Carla');
    assert.equal(parseIcs(student.attachments![0].content).get('SUMMARY'), 'Spanish conversation with Carla');

    const reminder = renderMail(ConversationTemplates.reminder, { ...values, offsetMinutes: '1440' });
    assert.equal(reminder.subject, 'Reminder: Spanish conversation with Ana in 24 hours');
    assert.equal(reminder.attachments, undefined);
    assert.equal(
      renderMail(ConversationTemplates.reminder, { ...values, offsetMinutes: '60' }).subject,
      'Reminder: Spanish conversation with Ana in 1 hour',
    );
  });

  it('speaks the recipient’s language: Spanish words, date and 24-hour clock, and a Spanish calendar event', () => {
    assert.equal(
      formatWhen(values.start, values.end, 'America/New_York', 'es'),
      'domingo, 14 de marzo de 2027, de 10:30 a 11:00 (America/New_York)',
    );
    const reserved = renderMail(ConversationTemplates.reserved, values, {}, 'es');
    assert.equal(reserved.subject, 'Reservada: Conversación en español con Ana');
    assert.match(reserved.text, /^Hola, Bob:/);
    assert.match(
      reserved.text,
      /Tu conversación de 30 minutos en español con Ana está reservada para el domingo, 14 de marzo de 2027, de 10:30/,
    );
    assert.match(reserved.text, /La sala de espera abre 5 minutos antes del inicio\./);
    assert.match(reserved.text, /Abrir la sala de espera: https:\/\/tertulia.example/);
    const ics = parseIcs(reserved.attachments![0].content);
    assert.equal(ics.get('SUMMARY'), 'Conversación en español con Ana');

    const canceled = renderMail(
      ConversationTemplates.canceled,
      { ...values, method: 'CANCEL', reason: 'tardy', minutesReturned: '30' },
      {},
      'es',
    );
    assert.equal(canceled.subject, 'Cancelada: Conversación en español con Ana');
    assert.match(canceled.text, /se canceló porque el hablante llegó tarde\./);
    assert.match(canceled.text, /Se devolvieron 30 minutos a tu cuenta\./);
    const unexplained = renderMail(ConversationTemplates.canceled, { ...values, method: 'CANCEL', reason: '', minutesReturned: '0' });
    assert.match(unexplained.text, /on Sunday, March 14, 2027 at 10:30AM–11:00AM \(America\/New_York\) was canceled\./);

    const nameless = renderMail(ConversationTemplates.transferred, { ...values, otherName: '', change: 'student' }, {}, 'pt-BR');
    assert.equal(nameless.subject, 'Sua conversa agora é com um falante do Tertulia');
    const reminder = renderMail(ConversationTemplates.reminder, { ...values, language: 'zh', offsetMinutes: '60' }, {}, 'fr');
    assert.equal(reminder.subject, 'Rappel : Conversation en mandarin avec Ana dans 1 heure');
    assert.match(reminder.text, /dimanche 14 mars 2027, de 10:30 à 11:00/);
    assert.equal(
      renderMail(ConversationTemplates.reminder, { ...values, offsetMinutes: '90' }).subject,
      'Reminder: Spanish conversation with Ana in 90 minutes',
    );
  });

  it('escapes names in the HTML body', () => {
    const mail = renderMail(ConversationTemplates.reserved, { ...values, otherName: '<b>Ana</b>' });
    assert.ok(!mail.html.includes('<b>Ana</b>'));
    assert.ok(mail.html.includes('&#60;b&#62;Ana'));
  });
});
