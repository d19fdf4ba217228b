/**
 * Speakers read model (issue 8): the speaking record per speaker (promotion, interview, evaluation,
 * languages as text[] for filtering by language, pay rate) and the speaker invitations with their
 * status. The admin invitations screen, `User.speaking`, the instructor gallery (`allSpeakers`)
 * and the students' speaker search read it. Notifies `speakerAccepted` (key: the invitation id)
 * when an invitation is accepted.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import { notifyChange, type Projector } from '../../services/feed/projector';
import { toPerson, type PersonRow } from '../directory';
import type { ConnectionSource } from '../connectionSource';

const isSpeakerRole = (role: unknown) => role === 'SPEAKER' || role === 'ONBOARDING_SPEAKER';

export const speakersProjector: Projector = {
  name: 'speakers',
  // 2: the interview's status is the conversations read model's (read with the record).
  version: 2,
  handles: [
    'InvitationIssued',
    'InvitationAccepted',
    'InvitationRescinded',
    'SpeakingRecordOpened',
    'InterviewScheduled',
    'SpeakerEvaluated',
    'SpeakingSettingsChanged',
  ],
  schema: `
    CREATE TABLE speakers (
      account_id text PRIMARY KEY,
      email_address text NOT NULL,
      invitation_id text,
      is_promoted boolean NOT NULL DEFAULT false,
      evaluation text,
      evaluated_at timestamptz,
      interview_id text,
      interview_start timestamptz,
      languages text[] NOT NULL DEFAULT '{}',
      pay_rate int NOT NULL DEFAULT 0,
      opened_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX speakers_languages ON speakers USING gin (languages);
    CREATE INDEX speakers_promoted ON speakers (is_promoted, account_id);
    CREATE TABLE invitations (
      id text PRIMARY KEY,
      stream text NOT NULL,
      email_address text NOT NULL,
      invitation_sent_at timestamptz NOT NULL,
      owner_id text,
      status text NOT NULL,
      speaker_id text,
      accepted_at timestamptz,
      rescinded_at timestamptz
    );
    CREATE INDEX invitations_sent ON invitations (invitation_sent_at DESC, id);
    CREATE INDEX invitations_email ON invitations (email_address);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const accepted: string[] = [];
    for (const e of events) {
      const d = e.data;
      const at = e.metadata.occurredAt;
      switch (e.type) {
        case 'InvitationIssued':
          if (!isSpeakerRole(d.role)) break;
          await db.query(
            `INSERT INTO invitations (id, stream, email_address, invitation_sent_at, owner_id, status) VALUES ($1, $2, $3, $4, $5, 'INVITED')
             ON CONFLICT (id) DO NOTHING`,
            [d.invitationId, e.streamId, d.emailAddress, at, e.metadata.actorId ?? null],
          );
          break;
        case 'InvitationAccepted': {
          const { rowCount } = await db.query(
            `UPDATE invitations SET status = 'ACCEPTED', speaker_id = $2, accepted_at = $3 WHERE id = $1`,
            [d.invitationId, d.accountId, at],
          );
          if (rowCount) accepted.push(d.invitationId);
          break;
        }
        case 'InvitationRescinded':
          await db.query(`UPDATE invitations SET status = 'RESCINDED', rescinded_at = $2 WHERE id = $1`, [d.invitationId, at]);
          break;
        case 'SpeakingRecordOpened':
          await db.query(
            `INSERT INTO speakers (account_id, email_address, invitation_id, opened_at, updated_at) VALUES ($1, $2, $3, $4, $4)
             ON CONFLICT (account_id) DO NOTHING`,
            [d.speakerId, d.emailAddress, d.invitationId, at],
          );
          break;
        case 'InterviewScheduled':
          await db.query(`UPDATE speakers SET interview_id = $2, interview_start = $3, updated_at = $4 WHERE account_id = $1`, [
            d.speakerId,
            d.conversationId,
            d.reservedStart,
            at,
          ]);
          break;
        case 'SpeakerEvaluated':
          await db.query(
            `UPDATE speakers SET evaluation = $2, evaluated_at = $3, is_promoted = ($2 = 'promote'), updated_at = $3 WHERE account_id = $1`,
            [d.speakerId, d.evaluation, at],
          );
          break;
        case 'SpeakingSettingsChanged':
          await db.query(`UPDATE speakers SET languages = $2, pay_rate = $3, updated_at = $4 WHERE account_id = $1`, [
            d.speakerId,
            d.languages,
            d.payRate,
            at,
          ]);
          break;
      }
    }
    await notifyChange(
      db,
      accepted.map((key) => ({ topic: 'speakerAccepted', key })),
    );
  },
};

export interface SpeakingRow {
  id: string;
  emailAddress: string;
  isPromoted: boolean;
  evaluation: 'promote' | 'decline' | null;
  evaluatedAt: Date | null;
  interview: { id: string; status: string; reservedStart: Date } | null;
  languages: string[];
  payRate: number;
}

/**
 * A speaking record with its interview's status as the conversations read model has it (the one
 * word on a conversation's status; reserved past its end reads 'unused', as everywhere).
 */
