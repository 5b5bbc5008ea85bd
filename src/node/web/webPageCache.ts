import type { WebPage } from '../../core/host/webPageFetcher';

const KEEP_MS = 10 * 60 * 1000;
const MAX_PAGES = 20;

/** Pages read in the last minutes, so that reading on with an offset neither fetches nor asks again. */
export class WebPageCache {
  private readonly pages = new Map<string, { page: WebPage; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(url: string): WebPage | undefined {
    const entry = this.pages.get(url);
    if (entry === undefined) return undefined;
    if (this.now() - entry.at > KEEP_MS) {
      this.pages.delete(url);
      return undefined;
    }
    return entry.page;
  }

  set(url: string, page: WebPage): void {
    this.pages.delete(url);
    this.pages.set(url, { page, at: this.now() });
    const oldest = this.pages.keys().next().value;
    if (this.pages.size > MAX_PAGES && oldest !== undefined) this.pages.delete(oldest);
  }
}
