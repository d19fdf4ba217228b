/**
 * What a person's data export holds (issue 34), part by part, from the read models and, for the
 * chat's text, from the chat streams. Every column is named: a row's other columns (or a new
 * column added later) never slip into an export unseen. Other people appear only by their role in
 * the person's conversation ("the speaker", "the student"), never by id, name or address
 * (docs/decisions/data-export.md).
 */
import type { Pool } from '../db/pool';
import { chatStream } from '../domain/conversations/chat';
import type { EventStore } from '../eventstore/port';

export interface ExportSources {
  pool: Pool;
  store: Pick<EventStore, 'readStreams'>;
}

/** A JSON file of the export and the conversations whose recordings go with it. */
export type ExportPart = (sources: ExportSources, personId: string) => Promise<unknown>;

const rows = async (pool: Pool, text: string, values: unknown[]) => (await pool.query(text, values)).rows;

/** The person's conversations (as student or as speaker) and who the other one is to them. */
const CONVERSATIONS_OF = `SELECT id, CASE WHEN reserved_by = $1 THEN 'the speaker' ELSE 'the student' END AS other_party
  FROM rm_conversations.conversations WHERE reserved_by = $1 OR reserved_with = $1`;

const profile: ExportPart = async ({ pool }, id) =>
  (
    await rows(
      pool,
      `SELECT given_name AS "givenName", surname, display_name AS "displayName", gender, date_of_birth AS "dateOfBirth",
         current_city AS "currentCity", current_state AS "currentState", current_country AS "currentCountry",
         previous_city AS "previousCity", previous_country AS "previousCountry", school,
         bio_dream_career AS "bioDreamCareer", bio_goals_are AS "bioGoalsAre", bio_hobbies_are AS "bioHobbiesAre",
         tz_identifier AS "timeZone", locale, headshot_key IS NOT NULL AS "hasHeadshot", updated_at AS "updatedAt"
       FROM rm_profiles.profiles WHERE id = $1`,
      [id],
    )
  )[0] ?? null;

const account: ExportPart = async ({ pool }, id) => {
  const [found] = await rows(
    pool,
    `SELECT id, email_address AS "emailAddress", roles, active_role AS "activeRole", registered_via AS "registeredVia",
       created_at AS "createdAt", current_sign_in_at AS "currentSignInAt", current_sign_in_ip AS "currentSignInIp",
       last_sign_in_at AS "lastSignInAt", password_changed_at AS "passwordChangedAt"
     FROM rm_accounts.accounts WHERE id = $1`,
    [id],
  );
  if (!found) return null;
  const sessions = await rows(
    pool,
    `SELECT created_at AS "createdAt", expires_at AS "expiresAt", ended_at AS "endedAt", ip
       FROM rm_accounts.sessions WHERE account_id = $1 ORDER BY created_at`,
    [id],
  );
  return { ...found, sessions };
};

const enrollments: ExportPart = async ({ pool }, id) => ({
  enrollments: await rows(
    pool,
    `SELECT e.id, e.course_id AS "courseId", c.name AS "courseName", e.enrolled_on AS "enrolledOn", e.enrolled_with AS "enrolledWith",
       e.extra_conversations AS "extraConversations", e.minute_quantity AS "minuteQuantity", e.amount, e.promotion
     FROM rm_enrollments.course_enrollments e LEFT JOIN rm_catalog.courses c ON c.id = e.course_id
     WHERE e.student_id = $1 ORDER BY e.enrolled_on`,
    [id],
  ),
  lessonAttempts: await rows(
    pool,
    `SELECT course_id AS "courseId", lesson_id AS "lessonId", conversation_id AS "conversationId", outcome,
       started_on AS "startedOn", updated_on AS "updatedOn"
     FROM rm_enrollments.lesson_attempts WHERE student_id = $1 ORDER BY started_on`,
    [id],
  ),
});

const minutes: ExportPart = async ({ pool }, id) => ({
  remainingMinutes: Number(
    (await rows(pool, 'SELECT remaining_minutes FROM rm_minutes.balances WHERE account_id = $1', [id]))[0]?.remaining_minutes ?? 0,
  ),
  transactions: await rows(
    pool,
    `SELECT id, minute_quantity AS "minuteQuantity", action, action_reason AS "reason", created_at AS "createdAt",
       balance_after::float8 AS "balanceAfter"
     FROM rm_minutes.minute_transactions WHERE account_id = $1 ORDER BY created_at, id`,
    [id],
  ),
});

const conversations: ExportPart = async ({ pool, store }, id) => {
  const found = await rows(
    pool,
    `SELECT id, reserved_by, reserved_with, kind, status, CASE WHEN reserved_by = $1 THEN 'student' ELSE 'speaker' END AS "yourRole",
       reserved_start AS "reservedStart", reserved_end AS "reservedEnd", duration, learning_language AS "learningLanguage",
       course_id AS "courseId", lesson_id AS "lessonId", minutes, is_canceled AS "isCanceled", canceled_on AS "canceledOn",
       CASE WHEN canceled_by = $1 THEN cancel_reason END AS "yourCancelReason", marked_as AS "markedAs",
       started_on AS "startedOn", stopped_on AS "stoppedOn"
     FROM rm_conversations.conversations WHERE reserved_by = $1 OR reserved_with = $1 ORDER BY reserved_start, id`,
    [id],
  );
  const chats = await store.readStreams(found.map((c) => chatStream(c.id)));
  return found.map(({ reserved_by, reserved_with, ...c }) => {
    const other = c.yourRole === 'student' ? reserved_with : reserved_by;
    const otherParty = c.yourRole === 'student' ? 'the speaker' : 'the student';
    // Anyone else in a chat is the school's staff (an admin may write in it).
    const from = (ownerId: string) => (ownerId === id ? 'you' : ownerId === other ? otherParty : 'the school');
    const chat = (chats.get(chatStream(c.id)) ?? [])
      .filter((e) => e.type === 'ChatMessagePosted')
      .map((e) => ({ from: from(e.data.ownerId), text: e.data.body as string, at: e.data.at as string }));
    return { ...c, chat };
  });
};

