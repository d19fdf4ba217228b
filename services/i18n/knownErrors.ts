/**
 * The server's own refusals answered in the caller's language (issue 32): scheduling's,
 * enrollment's and services/api's messages, by id `errors.<area>.<key>` in the server's catalogs
 * (services/i18n/messages). Only the server shows them (the web gets them translated in the
 * answer), so, unlike the contracts' known messages, they stay out of the web's bundle.
 */
import { EnrollmentMessages } from '../../contracts/enrollment';
import { SchedulingMessages } from '../../contracts/scheduling';
import {
  ApiMessages,
  ArchiveMessages,
  ClassViewMessages,
  ConnectionsMessages,
  LtiScoreMessages,
  ReadBackMessages,
  RoleMessages,
} from '../api/apiMessages';

const entries: [id: string, text: string][] = [
  ...Object.entries(SchedulingMessages).map(([key, text]): [string, string] => [`errors.scheduling.${key}`, text]),
  ...Object.entries(EnrollmentMessages).map(([key, text]): [string, string] => [`errors.enrollment.${key}`, text]),
  ...Object.entries(ApiMessages).map(([key, text]): [string, string] => [`errors.api.${key}`, text]),
  ...Object.entries(ConnectionsMessages).map(([key, text]): [string, string] => [`errors.connections.${key}`, text]),
  ...Object.entries(ClassViewMessages).map(([key, text]): [string, string] => [`errors.classView.${key}`, text]),
  ...Object.entries(ArchiveMessages).map(([key, text]): [string, string] => [`errors.archivePlayback.${key}`, text]),
  ...Object.entries(LtiScoreMessages).map(([key, text]): [string, string] => [`errors.ltiScores.${key}`, text]),
  ...Object.entries(ReadBackMessages).map(([key, text]): [string, string] => [`errors.readBack.${key}`, text]),
  ...Object.entries(RoleMessages).map(([key, text]): [string, string] => [`errors.role.${key}`, text]),
];

/** Each known refusal's English, by its catalog id. */
export const KNOWN_ERRORS: ReadonlyMap<string, string> = new Map(entries);

const BY_TEXT = new Map(entries.map(([id, text]) => [text, id]));

/** The catalog id of a known refusal's English text, null for any other text. */
export const knownErrorId = (text: string): string | null => BY_TEXT.get(text) ?? null;
