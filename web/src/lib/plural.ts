/** A count with its noun, singular for one: '1 student', '3 students', '0 students'. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