const ratings: ExportPart = async ({ pool }, id) => ({
  given: await rows(
    pool,
    `SELECT conversation_id AS "conversationId", role AS "yourRole", rating, comment, rated_on AS "ratedOn"
       FROM rm_conversations.conversation_ratings WHERE rated_by = $1 ORDER BY rated_on`,
    [id],
  ),
  received: await rows(
    pool,
    `SELECT r.conversation_id AS "conversationId", c.other_party AS "by", r.rating, r.comment, r.rated_on AS "ratedOn"
       FROM rm_conversations.conversation_ratings r JOIN (${CONVERSATIONS_OF}) c ON c.id = r.conversation_id
      WHERE r.rated_by <> $1 ORDER BY r.rated_on`,
    [id],
  ),
});

const notes: ExportPart = async ({ pool }, id) =>
  rows(
    pool,
    `SELECT n.conversation_id AS "conversationId", CASE WHEN c.other_party = 'the speaker' THEN 'the speaker' ELSE 'you' END AS "writtenBy",
       n.kind, n.text, n.detail, n.why, n.added_at AS "addedAt", n.revised_at AS "revisedAt"
     FROM rm_notes.learning_notes n JOIN (${CONVERSATIONS_OF}) c ON c.id = n.conversation_id ORDER BY n.position`,
    [id],
  );

const payroll: ExportPart = async ({ pool }, id) => ({
  months: await rows(
    pool,
    `SELECT month, conversation_minutes::float8 AS "conversationMinutes", conversation_rate AS "conversationRate",
       conversation_amount::float8 AS "conversationAmount", idle_minutes::float8 AS "idleMinutes", idle_rate AS "idleRate",
       idle_amount::float8 AS "idleAmount", adjustment_amount::float8 AS "adjustmentAmount", total::float8 AS total, closed
     FROM rm_payroll.months WHERE speaker_id = $1 ORDER BY month`,
    [id],
  ),
  lines: await rows(
    pool,
    `SELECT month, kind, time, minutes, rate, amount::float8 AS amount, conversation_id AS "conversationId"
       FROM rm_payroll.lines WHERE speaker_id = $1 ORDER BY time, conversation_id, kind`,
    [id],
  ),
});

const mails: ExportPart = async ({ pool }, id) =>
  rows(
    pool,
    `SELECT id, subject, template_key AS "template", template_value AS "values", locale, created_at AS "createdAt",
       latest_event_type AS "status"
     FROM rm_notifications.notifications WHERE recipient_account_id = $1 ORDER BY created_at, id`,
    [id],
  );

/**
 * Who at the school looked at the person's data (the audit of docs/decisions/privacy-audit.md):
 * the screen, when, and the reason an admin gave. The admin appears as "the school", as staff do in
 * the chat: their name is theirs (the settings card names them; the export follows its own rule).
 */
const access: ExportPart = async ({ pool }, id) =>
  rows(
    pool,
    `SELECT 'the school' AS "viewer", view, reason, viewed_at AS "viewedAt"
       FROM rm_dataaccess.personal_data_views WHERE person_id = $1 ORDER BY position`,
    [id],
  );

/** The available recordings of the person's conversations: listed in recordings.json, their media beside it. */
export async function recordingsOf(pool: Pool, id: string) {
  return rows(
    pool,
    `SELECT a.conversation_id AS "conversationId", a.media_key AS "mediaKey", a.duration_seconds AS "durationSeconds",
       a.available_on AS "availableOn", a.expires_on AS "expiresOn"
     FROM rm_archives.archives a JOIN (${CONVERSATIONS_OF}) c ON c.id = a.conversation_id
     WHERE a.status = 'available' AND a.media_key IS NOT NULL ORDER BY a.conversation_id`,
    [id],
  ) as Promise<{ conversationId: string; mediaKey: string; durationSeconds: number | null; availableOn: Date; expiresOn: Date | null }[]>;
}

export async function headshotKeyOf(pool: Pool, id: string): Promise<string | null> {
  return (await rows(pool, 'SELECT headshot_key FROM rm_profiles.profiles WHERE id = $1', [id]))[0]?.headshot_key ?? null;
}

/** The export's JSON files, in the order the job assembles them. */
export const EXPORT_PARTS: readonly { file: string; part: ExportPart }[] = [
  { file: 'profile.json', part: profile },
  { file: 'account.json', part: account },
  { file: 'enrollments.json', part: enrollments },
  { file: 'minutes.json', part: minutes },
  { file: 'conversations.json', part: conversations },
  { file: 'ratings.json', part: ratings },
  { file: 'notes.json', part: notes },
  { file: 'payroll.json', part: payroll },
  { file: 'mails.json', part: mails },
  { file: 'access.json', part: access },
];
