/**
 * The one mapping from a camera or microphone failure to the words of the spec's error catalogue
 * (spec 2, section 8), for the equipment check and the live room alike. Pure: no React, no DOM
 * beyond reading an error's `name`, `message` and `code`.
 *
 * Browsers and video SDKs name the same failure differently (the standard names, Chrome's older
 * ones, a provider's own error with a `code`), so the names are grouped into four kinds first.
 */
import { PRODUCT_NAME } from '../../../contracts/enrollment';

export type MediaErrorKind = 'denied' | 'notFound' | 'inUse' | 'other';

/** Which devices the failed request asked for; both (or neither) reads as both. */
export interface WantedDevices {
  camera: boolean;
  microphone: boolean;
}

/** The lobby's and the camera preview's words for a missing camera (spec 2, Student lobby). */
export const NO_CAMERA_FOUND = 'No camera was found';

const KINDS: Record<string, MediaErrorKind> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  PermissionDeniedError: 'denied',
  NotFoundError: 'notFound',
  DevicesNotFoundError: 'notFound',
  OverconstrainedError: 'notFound',
  ConstraintNotSatisfiedError: 'notFound',
  NotReadableError: 'inUse',
  TrackStartError: 'inUse',
};

const field = (error: unknown, key: 'name' | 'message' | 'code'): unknown =>
  error !== null && typeof error === 'object' && key in error ? (error as Record<string, unknown>)[key] : undefined;

export function mediaErrorKind(error: unknown): MediaErrorKind {
  const name = field(error, 'name');
  return (typeof name === 'string' && KINDS[name]) || 'other';
}

type Devices = 'both' | 'camera' | 'microphone';
const devicesOf = ({ camera, microphone }: WantedDevices): Devices => (camera === microphone ? 'both' : camera ? 'camera' : 'microphone');

const MESSAGES: Record<Exclude<MediaErrorKind, 'other'>, Record<Devices, string>> = {
  denied: {
    both: `Access to the camera and microphone was not allowed. Please allow ${PRODUCT_NAME} access to both the camera and microphone.`,
    camera: `Access to the camera was not allowed. Please allow ${PRODUCT_NAME} access to the camera.`,
    microphone: `Access to the microphone was not allowed. Please allow ${PRODUCT_NAME} access to the microphone.`,
  },
  notFound: {
    both: 'The camera and microphone was not found. Please turn on and enable both the camera and microphone, then try again.',
    camera: 'No camera was detected. Please ensure that your camera is connected and try again.',
    microphone: 'No microphone was detected. Please ensure that your microphone is connected and try again.',
  },
  inUse: {
    both: 'The camera is already in use. Please close any other applications that may be using the camera and try again.',
    camera: 'The camera is already in use. Please close any other applications that may be using the camera and try again.',
    microphone: 'The microphone is already in use. Please close any other applications that may be using the microphone and try again.',
  },
};

/**
 * Any other failure: the catalogue's connection error, naming what the browser or provider said.
 * The code is the error's own (a provider's number) or else its name (a DOMException's legacy
 * numeric code says nothing).
 */
export function otherMediaErrorMessage(error: unknown): string {
  const rawMessage = field(error, 'message');
  const message =
    typeof rawMessage === 'string' && rawMessage.trim()
      ? rawMessage.trim()
      : typeof error === 'string' && error.trim()
        ? error.trim()
        : 'unknown error';
  const code = field(error, 'code');
  const name = field(error, 'name');
  const shownCode =
    (!isDomException(error) && (typeof code === 'number' || (typeof code === 'string' && code)) && String(code)) ||
    (typeof name === 'string' && name) ||
    'unknown';
  return `Unable to connect to the conversation. Please close the tab or window and rejoin the conversation. Provider returned the error: ${message} (code: ${shownCode})`;
}

const isDomException = (error: unknown) => typeof DOMException !== 'undefined' && error instanceof DOMException;

/** The catalogue's message for a failure to get the `wanted` devices. */
export function mediaErrorMessage(error: unknown, wanted: WantedDevices): string {
  const kind = mediaErrorKind(error);
  return kind === 'other' ? otherMediaErrorMessage(error) : MESSAGES[kind][devicesOf(wanted)];
}
