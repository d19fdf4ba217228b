/**
 * What the student lobby shows for a conversation (spec 2, Student lobby and section 4), pure so
 * it is tested beside itself. The server computes the policies; these only read them.
 */
import { STUDENT_CANCEL_CUTOFF_HOURS, SUPPORT_ADVICE_AFTER_MINUTES } from '../../../../contracts/scheduling';
import type { MessageId } from '../../i18n/catalog';
import { translateOr } from '../../i18n/translate';
import { formatDayAndTime, zoneAbbreviation } from '../../lib/time';

export const LOBBY_TABS = [
  'student.lobby.tab.chat',
  'student.lobby.tab.cancel',
  'student.lobby.tab.topic',
  'student.lobby.tab.compatibility',
] as const satisfies readonly MessageId[];
/** The equipment check shows it (compatibility/CameraView.tsx). */
export { NO_CAMERA_FOUND as NO_CAMERA_MESSAGE } from '../../compatibility/mediaErrors';
/** Lobby redirect countdown (spec 2, section 9). */
export const REDIRECT_SECONDS = 10;

type Status = 'reserved' | 'opened' | 'started' | 'stopped' | 'unused';

interface Conv {
  status: Status;
  reservedStart: string;
  isCanceled: boolean;
  canceledOn: string | null;
  canceledBy: { id: string; displayName: string | null } | null;
  cancellationPolicy: { isCancelable: boolean; cancelableUntil: string | null; returnsMinutes: boolean };
  tardinessPolicy: { isTardy: boolean };
}

/** The tab the `option` query parameter picks (0 when missing or out of range). */
export function tabOf(option: string | null): number {
  const n = Number(option);
  return Number.isInteger(n) && n >= 0 && n < LOBBY_TABS.length ? n : 0;
}

/** 'Ready!' (enabled, flashing) while opened or started; else 'Please wait' (disabled). */
export const isJoinable = (c: Pick<Conv, 'status' | 'isCanceled'>) => !c.isCanceled && (c.status === 'opened' || c.status === 'started');

/** The lobby is over: 'ended' (stopped or unused), 'canceled', or null while it is still ahead. */
export function endedKind(c: Pick<Conv, 'status' | 'isCanceled'>): 'ended' | 'canceled' | null {
  if (c.isCanceled) return 'canceled';
  if (c.status === 'stopped' || c.status === 'unused') return 'ended';
  return null;
}

/** The "We're sorry" dialog: tardy, not opened or started, and the speaker not present. */
export const showTardy = (c: Conv, speakerPresent: boolean) =>
  !c.isCanceled && c.tardinessPolicy.isTardy && !isJoinable(c) && endedKind(c) === null && !speakerPresent;

/** Support advice: two minutes after the start, while the button is still not ready. */
export const showSupportAdvice = (c: Conv, now: number) =>
  endedKind(c) === null && !isJoinable(c) && now >= Date.parse(c.reservedStart) + SUPPORT_ADVICE_AFTER_MINUTES * 60_000;

/** The cancel card's button label (spec 2, section 4: Cancel). */
export function cancelLabel(c: Conv): 'Cancel' | 'Canceled' | 'Cannot Cancel' {
  if (c.isCanceled) return 'Canceled';
  return c.cancellationPolicy.isCancelable ? 'Cancel' : 'Cannot Cancel';
}

/** The cancel card's text: until when, when and by whom, or that it cannot be canceled. */
/** An instant as the lobby's card says its times: 'Sat, Mar 29 at 8:00PM CET', in the student's zone. */
const when = (iso: string | null | undefined, zone: string) =>
  iso ? `${formatDayAndTime(iso, zone)} ${zoneAbbreviation(iso, zone)}` : '—';

export function cancelText(c: Conv, viewerId: string, zone: string): string {
  if (c.isCanceled) {
    const on = when(c.canceledOn, zone);
    if (c.canceledBy?.id === viewerId)
      return translateOr('student.lobby.canceledByYou', `This conversation was canceled on ${on} by you.`, { when: on });
    const by = (c.canceledBy ? (c.canceledBy.displayName ?? translateOr('student.lobby.yourSpeaker', 'your speaker')) : 'Tertulia').replace(
      /\.$/,
      '',
    );
    return translateOr('student.lobby.canceledBy', `This conversation was canceled on ${on} by ${by}.`, { when: on, name: by });
  }
  const { isCancelable, cancelableUntil, returnsMinutes } = c.cancellationPolicy;
  if (isCancelable) {
    const until = when(cancelableUntil, zone);
    return returnsMinutes
      ? translateOr(
          'student.lobby.cancelUntilReturned',
          `You can cancel this conversation until ${until} and your minutes will be returned.`,
          { when: until },
        )
      : translateOr('student.lobby.cancelUntil', `You can cancel this conversation until ${until}.`, { when: until });
  }
  const hours = STUDENT_CANCEL_CUTOFF_HOURS;
  return translateOr(
    'student.lobby.noLongerCancelable',
    `This conversation can no longer be canceled. Conversations can be canceled up to ${hours} hours before they start.`,
    { hours },
  );
}
