import { solve } from './altcha-solve';

self.onmessage = async (event: MessageEvent<unknown>) => {
  try {
    self.postMessage({ solution: await solve(event.data) });
  } catch (error) {
    self.postMessage({ error: (error as Error).message });
  }
};
