/**
 * Known messages with numbers in them ('A maximum of {max, number} characters is accepted.'): the
 * contracts write them in English with the number as en-US writes it, and whoever shows them finds
 * the message and its numbers again by the English's shape (knownMessages.ts).
 */

const NUMBER_PLACEHOLDER = /\{(\w+), number\}/g;

/** An ICU message whose placeholders are all `{name, number}`, written in English. */
export const englishWithNumbers = (message: string, values: Readonly<Record<string, number>>): string =>
  message.replace(NUMBER_PLACEHOLDER, (_, name: string) => values[name].toLocaleString('en-US'));

export interface NumberedShape {
  pattern: RegExp;
  names: string[];
}

/** The shape of a message's English with its numbers written in; null when it has no number placeholder. */
export function numberedShape(message: string): NumberedShape | null {
  const names: string[] = [];
  const escaped = message.split(NUMBER_PLACEHOLDER).map((piece, i) => {
    if (i % 2 === 1) {
      names.push(piece);
      return '(-?[\\d,]+(?:\\.\\d+)?)';
    }
    return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return names.length ? { pattern: new RegExp(`^${escaped.join('')}$`), names } : null;
}

/** The numbers in a text of `shape`, or null when it is not of that shape. */
export function numbersIn(shape: NumberedShape, text: string): Record<string, number> | null {
  const match = shape.pattern.exec(text);
  if (!match) return null;
  return Object.fromEntries(shape.names.map((name, i) => [name, Number(match[i + 1].replace(/,/g, ''))]));
}
