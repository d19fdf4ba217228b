/** The video settings from the environment (no SDK loaded here: services/app/config.ts imports it). */
import type { TwilioVideoConfig } from './twilio';
import type { ZoomVideoConfig } from './zoom';

export interface VideoConfig {
  /** ZOOM_VIDEO_SDK_KEY and ZOOM_VIDEO_SDK_SECRET (and, to end sessions, ZOOM_VIDEO_API_KEY and ZOOM_VIDEO_API_SECRET). */
  zoom: ZoomVideoConfig | null;
  /** TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET. */
  twilio: TwilioVideoConfig | null;
}

/** Values of variables that belong together: all set, or none (a half-set vendor is refused at startup). */
function group<K extends string>(env: NodeJS.ProcessEnv, names: readonly K[]): Record<K, string> | null {
  const values = names.map((name) => env[name]?.trim() || '');
  if (values.every((v) => !v)) return null;
  const missing = names.filter((_, i) => !values[i]);
  if (missing.length)
    throw new Error(`${names.join(', ')} must be set together: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing.`);
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as Record<K, string>;
}

export function videoConfigFromEnv(env: NodeJS.ProcessEnv): VideoConfig {
  const sdk = group(env, ['ZOOM_VIDEO_SDK_KEY', 'ZOOM_VIDEO_SDK_SECRET'] as const);
  const api = group(env, ['ZOOM_VIDEO_API_KEY', 'ZOOM_VIDEO_API_SECRET'] as const);
  if (api && !sdk)
    throw new Error('ZOOM_VIDEO_API_KEY and ZOOM_VIDEO_API_SECRET are only used with ZOOM_VIDEO_SDK_KEY and ZOOM_VIDEO_SDK_SECRET.');
  const tw = group(env, ['TWILIO_ACCOUNT_SID', 'TWILIO_API_KEY_SID', 'TWILIO_API_KEY_SECRET'] as const);
  return {
    zoom: sdk && {
      sdkKey: sdk.ZOOM_VIDEO_SDK_KEY,
      sdkSecret: sdk.ZOOM_VIDEO_SDK_SECRET,
      apiKey: api?.ZOOM_VIDEO_API_KEY ?? null,
      apiSecret: api?.ZOOM_VIDEO_API_SECRET ?? null,
    },
    twilio: tw && { accountSid: tw.TWILIO_ACCOUNT_SID, apiKeySid: tw.TWILIO_API_KEY_SID, apiKeySecret: tw.TWILIO_API_KEY_SECRET },
  };
}
