import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { organizationByKey } from '@canal/shared';
import { applyBrand, BrandProvider, useBrand } from './BrandProvider';
import { useBrandAssets } from './assets';

function Probe() {
  const { organization, featureFlags } = useBrand();
  const assets = useBrandAssets();
  const on = Object.entries(featureFlags)
    .filter(([, value]) => value)
    .map(([name]) => name);
  return <p>{`${organization.key} ${on.join(',')} ${assets.headerLogo.url}`}</p>;
}

describe('BrandProvider', () => {
  it('exposes the organisation, its single feature flag and its assets', () => {
    render(
      <BrandProvider organization={organizationByKey('clinica-maitenes')}>
        <Probe />
      </BrandProvider>,
    );
    expect(
      screen.getByText('clinica-maitenes showClinicaMaitenes /brand/clinica-maitenes.svg'),
    ).toBeInTheDocument();
  });

  it('sets the tab icon by theme and the tab title by organisation', () => {
    // index.html's (and every page the server writes): the icon the theme's replaces.
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="icon" href="/brand/favicon-seguro.svg" type="image/svg+xml" id="favicon" />',
    );
    render(
      <BrandProvider organization={organizationByKey('otec')}>
        <Probe />
      </BrandProvider>,
    );
    expect(document.querySelector('link#favicon')).toHaveAttribute(
      'href',
      '/brand/favicon-servicios.svg',
    );
    expect(document.title).toBe('Canal de denuncias | Andina Capacitación');
  });

  it("keeps the title of a page the server wrote: the page's own, not the home page's", () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('data-ssr', '');
    document.body.append(root);
    document.title = 'Aviso de privacidad | Andina Capacitación';
    try {
      applyBrand(organizationByKey('otec'));
      expect(document.title).toBe('Aviso de privacidad | Andina Capacitación');
    } finally {
      root.remove();
    }
  });
});
