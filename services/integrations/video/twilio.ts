/**
 * Twilio Video, kept for deployments that already have it. Twilio stopped onboarding new
 * Programmable Video customers; existing ones may use it until 2026-12-05, when Twilio ends the
 * product. It is never the default: choose it with VIDEO_PROVIDER=twilio only on an account that
 * still has Programmable Video.
 *
 * Access tokens are Twilio AccessTokens (HS256 signed with an API key secret; iss = API key SID,
 * sub = account SID) with a VideoGrant for the room and identity = our account id. Twilio caps a
 * token's life at 24 hours. endRoom completes the in-progress room through the REST API (the
 * room's unique name stands in for its SID); a room that is not in progress answers 404, ignored.
 */
import twilio from 'twilio';
import { conversationRoomName, epochSeconds, type VideoProvider } from './port';

export interface TwilioVideoConfig {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
}

/** The part of the REST client endRoom uses (tests pass a stand-in). */
export interface TwilioRoomsClient {
  video: { v1: { rooms(sidOrName: string): { update(params: { status: 'completed' }): Promise<unknown> } } };
}

const MAX_TTL = 24 * 60 * 60;

export function createTwilioVideoProvider(
  config: TwilioVideoConfig,
  options: { client?: TwilioRoomsClient } = {},
): VideoProvider {
  let client = options.client ?? null;
  const rest = () => (client ??= twilio(config.apiKeySid, config.apiKeySecret, { accountSid: config.accountSid }));

  return {
    name: 'twilio',
    roomName: conversationRoomName,

    async issueAccess({ conversationId, participant, expiresAt }) {
      const roomName = conversationRoomName(conversationId);
      const issuedAt = epochSeconds(new Date()); // AccessToken stamps iat from the clock too
      const ttl = Math.min(MAX_TTL, Math.max(1, epochSeconds(expiresAt) - issuedAt));
      const token = new twilio.jwt.AccessToken(config.accountSid, config.apiKeySid, config.apiKeySecret, { identity: participant.accountId, ttl });
      token.addGrant(new twilio.jwt.AccessToken.VideoGrant({ room: roomName }));
      return { provider: 'twilio', roomName, identity: participant.accountId, accessToken: token.toJwt(), expiresAt: new Date((issuedAt + ttl) * 1000) };
    },

    async endRoom(conversationId) {
      try {
        await rest().video.v1.rooms(conversationRoomName(conversationId)).update({ status: 'completed' });
      } catch (error) {
        if ((error as { status?: number }).status !== 404) throw error;
      }
    },
  };
}
