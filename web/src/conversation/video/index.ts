/**
 * The adapter for a conversation's provider, each in its own chunk: a Zoom conversation never
 * downloads twilio-video, nor a local one either vendor's SDK.
 */
import type { VideoAdapter } from './port';

export const PROVIDERS = ['local', 'zoom', 'twilio'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export const isProvider = (value: string): value is ProviderName => (PROVIDERS as readonly string[]).includes(value);

export async function loadAdapter(provider: string): Promise<VideoAdapter> {
  switch (provider) {
    case 'local':
      return import('./local');
    case 'zoom':
      return import('./zoom');
    case 'twilio':
      return import('./twilio');
    default:
      throw new Error(`Unknown video provider '${provider}'`);
  }
}
