/**
 * Headshots: an upload is checked by its content (JPEG, PNG or WebP magic bytes; never its name or
 * declared type), held to HEADSHOT_MAX_BYTES, decoded and re-encoded by sharp (libvips) into a
 * square JPEG: turned upright by its EXIF orientation first, cropped to cover HEADSHOT_SIZE² around
 * the most interesting region, transparency flattened onto white, and no metadata kept (EXIF, GPS,
 * ICC comments). What is stored and served is always this new JPEG, never the uploaded bytes.
 */
import sharp from 'sharp';
import { HEADSHOT_MAX_BYTES, HEADSHOT_SIZE, ProfileMessages, imageKindOf } from '../../../contracts/validation/profile';
import { badInput } from '../shared/errors';

/** Pixels a decoder may face before it refuses (decompression bombs): 40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;

/** The upload's base64 (a `data:…;base64,` prefix is allowed) as bytes; refuses what is not base64. */
export function decodeUpload(data: string): Buffer {
  const body = data.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '');
  if (!body) throw badInput(ProfileMessages.headshotRequired, { data: ProfileMessages.headshotRequired });
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) {
    throw badInput(ProfileMessages.headshotNotImage, { data: ProfileMessages.headshotNotImage });
  }
  // Checked before decoding too: never allocate far more than the cap.
  if (Math.floor((body.length * 3) / 4) - (body.match(/=+$/)?.[0].length ?? 0) > HEADSHOT_MAX_BYTES) {
    throw badInput(ProfileMessages.headshotTooLarge, { data: ProfileMessages.headshotTooLarge });
  }
  return Buffer.from(body, 'base64');
}

export interface ProcessedHeadshot {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

export async function processHeadshot(input: Buffer): Promise<ProcessedHeadshot> {
  if (input.length > HEADSHOT_MAX_BYTES) throw badInput(ProfileMessages.headshotTooLarge, { data: ProfileMessages.headshotTooLarge });
  if (!imageKindOf(input)) throw badInput(ProfileMessages.headshotNotImage, { data: ProfileMessages.headshotNotImage });
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(HEADSHOT_SIZE, HEADSHOT_SIZE, { fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw badInput(ProfileMessages.headshotUnreadable, { data: ProfileMessages.headshotUnreadable });
  }
}
