/**
 * The equipment check's connection-speed test (issue 9): the browser downloads from and uploads to
 * our own API (services/api/throughput.ts) and compares the result with the spec's requirement
 * (spec 2, section 9: 'at least 1 Mbps down and 1 Mbps up').
 */

/** The spec's internet requirement, each way. */
export const REQUIRED_MBPS = 1;
export const THROUGHPUT_PATH = '/api/throughput';
/** The most one download answers, or one upload may send. */
export const THROUGHPUT_MAX_BYTES = 8 * 1024 * 1024;
/** A download that names no size. */
export const THROUGHPUT_DEFAULT_BYTES = 2 * 1024 * 1024;

/** The upload's answer: the bytes read and how long reading them took, in milliseconds. */
export interface UploadResult {
  bytes: number;
  ms: number;
}
