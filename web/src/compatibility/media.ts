/**
 * Getting the camera and microphone for the equipment check, and saying what went wrong in the
 * catalogue's words (mediaErrors.ts). Both devices are asked for at once (one permission prompt);
 * when that fails the browser does not say which device failed, so each is then tried alone, and a
 * failure of both for the same reason reads as one message ('the camera and microphone ...').
 * Devices the browser does not list are not asked for at all: they are simply not found.
 */
import { mediaErrorKind, mediaErrorMessage, type WantedDevices } from './mediaErrors';

/** What this module uses of `navigator`: injectable, so it is tested without a browser. */
export interface MediaEnvironment {
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'> & Partial<Pick<MediaDevices, 'enumerateDevices'>>;
  permissions?: Pick<Permissions, 'query'>;
}

export interface AcquiredMedia {
  /** The stream with the camera's track (the same stream as `microphone` when both came at once). */
  camera: MediaStream | null;
  microphone: MediaStream | null;
  /** The camera was wanted and is not there (the lobby's 'No camera was found'). */
  noCamera: boolean;
  /** The catalogue's messages for what failed, at most one per device. */
  messages: string[];
}

export const NO_MEDIA_DEVICES_MESSAGE =
  'This browser does not give web pages access to the camera and microphone here. Please use a recent Chrome, Edge, Firefox or Safari on a secure (https) address.';

const notFound = () => Object.assign(new Error('Requested device not found'), { name: 'NotFoundError' });

/** Which kinds of device the browser lists; null when it cannot say (then everything is asked for). */
async function listed(media: NonNullable<MediaEnvironment['mediaDevices']>): Promise<{ camera: boolean; microphone: boolean } | null> {
  if (typeof media.enumerateDevices !== 'function') return null;
  try {
    const devices = await media.enumerateDevices();
    return { camera: devices.some((d) => d.kind === 'videoinput'), microphone: devices.some((d) => d.kind === 'audioinput') };
  } catch {
    return null;
  }
}

async function permissionDenied(env: MediaEnvironment, name: 'camera' | 'microphone'): Promise<boolean | null> {
  try {
    const status = await env.permissions?.query({ name: name as PermissionName });
    return status ? status.state === 'denied' : null;
  } catch {
    return null;
  }
}

type Outcome = { stream: MediaStream } | { error: unknown };

async function request(media: NonNullable<MediaEnvironment['mediaDevices']>, wanted: WantedDevices): Promise<Outcome> {
  try {
    return { stream: await media.getUserMedia({ video: wanted.camera, audio: wanted.microphone }) };
  } catch (error) {
    return { error };
  }
}

/** Asks for the `wanted` devices; never throws. */
export async function acquireMedia(env: MediaEnvironment, wanted: WantedDevices): Promise<AcquiredMedia> {
  const media = env.mediaDevices;
  if (typeof media?.getUserMedia !== 'function')
    return { camera: null, microphone: null, noCamera: false, messages: [NO_MEDIA_DEVICES_MESSAGE] };

  const present = (await listed(media)) ?? { camera: true, microphone: true };
  const result: { camera?: Outcome; microphone?: Outcome } = {};
  if (wanted.camera && !present.camera) result.camera = { error: notFound() };
  if (wanted.microphone && !present.microphone) result.microphone = { error: notFound() };
  const ask = { camera: wanted.camera && present.camera, microphone: wanted.microphone && present.microphone };

  if (ask.camera && ask.microphone) {
    const both = await request(media, ask);
    if ('stream' in both) {
      result.camera = result.microphone = both;
    } else if (mediaErrorKind(both.error) === 'denied') {
      // A refusal is remembered per device: ask again only for one the browser says is not refused,
      // so a refused prompt is not followed by two more.
      const [camera, microphone] = await Promise.all([permissionDenied(env, 'camera'), permissionDenied(env, 'microphone')]);
      result.camera = camera === false && microphone === true ? await request(media, { camera: true, microphone: false }) : both;
      result.microphone = microphone === false && camera === true ? await request(media, { camera: false, microphone: true }) : both;
    } else {
      result.camera = await request(media, { camera: true, microphone: false });
      result.microphone = await request(media, { camera: false, microphone: true });
    }
  } else if (ask.camera || ask.microphone) {
    result[ask.camera ? 'camera' : 'microphone'] = await request(media, ask);
  }

  const failed = (o: Outcome | undefined): unknown => (o && 'error' in o ? o.error : undefined);
  const streamOf = (o: Outcome | undefined) => (o && 'stream' in o ? o.stream : null);
  const cameraError = failed(result.camera);
  const microphoneError = failed(result.microphone);
  const messages: string[] = [];
  if (cameraError && microphoneError && mediaErrorKind(cameraError) === mediaErrorKind(microphoneError)) {
    messages.push(mediaErrorMessage(cameraError, { camera: true, microphone: true }));
  } else {
    if (cameraError) messages.push(mediaErrorMessage(cameraError, { camera: true, microphone: false }));
    if (microphoneError) messages.push(mediaErrorMessage(microphoneError, { camera: false, microphone: true }));
  }
  return {
    camera: streamOf(result.camera),
    microphone: streamOf(result.microphone),
    noCamera: !!cameraError && mediaErrorKind(cameraError) === 'notFound',
    messages,
  };
}

/** Stops every track of the streams (each stream once). */
export function stopMedia(...streams: (MediaStream | null)[]): void {
  for (const stream of new Set(streams)) for (const track of stream?.getTracks() ?? []) track.stop();
}

/** What the browser lacks for a video conversation: [] when it has everything (spec: WebRTC). */
export function missingWebRtc(scope: { RTCPeerConnection?: unknown; navigator?: { mediaDevices?: { getUserMedia?: unknown } } }): string[] {
  const missing: string[] = [];
  if (typeof scope.RTCPeerConnection !== 'function') missing.push('RTCPeerConnection (video calls)');
  if (typeof scope.navigator?.mediaDevices?.getUserMedia !== 'function') missing.push('getUserMedia (camera and microphone access)');
  return missing;
}

/**
 * The microphone meter's 0 to 100 from the signal's RMS amplitude (-1 to 1): decibels from -60
 * (silence in a quiet room) to -10 (speaking close to the microphone), so speech fills the bar.
 */
export function levelOfRms(rms: number): number {
  if (!(rms > 0)) return 0;
  const db = 20 * Math.log10(rms);
  return Math.round(Math.min(100, Math.max(0, ((db + 60) / 50) * 100)));
}
