import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { knownMessageId } from '../../contracts/i18n/knownMessages';
import { SUPPORTED_LOCALES } from '../../contracts/i18n/locales';
import { LiveMessages } from '../../contracts/live';
import { SpeakerMessages } from '../../contracts/speaking';
import { InstructorMessages } from '../../contracts/validation/instructor';
import { ProfileMessages } from '../../contracts/validation/profile';
import { ReadModelMessages } from '../../contracts/validation/readModels';
import { CourseMessages } from '../../contracts/validation/enrollment';
import { SchedulingMessages } from '../../contracts/scheduling';
import { PrivacyMessages } from '../domain/archive/consent';
import { ErasureMessages } from '../domain/erasure/erasure';
import { CourseRefusals, LiveRefusals, ReadModelRefusals } from '../domain/shared/contractRefusals';
import { DomainError, type KnownRefusal, badInput, conflict } from '../domain/shared/errors';
import { ServiceMessages } from '../integrations/lti/services';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import ptBR from './messages/pt-BR.json';
import { knownErrorTables, knownErrors } from './knownErrors';
import { localizeKnownText } from './localize';
import { sayIn } from './translate';

describe("the server's known refusals (issue 32)", () => {
  it("hold every registered table's English word for word in the English catalog", () => {
    for (const id of [
      'errors.scheduling.slotTaken',
      'errors.personErasure.pending',
      'errors.schoolSignIn.noProvider',
      'errors.payments.used',
    ])
      assert.ok(knownErrors().has(id), id);
    for (const [id, text] of knownErrors()) assert.equal((en as Record<string, string>)[id], text, id);
  });

  it("leave a table's entry that is a contracts' known message out of every server catalog", () => {
    // The known message's translation is the one said (knownErrors skips the entry): its old id would be a second.
    const stale = knownErrorTables().flatMap(([area, table]) =>
      Object.entries(table).flatMap(([key, text]) =>
        typeof text === 'string' && knownMessageId(text) && `errors.${area}.${key}` in en ? [`errors.${area}.${key}`] : [],
      ),
    );
    assert.deepEqual(stale, []);
  });

  it('answer one English text the same in every language, whichever id carries it', () => {
    // A refusal is found by its English: two ids for one text must not say it two ways.
    const ids = new Map<string, string[]>();
    for (const [id, text] of Object.entries(en)) if (id.startsWith('errors.')) ids.set(text, [...(ids.get(text) ?? []), id]);
    for (const [locale, catalog] of [
      ['es', es],
      ['pt-BR', ptBR],
      ['fr', fr],
    ] as const) {
      for (const [text, same] of ids) {
        const said = new Set(same.map((id) => (catalog as Record<string, string>)[id]));
        assert.equal(said.size, 1, `${locale}: '${text}' is said ${[...said].join(' / ')} (${same.join(', ')})`);
      }
    }
  });

  it("give each table's parameterized entry an id of its area in the catalogs", () => {
    // A contracts' table's function the server does not refuse with by itself stays English, and why.
    const englishOnly = new Map<unknown, string>([
      [SpeakerMessages.accepted, "the web's snackbar only"],
      [InstructorMessages.maximum, 'a known message with its number (known.maximumCharacters)'],
      [ProfileMessages.maxLength, 'a known message with its number (known.maximumCharacters)'],
    ]);
    for (const [area, table] of knownErrorTables())
      for (const [key, entry] of Object.entries(table))
        if (typeof entry === 'function' && !englishOnly.has(entry)) assert.ok(`errors.${area}.${key}` in en, `errors.${area}.${key}`);
  });

  it("say the contracts' parameterized refusals the server throws in the contracts' English, by the contracts' area", () => {
    const said: [english: string, refusal: KnownRefusal, id: string][] = [
      [LiveMessages.noAccess('c-1'), LiveRefusals.noAccess('c-1'), 'errors.conversationLive.noAccess'],
      [CourseMessages.topicsTooLong(1000), CourseRefusals.topicsTooLong(1000), 'errors.course.topicsTooLong'],
      [CourseMessages.lessonsHeld(12), CourseRefusals.lessonsHeld(12), 'errors.course.lessonsHeld'],
      [ReadModelMessages.unknownReadModel('x'), ReadModelRefusals.unknownReadModel('x'), 'errors.readModels.unknownReadModel'],
    ];
    for (const [english, refusal, id] of said) {
      assert.equal(refusal.text, english, id);
      assert.equal(refusal.id, id);
      for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en'))
        assert.notEqual(sayIn(locale, refusal), english, `${locale}: ${id}`);
    }
    assert.match(sayIn('fr', CourseRefusals.topicsTooLong(1000)), /dépassent 1\u202f000 caractères/);
  });

  it("answer each refusal in the caller's language, and any other text as it is", () => {
    assert.equal(localizeKnownText('es', SchedulingMessages.slotTaken), 'Alguien acaba de reservar esta hora. Elige otra hora.');
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en'))
      for (const text of knownErrors().values()) assert.notEqual(localizeKnownText(locale, text), text, `${locale}: ${text}`);
    assert.equal(localizeKnownText('fr', 'Something no catalog knows.'), 'Something no catalog knows.');
    // A known message with a number: found by its English's shape, its number written the locale's way.
    assert.equal(localizeKnownText('es', InstructorMessages.maximum(1200)), 'Se aceptan como máximo 1200 caracteres.');
    assert.equal(localizeKnownText('pt-BR', ProfileMessages.maxLength(12000)), 'São aceitos no máximo 12.000 caracteres.');
    assert.equal(localizeKnownText('fr', 'A maximum of many characters is accepted.'), 'A maximum of many characters is accepted.');
    assert.equal(localizeKnownText('en', SchedulingMessages.slotTaken), SchedulingMessages.slotTaken);
  });

  it('keep what a parameterized refusal says, its English for the logs, and say it in each language', () => {
    const error = conflict(ServiceMessages.token(401));
    assert.equal(
      error.message,
      "The LMS refused Tertulia a token for its roster (HTTP 401). Ask your administrator to check the platform's settings.",
    );
    assert.deepEqual(error.said, { id: 'errors.ltiService.token', values: { status: '401' } });
    assert.equal(sayIn('en', error.said!), error.message);
    assert.equal(sayIn('es', error.said!), (es as Record<string, string>)['errors.ltiService.token'].replace('{status}', '401'));
  });

  it('say the values that are messages, and lists of them, in the same language', () => {
    const refusal = ErasureMessages.obligations([
      { kind: 'payroll', month: '2026-02' },
      { kind: 'enrollment', courseName: 'Spanish 2', endDate: null },
    ]);
    assert.equal(
      refusal.text,
      'This person cannot be erased yet: the payroll of 2026-02 is not closed; the course Spanish 2 has not ended. Ask again once they are settled.',
    );
    assert.equal(
      sayIn('fr', refusal),
      'Cette personne ne peut pas encore être effacée : la paie de 2026-02 n’est pas clôturée ; le cours Spanish 2 n’est pas terminé. Redemandez une fois ces points réglés.',
    );
    assert.match(
      sayIn('es', refusal),
      /^Todavía no se puede borrar a esta persona: la nómina de 2026-02 no está cerrada; el curso Spanish 2 no ha terminado\./,
    );
  });

  it('keep per-field refusals beside their English, and none for plain text', () => {
    const message = PrivacyMessages.retentionRange(90);
    const error = badInput(message, { retentionDays: message, other: 'Plain words.' });
    assert.deepEqual(error.fields, {
      retentionDays: 'Recordings may be kept from 0 to 90 days after the course ends.',
      other: 'Plain words.',
    });
    assert.deepEqual(error.fieldsSaid, { retentionDays: { id: 'errors.privacy.retentionRange', values: { max: '90' } } });
    assert.equal(
      sayIn('fr', error.fieldsSaid!.retentionDays),
      (fr as Record<string, string>)['errors.privacy.retentionRange'].replace('{max}', '90'),
    );
    const plain = new DomainError(error.code, 'Plain words.');
    assert.equal(plain.said, undefined);
    assert.equal(plain.fieldsSaid, undefined);
  });
});
