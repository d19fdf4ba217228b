/** The support answer, the speaker invitation, the receipt and the course offer in the recipient's language (issue 32). */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { renderMail } from './templates';

const receipt = {
  amount: '$90.00',
  minutes: '120',
  courseName: 'Spanish B1',
  paidAt: '2026-11-20T15:00:00.000Z',
  paymentId: 'p1',
  cardBrand: 'visa',
  cardLast4: '4242',
  link: 'http://localhost:3000/student/settings',
};

describe('mails in the recipient’s language', () => {
  it('keep the English word for word, and speak Spanish, Portuguese and French with the values in place', () => {
    const answer = renderMail('support_answer', { answer: 'Sure!', link: 'http://x/?help=open' });
    assert.equal(answer.subject, 'Tertulia support answered you');
    assert.match(answer.text, /Open Help on Tertulia to reply: http:\/\/x\/\?help=open/);
    const paid = renderMail('payment_receipt', receipt);
    assert.equal(paid.subject, 'Your Tertulia receipt: $90.00');
    assert.match(paid.text, /Thank you for your payment\. 120 minutes were added to your account\./);
    assert.match(paid.text, /Paid with: visa ending in 4242/);
    assert.equal(
      renderMail('support_answer', { answer: 'Sure!', link: 'http://x' }, {}, 'es').subject,
      'El soporte de Tertulia te respondió',
    );
    const invitation = renderMail('speaker_invitation', { emailAddress: 'ana@example.com' }, { invitationLink: 'http://x/i' }, 'pt-BR');
    assert.equal(invitation.subject, 'Você foi convidado a falar no Tertulia');
    assert.match(invitation.text, /Abra este link para criar sua conta para ana@example\.com:/);
    const paidFr = renderMail('payment_receipt', receipt, {}, 'fr');
    assert.equal(paidFr.subject, 'Votre reçu Tertulia : $90.00');
    assert.match(paidFr.text, /Date : 2026-11-20/);
    assert.match(paidFr.text, /Payé avec : visa se terminant par 4242/);
    assert.match(renderMail('payment_receipt', { ...receipt, cardBrand: '' }, {}, 'es').text, /tarjeta terminada en 4242/);
    const stored = renderMail('payment_receipt', { ...receipt, cardLast4: '', card: 'visa ending in 4242' }, {}, 'es');
    assert.match(stored.text, /visa ending in 4242/, 'a receipt queued before keeps its stored words');
    assert.doesNotMatch(renderMail('payment_receipt', { ...receipt, cardLast4: '' }).text, /Paid with/);
  });

  it('bolds the offered course’s name, escaped, inside the translated sentence', () => {
    const offer = renderMail('course_share_invite', { courseName: 'A&B <1>', inviteNumber: '7', link: 'http://x/grid' }, {}, 'es');
    assert.equal(offer.subject, 'Un curso te espera en Tertulia: A&B <1>');
    assert.match(offer.html, /<p>Se creó un curso para ti en Tertulia: <strong>A&#38;B &#60;1&#62;<\/strong>\.<\/p>/);
  });
});