const SPEAKING_SQL = `SELECT s.*,
    CASE WHEN c.status = 'reserved' AND NOT c.is_canceled AND c.reserved_end <= now() THEN 'unused' ELSE c.status END AS interview_status
  FROM rm_speakers.speakers s LEFT JOIN rm_conversations.conversations c ON c.id = s.interview_id`;

const toSpeaking = (r: any): SpeakingRow => ({
  id: r.account_id,
  emailAddress: r.email_address,
  isPromoted: r.is_promoted,
  evaluation: r.evaluation,
  evaluatedAt: r.evaluated_at,
  interview: r.interview_id ? { id: r.interview_id, status: r.interview_status ?? 'reserved', reservedStart: r.interview_start } : null,
  languages: r.languages,
  payRate: r.pay_rate,
});

export async function findSpeaking(pool: pg.Pool, accountId: string): Promise<SpeakingRow | null> {
  const { rows } = await pool.query(`${SPEAKING_SQL} WHERE s.account_id = $1`, [accountId]);
  return rows[0] ? toSpeaking(rows[0]) : null;
}

export async function findSpeakings(pool: pg.Pool, accountIds: readonly string[]): Promise<Map<string, SpeakingRow>> {
  const { rows } = await pool.query(`${SPEAKING_SQL} WHERE s.account_id = ANY($1)`, [accountIds]);
  return new Map(rows.map((r) => [r.account_id as string, toSpeaking(r)]));
}

/** Whether the account is a promoted speaker (the speaker search and onboarding can ask). */
export async function isPromotedSpeaker(pool: pg.Pool, accountId: string): Promise<boolean> {
  const { rows } = await pool.query('SELECT 1 FROM rm_speakers.speakers WHERE account_id = $1 AND is_promoted', [accountId]);
  return rows.length > 0;
}

/**
 * Promoted speakers (optionally of a language) who have finished onboarding (role SPEAKER), as
 * directory rows for the User resolvers, by display name. The instructor gallery.
 */
export async function promotedSpeakers(pool: pg.Pool, language: string | null): Promise<PersonRow[]> {
  const { rows } = await pool.query(
    `SELECT p.* FROM rm_speakers.speakers s JOIN rm_directory.people p ON p.id = s.account_id
      WHERE s.is_promoted AND ($1::text IS NULL OR s.languages @> ARRAY[$1::text]) AND 'SPEAKER' = ANY(p.roles)
      ORDER BY p.display_name NULLS LAST, p.email_address, p.id LIMIT 500`,
    [language],
  );
  return rows.map(toPerson);
}

/** Promoted speakers' ids with a language (for searches that join their own tables). */
export const PROMOTED_SPEAKERS_OF_LANGUAGE_SQL = `SELECT account_id FROM rm_speakers.speakers WHERE is_promoted AND languages @> ARRAY[$1::text]`;

export interface InvitationRow {
  id: string;
  emailAddress: string;
  invitationSentAt: Date;
  invitationStatus: 'INVITED' | 'ACCEPTED' | 'RESCINDED';
  ownerId: string | null;
  speakerId: string | null;
  acceptedAt: Date | null;
  rescindedAt: Date | null;
}

const toInvitation = (r: any): InvitationRow => ({
  id: r.id,
  emailAddress: r.email_address,
  invitationSentAt: r.invitation_sent_at,
  invitationStatus: r.status,
  ownerId: r.owner_id,
  speakerId: r.speaker_id,
  acceptedAt: r.accepted_at,
  rescindedAt: r.rescinded_at,
});

/** Speaker invitations, newest first (at most `limit`), optionally of one status. */
export async function listInvitations(pool: pg.Pool, options: { status?: string | null; limit?: number } = {}): Promise<InvitationRow[]> {
  const { rows } = await pool.query(
    `SELECT * FROM rm_speakers.invitations WHERE ($1::text IS NULL OR status = $1) ORDER BY invitation_sent_at DESC, id DESC LIMIT $2`,
    [options.status ?? null, options.limit ?? 200],
  );
  return rows.map(toInvitation);
}

