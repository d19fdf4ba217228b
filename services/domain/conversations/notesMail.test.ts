/** The mail that tells a student their speaker's notes arrived (issue 35), in the student's language. */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { renderMail } from '../notifications/templates';
import { NOTES_TEMPLATE } from './notesMailTemplates';

const values = {
  conversationId: 'c1',
  studentName: 'Daniel B.',
  speakerName: 'Sofía M.',
  language: 'es',
  start: '2026-11-20T15:00:00.000Z',
  zone: 'America/New_York',
  link: 'http://localhost:3000/student/conversations?id=c1',
};

describe('the notes mail', () => {
  it('names the speaker, the language and the time in the student’s zone, and links to the notes', () => {
    const mail = renderMail(NOTES_TEMPLATE, values);
    assert.equal(mail.subject, 'Sofía M. left you notes on your Spanish conversation');
    assert.match(mail.text, /^Hello Daniel B\.,/);
    assert.match(mail.text, /Friday, November 20, 2026 at 10:00\sAM/);
    assert.match(mail.text, /Read your notes: http:\/\/localhost:3000\/student\/conversations\?id=c1/);
    assert.match(mail.html, /<a href="http:\/\/localhost:3000\/student\/conversations\?id=c1">Read your notes<\/a>/);
  });

  it('speaks the student’s language, and says “your speaker” when the speaker has no name', () => {
    const es = renderMail(NOTES_TEMPLATE, { ...values, speakerName: '' }, {}, 'es');
    assert.equal(es.subject, 'Tu hablante te dejó notas de tu conversación en español');
    assert.match(es.text, /viernes, 20 de noviembre de 2026/);
    assert.equal(
      renderMail(NOTES_TEMPLATE, values, {}, 'fr').subject,
      'Sofía M. vous a laissé des notes sur votre conversation en espagnol',
    );
    assert.equal(renderMail(NOTES_TEMPLATE, values, {}, 'pt-BR').subject, 'Sofía M. deixou notas sobre sua conversa em espanhol');
  });
});
