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
 *
 * Recording (a conversation with archiveOnStart): startRecording sets the live room's recording
 * rules to record every track (a Group Room may start recording at any time); once the room is
 * completed, finishRecording asks for one composition of it (every participant's video in a grid,
 * all audio, MP4) whose status callback is our recording webhook, which fetches the file when
 * Twilio says `composition-available`. A room with a composition already is not composed again.
 */
import type twilioSdkType from 'twilio';
import { conversationRoomName, epochSeconds, twilioRecordingCallbackUrl, type VideoProvider } from './port';

// Imported at first use: the SDK took ~0.3 s of every process's start, on deployments that mostly
// never use it (VIDEO_PROVIDER is local or zoom unless an account still has Programmable Video).
let sdk: Promise<typeof twilioSdkType> | null = null;
const twilioSdk = () => (sdk ??= import('twilio').then((module) => module.default));

export interface TwilioVideoConfig {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
}

/** The part of the REST client the provider uses (tests pass a stand-in). */
export interface TwilioRoomsClient {
  video: {
    v1: {
      rooms: {
        (
          sidOrName: string,
        ): {
          update(params: { status: 'completed' }): Promise<unknown>;
          recordingRules: { update(params: { rules: unknown }): Promise<unknown> };
        };
        list(params: { uniqueName: string; status: 'completed'; limit: number }): Promise<{ sid: string; endTime?: Date | null }[]>;
      };
      compositions: {
        list(params: { roomSid: string; limit: number }): Promise<{ sid: string }[]>;
        create(params: {
          roomSid: string;
          audioSources: string[];
          videoLayout: unknown;
          resolution: string;
          format: 'mp4';
          statusCallback: string;
          statusCallbackMethod: 'POST';
        }): Promise<{ sid: string }>;
      };
    };
  };
}

const MAX_TTL = 24 * 60 * 60;

export function createTwilioVideoProvider(
  config: TwilioVideoConfig,
  options: { client?: TwilioRoomsClient; publicUrl: string },
): VideoProvider {
  let client = options.client ?? null;
  const rest = async () => (client ??= (await twilioSdk())(config.apiKeySid, config.apiKeySecret, { accountSid: config.accountSid }));

  return {
    name: 'twilio',
    roomName: conversationRoomName,

    async issueAccess({ conversationId, participant, expiresAt }) {
      const roomName = conversationRoomName(conversationId);
      const issuedAt = epochSeconds(new Date()); // AccessToken stamps iat from the clock too
      const ttl = Math.min(MAX_TTL, Math.max(1, epochSeconds(expiresAt) - issuedAt));
      const twilio = await twilioSdk();
      const token = new twilio.jwt.AccessToken(config.accountSid, config.apiKeySid, config.apiKeySecret, {
        identity: participant.accountId,
        ttl,
      });
      token.addGrant(new twilio.jwt.AccessToken.VideoGrant({ room: roomName }));
      return {
        provider: 'twilio',
        roomName,
        identity: participant.accountId,
        accessToken: token.toJwt(),
        expiresAt: new Date((issuedAt + ttl) * 1000),
      };
    },

    async endRoom(conversationId) {
      try {
        await (await rest()).video.v1.rooms(conversationRoomName(conversationId)).update({ status: 'completed' });
      } catch (error) {
        if ((error as { status?: number }).status !== 404) throw error;
      }
    },

    async startRecording(conversationId) {
      await (await rest()).video.v1
        .rooms(conversationRoomName(conversationId))
        .recordingRules.update({ rules: [{ type: 'include', all: true }] });
    },

    async finishRecording(conversationId) {
      const uniqueName = conversationRoomName(conversationId);
      const rooms = await (await rest()).video.v1.rooms.list({ uniqueName, status: 'completed', limit: 20 });
      // A job retries this: the room may take a moment to show as completed after endRoom.
      if (!rooms.length) throw new Error(`Twilio has no completed room ${uniqueName} to compose yet.`);
      const room = rooms.reduce((newest, r) => ((r.endTime?.getTime() ?? 0) > (newest.endTime?.getTime() ?? 0) ? r : newest));
      if ((await (await rest()).video.v1.compositions.list({ roomSid: room.sid, limit: 1 })).length) return;
      await (await rest()).video.v1.compositions.create({
        roomSid: room.sid,
        audioSources: ['*'],
        videoLayout: { grid: { video_sources: ['*'] } },
        resolution: '1280x720',
        format: 'mp4',
        statusCallback: twilioRecordingCallbackUrl(options.publicUrl, conversationId),
        statusCallbackMethod: 'POST',
      });
    },
  };
}
