import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

/** Writes each value it renders with into `seen`; its button is disabled until hydrated. */
function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <button disabled={!hydrated}>Enviar</button>;
}

describe('useHydrated (decision 0078)', () => {
  it('is false on the server and while the page is hydrated, then true, with no mismatch', async () => {
    const server: boolean[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe seen={server} />);
    expect(server).toEqual([false]);
    expect(container.querySelector('button')!.disabled).toBe(true);
    const seen: boolean[] = [];
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe seen={seen} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.querySelector('button')!.disabled).toBe(false);
  });

  it('is true from the first render of what mounts after the hydration, and of a page rendered in the browser', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe seen={[]} />);
    let root: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <Probe seen={[]} />);
    });
    // A page reached afterwards, in the browser.
    const later: boolean[] = [];
    await act(async () =>
      root.render(
        <>
          <Probe seen={[]} />
          <Probe seen={later} />
        </>,
      ),
    );
    expect(later[0]).toBe(true);
    const rendered: boolean[] = [];
    await act(async () =>
      createRoot(document.createElement('div')).render(<Probe seen={rendered} />),
    );
    expect(rendered).toEqual([true]);
  });
});
