import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { featureFlags, organizationByKey } from '@canal/shared';
import { BrandContext } from './brand-context';
import { BrandProvider } from './BrandProvider';
import { ServerTabTitle, usePortalTabTitle } from './use-tab-title';

const ORG = organizationByKey('otec');

function Page() {
  usePortalTabTitle('Verificar documento');
  return <h1>Verificar documento</h1>;
}

afterEach(() => document.getElementById('root')?.remove());

describe('usePortalTabTitle', () => {
  it('leaves its title for the server to write into the page (decision 0078)', () => {
    const titles: string[] = [];
    renderToString(
      <ServerTabTitle.Provider value={(title) => titles.push(title)}>
        <BrandContext.Provider value={{ organization: ORG, featureFlags: featureFlags(ORG) }}>
          <Page />
        </BrandContext.Provider>
      </ServerTabTitle.Provider>,
    );
    expect(titles).toEqual([`Verificar documento | ${ORG.shortName}`]);
  });

  it("puts the home page's title back when a page the server wrote, with its title, goes", () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('data-ssr', '');
    document.body.append(root);
    document.title = `Verificar documento | ${ORG.shortName}`;
    const view = render(
      <BrandProvider organization={ORG}>
        <Page />
      </BrandProvider>,
      { container: root },
    );
    expect(document.title).toBe(`Verificar documento | ${ORG.shortName}`);
    view.unmount();
    expect(document.title).toBe(`Canal de denuncias | ${ORG.shortName}`);
  });
});
