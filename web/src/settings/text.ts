/** Setting card descriptions are cut at 55 characters (spec 3, section 9). */
export const SETTING_DESCRIPTION_MAX = 55;

/**
 * The text cut to at most `max` characters (code points), ending in an ellipsis when cut, at a word
 * boundary when one lies in the last third.
 */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const cut = space >= Math.floor(((max - 1) * 2) / 3) ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,.;:–-]+$/u, '')}…`;
}
