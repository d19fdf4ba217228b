/**
 * Downloads a payroll CSV (issue 12) with the same Bearer token the GraphQL client sends:
 * fetch → Blob → object URL → a temporary <a download>. A refusal shows the server's message.
 */
import { notifyError } from '../components/snackbars';
import { authToken } from '../lib/authCookies';

const FAILED = 'The file could not be downloaded. Please try again.';

async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    return body.error?.message ?? FAILED;
  } catch {
    return FAILED;
  }
}

export async function downloadCsv(url: string, fileName: string): Promise<void> {
  const token = authToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    notifyError(FAILED);
    return;
  }
  if (!response.ok) {
    notifyError(await failureMessage(response));
    return;
  }
  saveFile(await response.blob(), fileName);
}

/** Hands a file made in the browser to the user as a download (a temporary <a download>). */
export function saveFile(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
