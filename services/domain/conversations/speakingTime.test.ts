/** Speaking-time reports, given/when/then (issue 35): who reports, when, and how much. */
import { describe, it } from 'vitest';
import { SpeakingTimeMessages } from '../../../contracts/speakingTime';
import { deciderSpec } from '../shared/spec';
import {
  type SpeakingSubject,
  type SpeakingTimeEvent,
  decideReportSpeaking,
  evolveSpeakingTime,
  initialSpeakingTime,
} from './speakingTime';

const spec = deciderSpec(evolveSpeakingTime, initialSpeakingTime);
const START = Date.parse('2026-11-28T10:00:00Z');
const at = (seconds: number) => new Date(START + seconds * 1000);
/** A 15-minute conversation started at START, running. */
const running: SpeakingSubject = {
  conversationId: 'c1',
  reservedBy: 'student',
  reservedWith: 'speaker',
  status: 'started',
  startedAt: at(0),
  stopsAt: at(900),
  stoppedAt: null,
};
const stopped: SpeakingSubject = { ...running, status: 'stopped', stoppedAt: at(900) };
const reported = (participantId: string, speakingMs: number, totalMs: number, seconds: number): SpeakingTimeEvent => ({
  type: 'SpeakingTimeReported',
  data: { conversationId: 'c1', participantId, speakingMs, totalMs, at: at(seconds).toISOString() },
});
const report =
  (participantId: string, speakingMs: number, seconds: number, c = running) =>
  (s: ReturnType<typeof initialSpeakingTime>) =>
    decideReportSpeaking(s, c, { participantId, speakingMs }, at(seconds));

describe('reporting speaking time', () => {
  it('adds each report to the participant’s own total, each participant apart', () => {
    spec
      .given([])
      .when(report('student', 20_000, 30))
      .then([reported('student', 20_000, 20_000, 30)]);
    spec
      .given([reported('student', 20_000, 20_000, 30), reported('speaker', 5000, 5000, 31)])
      .when(report('student', 25_000, 60))
      .then([reported('student', 25_000, 45_000, 60)]);
  });

  it('appends nothing for a report of zero', () => {
    spec
      .given([])
      .when(report('student', 0, 30))
      .then([]);
  });

  it('refuses anyone but the two participants', () => {
    spec
      .given([])
      .when(report('someone', 1000, 30))
      .thenThrows('UNAUTHORIZED', SpeakingTimeMessages.notParticipant);
  });

  it('refuses more than the time since the participant’s last report (the start for the first), with 2 s of slack', () => {
    spec
      .given([])
      .when(report('student', 32_000, 30))
      .then([reported('student', 32_000, 32_000, 30)]);
    spec
      .given([])
      .when(report('student', 32_001, 30))
      .thenThrows('BAD_USER_INPUT', SpeakingTimeMessages.tooLong);
    spec
      .given([reported('student', 20_000, 20_000, 30)])
      .when(report('student', 12_001, 40))
      .thenThrows('BAD_USER_INPUT', SpeakingTimeMessages.tooLong);
    // The other participant's report does not move this one's window.
    spec
      .given([reported('speaker', 1000, 1000, 30)])
      .when(report('student', 40_000, 40))
      .then([reported('student', 40_000, 40_000, 40)]);
  });

  it('refuses a total longer than the conversation', () => {
    spec
      .given([reported('student', 899_000, 899_000, 899)])
      .when(report('student', 1500, 900))
      .thenThrows('BAD_USER_INPUT', SpeakingTimeMessages.beyondConversation);
  });

  it('counts the time up to the stop only, and takes reports for a minute after it', () => {
    spec
      .given([reported('student', 10_000, 10_000, 880)])
      .when(report('student', 20_000, 930, stopped))
      .then([reported('student', 20_000, 30_000, 930)]);
    spec
      .given([reported('student', 10_000, 10_000, 880)])
      .when(report('student', 22_001, 930, stopped))
      .thenThrows('BAD_USER_INPUT', SpeakingTimeMessages.tooLong);
    spec
      .given([])
      .when(report('student', 1000, 961, stopped))
      .thenThrows('CONFLICT', SpeakingTimeMessages.notHeld);
  });

  it('refuses reports before the conversation started, and of an unused one', () => {
    const opened = { ...running, status: 'opened', startedAt: null, stopsAt: null };
    spec
      .given([])
      .when(report('student', 1000, 30, opened))
      .thenThrows('CONFLICT', SpeakingTimeMessages.notHeld);
    spec
      .given([])
      .when(report('student', 1000, 30, { ...running, status: 'unused', stoppedAt: at(20) }))
      .thenThrows('CONFLICT', SpeakingTimeMessages.notHeld);
  });

  it('refuses a negative, fractional or enormous report', () => {
    for (const speakingMs of [-1, 1.5, Number.NaN, 3_600_001])
      spec
        .given([])
        .when(report('student', speakingMs, 30))
        .thenThrows('BAD_USER_INPUT', SpeakingTimeMessages.notWhole);
  });
});
