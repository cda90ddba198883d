import type { Endpoint } from '@canal/shared/contract';
import { afterEach, vi } from 'vitest';
import { checkAnswer } from './msw/answers';

/**
 * The one scripted XMLHttpRequest of the web tests, for what MSW cannot stage in jsdom: MSW answers
 * an XHR at once and reports its upload in a single progress event (loaded = total), so neither a
 * partial upload (25 %, then 100 %) nor a request that outlives its timeout can go through it.
 * Install it (`fakeXhr`) just before the one call it stands for and `restore` it right after: every
 * other call of the test goes through MSW.
 */
export class FakeXhr {
  static last: FakeXhr;
  static script: (xhr: FakeXhr) => void = () => {};
  status = 0;
  responseText = '';
  timeout = 0;
  responseType = '';
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
    FakeXhr.script(this);
  }
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  /** Answers as `endpoint` does: the answer is checked against the contract first, as MSW's are. */
  respond(endpoint: Endpoint, status: number, body: unknown) {
    checkAnswer(endpoint, status, body);
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload!();
  }
}

/** Replaces XMLHttpRequest with FakeXhr, each request running `script`, until `restore()`. */
export function fakeXhr(script: (xhr: FakeXhr) => void = () => {}) {
  FakeXhr.script = script;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { restore: () => vi.unstubAllGlobals() };
}
afterEach(() => vi.unstubAllGlobals());