export async function findInvitation(pool: pg.Pool, id: string): Promise<(InvitationRow & { stream: string }) | null> {
  const { rows } = await pool.query('SELECT * FROM rm_speakers.invitations WHERE id = $1', [id]);
  return rows[0] ? { ...toInvitation(rows[0]), stream: rows[0].stream } : null;
}

/** What scheduling needs about a speaker: promoted and onboarded (role SPEAKER), and their languages. */
/** speakerFacts of several speakers in one statement (absent: not a speaker). */
export async function speakersFacts(
  pool: pg.Pool,
  accountIds: readonly string[],
): Promise<Map<string, { canSpeak: boolean; languages: string[] }>> {
  if (!accountIds.length) return new Map();
  // Named (prepared once per connection): every reservation asks it, and its plan cost more than its run.
  const { rows } = await pool.query({
    name: 'speakers_facts_v1',
    text: `SELECT s.account_id, s.is_promoted, s.languages, 'SPEAKER' = ANY(a.roles) AS onboarded
       FROM rm_speakers.speakers s JOIN rm_accounts.accounts a ON a.id = s.account_id WHERE s.account_id = ANY($1::text[])`,
    values: [[...new Set(accountIds)]],
  });
  return new Map(rows.map((r) => [r.account_id as string, { canSpeak: r.is_promoted && r.onboarded, languages: r.languages ?? [] }]));
}

export async function speakerFacts(pool: pg.Pool, accountId: string): Promise<{ canSpeak: boolean; languages: string[] } | null> {
  const { rows } = await pool.query(
    `SELECT s.is_promoted, s.languages, 'SPEAKER' = ANY(a.roles) AS onboarded
       FROM rm_speakers.speakers s JOIN rm_accounts.accounts a ON a.id = s.account_id WHERE s.account_id = $1`,
    [accountId],
  );
  if (!rows[0]) return null;
  return { canSpeak: rows[0].is_promoted && rows[0].onboarded, languages: rows[0].languages ?? [] };
}

/**
 * The back-office's candidates table (spec 3's "instructor candidate": evaluation, evaluatedOn,
 * interviewedOn, languages, payRate): everyone with a speaking record, with their names from the
 * directory and where they stand (waiting for an interview, interviewed, promoted or declined).
 */
export interface SpeakerCandidateRow {
  id: string;
  emailAddress: string;
  displayName: string | null;
  stage: 'waiting' | 'interviewing' | 'promoted' | 'declined';
  evaluation: SpeakingRow['evaluation'];
  evaluatedOn: Date | null;
  interviewedOn: Date | null;
  languages: string[];
  payRate: number;
  openedOn: Date;
}

export const speakerCandidatesSource: ConnectionSource<SpeakerCandidateRow> = {
  from: `(SELECT s.*, p.display_name,
      CASE WHEN s.evaluation = 'decline' THEN 'declined' WHEN s.is_promoted THEN 'promoted'
           WHEN s.interview_id IS NOT NULL THEN 'interviewing' ELSE 'waiting' END AS stage
    FROM rm_speakers.speakers s LEFT JOIN rm_directory.people p ON p.id = s.account_id) AS candidates`,
  key: 'account_id',
  fields: {
    emailAddress: { column: 'email_address', type: 'text' },
    displayName: { column: 'display_name', type: 'text', nullable: true },
    stage: { column: 'stage', type: 'text' },
    evaluatedOn: { column: 'evaluated_at', type: 'timestamptz', nullable: true },
    interviewedOn: { column: 'interview_start', type: 'timestamptz', nullable: true },
    languages: { column: 'languages', type: 'text[]', sortable: false },
    payRate: { column: 'pay_rate', type: 'int' },
    openedOn: { column: 'opened_at', type: 'timestamptz' },
  },
  defaultSort: [{ field: 'openedOn', direction: 'DESC' }],
  toNode: (r: any): SpeakerCandidateRow => ({
    id: r.account_id,
    emailAddress: r.email_address,
    displayName: r.display_name,
    stage: r.stage,
    evaluation: r.evaluation,
    evaluatedOn: r.evaluated_at,
    interviewedOn: r.interview_start,
    languages: r.languages,
    payRate: r.pay_rate,
    openedOn: r.opened_at,
  }),
};
