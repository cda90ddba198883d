import { solve } from './altcha-solve';
import { readEarly, type EarlyReads } from './early-reads';

// A challenge (bot-check.ts): its solution. The detail page's early reads (public/lectura-temprana.js,
// decision 0079): each answer as it arrives, the whole chain off the page's busy main thread.
self.onmessage = async (event: MessageEvent<unknown>) => {
  const message = event.data as { lecturas?: EarlyReads } | null;
  if (message && typeof message === 'object' && 'lecturas' in message && message.lecturas) {
    await readEarly(message.lecturas, (answer) => self.postMessage(answer));
    return;
  }
  try {
    self.postMessage({ solution: await solve(event.data) });
  } catch (error) {
    self.postMessage({ error: (error as Error).message });
  }
};
