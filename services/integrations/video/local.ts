/**
 * The embedded default: browser-to-browser WebRTC, signalled over our own API WebSocket (built
 * elsewhere). No vendor account: the access token is our own HS256 JWT, signed with the server
 * secret, which the signalling layer checks (`verifyLocalVideoToken`) before relaying offers,
 * answers and ICE candidates between the peers of one room.
 *
 * The server secret also signs auth tokens (services/api/jwt.ts). Neither can pass for the other:
 * a video token has audience `tertulia-video` and no session id (`sid`), which every auth token
 * needs; an auth token has no such audience.
 */
import { SignJWT, jwtVerify } from 'jose';
import { conversationRoomName, epochSeconds, type VideoProvider } from './port';

export const LOCAL_VIDEO_AUDIENCE = 'tertulia-video';

export interface LocalVideoClaims {
  accountId: string;
  roomName: string;
  role: 'host' | 'guest';
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function createLocalVideoProvider(options: { secret: string }): VideoProvider {
  const key = keyOf(options.secret);
  return {
    name: 'local',
    roomName: conversationRoomName,
    async issueAccess({ conversationId, participant, expiresAt }) {
      const roomName = conversationRoomName(conversationId);
      const accessToken = await new SignJWT({ room: roomName, role: participant.role, name: participant.displayName })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(participant.accountId)
        .setAudience(LOCAL_VIDEO_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(epochSeconds(expiresAt))
        .sign(key);
      return {
        provider: 'local',
        roomName,
        identity: participant.accountId,
        accessToken,
        expiresAt: new Date(epochSeconds(expiresAt) * 1000),
      };
    },
    async endRoom() {
      // Nothing to do here: there is no vendor room. The signalling layer closes the peers of a
      // conversation when it stops, and refuses tokens once they expire.
    },

    async startRecording() {
      // The speaker's browser records and uploads (web/src/conversation/recording).
    },

    async finishRecording() {
      // The browser reports its upload complete itself.
    },
  };
}

/** The claims of a local video token signed with `secret`, or null (bad signature, expired, not a video token). */
export async function verifyLocalVideoToken(secret: string, token: string): Promise<LocalVideoClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: LOCAL_VIDEO_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    const { sub, room, role } = payload;
    if (typeof sub !== 'string' || typeof room !== 'string' || (role !== 'host' && role !== 'guest')) return null;
    return { accountId: sub, roomName: room, role };
  } catch {
    return null;
  }
}
