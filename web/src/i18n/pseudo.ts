/**
 * The pseudo-locale `en-XA` (issue 32): English with its letters accented and each message about
 * 40 % longer, in brackets — the length a translation often takes. Pages shown in it at a phone's
 * width reveal a label that would overflow or be cut once translated, and any text left outside
 * the catalogs stands out unaccented. Nobody chooses it in the settings: a developer or a browser
 * test sets it on the device (localStorage `tertulia.locale` = `en-XA`). Dates and numbers stay
 * English.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

// The parser's element kinds used here (its TYPE enum; a type import keeps its code out of the bundle).
const LITERAL = 0;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ';

/** A text with its letters accented and 40 % more of them (a vowel-like filler, so words still wrap). */
export function pseudoText(text: string): string {
  const accented = text.replace(/[A-Za-z]/g, (c) => ACCENTED[PLAIN.indexOf(c)]);
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  if (!letters) return accented;
  const filler = 'ẋ'
    .repeat(Math.ceil(letters * 0.4))
    .replace(/(.{6})/g, '$1 ')
    .trim();
  // Before any trailing space, so the text that follows (an argument, a link) keeps its gap.
  const [, core, trailing] = /^([\s\S]*?)(\s*)$/.exec(accented) ?? ['', accented, ''];
  return `${core} ${filler}${trailing}`;
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((e) => {
    if (e.type === LITERAL) return { ...e, value: pseudoText(e.value) };
    if (e.type === SELECT || e.type === PLURAL)
      return {
        ...e,
        options: Object.fromEntries(
          Object.entries(e.options).map(([key, option]) => [key, { ...option, value: pseudoElements(option.value) }]),
        ),
      };
    if (e.type === TAG) return { ...e, children: pseudoElements(e.children) };
    return e;
  }) as MessageFormatElement[];
}

/** Every message of the English catalog in the pseudo-locale, bracketed so a cut end shows. */
export function pseudoMessages<M extends Record<string, MessageFormatElement[]>>(english: M): M {
  return Object.fromEntries(
    Object.entries(english).map(([id, elements]) => [
      id,
      [{ type: LITERAL, value: '[' }, ...pseudoElements(elements), { type: LITERAL, value: ']' }] as MessageFormatElement[],
    ]),
  ) as M;
}
