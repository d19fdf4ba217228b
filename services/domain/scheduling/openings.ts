/**
 * Openings: a speaker's availability minus their conversations and the buffer around them, in
 * 15-minute steps, from the minimum notice up to the booking horizon. Pure: the same rules the
 * reservation enforces, so what is offered can be reserved.
 */
import { BUFFER_MINUTES, HORIZON_DAYS, MIN_NOTICE_MINUTES, SLOT_MINUTES } from '../../../contracts/scheduling';
import type { AvailabilityRule } from './events';
import { addMinutes, occurrences, overlaps, type Interval } from './time';

const MINUTE = 60_000;

export interface Opening extends Interval {
  sourceId: string;
}

/** The first slot boundary at or after `t`. */
const ceilToSlot = (t: number) => Math.ceil(t / (SLOT_MINUTES * MINUTE)) * SLOT_MINUTES * MINUTE;

export function openings(
  rules: readonly AvailabilityRule[],
  booked: readonly Interval[],
  window: { from: Date; to: Date; duration: number; now: Date },
): Opening[] {
  const from = ceilToSlot(Math.max(window.from.getTime(), window.now.getTime() + MIN_NOTICE_MINUTES * MINUTE));
  const to = Math.min(window.to.getTime(), window.now.getTime() + HORIZON_DAYS * 24 * 60 * MINUTE);
  if (from >= to) return [];
  const out: Opening[] = [];
  const sorted = [...booked].sort((a, b) => a.start.getTime() - b.start.getTime());
  for (const rule of rules) {
    for (const o of occurrences(rule, new Date(from), new Date(to))) {
      for (let t = o.start.getTime(); t + window.duration * MINUTE <= o.end.getTime(); t += SLOT_MINUTES * MINUTE) {
        if (t < from || t >= to) continue;
        const slot = { start: new Date(t), end: addMinutes(new Date(t), window.duration) };
        if (sorted.some((b) => overlaps(b, slot, BUFFER_MINUTES * MINUTE))) continue;
        out.push({ sourceId: rule.availabilityId, ...slot });
      }
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}
