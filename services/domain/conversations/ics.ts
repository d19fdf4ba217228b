/**
 * iCalendar (RFC 5545, iTIP RFC 5546) invitations for conversations, made with ical-generator.
 * One UID per conversation for everyone and for its whole life (`conversation-<id>@tertulia`), so a
 * calendar app updates or removes the event it already holds; SEQUENCE grows with every change
 * (the conversation stream's version when the change is decided); times are UTC instants.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MailAttachment } from '../../integrations/mail/port';

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export const conversationUid = (conversationId: string) => `conversation-${conversationId}@tertulia`;

export interface ConversationInvite {
  conversationId: string;
  method: CalendarMethod;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** Where the recipient opens the conversation (the student's lobby, the speaker's page). */
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string | null; email: string };
  /** DTSTAMP: when the change was made (defaults to now). */
  stamp?: Date;
}

/** The VCALENDAR text with one VEVENT. */
export function conversationIcs(invite: ConversationInvite): string {
  const calendar = ical({
    prodId: { company: 'Tertulia', product: 'Conversations', language: 'EN' },
    method: invite.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: conversationUid(invite.conversationId),
    sequence: invite.sequence,
    stamp: invite.stamp ?? new Date(),
    // No timezone: DTSTART and DTEND are written as UTC instants (…Z), which every calendar reads.
    timezone: null,
    start: invite.start,
    end: invite.end,
    summary: invite.summary,
    description: invite.description,
    url: invite.url,
    organizer: invite.organizer,
    attendees: [
      {
        email: invite.attendee.email,
        name: invite.attendee.name ?? undefined,
        role: ICalAttendeeRole.REQ,
        // The conversation is booked already: nothing to answer.
        status: invite.method === 'REQUEST' ? ICalAttendeeStatus.ACCEPTED : undefined,
        rsvp: false,
      },
    ],
    status: invite.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** The attachment a mail carries: `invite.ics`, or `cancel.ics` for a cancellation. */
export function conversationIcsAttachment(invite: ConversationInvite): MailAttachment {
  return {
    filename: invite.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${invite.method}`,
    content: conversationIcs(invite),
  };
}

/** The address of a From header ('Tertulia <no-reply@x>' → 'no-reply@x'). */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
