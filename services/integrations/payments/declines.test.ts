import assert from 'node:assert/strict';
import { it } from 'vitest';
import { localizeKnownText } from '../../i18n/localize';
import { CardDeclineMessages, declineMessage } from './port';

it("says a declined card by its code in the person's language, and any other code as a plain decline", () => {
  assert.equal(declineMessage('insufficient_funds'), 'Your card has insufficient funds.');
  assert.equal(declineMessage('do_not_honor'), CardDeclineMessages.declined);
  assert.equal(declineMessage('toString'), CardDeclineMessages.declined, 'only its own codes');
  assert.equal(declineMessage(null), CardDeclineMessages.declined);
  assert.equal(localizeKnownText('es', declineMessage('insufficient_funds')), 'Tu tarjeta no tiene fondos suficientes.');
  assert.equal(localizeKnownText('pt-BR', declineMessage('expired_card')), 'Seu cartão está vencido.');
  assert.equal(localizeKnownText('fr', declineMessage('lost_card')), 'Votre carte a été refusée.');
});
