import { useEffect, useRef, useState } from 'react';

export const MINUTES_ANIMATION_MS = 2000;

/** The value shown `elapsed` ms into an animation from `from` to `to` lasting `duration` ms. */
export function interpolate(from: number, to: number, elapsed: number, duration = MINUTES_ANIMATION_MS): number {
  if (duration <= 0 || elapsed >= duration) return to;
  if (elapsed <= 0) return from;
  return Math.round(from + (to - from) * (elapsed / duration));
}

/** Whether a change from `from` to `to` is counted on screen: not the first value, not for a person who asked for less motion. */
export function animatesChange(from: number | null, to: number, reducedMotion: boolean): boolean {
  return from !== null && from !== to && !reducedMotion;
}

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Shows a number that changes over time (spec 1, Remaining-minutes display): null until the first
 * value, which shows at once; later values animate from what is on screen to the new value, unless
 * the system asks for reduced motion (the theme's rule: what changes, changes at once).
 */
export function useAnimatedNumber(target: number | null | undefined, duration = MINUTES_ANIMATION_MS): number | null {
  const [shown, setShown] = useState<number | null>(target ?? null);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    if (target === null || target === undefined) return;
    const from = shownRef.current;
    if (from === null || !animatesChange(from, target, prefersReducedMotion()) || typeof requestAnimationFrame === 'undefined') {
      setShown(target);
      return;
    }
    let frame = 0;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      setShown(interpolate(from, target, now - start, duration));
      if (now - start < duration) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, duration]);

  return shown;
}
