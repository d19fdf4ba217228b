/**
 * The HTTP requests this process is answering now. Background work yields to them: mail, when as
 * many requests as REQUESTS_THAT_MAKE_BUSY are open, waits its queue's polling interval between
 * batches instead of fetching the next at once (docs/decisions/scheduling-and-conversations.md, "Mail yields to requests").
 */
export const REQUESTS_THAT_MAKE_BUSY = 8;

export class RequestLoad {
  private open = 0;

  /** Counts a request until the returned function is called (once; later calls do nothing). */
  enter(): () => void {
    this.open++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.open--;
    };
  }

  get inFlight(): number {
    return this.open;
  }

  /** True while the process answers enough requests at once that background work should wait. */
  busy(): boolean {
    return this.open >= REQUESTS_THAT_MAKE_BUSY;
  }
}
