/**
 * The video providers of this deployment: local (embedded WebRTC) always; Zoom and Twilio when
 * their keys are set. VIDEO_PROVIDER only picks the provider of newly reserved conversations; a
 * conversation keeps the one it was reserved with, so every configured provider stays available.
 */
import { createLocalVideoProvider } from './local';
import type { VideoConfig } from './config';
import { VIDEO_PROVIDER_NAMES, type VideoProvider, type VideoProviderName } from './port';
import { createTwilioVideoProvider } from './twilio';
import { createZoomVideoProvider } from './zoom';

export { videoConfigFromEnv, type VideoConfig } from './config';
export { verifyLocalVideoToken } from './local';
export type { VideoAccess, VideoProvider, VideoProviderName, VideoRoomParticipant } from './port';

export interface VideoProviders {
  providers: Record<VideoProviderName, VideoProvider | null>;
  /** The provider a conversation was reserved with; throws when this deployment has no keys for it. */
  videoProviderFor(name: string): VideoProvider;
}

const MISSING: Record<VideoProviderName, string> = {
  local: '',
  zoom: 'ZOOM_VIDEO_SDK_KEY and ZOOM_VIDEO_SDK_SECRET',
  twilio: 'TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET',
};

/**
 * `authSecret` signs local video tokens (the server secret, as for auth tokens); `publicUrl` is
 * where vendors call our recording webhooks.
 */
export function createVideoProviders(config: { authSecret: string; publicUrl: string; video: VideoConfig }): VideoProviders {
  const providers: Record<VideoProviderName, VideoProvider | null> = {
    local: createLocalVideoProvider({ secret: config.authSecret }),
    zoom: config.video.zoom ? createZoomVideoProvider(config.video.zoom) : null,
    twilio: config.video.twilio ? createTwilioVideoProvider(config.video.twilio, { publicUrl: config.publicUrl }) : null,
  };
  return {
    providers,
    videoProviderFor(name) {
      if (!(VIDEO_PROVIDER_NAMES as readonly string[]).includes(name))
        throw new Error(`Unknown video provider '${name}': local, zoom or twilio.`);
      const provider = providers[name as VideoProviderName];
      if (!provider) throw new Error(`The ${name} video provider is not configured: set ${MISSING[name as VideoProviderName]}.`);
      return provider;
    },
  };
}
