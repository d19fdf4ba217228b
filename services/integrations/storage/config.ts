/** The storage settings from the environment (no SDK loaded here: config.ts imports it). */
import type { S3StorageConfig } from './s3';

/** STORAGE_S3_* variables (README, Configuration), or null when no bucket is named. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3StorageConfig | null {
  const bucket = env.STORAGE_S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.STORAGE_S3_ENDPOINT?.trim() || null;
  return {
    bucket,
    region: env.STORAGE_S3_REGION?.trim() || 'us-east-1',
    endpoint,
    accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID?.trim() || null,
    secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY?.trim() || null,
    forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE ? env.STORAGE_S3_FORCE_PATH_STYLE === 'true' : !!endpoint,
    prefix: env.STORAGE_S3_PREFIX?.trim() ?? '',
    publicUrl: env.STORAGE_S3_PUBLIC_URL?.trim() || null,
  };
}

const originOf = (url: string | null) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * The origins a browser loads stored files from beside the API, for the Content-Security-Policy: the
 * public base, and the store itself, which answers archives' presigned GETs. With virtual-host
 * addressing a presigned address names the bucket in the host (`bucket.endpoint-host`), not the
 * endpoint's own host; on AWS (no endpoint) it is a host under amazonaws.com.
 */
export function storageBrowserOrigins(config: S3StorageConfig | null | undefined): string[] {
  if (!config) return [];
  const origins = [originOf(config.publicUrl)];
  if (!config.endpoint) origins.push('https://*.amazonaws.com');
  else {
    const endpoint = originOf(config.endpoint);
    origins.push(endpoint);
    if (endpoint && !config.forcePathStyle) {
      const { protocol, host } = new URL(endpoint);
      origins.push(`${protocol}//${config.bucket}.${host}`);
    }
  }
  return [...new Set(origins.filter((o): o is string => !!o))];
}

/** The start's line saying where files go (scripts/start.ts). */
export function storageSummary(config: S3StorageConfig | null | undefined, dataDir: string): string {
  if (!config) return `Files (headshots, recordings): local disk (${dataDir}/storage)`;
  const where = [config.endpoint ?? `AWS ${config.region}`, config.prefix && `prefix ${config.prefix}`].filter(Boolean).join(', ');
  return `Files (headshots, recordings): S3 bucket ${config.bucket} (${where})`;
}
