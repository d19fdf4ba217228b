/**
 * The test clients' read-your-writes (contracts/readAfter.ts): a response that names where its
 * writes are is followed by a request that carries that mark and asks nothing, which the server
 * answers once the read models have read that far. A test's next step, whoever takes it (another
 * person, a browser, another API process), then reads the write, as when every mutation waited.
 */
import { READ_AFTER_HEADER, WRITTEN_HEADER } from '../../contracts/readAfter';

export async function readOwnWrites(graphqlUrl: string, response: Response): Promise<void> {
  const mark = response.headers.get(WRITTEN_HEADER);
  if (!mark) return;
  const barrier = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tertulia-build': 'test', [READ_AFTER_HEADER]: mark },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  if (!barrier.ok) throw new Error(`The read-after request failed: ${barrier.status} ${await barrier.text()}`);
}
