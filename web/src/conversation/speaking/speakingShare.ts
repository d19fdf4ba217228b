/** Whole minutes spoken of whole minutes held, and the share of the seconds in whole percent, for the summary and the class view. */
export function speakingShare(spokenSeconds: number, heldSeconds: number): { spoken: number; held: number; share: number } | null {
  if (heldSeconds <= 0) return null;
  return {
    spoken: Math.round(spokenSeconds / 60),
    held: Math.round(heldSeconds / 60),
    share: Math.min(100, Math.round((100 * spokenSeconds) / heldSeconds)),
  };
}
