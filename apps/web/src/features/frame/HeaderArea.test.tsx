import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CALL_CENTRE_NUMBER, featureFlags, ORGANIZATIONS, organizationByKey } from '@canal/shared';
import { HEADER_BY_FLAG, HeaderArea } from './HeaderArea';
import { renderWithBrand } from '../../test/frame';

describe('HeaderArea', () => {
  it.each(ORGANIZATIONS.map((o) => [o.shortName, o]))(
    '%s: exactly one header flag on, one header shown',
    (_name, org) => {
      const flags = featureFlags(org);
      expect(Object.entries(flags).filter(([, on]) => on)).toEqual([[org.flagName, true]]);
      expect(HEADER_BY_FLAG[org.flagName]).toBeDefined();
      renderWithBrand(<HeaderArea />, org);
      expect(screen.getAllByRole('banner')).toHaveLength(1);
      expect(screen.getByRole('img', { name: org.shortName })).toHaveAttribute(
        'src',
        expect.stringMatching(/^\/brand\/.+\.svg$/),
      );
    },
  );

  it('head office: call center and rescue numbers, and "INGRESA" with the virtual-portal popup and the management site', async () => {
    const user = userEvent.setup();
    renderWithBrand(<HeaderArea />, organizationByKey('head-office'));
    expect(screen.getAllByRole('link', { name: /Call center: 600 000 2400/ })[0]).toHaveAttribute(
      'href',
      'tel:6000002400',
    );
    expect(screen.getAllByRole('link', { name: /Rescate: \*2000/ }).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'INGRESA' }));
    expect(screen.getByRole('link', { name: 'Sitio de gestión' })).toHaveAttribute(
      'href',
      expect.stringContaining('.example'),
    );
    await user.click(screen.getByRole('button', { name: 'Sucursal Virtual' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sucursal Virtual' });
    expect(dialog).toHaveTextContent('Portal trabajadores');
    expect(dialog).toHaveTextContent('Portal empresas');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a clinic: appointments and central desk lines and the patient shortcuts, no "INGRESA"', () => {
    renderWithBrand(<HeaderArea />, organizationByKey('clinica-atacama'));
    // SPEC §2: every header carries the group's call centre, the clinics' too.
    expect(
      screen.getAllByRole('link', { name: new RegExp(`Call center: ${CALL_CENTRE_NUMBER}`) })
        .length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /Reserva de horas: \+56/ }).length).toBeGreaterThan(
      0,
    );
    expect(screen.getAllByRole('link', { name: /Mesa central/ }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Resultados de exámenes' }).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByRole('button', { name: 'INGRESA' })).not.toBeInTheDocument();
  });
});
