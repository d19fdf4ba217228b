/**
 * A registered LTI platform (issue 33): its settings' rules and the decider of its stream. Pure.
 * Whether the JWKS URL answers a key set is checked by the handler before it decides (network).
 */
import crypto from 'node:crypto';
import { ErrorCode } from '../../../contracts/errors';
import { textLimit } from '../../../contracts/validation/limits';
import { knownRefusal } from '../../i18n/translate';
import type { DecisionContext } from '../shared/decider';
import { DomainError, type KnownRefusal, type Refusal, assertNoFieldErrors } from '../shared/errors';
import { LimitMessages, limitRefusal } from '../shared/limits';
import type { LtiPlatformEvent, PlatformSettings } from './events';

export const PLATFORM_LIMITS = { name: 100, issuer: 500, clientId: 255, deploymentId: 255, deploymentIds: 20, url: 2000 } as const;

export const PlatformMessages = {
  urlScheme: () => knownRefusal('errors.ltiPlatform.urlScheme'),
  urlInvalid: () => knownRefusal('errors.ltiPlatform.urlInvalid'),
  noDeployment: 'At least one deployment id is required.',
  tooManyDeployments: `At most ${PLATFORM_LIMITS.deploymentIds} deployment ids.`,
  duplicateDeployment: 'Each deployment id once.',
  registered: 'This platform (issuer and client id) is registered already.',
  unknown: 'There is no such platform.',
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An https URL (http only for a loopback host: tests and a platform on the same machine), or the problem. */
export function urlProblem(value: string): KnownRefusal | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return PlatformMessages.urlInvalid();
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return PlatformMessages.urlScheme();
}

/** Trims and checks every setting; throws BAD_USER_INPUT naming each failing field. */
export function checkPlatformSettings(input: PlatformSettings): PlatformSettings {
  const settings: PlatformSettings = {
    name: input.name.trim(),
    issuer: input.issuer.trim(),
    clientId: input.clientId.trim(),
    deploymentIds: input.deploymentIds.map((d) => d.trim()).filter(Boolean),
    authLoginUrl: input.authLoginUrl.trim(),
    accessTokenUrl: input.accessTokenUrl.trim(),
    jwksUrl: input.jwksUrl.trim(),
  };
  const fields: Record<string, Refusal> = {};
  const text = (name: 'name' | 'issuer' | 'clientId', max: number) => {
    const problem = settings[name] ? textLimit(settings[name], max) : LimitMessages.required();
    if (problem) fields[name] = limitRefusal(name, problem);
  };
  text('name', PLATFORM_LIMITS.name);
  text('issuer', PLATFORM_LIMITS.issuer);
  text('clientId', PLATFORM_LIMITS.clientId);
  // The issuer is compared as a string with the id_token's iss; platforms use an https URL.
  if (!fields.issuer) {
    const problem = urlProblem(settings.issuer);
    if (problem) fields.issuer = limitRefusal('issuer', problem);
  }
  for (const name of ['authLoginUrl', 'accessTokenUrl', 'jwksUrl'] as const) {
    const value = settings[name];
    const problem = !value ? LimitMessages.required() : (textLimit(value, PLATFORM_LIMITS.url) ?? urlProblem(value));
    if (problem) fields[name] = limitRefusal(name, problem);
  }
  if (!settings.deploymentIds.length) fields.deploymentIds = PlatformMessages.noDeployment;
  else if (settings.deploymentIds.length > PLATFORM_LIMITS.deploymentIds) fields.deploymentIds = PlatformMessages.tooManyDeployments;
  else if (new Set(settings.deploymentIds).size !== settings.deploymentIds.length)
    fields.deploymentIds = PlatformMessages.duplicateDeployment;
  else {
    const problem = settings.deploymentIds.map((d) => textLimit(d, PLATFORM_LIMITS.deploymentId)).find(Boolean);
    if (problem) fields.deploymentIds = limitRefusal('deploymentId', problem);
  }
  assertNoFieldErrors(fields);
  return settings;
}

/** The registration stream's key: one registration per (issuer, client id). */
export const registrationKey = (issuer: string, clientId: string) =>
  crypto.createHash('sha256').update(`${issuer}\n${clientId}`, 'utf8').digest('hex');

export interface PlatformState {
  platformId: string | null;
  settings: PlatformSettings | null;
}

export const initialPlatform = (): PlatformState => ({ platformId: null, settings: null });

export function evolvePlatform(_state: PlatformState, event: LtiPlatformEvent): PlatformState {
  // Every event carries the whole settings: the latest is the state.
  const { platformId, ...settings } = event.data;
  return { platformId, settings };
}

export function decideRegisterPlatform(
  state: PlatformState,
  cmd: { platformId: string; settings: PlatformSettings },
  _ctx: DecisionContext,
): LtiPlatformEvent[] {
  if (state.platformId) throw new DomainError(ErrorCode.CONFLICT, PlatformMessages.registered);
  return [{ type: 'LtiPlatformRegistered', data: { platformId: cmd.platformId, ...cmd.settings } }];
}

/** Name, deployments and URLs change; the issuer and client id stay (another pair is another platform). */
export function decideChangePlatform(
  state: PlatformState,
  cmd: { settings: Omit<PlatformSettings, 'issuer' | 'clientId'> },
  _ctx: DecisionContext,
): LtiPlatformEvent[] {
  if (!state.platformId || !state.settings) throw new DomainError(ErrorCode.NOT_FOUND, PlatformMessages.unknown);
  const next = { ...state.settings, ...cmd.settings };
  if (JSON.stringify(next) === JSON.stringify(state.settings)) return [];
  return [{ type: 'LtiPlatformChanged', data: { platformId: state.platformId, ...next } }];
}
